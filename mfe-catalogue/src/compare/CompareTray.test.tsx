import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { requestsSent, server } from '@test/msw';
import { renderInSite } from '@test/render';
import { CATALOGUE_COMPARE_API_PATH } from '@site/contracts/api';
import { DETAIL, PRODUCTS } from '../testing/catalogueFixtures';
import { catalogueHandlers, compareApi } from '../testing/handlers';
import ProductListingPage from '../listing/ProductListingPage';
import { loadCompareIds } from './compareMemory';
import ComparePage from './ComparePage';

const renderListing = () =>
  renderInSite(<ProductListingPage />, { route: '/our-products/industrial_cable_glands', path: '/our-products/:productCategoryId' });
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
    expect(within(tray()).getByRole('link', { name: 'Compare (2)' })).toHaveAttribute('href', '/compare?ids=gland_a,gland_c');
    expect(loadCompareIds()).toEqual(['gland_a', 'gland_c']);
    fireEvent.click(within(tray()).getByRole('button', { name: 'Clear' }));
    expect(box('Gland A')).not.toBeChecked();
    expect(loadCompareIds()).toEqual([]);
  });

  it('the comparison is asked for as the pointer reaches the link, and the compare page opens with that answer', async () => {
    server.use(compareApi({ details: [DETAIL, { ...DETAIL, id: 'gland_c', productName: 'Gland C' }], listing: PRODUCTS }));
    const compareRequest = `GET ${CATALOGUE_COMPARE_API_PATH}?ids=gland_a,gland_c`;
    const listing = renderListing();
    await screen.findByText('Showing 3 results');
    fireEvent.click(box('Gland A'));
    fireEvent.click(box('Gland C'));
    expect(requestsSent()).not.toContain(compareRequest);
    fireEvent.pointerEnter(within(tray()).getByRole('link', { name: 'Compare (2)' }));
    await waitFor(() => expect(requestsSent()).toContain(compareRequest));
    listing.unmount();
    renderInSite(<ComparePage />, { route: '/compare?ids=gland_a,gland_c', path: '/compare' });
    const table = await screen.findByRole('table', { name: 'Products compared' });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(2);
    expect(requestsSent().filter((request) => request === compareRequest)).toHaveLength(1);
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
