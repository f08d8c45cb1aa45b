// The request page on an Arabic page (/ar/request-quote): lines named from the Arabic catalogue, every text in Arabic,
// codes and the reference left to right, the page's language sent, the Arabic failure texts.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { requestsSent, requestsSentWithBodies, server } from '@test/msw';
import { renderInSite } from '@test/render';
import { CATALOGUE_LOOKUP_API_PATH, QUOTE_REQUESTS_API_PATH } from '@site/contracts/api';
import { normalizedProductCode } from '@site/content/validation';
import { localizedFetch, makeStore, quoteBasketRestored, selectQuoteLines, type AppStore } from '@site/shared-store';
import ar from '../i18n/ar.json';
import { ARABIC_PRODUCTS, contactHandlers, productHandlers } from '../testing/handlers';
import QuoteRequestPage from './QuoteRequestPage';
import { CABLE, OTHER_WIRE, WIRE, lineOf } from '../testing/quoteLines';

const arabicName = (id: string) => ARABIC_PRODUCTS.find((product) => product.id === id)!.productName;
const HUMAN_CHECK = 'ما ناتج \u206623 - 14\u2069؟';

beforeEach(() => {
  server.use(
    ...productHandlers,
    ...contactHandlers,
    http.post(QUOTE_REQUESTS_API_PATH, () => HttpResponse.json({ ok: true, reference: 'RFQ-2026-000124', pdfUrl: '/api/quote-requests/RFQ-2026-000124.pdf?key=k' })),
  );
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

function renderPage() {
  const store: AppStore = makeStore(undefined, { fetch: localizedFetch('ar', (input, init) => fetch(input, init)) });
  // seen on the English site: the page names them in Arabic once the Arabic catalogue is there
  store.dispatch(quoteBasketRestored([lineOf(CABLE, 200), lineOf(WIRE, 3)]));
  renderInSite(<QuoteRequestPage />, { route: '/request-quote', locale: 'ar', store });
  return store;
}

const textbox = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
const type = (name: string, value: string) => fireEvent.change(textbox(name), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: ar['contact.quote.form.send'] }));

function fillForm() {
  type(ar['contact.quote.form.companyName'], 'شركة الخليج للبناء');
  type(ar['contact.quote.form.name'], 'عائشة الرحمن');
  type(ar['contact.form.email'], 'aisha@example.com');
  type(ar['contact.form.phone'], '+971 50 123 4567');
  type(HUMAN_CHECK, '٩');
}

describe('the request page in Arabic', () => {
  it('names the lines from the Arabic catalogue, in Arabic texts, codes left to right', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'طلب عرض سعر' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: ar['contact.quote.linesCaption'] });
    expect(await within(table).findByText(arabicName(CABLE.id))).toBeInTheDocument();
    // the basket's products asked for in Arabic, by their ids: never the whole catalogue
    expect(requestsSent()).toContain(`GET ${CATALOGUE_LOOKUP_API_PATH}?codes=${[CABLE.id, WIRE.id].map(normalizedProductCode).join(',')}&lang=ar`);
    expect(within(table).getByRole('textbox', { name: `كمية ${arabicName(WIRE.id)}` })).toHaveValue('3');
    expect(within(table).getByText(CABLE.code).closest('bdi')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByRole('button', { name: `إزالة ${arabicName(CABLE.id)}` })).toBeInTheDocument();
    expect(screen.getByLabelText(ar['contact.quote.form.neededBy'])).toHaveAttribute('dir', 'ltr');
    // the branches as the Arabic contact page names them, sending the server's names
    await waitFor(() => expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['دبي', 'عُمان', 'البحرين', 'المملكة العربية السعودية']));
    expect(screen.getAllByRole<HTMLOptionElement>('option').map((option) => option.value)).toEqual(['Dubai', 'Oman', 'Bahrain', 'Saudi Arabia']);
  });

  it('adds a pasted list and lists, in Arabic, the unknown line and the refused quantity', async () => {
    const store = renderPage();
    await screen.findByText(arabicName(CABLE.id));
    fireEvent.change(textbox(ar['contact.quote.paste.label']), { target: { value: `${CABLE.code} ١٠\nXYZ-000 5\n${OTHER_WIRE.code} 2.5` } });
    fireEvent.click(screen.getByRole('button', { name: ar['contact.quote.paste.add'] }));
    const status = within(screen.getByRole('form', { name: ar['contact.quote.paste.label'] })).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('أُضيف منتج واحد من قائمتك.'));
    expect(status).toHaveTextContent(`${ar['contact.quote.paste.notRecognised']}XYZ-000 5`);
    expect(status).toHaveTextContent(`${ar['contact.quote.paste.refused']}${OTHER_WIRE.code} 2.5: أدخل عددًا صحيحًا بوحدة «لفة».`);
    expect(within(status).getByText('XYZ-000 5')).toHaveAttribute('dir', 'ltr');
    expect(selectQuoteLines(store.getState()).find((line) => line.productId === CABLE.id)?.quantity).toBe(210);
  });

  it('sends the page’s language and shows the reference in Arabic, left to right', async () => {
    const store = renderPage();
    await screen.findByText(arabicName(CABLE.id));
    fillForm();
    send();
    expect(await screen.findByRole('heading', { level: 2, name: ar['contact.quote.sent.heading'] })).toBeInTheDocument();
    const body = (await requestsSentWithBodies()).find(({ request }) => request === `POST ${QUOTE_REQUESTS_API_PATH}`)?.body as Record<string, unknown>;
    expect(body).toMatchObject({ language: 'ar', branch: 'Dubai', companyName: 'شركة الخليج للبناء', lines: [{ productId: CABLE.id, quantity: 200 }, { productId: WIRE.id, quantity: 3 }] });
    expect(screen.getByText('RFQ-2026-000124')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByText(/الرقم المرجعي/)).toHaveTextContent('الرقم المرجعي لطلبك هو RFQ-2026-000124.');
    expect(screen.getByText('200 متر')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: ar['contact.quote.sent.pdf'] })).toHaveAttribute('href', '/api/quote-requests/RFQ-2026-000124.pdf?key=k');
    expect(selectQuoteLines(store.getState())).toEqual([]);
    expect(document.body.textContent).not.toMatch(/[٠-٩]/);
  });

  it('shows the Arabic texts for a refusal, a rate limit and a failure, never the server’s English', async () => {
    server.use(http.post(QUOTE_REQUESTS_API_PATH, () => HttpResponse.json({ error: 'phone is required' }, { status: 400 }), { once: true }));
    renderPage();
    await screen.findByText(arabicName(CABLE.id));
    send();
    expect(screen.getByRole('alert')).toHaveTextContent(ar['contact.quote.error.required']);
    fillForm();
    send();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(ar['contact.quote.error.refused']));
    expect(screen.getByRole('alert')).not.toHaveTextContent('phone is required');
    server.use(http.post(QUOTE_REQUESTS_API_PATH, () => HttpResponse.json({ error: 'Too many requests' }, { status: 429 }), { once: true }));
    send();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(ar['contact.quote.error.rateLimited']));
    server.use(http.post(QUOTE_REQUESTS_API_PATH, () => HttpResponse.error(), { once: true }));
    send();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(ar['contact.quote.error.failed']));
    expect(textbox(ar['contact.quote.form.companyName'])).toHaveValue('شركة الخليج للبناء');
  });
});
