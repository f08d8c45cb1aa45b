import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { requestsSent, server } from '@test/msw';
import { renderInSite } from '@test/render';
import { STOCK_API, type AvailabilityAnswer, type LocationAvailability } from '@site/contracts/stock-api';
import { CATALOGUE_LOOKUP_API_PATH } from '@site/contracts/api';
import type { LookupResponse } from '@site/contracts/catalogue-api';
import { quoteBasketRestored, quoteLineAdded, type QuoteLine } from '@site/shared-store';
import { keepQuoteBranch, QUOTE_BRANCH_STORAGE_KEY } from '@site/shared-store/quote-branch';
import { QuoteBasketButton } from './QuoteBasketButton';

/** The stock the tests' server answers, by code as asked; a code not in it the ERP never named. */
const stock = new Map<string, LocationAvailability[]>();
/** The sizes sold in packs the catalogue's look-up answers: their code and pack quantity, by the key asked. */
const packed = new Map<string, { code: string; pack: number }>();

beforeEach(() => {
  server.use(
    http.get(STOCK_API.availability, ({ request }) => {
      const codes = (new URL(request.url).searchParams.get('codes') ?? '').split(',');
      return HttpResponse.json<AvailabilityAnswer>({
        display: 'exact',
        availability: codes.map((code) => ({ code, locations: stock.get(code) ?? [] })),
      });
    }),
    http.get(CATALOGUE_LOOKUP_API_PATH, ({ request }) => {
      const keys = (new URL(request.url).searchParams.get('codes') ?? '').split(',');
      return HttpResponse.json<LookupResponse>({
        products: [],
        variants: keys.flatMap((key) => {
          const size = packed.get(key);
          return size === undefined
            ? []
            : [
                {
                  key,
                  productId: 'hex_cw_brass_cable_gland',
                  variant: { code: size.code, label: '', unit: 'piece', packQuantity: size.pack },
                },
              ];
        }),
      });
    }),
  );
});
afterEach(() => {
  stock.clear();
  packed.clear();
  window.localStorage.removeItem(QUOTE_BRANCH_STORAGE_KEY);
});

const cable: QuoteLine = {
  productId: 'swa-cable',
  code: 'OC-SWA-416',
  productCategoryId: 'cables',
  image: 'swa-cable',
  unit: 'metre',
  names: { en: 'Armoured cable 4 × 16 mm²', ar: 'كابل مدرّع 4 × 16 مم²' },
  labels: { en: '', ar: '' },
  quantity: 200,
};
const gland: QuoteLine = {
  ...cable,
  productId: 'gland',
  code: 'GL-20',
  unit: 'piece',
  names: { en: 'Cable gland 20 mm' },
  quantity: 40,
};

