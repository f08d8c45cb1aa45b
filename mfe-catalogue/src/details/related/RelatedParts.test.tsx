// The product page's related parts (docs/decisions/040-related-parts.md) in each edition: "Fits with" and
// "Alternatives" under their headings in the page's language, each part's name linking its page with the part chosen,
// its code left-to-right, its price, and a form adding that part to the quote basket.
import { fireEvent, screen, within } from '@testing-library/react';
import { server } from '@test/msw';
import { renderInSite } from '@test/render';
import type { RelatedPart } from '@site/contracts/catalogue-api';
import { selectQuoteLines } from '@site/shared-store';
import { DETAIL_AR, PRODUCTS_AR } from '../../testing/arabicFixtures';
import { editionStore } from '../../testing/arabicPage';
import { DETAIL, PRODUCTS } from '../../testing/catalogueFixtures';
import { catalogueHandlers, productApi } from '../../testing/handlers';
import ProductDetailsPage from '../ProductDetailsPage';

const part = (kind: RelatedPart['kind'], code: string, name: string, price?: number): RelatedPart => ({
  kind,
  productId: code.toLowerCase().replace(/-/g, '_'),
  productCategoryId: 'industrial_cable_glands',
  name,
  image: PRODUCTS[0]!.image,
  variant: { code, label: '', unit: 'piece', ...(price === undefined ? {} : { price }) },
});

const EDITIONS = [
  {
    locale: 'en' as const,
    fitsWith: 'Fits with',
    alternatives: 'Alternatives',
    shroud: 'PVC Gland Shroud',
    price: 'AED 2',
    onRequest: 'Price on request',
    add: 'Add HEX-SHR-20 to quote',
  },
  {
    locale: 'ar' as const,
    fitsWith: 'ملحقات متوافقة',
    alternatives: 'بدائل',
    shroud: 'غطاء جلبة من PVC',
    price: '2 درهم',
    onRequest: null,
    add: 'أضف HEX-SHR-20 إلى طلب التسعير',
  },
];

describe.each(EDITIONS)('the related parts on a product page ($locale)', (edition) => {
  beforeEach(() => {
    const related = (shroud: string) => ({
      gland_a: [
        part('accessory', 'HEX-SHR-20', shroud, 2),
        part('alternative', 'E1W-20S', edition.locale === 'en' ? 'E1W Gland' : 'جلبة E1W'),
      ],
    });
    // before the catalogue's own handlers: the first that matches answers
    server.use(
      productApi(
        { details: [DETAIL], listing: PRODUCTS, related: related('PVC Gland Shroud') },
        { details: [DETAIL_AR], listing: PRODUCTS_AR, related: related('غطاء جلبة من PVC') },
      ),
      ...catalogueHandlers,
    );
    window.scrollTo = jest.fn();
  });

  it('lists each kind under its heading with name, code and price, and adds a part to the quote basket', async () => {
    const { store } = renderInSite(<ProductDetailsPage />, {
      route: `/our-products/industrial_cable_glands/gland_a`,
      path: '/our-products/:productCategoryId/:productId',
      locale: edition.locale,
      store: editionStore(edition.locale),
    });
    const section = within((await screen.findByRole('heading', { name: edition.fitsWith })).closest('section')!);
    const headings = section.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(headings).toEqual([edition.fitsWith, edition.alternatives]);
    const [shroud, alternative] = section.getAllByRole('listitem');
    const shroudRow = within(shroud!);
    expect(shroudRow.getByRole('link', { name: edition.shroud })).toHaveAttribute(
      'href',
      // inside the edition: the shell's router adds its prefix, as for every link of the page
      '/our-products/industrial_cable_glands/hex_shr_20?variant=HEX-SHR-20',
    );
    expect(shroudRow.getByText('HEX-SHR-20', { selector: 'bdi' })).toHaveAttribute('dir', 'ltr');
    expect(shroud).toHaveTextContent(edition.price);
    if (edition.onRequest !== null) expect(alternative).toHaveTextContent(edition.onRequest);
    fireEvent.click(shroudRow.getByRole('button', { name: edition.add }));
    expect(selectQuoteLines(store.getState())).toEqual([
      expect.objectContaining({
        productId: 'hex_shr_20',
        code: 'HEX-SHR-20',
        quantity: 1,
        names: { [edition.locale]: edition.shroud },
      }),
    ]);
  });
});

describe('a product page without related parts', () => {
  it('has no such section', async () => {
    server.use(...catalogueHandlers);
    window.scrollTo = jest.fn();
    renderInSite(<ProductDetailsPage />, {
      route: `/our-products/industrial_cable_glands/gland_a`,
      path: '/our-products/:productCategoryId/:productId',
    });
    await screen.findByRole('heading', { level: 2, name: DETAIL.productName });
    expect(screen.queryByRole('heading', { name: 'Fits with' })).toBeNull();
  });
});
