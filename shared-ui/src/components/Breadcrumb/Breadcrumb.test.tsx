import { fireEvent, screen, within } from '@testing-library/react';
import { renderInSite } from '@test/render';
import { Breadcrumb } from './Breadcrumb';
import { collapseBreadcrumb } from './collapseBreadcrumb';

const trail = [
  { moduleName: 'Home', link: '/home' },
  { moduleName: 'Our Products', link: '/our-products' },
  { moduleName: 'Cable Glands', link: '/our-products/industrial_cable_glands' },
  { moduleName: 'CW Brass Gland' },
];

describe('collapseBreadcrumb', () => {
  it('keeps every item when they fit', () => {
    expect(collapseBreadcrumb(trail, 5).map((e) => e.kind)).toEqual(['item', 'item', 'item', 'item']);
  });
  it('keeps the first and last item and folds the middle when they do not', () => {
    const entries = collapseBreadcrumb(trail, 2);
    expect(entries).toHaveLength(3);
    expect(entries[1]).toEqual({ kind: 'collapsed', hidden: 2 });
  });
});

// Which trail shows is CSS (640 px or less: the narrow one), which jsdom does not apply: each trail is checked on its
// own here, and catalogue.spec.ts / server-rendering.spec.ts check the one Chromium shows at each width.
const trailOf = (width: 'narrow' | 'wide') => within(document.querySelector<HTMLElement>(`[data-trail="${width}"]`)!);

describe('Breadcrumb', () => {
  it('shows up to 5 items on a wide screen, links all but the current page', () => {
    renderInSite(<Breadcrumb items={trail} />);
    const wide = trailOf('wide');
    expect(wide.getByRole('link', { name: 'Our Products' })).toHaveAttribute('href', '/our-products');
    expect(wide.getByText('CW Brass Gland')).toHaveAttribute('aria-current', 'page');
    expect(wide.queryByRole('button')).toBeNull();
  });

  it('collapses to 2 items at 640 px and reveals the middle on demand', () => {
    renderInSite(<Breadcrumb items={trail} />);
    const narrow = trailOf('narrow');
    expect(narrow.queryByRole('link', { name: 'Our Products' })).toBeNull();
    expect(narrow.getByRole('link', { name: 'Home' })).toBeInTheDocument();
    fireEvent.click(narrow.getByRole('button', { name: 'Show 2 more breadcrumb items' }));
    // expanded: one trail for every width, with every item
    expect(document.querySelectorAll('nav ol')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Our Products' })).toBeInTheDocument();
  });

  it('is one trail when it has 2 items or fewer', () => {
    renderInSite(<Breadcrumb items={trail.slice(0, 2)} />);
    expect(document.querySelectorAll('nav ol')).toHaveLength(1);
  });
});
