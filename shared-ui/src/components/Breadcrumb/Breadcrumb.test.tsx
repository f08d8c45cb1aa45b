import { fireEvent, screen } from '@testing-library/react';
import { renderInSite, setViewportWidth } from '@test/render';
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

describe('Breadcrumb', () => {
  it('shows up to 5 items on a wide screen, links all but the current page', () => {
    setViewportWidth(1280);
    renderInSite(<Breadcrumb items={trail} />);
    expect(screen.getByRole('link', { name: 'Our Products' })).toHaveAttribute('href', '/our-products');
    expect(screen.getByText('CW Brass Gland')).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('collapses to 2 items at 640 px and reveals the middle on demand', () => {
    setViewportWidth(640);
    renderInSite(<Breadcrumb items={trail} />);
    expect(screen.queryByRole('link', { name: 'Our Products' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Home' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show 2 more breadcrumb items' }));
    expect(screen.getByRole('link', { name: 'Our Products' })).toBeInTheDocument();
  });
});
