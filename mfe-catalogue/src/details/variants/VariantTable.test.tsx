// A product of several orderable variants on its page (docs/decisions/034-orderable-variants.md), in each edition: its
// table's rows are the variants (code as the row's header, price with the pack's size, "Add to quote"), choosing one
// puts it in the address and the summary; the summary of the family says its lowest price and how many there are.
import type { ReactElement } from 'react';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useNavigationType } from 'react-router-dom';
import { server } from '@test/msw';
import { renderInSite } from '@test/render';
import { selectQuoteLines } from '@site/shared-store';
import type { ProductDetail, ProductVariant } from '@site/content';
import type { DisplayPrices } from '@site/contracts/catalogue-api';
import { DETAIL_AR, DETAIL_AR_WITH_VARIANTS, GLAND_VARIANTS_AR, PRODUCTS_AR } from '../../testing/arabicFixtures';
import { editionStore } from '../../testing/arabicPage';
import { DETAIL, DETAIL_WITH_VARIANTS, GLAND_VARIANTS, PRODUCTS } from '../../testing/catalogueFixtures';
import { arabicCatalogueHandlers, catalogueHandlers, productApi } from '../../testing/handlers';
import ProductDetailsPage from '../ProductDetailsPage';

/** How the router last moved: "Choose" replaces the address, it adds no entry to go back to. */
function NavigationType() {
  return <output data-testid="navigation-type">{useNavigationType()}</output>;
}

type Locale = 'en' | 'ar';

/**
 * gland_a's page in `locale` (the page's elements given, the address's query added), the product API answering with
 * these details and variants in each edition.
 */
function openGland(
  locale: Locale,
  served: Record<Locale, { detail: ProductDetail; variants: ProductVariant[] }>,
  page: ReactElement = <ProductDetailsPage />,
  query = '',
  display?: DisplayPrices,
) {
  const shown = display === undefined ? {} : { display };
  server.use(
    productApi(
      { details: [served.en.detail], listing: PRODUCTS, variants: { gland_a: served.en.variants }, ...shown },
      { details: [served.ar.detail], listing: PRODUCTS_AR, variants: { gland_a: served.ar.variants }, ...shown },
    ),
    ...catalogueHandlers,
    ...(locale === 'ar' ? arabicCatalogueHandlers : []),
  );
  window.scrollTo = jest.fn();
  return renderInSite(page, {
    route: `/our-products/industrial_cable_glands/gland_a${query}`,
    path: '/our-products/:productCategoryId/:productId',
    locale,
    store: editionStore(locale),
  });
}

// each edition's own words; the labels made of them ('Choose HEX-CW-25', 'Code:') are added below
const EDITION_TEXTS = [
  {
    locale: 'en' as const,
    detail: DETAIL_WITH_VARIANTS,
    variantLabel: 'Size 25 (M25)',
    caption: 'Gland A <Brass>: specifications',
    summary: 'Product summary',
    columns: { code: 'Code', price: 'Price', add: 'Add to quote' },
    phone: { thread: 'Thread Size (mm)', stock: 'Availability', fullTable: 'Show the full table' },
    prices: ['AED 14.50 · Packs of 100', 'AED 12 · Packs of 100', 'AED 18.75 · Packs of 50', 'Price on request'],
    from: 'from AED 12 · 4 variants',
    chooseBelow: 'Choose a variant in the table below to add it to your quote.',
    choose: 'Choose',
    selected: 'Selected',
    addNamed: (code: string) => `Add ${code} to quote`,
    quantityOf: (code: string) => `Quantity of ${code}`,
    pieces: 'pieces',
    added: /^Added 100 pieces to your quote basket\./,
    notWhole: 'Enter a whole number of pieces.',
  },
  {
    locale: 'ar' as const,
    detail: DETAIL_AR_WITH_VARIANTS,
    variantLabel: 'المقاس 25 (M25)',
    caption: 'جلبة كابل أ نحاسية: المواصفات',
    summary: 'ملخص المنتج',
    columns: { code: 'الرمز', price: 'السعر', add: 'أضف إلى طلب التسعير' },
    phone: { thread: 'مقاس السن (mm)', stock: 'التوفر', fullTable: 'عرض الجدول الكامل' },
    prices: ['14.50 درهم · عبوات من 100', '12 درهم · عبوات من 100', '18.75 درهم · عبوات من 50', 'السعر عند الطلب'],
    from: 'ابتداءً من 12 درهم · 4 أصناف',
    chooseBelow: 'اختر أحد الأصناف من الجدول أدناه لإضافته إلى طلب التسعير.',
    choose: 'اختيار',
    selected: 'الصنف المختار',
    addNamed: (code: string) => `أضف ${code} إلى طلب التسعير`,
    quantityOf: (code: string) => `كمية ${code}`,
    pieces: 'قطعة',
    added: /^تمت إضافة 100 قطعة إلى سلة طلب التسعير\./,
    notWhole: /^أدخل عددًا صحيحًا بوحدة «.+»\.$/,
  },
];