describe('the header quote basket', () => {
  // The panel is lazy: load its module once up front, so a slow first compile does not outlast findByRole's wait.
  beforeAll(() => import('./QuoteBasketPanel'));

  it('names the empty basket and keeps the badge in place, hidden', () => {
    renderInSite(<QuoteBasketButton />);
    expect(screen.getByRole('button', { name: 'Quote basket, empty' })).toBeInTheDocument();
    expect(screen.getByTestId('quote-basket-count')).not.toBeVisible();
  });

  it('counts products as they are added, whichever part of the page adds them', () => {
    const { store } = renderInSite(<QuoteBasketButton />);
    act(() => void store.dispatch(quoteBasketRestored([cable])));
    expect(screen.getByRole('button', { name: 'Quote basket, 1 product' })).toBeInTheDocument();
    expect(screen.getByTestId('quote-basket-count')).toHaveTextContent('1');
    expect(screen.getByTestId('quote-basket-count')).toBeVisible();
    const { names, labels, ...added } = gland;
    act(() => void store.dispatch(quoteLineAdded({ ...added, locale: 'en', name: names.en!, label: labels.en! })));
    expect(screen.getByRole('button', { name: 'Quote basket, 2 products' })).toBeInTheDocument();
    expect(screen.getByTestId('quote-basket-count')).toHaveTextContent('2');
  });

  it('opens a panel with the lines and the way to the request page; Escape closes it and focus returns', async () => {
    const { store } = renderInSite(<QuoteBasketButton />, { route: '/home' });
    act(() => void store.dispatch(quoteBasketRestored([cable, gland])));
    const button = screen.getByRole('button', { name: 'Quote basket, 2 products' });
    button.focus();
    fireEvent.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Quote basket' });
    const items = within(panel)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['Armoured cable 4 × 16 mm²200 metres', 'Cable gland 20 mm40 pieces']);
    expect(within(panel).getByRole('link', { name: 'Request a quote' })).toHaveAttribute('href', '/request-quote');
    fireEvent.keyDown(panel, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('follows the link to the request page and closes', async () => {
    const { store } = renderInSite(<QuoteBasketButton />, { route: '/about' });
    act(() => void store.dispatch(quoteBasketRestored([cable])));
    fireEvent.click(screen.getByRole('button', { name: 'Quote basket, 1 product' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Quote basket' })).getByRole('link', {
        name: 'Request a quote',
      }),
    );
    expect(screen.getByTestId('current-path')).toHaveTextContent('/request-quote');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says when the basket is empty and offers the products', async () => {
    renderInSite(<QuoteBasketButton />, { route: '/home' });
    fireEvent.click(screen.getByRole('button', { name: 'Quote basket, empty' }));
    const panel = await screen.findByRole('dialog', { name: 'Quote basket' });
    expect(panel).toHaveTextContent('Your quote basket is empty.');
    fireEvent.click(within(panel).getByRole('link', { name: 'Browse products' }));
    expect(screen.getByTestId('current-path')).toHaveTextContent('/our-products');
  });

  it('in Arabic: Arabic names, quantities and texts', async () => {
    const { store } = renderInSite(<QuoteBasketButton />, { locale: 'ar' });
    act(() => void store.dispatch(quoteBasketRestored([cable, gland])));
    fireEvent.click(screen.getByRole('button', { name: 'سلة عرض السعر، منتجان' }));
    const panel = await screen.findByRole('dialog', { name: 'سلة عرض السعر' });
    // The gland was only seen in English: its English name stands in.
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['كابل مدرّع 4 × 16 مم²200 متر', 'Cable gland 20 mm40 قطعة']);
    expect(within(panel).getByRole('link', { name: 'طلب عرض سعر' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'إغلاق' })).toBeInTheDocument();
  });

  it('lists two sizes of one product as two lines, each named with its size', async () => {
    const cw = { ...gland, productId: 'hex_cw_brass_cable_gland', names: { en: 'CW Brass Cable Gland' } };
    const { store } = renderInSite(<QuoteBasketButton />, { route: '/home' });
    act(
      () =>
        void store.dispatch(
          quoteBasketRestored([
            { ...cw, code: 'HEX-CW-25', labels: { en: 'Size 25 (M25)' }, quantity: 100 },
            { ...cw, code: 'HEX-CW-32', labels: { en: 'Size 32 (M32)' }, quantity: 50 },
          ]),
        ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Quote basket, 2 products' }));
    const panel = await screen.findByRole('dialog', { name: 'Quote basket' });
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['CW Brass Cable Gland – Size 25 (M25)100 pieces', 'CW Brass Cable Gland – Size 32 (M32)50 pieces']);
  });
});

describe("the panel's lines show their stock at the branch the buyer chose", () => {
  const YEAR = new Date().getUTCFullYear();
  const UPDATED = new Date().toISOString();
  const cw = {
    ...gland,
    productId: 'hex_cw_brass_cable_gland',
    names: { en: 'CW Brass Cable Gland', ar: 'جلبة كابل نحاسية CW' },
  };
  const size25 = { ...cw, code: 'HEX-CW-25', labels: { en: 'Size 25 (M25)', ar: 'مقاس 25 (M25)' }, quantity: 100 };
  const size32 = { ...cw, code: 'HEX-CW-32', labels: { en: 'Size 32 (M32)', ar: 'مقاس 32 (M32)' }, quantity: 10 };

  beforeEach(() => {
    stock.set('HEX-CW-25', [
      {
        location: 'dubai',
        onHand: 40,
        incoming: { quantity: 500, date: `${YEAR}-12-12` },
        leadTimeDays: null,
        updatedAt: UPDATED,
      },
      { location: 'muscat', onHand: 0, incoming: null, leadTimeDays: 28, updatedAt: UPDATED },
    ]);
    stock.set('HEX-CW-32', [
      { location: 'bahrain', onHand: 7, incoming: null, leadTimeDays: null, updatedAt: UPDATED },
    ]);
  });

  async function openPanel(locale: 'en' | 'ar', button: string, title: string) {
    const { store } = renderInSite(<QuoteBasketButton />, { route: '/home', locale });
    act(() => void store.dispatch(quoteBasketRestored([size25, size32, cable])));
    fireEvent.click(screen.getByRole('button', { name: button }));
    return screen.findByRole('dialog', { name: title });
  }
  const stockOf = (panel: HTMLElement, code: string) =>
    within(panel).queryByTestId(`basket-stock-${code}`)?.textContent ?? null;

  it("Dubai until a branch is chosen: the Dubai warehouse's figures, read once for the lines when the panel opens; nothing for a part the ERP never named there", async () => {
    const panel = await openPanel('en', 'Quote basket, 3 products', 'Quote basket');
    await waitFor(() =>
      expect(stockOf(panel, 'HEX-CW-25')).toBe('Dubai warehouse: In stock: 40 pieces · Incoming: 500 on 12 December'),
    );
    expect(requestsSent().filter((request) => request.includes(STOCK_API.availability))).toEqual([
      `GET ${STOCK_API.availability}?codes=HEX-CW-25,HEX-CW-32,OC-SWA-416`,
    ]);
    // Bahrain's stock is not Dubai's; the cable was never named: nothing said, never "0"
    expect(stockOf(panel, 'HEX-CW-32')).toBeNull();
    expect(stockOf(panel, 'OC-SWA-416')).toBeNull();
    expect(within(panel).getAllByRole('listitem')[2]).toHaveTextContent(/^Armoured cable 4 × 16 mm²200 metres$/);
  });

  it("the branch chosen on the request page: Oman, the Muscat office's lead time; the Saudi associate, every location named", async () => {
    keepQuoteBranch('Oman');
    let panel = await openPanel('en', 'Quote basket, 3 products', 'Quote basket');
    await waitFor(() => expect(stockOf(panel, 'HEX-CW-25')).toBe('Muscat office: Lead time: about 4 weeks'));
    fireEvent.keyDown(panel, { key: 'Escape' });
    keepQuoteBranch('Saudi Arabia');
    fireEvent.click(screen.getByRole('button', { name: 'Quote basket, 3 products' }));
    panel = await screen.findByRole('dialog', { name: 'Quote basket' });
    await waitFor(() => expect(stockOf(panel, 'HEX-CW-32')).toBe('Bahrain warehouse: In stock: 7 pieces'));
    expect(stockOf(panel, 'HEX-CW-25')).toBe(
      'Dubai warehouse: In stock: 40 pieces · Incoming: 500 on 12 December; Muscat office: Lead time: about 4 weeks',
    );
  });

  it('in Arabic: the same in Modern Standard Arabic, digits Western', async () => {
    keepQuoteBranch('Bahrain');
    const panel = await openPanel('ar', 'سلة عرض السعر، 3 منتجات', 'سلة عرض السعر');
    await waitFor(() => expect(stockOf(panel, 'HEX-CW-32')).toBe('مستودع البحرين: متوفر في المخزون: 7 قطع'));
    expect(stockOf(panel, 'HEX-CW-25')).toBeNull();
  });

  it('a branch the site does not have, written in storage by hand, is read as Dubai', async () => {
    window.localStorage.setItem(QUOTE_BRANCH_STORAGE_KEY, '<img src=x>');
    const panel = await openPanel('en', 'Quote basket, 3 products', 'Quote basket');
    await waitFor(() =>
      expect(stockOf(panel, 'HEX-CW-25')).toBe('Dubai warehouse: In stock: 40 pieces · Incoming: 500 on 12 December'),
    );
  });

  it('a stock that cannot be read shows nothing: the lines and the way to the request page stay', async () => {
    server.use(http.get(STOCK_API.availability, () => HttpResponse.json({ error: 'down' }, { status: 503 })));
    const panel = await openPanel('en', 'Quote basket, 3 products', 'Quote basket');
    await waitFor(() => expect(requestsSent().some((request) => request.includes(STOCK_API.availability))).toBe(true));
    expect(within(panel).queryByTestId(/^basket-stock-/)).toBeNull();
    expect(within(panel).getAllByRole('listitem')).toHaveLength(3);
    expect(within(panel).getByRole('link', { name: 'Request a quote' })).toBeInTheDocument();
  });
});

describe("the panel's lines say when a quantity is not whole packs", () => {
  const cw = {
    ...gland,
    productId: 'hex_cw_brass_cable_gland',
    names: { en: 'CW Brass Cable Gland', ar: 'جلبة كابل نحاسية CW' },
  };
  const lines = [
    { ...cw, code: 'HEX-CW-20', labels: { en: 'Size 20', ar: 'مقاس 20' }, quantity: 62 },
    { ...cw, code: 'HEX-CW-25', labels: { en: 'Size 25', ar: 'مقاس 25' }, quantity: 3 },
    { ...cw, code: 'HEX-CW-32', labels: { en: 'Size 32', ar: 'مقاس 32' }, quantity: 100 },
    cable,
  ];
  beforeEach(() => {
    packed.set('hexcw20', { code: 'HEX-CW-20', pack: 5 });
    packed.set('hexcw25', { code: 'HEX-CW-25', pack: 5 });
    packed.set('hexcw32', { code: 'HEX-CW-32', pack: 10 });
  });
  const noteOf = (panel: HTMLElement, code: string) =>
    within(panel).queryByTestId(`basket-pack-${code}`)?.textContent ?? null;

  it('read from the catalogue as the panel opens: between two whole packs, less than one; nothing for whole packs or no pack', async () => {
    const { store } = renderInSite(<QuoteBasketButton />, { route: '/home' });
    act(() => void store.dispatch(quoteBasketRestored(lines)));
    fireEvent.click(screen.getByRole('button', { name: 'Quote basket, 4 products' }));
    const panel = await screen.findByRole('dialog', { name: 'Quote basket' });
    await waitFor(() =>
      expect(noteOf(panel, 'HEX-CW-20')).toBe(
        'Sold in packs of 5: this is not a whole number of packs. 60 or 65 would be.',
      ),
    );
    expect(noteOf(panel, 'HEX-CW-25')).toBe('Sold in packs of 5: this is less than one pack.');
    expect(noteOf(panel, 'HEX-CW-32')).toBeNull();
    expect(noteOf(panel, 'OC-SWA-416')).toBeNull();
    expect(requestsSent().filter((request) => request.includes(CATALOGUE_LOOKUP_API_PATH))).toEqual([
      `GET ${CATALOGUE_LOOKUP_API_PATH}?codes=hexcw20,hexcw25,hexcw32,ocswa416`,
    ]);
    // the basket keeps the quantity as typed: the request goes so, and the quotation confirms the packs
    expect(within(panel).getAllByRole('listitem')[0]).toHaveTextContent(/62 pieces/);
  });

  it('in Arabic', async () => {
    const { store } = renderInSite(<QuoteBasketButton />, { route: '/home', locale: 'ar' });
    act(() => void store.dispatch(quoteBasketRestored(lines)));
    fireEvent.click(screen.getByRole('button', { name: 'سلة عرض السعر، 4 منتجات' }));
    const panel = await screen.findByRole('dialog', { name: 'سلة عرض السعر' });
    await waitFor(() =>
      expect(noteOf(panel, 'HEX-CW-20')).toBe(
        'يُباع في عبوات من 5: هذه الكمية ليست عددًا صحيحًا من العبوات، والأقرب إليها 60 أو 65.',
      ),
    );
    expect(noteOf(panel, 'HEX-CW-25')).toBe('يُباع في عبوات من 5: هذه الكمية أقل من عبوة واحدة.');
  });

  it('a look-up that cannot be read says nothing of packs: the lines stay', async () => {
    server.use(http.get(CATALOGUE_LOOKUP_API_PATH, () => HttpResponse.json({ error: 'down' }, { status: 503 })));
    const { store } = renderInSite(<QuoteBasketButton />, { route: '/home' });
    act(() => void store.dispatch(quoteBasketRestored(lines)));
    fireEvent.click(screen.getByRole('button', { name: 'Quote basket, 4 products' }));
    const panel = await screen.findByRole('dialog', { name: 'Quote basket' });
    await waitFor(() =>
      expect(requestsSent().some((request) => request.includes(CATALOGUE_LOOKUP_API_PATH))).toBe(true),
    );
    expect(within(panel).queryByTestId(/^basket-pack-/)).toBeNull();
    expect(within(panel).getAllByRole('listitem')).toHaveLength(4);
  });
});
