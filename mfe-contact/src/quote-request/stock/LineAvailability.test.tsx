// The request page's lines with their stock (docs/stock.md), in each edition: read from /api/stock/availability after
// the page started, shown at the branch chosen in the form (Dubai at first), each location named for the Saudi
// associate (which holds none), nothing for a part the ERP never named (never "0").
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { requestsSent, server } from '@test/msw';
import { renderInSite } from '@test/render';
import { QUOTE_REQUESTS_API_PATH } from '@site/contracts/api';
import { STOCK_API } from '@site/contracts/stock-api';
import { localizedFetch, makeStore, quoteBasketRestored } from '@site/shared-store';
import { QUOTE_BRANCH_STORAGE_KEY, readQuoteBranch } from '@site/shared-store/quote-branch';
import { contactHandlers, productHandlers, TEST_STOCK } from '../../testing/handlers';
import { CABLE, lineOf, sizeLineOf } from '../../testing/quoteLines';
import QuoteRequestPage from '../QuoteRequestPage';

const YEAR = new Date().getUTCFullYear();
const UPDATED = new Date().toISOString();

beforeEach(() => {
  server.use(
    ...productHandlers,
    ...contactHandlers,
    http.post(QUOTE_REQUESTS_API_PATH, () =>
      HttpResponse.json({ ok: true, reference: 'RFQ-AE-2026-000001', pdfUrl: '/x.pdf' }),
    ),
  );
  TEST_STOCK.set('hexcw25', [
    {
      location: 'dubai',
      onHand: 40,
      incoming: { quantity: 500, date: `${YEAR}-12-12` },
      leadTimeDays: null,
      updatedAt: UPDATED,
    },
    { location: 'muscat', onHand: 0, incoming: null, leadTimeDays: 28, updatedAt: UPDATED },
  ]);
  TEST_STOCK.set('hexcw32', [
    { location: 'bahrain', onHand: 7, incoming: null, leadTimeDays: null, updatedAt: UPDATED },
  ]);
});
afterEach(() => {
  TEST_STOCK.clear();
  window.localStorage.removeItem(QUOTE_BRANCH_STORAGE_KEY);
});

function renderPage(locale: 'en' | 'ar') {
  const store = makeStore(undefined, { fetch: localizedFetch(locale, (input, init) => fetch(input, init)) });
  store.dispatch(
    quoteBasketRestored([
      sizeLineOf('HEX-CW-25', 'Size 25 (M25)', 100),
      sizeLineOf('HEX-CW-32', 'Size 32 (M32)', 10),
      lineOf(CABLE, 200),
    ]),
  );
  renderInSite(<QuoteRequestPage />, { route: '/request-quote', locale, store });
}

const stockOf = (code: string) => screen.queryByTestId(`quote-stock-${code}`)?.textContent ?? null;
const chooseBranch = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('combobox', { name: label }), { target: { value } });

describe('the lines show their stock at the branch chosen', () => {
  it('English: Dubai at first ("In stock: 40 pieces · Incoming: 500 on 12 December"), then Oman, Bahrain, Saudi Arabia', async () => {
    renderPage('en');
    await waitFor(() => expect(stockOf('HEX-CW-25')).toBe('In stock: 40 pieces · Incoming: 500 on 12 December'));
    // one read for the basket's codes, after start
    expect(requestsSent().filter((request) => request.includes(STOCK_API.availability))).toEqual([
      `GET ${STOCK_API.availability}?codes=HEX-CW-25,HEX-CW-32,OC-SWA-416`,
    ]);
    expect(stockOf('HEX-CW-32')).toBeNull();
    // the ERP never named the cable: nothing said, never "0"
    expect(stockOf(CABLE.code)).toBeNull();
    expect(within(screen.getByRole('table')).queryByText(/\b0 /)).toBeNull();

    chooseBranch('Branch', 'Oman');
    expect(stockOf('HEX-CW-25')).toBe('Lead time: about 4 weeks');
    chooseBranch('Branch', 'Bahrain');
    expect(stockOf('HEX-CW-25')).toBeNull();
    expect(stockOf('HEX-CW-32')).toBe('In stock: 7 pieces');
    chooseBranch('Branch', 'Saudi Arabia');
    expect(stockOf('HEX-CW-25')).toBe(
      'Dubai warehouse: In stock: 40 pieces · Incoming: 500 on 12 December; Muscat office: Lead time: about 4 weeks',
    );
    expect(stockOf('HEX-CW-32')).toBe('Bahrain warehouse: In stock: 7 pieces');
  });

  it('Arabic: the same in Modern Standard Arabic, digits Western', async () => {
    renderPage('ar');
    await waitFor(() =>
      expect(stockOf('HEX-CW-25')).toBe('متوفر في المخزون: 40 قطعة · كمية واردة: 500 بتاريخ 12 ديسمبر'),
    );
    chooseBranch('الفرع', 'Oman');
    expect(stockOf('HEX-CW-25')).toBe('مدة التوريد: نحو 4 أسابيع');
    chooseBranch('الفرع', 'Saudi Arabia');
    expect(stockOf('HEX-CW-32')).toBe('مستودع البحرين: متوفر في المخزون: 7 قطع');
  });

  it('a stock that cannot be read shows nothing, and the page works on', async () => {
    server.use(http.get(STOCK_API.availability, () => HttpResponse.json({ error: 'down' }, { status: 503 })));
    renderPage('en');
    await waitFor(() => expect(requestsSent().some((request) => request.includes(STOCK_API.availability))).toBe(true));
    expect(stockOf('HEX-CW-25')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send request' })).toBeEnabled();
  });

  it("the branch chosen is kept for the header's basket panel, and the form starts from it when the page opens again", async () => {
    renderPage('en');
    await waitFor(() => expect(stockOf('HEX-CW-25')).toBe('In stock: 40 pieces · Incoming: 500 on 12 December'));
    expect(readQuoteBranch()).toBe('Dubai');
    chooseBranch('Branch', 'Oman');
    expect(readQuoteBranch()).toBe('Oman');
    cleanup();

    renderPage('en');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Branch' })).toHaveValue('Oman'));
    await waitFor(() => expect(stockOf('HEX-CW-25')).toBe('Lead time: about 4 weeks'));
  });
});