const EDITIONS = EDITION_TEXTS.map((edition) => ({
  ...edition,
  chooseNamed: (code: string) => `${edition.choose} ${code}`,
  /** The summary's labels: the table's column names. */
  code: `${edition.columns.code}:`,
  price: `${edition.columns.price}:`,
}));

describe.each(EDITIONS)('a product of several variants ($locale)', (edition) => {
  const open = (query = '') =>
    openGland(
      edition.locale,
      {
        en: { detail: DETAIL_WITH_VARIANTS, variants: GLAND_VARIANTS },
        ar: { detail: DETAIL_AR_WITH_VARIANTS, variants: GLAND_VARIANTS_AR },
      },
      <>
        <ProductDetailsPage />
        <NavigationType />
      </>,
      query,
    );
  const table = () => screen.findByRole('region', { name: edition.caption });
  const summary = () => screen.getByRole('region', { name: edition.summary });
  const rowOf = async (code: string) =>
    (await within(await table()).findByRole('rowheader', { name: new RegExp(`^${code}\\b`) })).closest('tr')!;

  it('lists each variant as a row: its code as the row header, its cells, its price with its pack, and "Add to quote"', async () => {
    open();
    const region = await table();
    const headers = within(region)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers[0]).toBe(edition.columns.code);
    expect(headers).toEqual(expect.arrayContaining([edition.columns.price, edition.columns.add]));
    const rows = within(region).getAllByRole('rowheader');
    expect(rows.map((cell) => cell.tagName)).toEqual(['TH', 'TH', 'TH', 'TH']);
    expect(rows.map((cell) => cell.getAttribute('scope'))).toEqual(['row', 'row', 'row', 'row']);
    // the code as the header's own text (letters, digits and dashes: left to right in either edition, no <bdi> needed)
    expect(rows.map((cell) => cell.firstChild?.textContent?.trim())).toEqual(
      GLAND_VARIANTS.map((variant) => variant.code),
    );
    // each row: code, size, mm, inch, price, the form's cell
    const row25 = await rowOf('HEX-CW-25');
    expect([...row25.cells].slice(1, 5).map((cell) => cell.textContent)).toEqual([
      '25',
      'M25',
      '1"',
      edition.prices[2],
    ]);
    const prices = [...region.querySelectorAll('tbody tr')].map(
      (row) => (row as HTMLTableRowElement).cells[4]!.textContent,
    );
    expect(prices).toEqual(edition.prices);
    // "Add to quote" seen, "Add HEX-CW-25 to quote" heard; the field named after the code, read with its unit
    const button = await within(row25).findByRole('button', { name: edition.addNamed('HEX-CW-25') });
    expect(within(button).getByText(edition.columns.add, { exact: false })).toBeVisible();
    const field = within(row25).getByRole('textbox', { name: edition.quantityOf('HEX-CW-25') });
    expect(field).toHaveAccessibleDescription(edition.pieces);
    // a row is its header, its values, its price, its stock (once the page has started) and its form: no element more
    expect(row25.querySelectorAll(':scope > *')).toHaveLength(1 + 3 + 1 + 1 + 1);
  });

  it('on a phone each size is its code, the columns that choose it, its price and the rest, each labelled; the full table a link away', async () => {
    open();
    const region = await table();
    // the stacked rows' labels (CSS writes them before the values on a phone): the gland's sizes are chosen by their
    // thread (mm); the size repeats the code, the inch says what mm says: those wait in the full table (data-more)
    const row25 = await rowOf('HEX-CW-25');
    await within(row25).findByRole('textbox');
    const cells = [...row25.cells].slice(1);
    expect(cells.map((cell) => [cell.textContent, cell.dataset.label ?? null, cell.hasAttribute('data-more')])).toEqual(
      [
        ['25', null, true],
        ['M25', edition.phone.thread, false],
        ['1"', null, true],
        [edition.prices[2], edition.columns.price, false],
        [expect.any(String), edition.phone.stock, false],
        [expect.any(String), null, false],
      ],
    );
    // the quantity form's cell, unlabelled: its field and button are named
    expect(within(cells[5]!).getByRole('button', { name: edition.addNamed('HEX-CW-25') })).toBeVisible();
    // a plain link to the table, before it in the box: it shows the whole table on a phone, without scripts too
    // (not drawn on a desktop, jsdom's width: only a phone's @media shows it)
    const link = within(region).getByText(edition.phone.fullTable);
    expect(link.tagName).toBe('A');
    expect(link).not.toBeVisible();
    expect(link).toHaveAttribute('href', '#variants-full');
    const fullTable = within(region).getByRole('table', { name: edition.caption });
    expect(fullTable.id).toBe('variants-full');
    expect(region.firstElementChild).toBe(link);
  });

  // this test's own sizes: the fixtures have no breaks
  const withBreaks = (variants: ProductVariant[]) =>
    variants.map((variant, index) =>
      index === 2
        ? {
            ...variant,
            minimumOrder: 10,
            priceBreaks: [
              { quantity: 50, price: '12.50' },
              { quantity: 1000, price: '11.00' },
            ],
          }
        : variant,
    );

  it("a size's minimum order and price breaks are lines of its price cell; sizes without them are as before", async () => {
    openGland(edition.locale, {
      en: { detail: DETAIL_WITH_VARIANTS, variants: withBreaks(GLAND_VARIANTS) },
      ar: { detail: DETAIL_AR_WITH_VARIANTS, variants: withBreaks(GLAND_VARIANTS_AR) },
    });
    const region = await table();
    const cells = [...region.querySelectorAll('tbody tr')].map((row) => (row as HTMLTableRowElement).cells[4]!);
    const lines =
      edition.locale === 'en'
        ? ['Minimum order: 10', '50+: AED 12.50', '1000+: AED 11']
        : ['الحد الأدنى للطلب: 10', '50+: 12.50 درهم', '1000+: 11 درهم'];
    expect(cells[2]!.textContent).toBe(`${edition.prices[2]}${lines.join('')}`);
    expect(cells[2]!.querySelectorAll('br')).toHaveLength(3);
    expect(cells[1]!.textContent).toBe(edition.prices[1]);
    expect(cells[1]!.children).toHaveLength(0);
  });

  it("in the visitor's currency, a size's breaks are in it as its price is: the server's amounts, keyed by the number's text", async () => {
    // OMR as the server converts (0.10477 the rate): 18.75, 12.50 and 11.00 AED; the answer's keys are String(price)
    const display: DisplayPrices = { currency: 'OMR', amounts: { '18.75': '1.964', '12.5': '1.310', '11': '1.152' } };
    openGland(
      edition.locale,
      {
        en: { detail: DETAIL_WITH_VARIANTS, variants: withBreaks(GLAND_VARIANTS) },
        ar: { detail: DETAIL_AR_WITH_VARIANTS, variants: withBreaks(GLAND_VARIANTS_AR) },
      },
      <ProductDetailsPage />,
      '',
      display,
    );
    const region = await table();
    const cells = [...region.querySelectorAll('tbody tr')].map((row) => (row as HTMLTableRowElement).cells[4]!);
    const lines =
      edition.locale === 'en'
        ? ['OMR 1.964 · Packs of 50', 'Minimum order: 10', '50+: OMR 1.310', '1000+: OMR 1.152']
        : [
            '1.964 ريال عُماني · عبوات من 50',
            'الحد الأدنى للطلب: 10',
            '50+: 1.310 ريال عُماني',
            '1000+: 1.152 ريال عُماني',
          ];
    expect(cells[2]!.textContent).toBe(lines.join(''));
  });

  it('the summary of the family says its lowest price and how many variants, and leads to the table to choose one', async () => {
    open();
    await table();
    const link = within(summary()).getByRole('link', { name: edition.chooseBelow });
    expect(link).toHaveAttribute('href', '#variants');
    expect(link.parentElement).toHaveTextContent(`${edition.from} ${edition.chooseBelow}`);
    expect(document.getElementById('variants')).toBe(await table());
    // no form in the summary until a variant is chosen: it would add an unnamed part
    expect(within(summary()).queryByRole('textbox')).toBeNull();
  });

  it('"Choose" puts the code in the address, replacing it, and marks the row; the summary shows its code and price and adds it', async () => {
    const { store } = open();
    const row = await rowOf('HEX-CW-25');
    expect(row).not.toHaveAttribute('aria-current');
    const choose = within(row).getByRole('link', { name: edition.chooseNamed('HEX-CW-25') });
    expect(choose).toHaveTextContent(edition.choose);
    expect(choose).toHaveAttribute('href', '/our-products/industrial_cable_glands/gland_a?variant=HEX-CW-25');
    fireEvent.click(choose);
    expect(screen.getByTestId('current-search')).toHaveTextContent('?variant=HEX-CW-25');
    expect(screen.getByTestId('navigation-type')).toHaveTextContent('REPLACE');
    const chosen = await rowOf('HEX-CW-25');
    expect(chosen).toHaveAttribute('aria-current', 'true');
    expect(within(chosen).getByText(edition.selected)).toBeVisible();
    expect(within(chosen).queryByRole('link')).toBeNull();
    expect((await rowOf('HEX-CW-20')).getAttribute('aria-current')).toBeNull();

    const box = summary();
    expect(within(box).getByText(edition.code).parentElement).toHaveTextContent(`${edition.code} HEX-CW-25`);
    expect(within(box).getByText(edition.price).parentElement).toHaveTextContent(
      `${edition.price} ${edition.prices[2]}`,
    );
    const field = within(box).getByRole('textbox');
    fireEvent.change(field, { target: { value: '100' } });
    fireEvent.click(within(box).getByRole('button', { name: edition.columns.add }));
    expect(within(box).getByRole('status')).toHaveTextContent(edition.added);
    expect(selectQuoteLines(store.getState())).toEqual([
      expect.objectContaining({
        productId: 'gland_a',
        code: 'HEX-CW-25',
        quantity: 100,
        names: { [edition.locale]: edition.detail.productName },
        labels: { [edition.locale]: edition.variantLabel },
      }),
    ]);
  });

  it('a row adds its own variant, and refuses a quantity its unit does not take', async () => {
    const { store } = open();
    const row = await rowOf('HEX-CW-20S');
    const field = await within(row).findByRole('textbox', { name: edition.quantityOf('HEX-CW-20S') });
    fireEvent.change(field, { target: { value: '2.5' } });
    fireEvent.click(within(row).getByRole('button', { name: edition.addNamed('HEX-CW-20S') }));
    expect(within(row).getByText(edition.notWhole)).toBeVisible();
    expect(selectQuoteLines(store.getState())).toEqual([]);
    // a pack's quantity is suggested, not required: 7 pieces of a pack of 100 are added
    fireEvent.change(field, { target: { value: '7' } });
    fireEvent.click(within(row).getByRole('button', { name: edition.addNamed('HEX-CW-20S') }));
    expect(selectQuoteLines(store.getState())).toEqual([
      expect.objectContaining({
        productId: 'gland_a',
        code: 'HEX-CW-20S',
        quantity: 7,
        labels: { [edition.locale]: edition.variantLabel.replace('25 (M25)', '20S (M20)') },
      }),
    ]);
  });

  it('opens with the variant its address names chosen, and an unknown code chooses nothing', async () => {
    open('?variant=HEX-CW-20');
    expect(await rowOf('HEX-CW-20')).toHaveAttribute('aria-current', 'true');
    expect(within(summary()).getByText(edition.price).parentElement).toHaveTextContent(
      `${edition.price} ${edition.prices[1]}`,
    );
  });

  it('a code the product has not chooses nothing: the family as without one', async () => {
    open('?variant=HEX-CW-99');
    const region = await table();
    expect(region.querySelector('[aria-current]')).toBeNull();
    expect(within(summary()).getByRole('link', { name: edition.chooseBelow }).parentElement).toHaveTextContent(
      edition.from,
    );
  });
});

