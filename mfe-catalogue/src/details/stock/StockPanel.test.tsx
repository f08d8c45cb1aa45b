// What buyers read of stock on the product page and the compare page, in each edition: the chosen variant's line per
// location and when it was updated, a word per variant in the variant table, a row on the compare page; nothing for a
// code the ERP never named (never "0"), nor when the read fails; "1,000+" when the server sends bands.
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { requestsSent, server } from '@test/msw';
import { renderInSite, testI18n } from '@test/render';
import { STOCK_API, type LocationAvailability, type VariantAvailability } from '@site/contracts/stock-api';
import { DETAIL_AR_WITH_VARIANTS, GLAND_VARIANTS_AR, PRODUCTS_AR } from '../../testing/arabicFixtures';
import { editionStore } from '../../testing/arabicPage';
import { DETAIL, DETAIL_WITH_VARIANTS, GLAND_VARIANTS, PRODUCTS } from '../../testing/catalogueFixtures';
import { arabicCatalogueHandlers, catalogueHandlers, compareApi, productApi, stockApi } from '../../testing/handlers';
import ComparePage from '../../compare/ComparePage';
import ProductDetailsPage from '../ProductDetailsPage';
import { loadLaterParts } from '../later/LaterParts';
import { VARIANT_TABLE_ID } from '../variants/variants';
import { forgetStock, requestStock } from './stockStore';
import { agoText, dateText, leadTime, productShortText, shortStatus, shortText } from './stockText';

const MINUTE = 60_000;

// a busy machine draws a product page in seconds; the later chunk (its code) is loaded first, as a started page would
jest.setTimeout(60_000);
beforeAll(async () => {
  await loadLaterParts(VARIANT_TABLE_ID);
});
/** A year ahead: its dates say their year. */
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const at = (
  location: LocationAvailability['location'],
  figures: Partial<LocationAvailability>,
): LocationAvailability => ({
  location,
  onHand: 0,
  incoming: null,
  leadTimeDays: null,
  updatedAt: new Date(Date.now() - 5 * MINUTE).toISOString(),
  ...figures,
});

/** HEX-CW-25 in stock in Dubai with more coming, none in Muscat (4 weeks); HEX-CW-20 incoming only; HEX-CW-32 on lead time; HEX-CW-20S never named. */
const STOCK: VariantAvailability[] = [
  {
    code: 'HEX-CW-25',
    locations: [
      at('dubai', { onHand: 1240, incoming: { quantity: 500, date: `${NEXT_YEAR}-12-12` } }),
      at('muscat', { onHand: 0, leadTimeDays: 28 }),
    ],
  },
  {
    code: 'HEX-CW-20',
    locations: [at('bahrain', { incoming: { quantity: 300, date: `${NEXT_YEAR}-01-20` }, leadTimeDays: 10 })],
  },
  { code: 'HEX-CW-32', locations: [at('dubai', { leadTimeDays: 25 }), at('bahrain', { leadTimeDays: 40 })] },
];

const EDITIONS = [
  {
    locale: 'en' as const,
    handlers: [] as typeof arabicCatalogueHandlers,
    label: 'Availability',
    caption: 'Gland A <Brass>: specifications',
    lines: [
      `Dubai warehouse — In stock: 1,240 pieces · Incoming: 500 pieces on 12 December ${NEXT_YEAR}`,
      'Muscat office — Lead time: about 4 weeks',
    ],
    banded: [
      `Dubai warehouse — In stock: 1,000+ pieces · Incoming: 500+ pieces on 12 December ${NEXT_YEAR}`,
      'Muscat office — Lead time: about 4 weeks',
    ],
    updated: 'Updated 5 minutes ago',
    words: ['', 'Incoming', 'In stock', 'Lead time 4 wk'],
  },
  {
    locale: 'ar' as const,
    handlers: arabicCatalogueHandlers,
    label: 'التوفر',
    caption: 'جلبة كابل أ نحاسية: المواصفات',
    lines: [
      `مستودع دبي — متوفر في المخزون: 1,240 قطعة · شحنة واردة: 500 قطعة بتاريخ 12 ديسمبر ${NEXT_YEAR}`,
      'مكتب مسقط — مدة التوريد: نحو 4 أسابيع',
    ],
    banded: [
      `مستودع دبي — متوفر في المخزون: 1,000+ قطعة · شحنة واردة: 500+ قطعة بتاريخ 12 ديسمبر ${NEXT_YEAR}`,
      'مكتب مسقط — مدة التوريد: نحو 4 أسابيع',
    ],
    updated: 'آخر تحديث قبل 5 دقائق',
    words: ['', 'شحنة واردة', 'متوفر', 'التوريد خلال 4 أسابيع'],
  },
];

