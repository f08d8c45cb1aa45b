import { screen, within } from '@testing-library/react';
import { renderInSite } from '@test/render';
import AboutPage from './AboutPage';

describe('AboutPage', () => {
  let scrollTo: jest.SpyInstance;
  beforeEach(() => {
    scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => scrollTo.mockRestore());

  it('has the breadcrumb, the hero, the company intro, the four cards and the partners', () => {
    renderInSite(<AboutPage />, { route: '/about' });
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    expect(screen.getByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Crescent Electrical Trading' })).toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'What we stand for' })).getAllByRole('heading', { level: 2 });
    expect(cards.map((card) => card.textContent)).toEqual(['Our Story', 'Our Excellence', 'Our Approach', 'Our Commitment']);
    expect(cards[0]!.nextElementSibling).toHaveTextContent('1995');
    expect(screen.getByRole('heading', { level: 2, name: 'Our Partners' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Partner brands' })).getAllByRole('listitem')).toHaveLength(16);
  });

  it('gives every picture a size and alt text', () => {
    renderInSite(<AboutPage />, { route: '/about' });
    for (const image of document.querySelectorAll('img')) {
      expect(image).toHaveAttribute('alt');
      expect(image).toHaveAttribute('width');
      expect(image).toHaveAttribute('height');
    }
  });
});