describe.each(EDITIONS)('a product of one variant ($locale)', ({ locale, caption, summary, code, price, prices }) => {
  it('shows its code and price, its table as before, and adds it', async () => {
    const only = [{ code: 'GLAND-A', label: '', price: 12, unit: 'piece' as const }];
    const detail = locale === 'en' ? DETAIL : DETAIL_AR;
    // its price, as the family's 12 without a pack
    const text = prices[1]!.split(' · ')[0];
    const { store } = openGland(locale, {
      en: { detail: DETAIL, variants: only },
      ar: { detail: DETAIL_AR, variants: only },
    });
    await screen.findByRole('heading', { level: 2, name: detail.productName });
    const box = screen.getByRole('region', { name: summary });
    expect(within(box).getByText(code).parentElement).toHaveTextContent(`${code} GLAND-A`);
    expect(within(box).getByText(price).parentElement).toHaveTextContent(`${price} ${text}`);
    const table = await screen.findByRole('region', { name: caption });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).queryByRole('rowheader')).toBeNull();
    expect(within(table).queryByRole('link')).toBeNull();
    const field = within(box).getByRole('textbox');
    fireEvent.change(field, { target: { value: '3' } });
    await act(async () => {
      fireEvent.submit(field.closest('form')!);
    });
    expect(selectQuoteLines(store.getState())).toEqual([
      expect.objectContaining({
        productId: 'gland_a',
        code: 'GLAND-A',
        quantity: 3,
        names: { [locale]: detail.productName },
      }),
    ]);
  });
});