describe.each(EDITIONS)('stock on the product page ($locale)', (edition) => {
  const open = (code: string | null) =>
    renderInSite(<ProductDetailsPage />, {
      route: `/our-products/industrial_cable_glands/gland_a${code === null ? '' : `?variant=${code}`}`,
      path: '/our-products/:productCategoryId/:productId',
      locale: edition.locale,
      store: editionStore(edition.locale),
    });
  const table = () => screen.findByRole('region', { name: edition.caption }, { timeout: 20_000 });
  const stockBox = () => document.getElementById('stock')!;

  beforeEach(() => {
    forgetStock();
    server.use(
      productApi(
        { details: [DETAIL_WITH_VARIANTS], listing: PRODUCTS, variants: { gland_a: GLAND_VARIANTS } },
        { details: [DETAIL_AR_WITH_VARIANTS], listing: PRODUCTS_AR, variants: { gland_a: GLAND_VARIANTS_AR } },
      ),
      stockApi(STOCK),
      ...catalogueHandlers,
      ...edition.handlers,
    );
    window.scrollTo = jest.fn();
  });

  it("the chosen variant: a line per location the ERP stated and when it was updated; the table's column a word per variant", async () => {
    open('HEX-CW-25');
    const group = await screen.findByRole('group', { name: edition.label }, { timeout: 20_000 });
    expect(
      within(group)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(edition.lines);
    expect(group).toHaveTextContent(edition.updated);
    // in the box the page kept for it
    expect(stockBox()).toContainElement(group);
    const region = await table();
    expect(within(region).getByRole('columnheader', { name: edition.label })).toBeInTheDocument();
    await within(region).findByText(edition.words[2]!, {}, { timeout: 20_000 });
    // the column after the price: HEX-CW-20S never named (empty), HEX-CW-20 incoming, HEX-CW-25 in stock, HEX-CW-32 the shortest lead time
    expect(
      [...region.querySelectorAll('tbody tr')].map((row) => (row as HTMLTableRowElement).cells[5]!.textContent),
    ).toEqual(edition.words);
    // one read for the page, of every variant, after the page drew
    expect(requestsSent().filter((request) => request.includes(STOCK_API.availability))).toEqual([
      `GET ${STOCK_API.availability}?codes=${encodeURIComponent(GLAND_VARIANTS.map((variant) => variant.code).join(','))}`,
    ]);
  });

  it('a code the ERP never named shows nothing at all (no "0", no "updated"), in its kept box', async () => {
    open('HEX-CW-20S');
    await within(await table()).findByText(edition.words[2]!, {}, { timeout: 20_000 });
    expect(screen.queryByRole('group', { name: edition.label })).toBeNull();
    expect(stockBox()).toBeEmptyDOMElement();
  });

  it('in bands (STOCK_DISPLAY=bands, the server sends each band\'s lower bound): "1,000+"', async () => {
    const banded = STOCK.map(({ code, locations }) => ({
      code,
      locations: locations.map((item) => ({
        ...item,
        onHand: item.onHand >= 1000 ? 1000 : item.onHand,
        incoming: item.incoming && { ...item.incoming, quantity: 500 },
      })),
    }));
    server.use(stockApi(banded, 'bands'));
    open('HEX-CW-25');
    const group = await screen.findByRole('group', { name: edition.label }, { timeout: 20_000 });
    expect(
      within(group)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(edition.banded);
  });

  it('a failed read shows nothing and breaks nothing: the page and its table stay', async () => {
    server.use(http.get(STOCK_API.availability, () => HttpResponse.json({ error: 'down' }, { status: 503 })));
    open('HEX-CW-25');
    const region = await table();
    await waitFor(() => expect(requestsSent().some((request) => request.includes(STOCK_API.availability))).toBe(true), {
      timeout: 20_000,
    });
    // the page's read, answered and handled: the store keeps it, so this is the page's own promise (no second read);
    // what its answer drew is drawn once act returns, so an absence now is the page's doing, not a wait too short
    await act(async () => {
      expect(await requestStock(GLAND_VARIANTS.map((variant) => variant.code))).toBeNull();
    });
    expect(requestsSent().filter((request) => request.includes(STOCK_API.availability))).toHaveLength(1);
    expect(screen.queryByRole('group', { name: edition.label })).toBeNull();
    expect(
      [...region.querySelectorAll('tbody tr')].map((row) => (row as HTMLTableRowElement).cells[5]!.textContent),
    ).toEqual(['', '', '', '']);
    expect(stockBox()).toBeEmptyDOMElement();
  });
});

describe('stock on the compare page', () => {
  beforeEach(() => {
    forgetStock();
    document.cookie = 'site_compare=; Path=/; Max-Age=0';
  });

  it('an availability row: the best word of each product over its variants, how many of them; empty for one never named', async () => {
    const GLAND_C = { ...DETAIL, id: 'gland_c', productName: 'Gland C' };
    const variants = {
      gland_a: GLAND_VARIANTS.map(({ code, label, price, unit }) => ({ code, label, price, unit })),
      gland_c: [{ code: 'HEX-C-1', label: '', price: 4, unit: 'piece' as const }],
    };
    server.use(
      compareApi({ details: [DETAIL, GLAND_C], listing: PRODUCTS }, undefined, variants),
      stockApi(STOCK),
      ...catalogueHandlers,
    );
    renderInSite(<ComparePage />, { route: '/compare?ids=gland_a,gland_c', path: '/compare' });
    const table = await screen.findByRole('table', { name: 'Products compared' });
    const row = within(table).getByRole('row', { name: /^Availability/ });
    await within(row).findByText('In stock (1 of 4)');
    expect([...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent)).toEqual([
      'Availability',
      'In stock (1 of 4)',
      '',
    ]);
  });
});

describe('the stock texts', () => {
  const text = testI18n('en')._.bind(testI18n('en')) as Parameters<typeof shortText>[0];

  it('lead time: days under two weeks, then whole weeks, rounded', () => {
    expect([1, 6, 13, 14, 17, 18, 28, 30, 60].map(leadTime)).toEqual([
      { unit: 'days', count: 1 },
      { unit: 'days', count: 6 },
      { unit: 'days', count: 13 },
      { unit: 'weeks', count: 2 },
      { unit: 'weeks', count: 2 },
      { unit: 'weeks', count: 3 },
      { unit: 'weeks', count: 4 },
      { unit: 'weeks', count: 4 },
      { unit: 'weeks', count: 9 },
    ]);
  });

  it('how long ago and dates, in each language with Western digits', () => {
    const now = Date.parse('2030-06-01T12:00:00Z');
    expect(agoText('en', '2030-06-01T11:55:00Z', now)).toBe('5 minutes ago');
    expect(agoText('ar', '2030-06-01T11:55:00Z', now)).toBe('قبل 5 دقائق');
    expect(agoText('en', '2030-06-01T09:00:00Z', now)).toBe('3 hours ago');
    expect(agoText('en', '2030-05-30T12:00:00Z', now)).toBe('2 days ago');
    expect(dateText('en', '2030-12-12', now)).toBe('12 December');
    expect(dateText('ar', '2030-12-12', now)).toBe('12 ديسمبر');
    expect(dateText('en', '2031-01-20', now)).toBe('20 January 2031');
  });

  it('a word per variant; none for a code never named; over variants the best and how many', () => {
    expect(shortStatus(undefined)).toBeNull();
    expect(shortStatus({ code: 'X', locations: [] })).toBeNull();
    expect(shortText(text, shortStatus({ code: 'X', locations: [at('dubai', {})] })!)).toBe('Out of stock');
    expect(shortText(text, shortStatus({ code: 'X', locations: [at('dubai', { leadTimeDays: 5 })] })!)).toBe(
      'Lead time 5 d',
    );
    const byCode = new Map(STOCK.map((item) => [item.code, item]));
    expect(productShortText(text, ['HEX-CW-32', 'HEX-CW-20'], byCode)).toBe('Incoming (1 of 2)');
    expect(productShortText(text, ['HEX-CW-32'], byCode)).toBe('Lead time 4 wk');
    expect(productShortText(text, ['HEX-CW-20S', 'NONE'], byCode)).toBe('');
  });
});
