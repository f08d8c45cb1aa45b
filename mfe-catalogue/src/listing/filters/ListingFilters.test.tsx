import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ListingResponse } from '@site/contracts/catalogue-api';
import { CATALOGUE_LISTING_API_PATTERN } from '@site/contracts/api';
import { requestsSent, server } from '@test/msw';
import { renderInSite } from '@test/render';
import { catalogueListingApiPath } from '@site/contracts/api';
import { setViewportWidth } from '../../../../tools/jest/viewport';
import { PRODUCTS } from '../../testing/catalogueFixtures';
import { catalogueHandlers, listingApi } from '../../testing/handlers';
import { cardNames } from '../../testing/cardNames';
import ProductListingPage from '../ProductListingPage';

/** The glands of two brands: Hex (A 12 AED, C 4.5 AED) and Elite (B, no price). */
const TWO_BRANDS = PRODUCTS.map((product) => (product.id === 'gland_b' ? { ...product, company: 'Elite' } : product));

const renderAt = (search = '') =>
  renderInSite(<ProductListingPage />, {
    route: `/our-products/industrial_cable_glands${search}`,
    path: '/our-products/:productCategoryId',
  });

const filters = () => screen.getByRole('complementary', { name: 'Filters' });
/** The filters once their chunk has come (the page draws them then: on the server, the chunk is there at once). */
const filtersDrawn = () => screen.findByRole('complementary', { name: 'Filters' });
const listings = () =>
  requestsSent().filter((request) => request.startsWith(`GET ${catalogueListingApiPath('industrial_cable_glands')}`));

