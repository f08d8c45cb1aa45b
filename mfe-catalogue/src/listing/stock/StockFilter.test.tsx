import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ListingResponse } from '@site/contracts/catalogue-api';
import { CATALOGUE_LISTING_API_PATTERN, catalogueListingApiPath } from '@site/contracts/api';
import type { Locale } from '@site/contracts/locale';
import { requestsSent, server } from '@test/msw';
import { renderInSite } from '@test/render';
import { PRODUCTS } from '../../testing/catalogueFixtures';
import { catalogueHandlers } from '../../testing/handlers';
import ProductListingPage from '../ProductListingPage';

/** The glands: A on hand at Dubai and Muscat, C at Muscat, B known to nobody (no badge, counted nowhere). */
function answer(stock: readonly string[]): ListingResponse {
  const products =
    stock.length === 0
      ? PRODUCTS.slice(0, 3)
      : PRODUCTS.filter((product) => ['gland_a', 'gland_c'].includes(product.id));
  return {
    category: {
      id: 'industrial_cable_glands',
      title: 'Industrial Cable Glands',
      info: '',
      image: 'Industrial_Cable_Glands',
    },
    total: products.length,
    page: 1,
    pageSize: 24,
    products,
    brands: [],
    attributes: {},
    stock: [...stock] as ListingResponse['stock'],
    inStock: ['gland_a', 'gland_c'],
    facets: {
      brands: [],
      attributes: [],
      price: { min: 4.5, max: 12 },
      stock: [
        { location: 'dubai', count: 1 },
        { location: 'muscat', count: 2 },
        { location: 'bahrain', count: 0 },
      ],
    },
  };
}

const EDITIONS = [
  {
    locale: 'en' as Locale,
    legend: 'In stock at',
    muscat: 'Muscat (2)',
    dubai: 'Dubai (1)',
    bahrain: 'Bahrain (0)',
    badge: 'In stock',
    lang: '',
  },
  {
    locale: 'ar' as Locale,
    legend: 'متوفر في',
    muscat: 'مسقط (2)',
    dubai: 'دبي (1)',
    bahrain: 'البحرين (0)',
    badge: 'متوفر',
    lang: '&lang=ar',
  },
];

describe.each(EDITIONS)(
  '"In stock at" on the listing ($locale)',
  ({ locale, legend, muscat, dubai, bahrain, badge, lang }) => {
    beforeEach(() => {
      window.scrollTo = jest.fn();
      // the first handler of a path answers: this listing before the catalogue's others
      server.use(
        http.get(CATALOGUE_LISTING_API_PATTERN, ({ request }) =>
          HttpResponse.json(answer(new URL(request.url).searchParams.get('stock')?.split(',') ?? [])),
        ),
        ...catalogueHandlers,
      );
    });

    it('offers each location with its count; choosing one narrows the listing, in the address; an empty one is disabled', async () => {
      renderInSite(<ProductListingPage />, {
        route: '/our-products/industrial_cable_glands',
        path: '/our-products/:productCategoryId',
        locale,
      });
      const filters = await screen.findByRole('complementary');
      const group = await within(filters).findByRole('group', { name: legend });
      expect(within(group).getByRole('checkbox', { name: dubai })).not.toBeChecked();
      expect(within(group).getByRole('checkbox', { name: bahrain })).toBeDisabled();
      fireEvent.click(within(group).getByRole('checkbox', { name: muscat }));
      expect(await screen.findByTestId('current-search')).toHaveTextContent('?stock=muscat');
      await screen.findByRole('checkbox', { name: muscat, checked: true });
      const asked = requestsSent().filter((request) =>
        request.startsWith(`GET ${catalogueListingApiPath('industrial_cable_glands')}`),
      );
      expect(asked.at(-1)).toBe(`GET ${catalogueListingApiPath('industrial_cable_glands')}?stock=muscat${lang}`);
      expect(within(screen.getByRole('list', { name: /./ })).getAllByRole('listitem')).toHaveLength(2);
    }, 60_000);

    it('says "In stock" on the cards of products on hand, and nothing on the others', async () => {
      renderInSite(<ProductListingPage />, {
        route: '/our-products/industrial_cable_glands',
        path: '/our-products/:productCategoryId',
        locale,
      });
      const cards = await within(await screen.findByRole('list', { name: /./ })).findAllByRole('listitem');
      expect(cards.map((card) => within(card).queryByText(badge) !== null)).toEqual([true, false, true]);
    }, 60_000);
  },
);
