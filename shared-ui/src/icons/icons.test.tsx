import { render, screen } from '@testing-library/react';
import * as icons from './icons';

const all = Object.entries<typeof icons.PhoneIcon>(icons).filter(([name]) => name.endsWith('Icon'));

describe('icons', () => {
  it('provides every icon the site uses', () => {
    expect(all.map(([name]) => name).sort()).toEqual(
      [
        'ChatIcon',
        'ChevronLeftIcon',
        'ChevronRightIcon',
        'CloseIcon',
        'DownloadIcon',
        'FaxIcon',
        'InstagramIcon',
        'LinkedInIcon',
        'LocationIcon',
        'MailIcon',
        'MenuIcon',
        'MinimizeIcon',
        'PauseIcon',
        'PhoneIcon',
        'PlayIcon',
        'SearchIcon',
        'SendIcon',
        'StarIcon',
      ].sort(),
    );
  });

  it.each(all)('%s is decorative without a title: hidden from screen readers, 24 px, in the text colour', (_, Icon) => {
    const { container } = render(<Icon />);
    const svg = container.querySelector('svg')!;
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('width', '24');
    expect(svg).toHaveAttribute('viewBox', '0 0 24 24');
    expect(svg.getAttribute('fill') === 'currentColor' || svg.getAttribute('stroke') === 'currentColor').toBe(true);
    expect(svg.querySelector('path, circle, rect')).not.toBeNull();
  });

  it.each(all)('%s with a title is an image named by it', (_, Icon) => {
    render(<Icon title="Call us" />);
    expect(screen.getByRole('img', { name: 'Call us' })).not.toHaveAttribute('aria-hidden');
  });

  it('marks the directional icons (chevrons, send) to be mirrored on a right-to-left page, and only them', () => {
    const mirrored = all
      .filter(([, Icon]) =>
        render(<Icon />)
          .container.querySelector('svg')!
          .hasAttribute('data-mirror-rtl'),
      )
      .map(([name]) => name);
    expect(mirrored.sort()).toEqual(['ChevronLeftIcon', 'ChevronRightIcon', 'SendIcon']);
    const { container } = render(<icons.SendIcon mirrorInRtl={false} />);
    expect(container.querySelector('svg')).not.toHaveAttribute('data-mirror-rtl');
  });

  it('passes size and SVG attributes through', () => {
    const { container } = render(<icons.StarIcon size={16} className="rating" data-filled="yes" />);
    const svg = container.querySelector('svg')!;
    expect(svg).toHaveAttribute('width', '16');
    expect(svg).toHaveClass('rating');
    expect(svg).toHaveAttribute('data-filled', 'yes');
  });
});
