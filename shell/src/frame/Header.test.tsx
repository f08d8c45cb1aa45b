import { fireEvent, screen, within } from '@testing-library/react';
import { renderInSite, setViewportWidth } from '@test/render';
import { Header, isHighlighted } from './Header';

describe('Header', () => {
  it('highlights a link when the current path contains its route', () => {
    expect(isHighlighted('/our-products/cables/xlpe', '/our-products')).toBe(true);
    expect(isHighlighted('/about', '/our-products')).toBe(false);
    renderInSite(<Header />, { route: '/our-products/cables' });
    // jsdom applies no media queries, so the wide-screen navigation is display:none here: find it by its label.
    const nav = document.querySelector<HTMLElement>('nav[aria-label="Main"]')!;
    const link = (name: string) => within(nav).queryAllByRole('link', { hidden: true }).find((item) => item.textContent === name);
    expect(link('Products')).toHaveAttribute('aria-current', 'page');
    expect(link('Home')).not.toHaveAttribute('aria-current');
    expect(link('Career Opportunities')).toBeUndefined();
  });

  it('opens the drawer with every menu item; choosing one closes it and navigates', () => {
    setViewportWidth(800);
    renderInSite(<Header />, { route: '/home' });
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    const items = within(drawer).getAllByRole('link').map((link) => link.textContent);
    expect(items).toEqual(['Home', 'About Us', 'Management', 'Certificates', 'Products', 'Projects', 'Contact', 'Career Opportunities']);
    fireEvent.click(within(drawer).getByRole('link', { name: 'Career Opportunities' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/career-opportunities');
  });
});
