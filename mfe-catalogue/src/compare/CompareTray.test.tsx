import { fireEvent, screen, within } from '@testing-library/react';
import { server } from '@test/msw';
import { renderInSite } from '@test/render';
import { catalogueHandlers } from '../testing/handlers';
import ProductListingPage from '../listing/ProductListingPage';
import { loadCompareIds } from './compareMemory';

const renderListing = () =>
  renderInSite(<ProductListingPage />, {
    route: '/our-products/industrial_cable_glands',
    path: '/our-products/:productCategoryId',
  });
const box = (name: string) => screen.getByRole('checkbox', { name: `Compare ${name}` });
const tray = () => screen.getByRole('region', { name: 'Products to compare' });

describe('picking products to compare', () => {
  beforeEach(() => {
    server.use(...catalogueHandlers);
    window.scrollTo = jest.fn();
    document.cookie = 'site_compare=; Path=/; Max-Age=0';
  });

  it('a box on each card; the tray counts the picks and leads to their comparison from two on', async () => {
    renderListing();
    await screen.findByText('Showing 3 results');
    expect(screen.queryByRole('region', { name: 'Products to compare' })).toBeNull();
    fireEvent.click(box('Gland A'));
    expect(tray()).toHaveTextContent('Compare (1): choose another product to compare it with.');
    fireEvent.click(box('Gland C'));
    expect(within(tray()).getByRole('link', { name: 'Compare (2)' })).toHaveAttribute(
      'href',
      '/compare?ids=gland_a,gland_c',
    );
    expect(loadCompareIds()).toEqual(['gland_a', 'gland_c']);
    fireEvent.click(within(tray()).getByRole('button', { name: 'Clear' }));
    expect(box('Gland A')).not.toBeChecked();
    expect(loadCompareIds()).toEqual([]);
  });

  it('picks kept for the visit are ticked on the next page; past four, the other boxes wait', async () => {
    document.cookie = 'site_compare=x1,x2,x3,gland_b; Path=/';
    renderListing();
    await screen.findByText('Showing 3 results');
    expect(box('Gland B')).toBeChecked();
    expect(box('Gland A')).toBeDisabled();
    expect(tray()).toHaveTextContent('Up to 4 products can be compared.');
  });
});