describe('the listing’s filters', () => {
  beforeEach(() => {
    server.use(listingApi(TWO_BRANDS), ...catalogueHandlers);
    window.scrollTo = jest.fn();
  });

  it('offers each brand with its count; choosing one narrows the products and the count, in the address', async () => {
    renderAt();
    expect(await screen.findByText('Showing 3 results')).toBeInTheDocument();
    // the panel's chunk comes once the page has started
    const hex = await within(await filtersDrawn()).findByRole('checkbox', { name: 'Hex (2)' });
    expect(within(filters()).getByRole('checkbox', { name: 'Elite (1)' })).not.toBeChecked();
    fireEvent.click(hex);
    expect(await screen.findByText('Showing 2 results')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Gland A', 'Gland C']);
    expect(screen.getByTestId('current-search')).toHaveTextContent('?brand=Hex');
    expect(within(filters()).getByRole('checkbox', { name: 'Hex (2)' })).toBeChecked();
    expect(listings().at(-1)).toBe(`GET ${catalogueListingApiPath('industrial_cable_glands')}?brand=Hex`);
  });

  it('a price range narrows further; brands with nothing left in it are disabled; Clear all resets every filter', async () => {
    renderAt('?sort=2&brand=Hex');
    expect(await screen.findByText('Showing 2 results')).toBeInTheDocument();
    fireEvent.change(await within(await filtersDrawn()).findByRole('textbox', { name: 'Minimum price' }), {
      target: { value: '10' },
    });
    fireEvent.submit(within(filters()).getByRole('textbox', { name: 'Minimum price' }).closest('form')!);
    expect(await screen.findByText('Showing 1 result')).toBeInTheDocument();
    expect(screen.getByTestId('current-search')).toHaveTextContent('?sort=2&brand=Hex&minPrice=10');
    // Elite's one product has no price: outside every range
    expect(within(filters()).getByRole('checkbox', { name: 'Elite (0)' })).toBeDisabled();
    fireEvent.click(within(filters()).getByRole('link', { name: 'Clear all' }));
    expect(await screen.findByText('Showing 3 results')).toBeInTheDocument();
    expect(screen.getByTestId('current-search')).toHaveTextContent('?sort=2');
  });

  it('says what is wrong with a price range typed wrongly, and asks nothing', async () => {
    renderAt();
    await screen.findByText('Showing 3 results');
    const sent = listings().length;
    fireEvent.change(await within(await filtersDrawn()).findByRole('textbox', { name: 'Minimum price' }), {
      target: { value: '50' },
    });
    fireEvent.change(within(filters()).getByRole('textbox', { name: 'Maximum price' }), { target: { value: '5' } });
    fireEvent.click(within(filters()).getByRole('button', { name: 'Apply' }));
    expect(within(filters()).getByRole('alert')).toHaveTextContent(
      'Enter whole amounts in AED, the minimum no higher than the maximum.',
    );
    expect(listings()).toHaveLength(sent);
  });

  it('on a phone opens in a sheet from ‘Filters’, which names how many filters are chosen; ‘Show N results’ closes it', async () => {
    setViewportWidth(375);
    renderAt('?brand=Elite');
    expect(await screen.findByText('Showing 1 result')).toBeInTheDocument();
    // one copy of the filters, a <details> (CSS lays it beside the products on a wide screen, as a sheet on a phone)
    const sheet = (await filtersDrawn()).querySelector('details')!;
    expect(sheet).not.toHaveAttribute('open');
    fireEvent.click(within(filters()).getByText('Filters (1)'));
    expect(sheet).toHaveAttribute('open');
    fireEvent.click(within(filters()).getByRole('checkbox', { name: 'Hex (2)' }));
    expect(await screen.findByText('Showing 3 results')).toBeInTheDocument();
    fireEvent.click(await within(filters()).findByRole('button', { name: 'Show 3 results' }));
    expect(sheet).not.toHaveAttribute('open');
  });

  it('is one GET form whose fields spell the filtered listing’s address; the sort’s <select> belongs to it', async () => {
    renderAt('?sort=5&brand=Hex&minPrice=3');
    expect(await screen.findByText('Showing 2 results')).toBeInTheDocument();
    const form = (await filtersDrawn()).querySelector('form')!;
    expect(form).toHaveAttribute('method', 'get');
    expect(screen.getByRole('combobox', { name: 'Sort products' })).toHaveAttribute('form', form.id);
    // what a browser without scripts would send: the order, the ticked brand, the price fields
    const sent = [...new FormData(form).entries()].map(
      ([name, value]) => `${name}=${typeof value === 'string' ? value : value.name}`,
    );
    expect(sent).toEqual(['sort=5', 'brand=Hex', 'minPrice=3', 'maxPrice=']);
    expect(within(filters()).getByRole('link', { name: 'Clear all' })).toHaveAttribute(
      'href',
      '/our-products/industrial_cable_glands?sort=5',
    );
  });

  it('offers the specification filters the category has, their values as the edition writes them, into the address', async () => {
    const answer = (ip: readonly string[]): ListingResponse => ({
      category: {
        id: 'industrial_cable_glands',
        title: 'Industrial Cable Glands',
        info: '',
        image: 'Industrial_Cable_Glands',
      },
      total: ip.length === 0 ? 3 : 2,
      page: 1,
      pageSize: 24,
      products: PRODUCTS.slice(0, ip.length === 0 ? 3 : 2),
      brands: [],
      attributes: ip.length === 0 ? {} : { ip: [...ip] },
      facets: {
        brands: [],
        attributes: [
          {
            attribute: 'ip',
            values: [
              { value: 'IP66', count: 2 },
              { value: 'IP68', count: 1 },
            ],
          },
          {
            attribute: 'material',
            values: [
              { value: 'nickel-plated-brass', count: 1 },
              { value: 'pvc', count: 0 },
            ],
          },
        ],
        price: { min: 4.5, max: 12 },
      },
    });
    server.use(
      http.get(CATALOGUE_LISTING_API_PATTERN, ({ request }) =>
        HttpResponse.json(answer(new URL(request.url).searchParams.get('ip')?.split(',') ?? [])),
      ),
    );
    renderAt();
    await screen.findByText('Showing 3 results');
    const ip = await within(filters()).findByRole('group', { name: 'IP rating' });
    expect(within(filters()).getByRole('group', { name: 'Material' })).toHaveTextContent('Nickel-plated brass (1)');
    expect(within(filters()).getByRole('checkbox', { name: 'PVC (0)' })).toBeDisabled();
    fireEvent.click(within(ip).getByRole('checkbox', { name: 'IP66 (2)' }));
    expect(await screen.findByText('Showing 2 results')).toBeInTheDocument();
    expect(screen.getByTestId('current-search')).toHaveTextContent('?ip=IP66');
    expect(listings().at(-1)).toBe(`GET ${catalogueListingApiPath('industrial_cable_glands')}?ip=IP66`);
    expect(within(filters()).getByRole('checkbox', { name: 'IP66 (2)' })).toBeChecked();
  });
});
