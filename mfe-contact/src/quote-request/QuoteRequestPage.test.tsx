// The request page /request-quote: first the cases run for each edition, with that edition's texts (on an Arabic page
// the lines named from the Arabic catalogue, every text in Arabic, codes and the reference left to right, the page's
// language sent, the Arabic failure texts); then the English behaviour: the basket's lines (edit, remove, clear),
// "Paste a list", the form's checks, what is posted, and what each answer of the server shows.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { requestsSent, requestsSentWithBodies, server } from '@test/msw';
import { renderInSite } from '@test/render';
import { CATALOGUE_LOOKUP_API_PATH, QUOTE_REQUESTS_API_PATH } from '@site/contracts/api';
import { BASKET_API } from '@site/contracts/basket-api';
import { normalizedProductCode } from '@site/content/validation';
import {
  localizedFetch,
  makeStore,
  persistQuoteBasket,
  QUOTE_BASKET_STORAGE_KEY,
  quoteBasketRestored,
  selectQuoteLines,
  type AppStore,
  type QuoteLine,
} from '@site/shared-store';
import { ARABIC_PRODUCTS, ENGLISH_PRODUCTS, contactHandlers, productHandlers } from '../testing/handlers';
import QuoteRequestPage from './QuoteRequestPage';
import { selectLookedUp, selectQuoteProductsStatus } from './quoteProductsSlice';
import { CABLE, CW_GLAND, LSZH_CABLE, OTHER_WIRE, WIRE, lineOf, sizeLineOf } from '../testing/quoteLines';

const PDF_URL = '/api/quote-requests/RFQ-OM-2026-000123.pdf?key=abc';
/** A needed-by date the form takes whatever day the test runs: a month from now. */
const NEXT_MONTH = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

beforeEach(() => {
  server.use(
    ...productHandlers,
    http.post(QUOTE_REQUESTS_API_PATH, () =>
      HttpResponse.json({ ok: true, reference: 'RFQ-OM-2026-000123', pdfUrl: PDF_URL }),
    ),
  );
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const DEFAULT_LINES = [lineOf(CABLE, 200), lineOf(WIRE, 3)];

function renderPage(lines: QuoteLine[] | null = DEFAULT_LINES) {
  const store: AppStore = makeStore(undefined, { fetch: localizedFetch('en', (input, init) => fetch(input, init)) });
  if (lines !== null) store.dispatch(quoteBasketRestored(lines));
  renderInSite(<QuoteRequestPage />, { route: '/request-quote', store });
  return store;
}

const quantities = (store: AppStore) =>
  Object.fromEntries(selectQuoteLines(store.getState()).map((line) => [line.code, line.quantity]));
const textbox = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
const type = (name: string, value: string) => fireEvent.change(textbox(name), { target: { value } });
const alert = () => screen.getByRole('alert');
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
/** The basket's lines' codes and product ids, as the server compares codes, each once: what the page looks up. */
const keysOf = (lines: QuoteLine[]) =>
  [...new Set(lines.flatMap((line) => [line.code, line.productId]).map(normalizedProductCode))].join(',');
/** The look-up the page makes for the basket's lines: their codes and ids, never the whole catalogue. */
const lookupOf = (lines: QuoteLine[]) => `GET ${CATALOGUE_LOOKUP_API_PATH}?codes=${keysOf(lines)}`;
/** Waits for the basket's products to be looked up and their answer applied; nothing under /data is downloaded. */
async function basketLookedUp(store: AppStore, lines: QuoteLine[] = DEFAULT_LINES) {
  await waitFor(() => expect(selectQuoteProductsStatus(store.getState())).toBe('succeeded'));
  expect(requestsSent().filter((request) => request.includes(CATALOGUE_LOOKUP_API_PATH))).toEqual(
    lines.length === 0 ? [] : [lookupOf(lines)],
  );
  expect(requestsSent().filter((request) => request.includes('/data/'))).toEqual([]);
}

function fillForm() {
  type('Company', 'Gulf Build LLC');
  type('Your name', 'Aisha Rahman');
  type('Email', 'aisha@example.com');
  type('Phone', '+971 50 123 4567');
  type('23 - 14 = ?', '9');
}

/** What each edition's request page shows: the same page, its texts in the page's language. */
const EDITIONS = [
  {
    locale: 'en' as const,
    products: ENGLISH_PRODUCTS,
    heading: 'Request a Quote',
    linesCaption: 'Products to quote',
    quantityOf: (name: string) => `Quantity of ${name}`,
    remove: (name: string) => `Remove ${name}`,
    neededBy: 'Needed by',
    /** The look-up's language: an English page asks without one. */
    lookupLanguage: '',
    branches: ['Dubai', 'Oman', 'Bahrain', 'Saudi Arabia'],
    form: {
      companyName: 'Company',
      name: 'Your name',
      email: 'Email',
      phone: 'Phone',
      humanCheck: '23 - 14 = ?',
      send: 'Send request',
    },
    values: { companyName: 'Gulf Build LLC', name: 'Aisha Rahman', answer: '9' },
    paste: {
      label: 'Paste a list',
      add: 'Add from list',
      tenMore: '10',
      addedOne: 'Added 1 product from your list.',
      notRecognised: 'Not recognised:',
      refused: 'Quantity not accepted:',
      wholeCoils: 'Enter a whole number of coils.',
    },
    basketAccount: {
      offer: 'Signed in to your account? Keep this basket there, the same on every device.',
      connect: 'Keep this basket in your account',
      href: '/basket/connect',
    },
    sent: {
      heading: 'Request sent',
      reference: /Your reference is/,
      referenceText: 'Your reference is RFQ-AE-2026-000124.',
      metres: '200 metres',
      pdf: 'Download PDF',
      account: ['Sign in with your e-mail', '/account'],
    },
    errors: {
      required: 'Please fill in all required fields (Company, Your name, Email, Phone).',
      refused: 'Please check the highlighted fields.',
      rateLimited: 'Too many requests. Please wait a minute and try again.',
      failed: 'Your request could not be sent. Please try again in a few minutes.',
    },
  },
  {
    locale: 'ar' as const,
    products: ARABIC_PRODUCTS,
    heading: 'طلب عرض سعر',
    linesCaption: 'المنتجات المطلوب تسعيرها',
    quantityOf: (name: string) => `كمية ${name}`,
    remove: (name: string) => `إزالة ${name}`,
    neededBy: 'مطلوب بحلول',
    lookupLanguage: '&lang=ar',
    branches: ['دبي', 'عُمان', 'البحرين', 'المملكة العربية السعودية'],
    form: {
      companyName: 'الشركة',
      name: 'اسمك',
      email: 'البريد الإلكتروني',
      phone: 'رقم الهاتف',
      humanCheck: 'ما ناتج \u206623 - 14\u2069؟',
      send: 'إرسال الطلب',
    },
    // the answer typed with Arabic-Indic digits
    values: { companyName: 'شركة الخليج للبناء', name: 'عائشة الرحمن', answer: '٩' },
    paste: {
      label: 'لصق قائمة',
      add: 'إضافة من القائمة',
      // a quantity pasted in Arabic-Indic digits
      tenMore: '١٠',
      addedOne: 'أُضيف منتج واحد من قائمتك.',
      notRecognised: 'لم يُتعرّف على:',
      refused: 'كمية غير مقبولة:',
      wholeCoils: 'أدخل عددًا صحيحًا بوحدة «لفة».',
    },
    basketAccount: {
      offer: 'هل سجّلت الدخول إلى حسابك؟ احفظ هذه السلة فيه لتبقى هي نفسها على كل جهاز.',
      connect: 'احفظ هذه السلة في حسابك',
      href: '/basket/connect?lang=ar',
    },
    sent: {
      heading: 'تم إرسال الطلب',
      reference: /الرقم المرجعي/,
      referenceText: 'الرقم المرجعي لطلبك هو RFQ-AE-2026-000124.',
      metres: '200 متر',
      pdf: 'تنزيل ملف PDF',
      account: ['ادخل ببريدك الإلكتروني', '/ar/account'],
    },
    errors: {
      required: 'يُرجى تعبئة جميع الحقول المطلوبة (الشركة، اسمك، البريد الإلكتروني، رقم الهاتف).',
      refused: 'يُرجى مراجعة الحقول المحددة.',
      rateLimited: 'طلبات كثيرة جدًا. يُرجى الانتظار دقيقة ثم المحاولة مرة أخرى.',
      failed: 'تعذّر إرسال طلبك. يُرجى المحاولة مرة أخرى بعد بضع دقائق.',
    },
  },
];

describe.each(EDITIONS)('the request page in each edition ($locale)', (edition) => {
  const nameOf = (id: string) => edition.products.find((product) => product.id === id)!.productName;
  const { form } = edition;

  beforeEach(() => {
    server.use(
      ...contactHandlers,
      http.post(QUOTE_REQUESTS_API_PATH, () =>
        HttpResponse.json({
          ok: true,
          reference: 'RFQ-AE-2026-000124',
          pdfUrl: '/api/quote-requests/RFQ-AE-2026-000124.pdf?key=k',
        }),
      ),
    );
  });

  function renderEdition() {
    const store: AppStore = makeStore(undefined, {
      fetch: localizedFetch(edition.locale, (input, init) => fetch(input, init)),
    });
    // seen on the English site: an Arabic page names them in Arabic once the Arabic catalogue is there
    store.dispatch(quoteBasketRestored([lineOf(CABLE, 200), lineOf(WIRE, 3)]));
    renderInSite(<QuoteRequestPage />, { route: '/request-quote', locale: edition.locale, store });
    return store;
  }

  const sendRequest = () => fireEvent.click(screen.getByRole('button', { name: form.send }));

  function fillEditionForm() {
    type(form.companyName, edition.values.companyName);
    type(form.name, edition.values.name);
    type(form.email, 'aisha@example.com');
    type(form.phone, '+971 50 123 4567');
    type(form.humanCheck, edition.values.answer);
  }

  it("names the lines from the edition's catalogue, in its texts, codes left to right", async () => {
    renderEdition();
    expect(screen.getByRole('heading', { level: 1, name: edition.heading })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: edition.linesCaption });
    expect(await within(table).findByText(nameOf(CABLE.id))).toBeInTheDocument();
    // the basket's variants asked for in the page's language, by their codes and products' ids: never the whole catalogue
    expect(requestsSent()).toContain(
      `GET ${CATALOGUE_LOOKUP_API_PATH}?codes=${keysOf([lineOf(CABLE, 200), lineOf(WIRE, 3)])}${edition.lookupLanguage}`,
    );
    expect(within(table).getByRole('textbox', { name: edition.quantityOf(nameOf(WIRE.id)) })).toHaveValue('3');
    expect(within(table).getByText(CABLE.code).closest('bdi')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByRole('button', { name: edition.remove(nameOf(CABLE.id)) })).toBeInTheDocument();
    expect(screen.getByLabelText(edition.neededBy)).toHaveAttribute('dir', 'ltr');
    // the branches as the edition's contact page names them, sending the server's names
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(edition.branches),
    );
    expect(screen.getAllByRole<HTMLOptionElement>('option').map((option) => option.value)).toEqual([
      'Dubai',
      'Oman',
      'Bahrain',
      'Saudi Arabia',
    ]);
  });

  it("offers to keep the basket in the buyer's account: a plain link to the server's hand-off, in the edition", async () => {
    renderEdition();
    const link = screen.getByRole('link', { name: edition.basketAccount.connect });
    expect(link).toHaveAttribute('href', edition.basketAccount.href);
    expect(link.closest('p')).toHaveTextContent(`${edition.basketAccount.offer} ${edition.basketAccount.connect}`);
    await screen.findByText(nameOf(CABLE.id));
  });

  it("adds a pasted list and lists, in the edition's language, the unknown line and the refused quantity", async () => {
    const store = renderEdition();
    await screen.findByText(nameOf(CABLE.id));
    fireEvent.change(textbox(edition.paste.label), {
      target: { value: `${CABLE.code} ${edition.paste.tenMore}\nXYZ-000 5\n${OTHER_WIRE.code} 2.5` },
    });
    fireEvent.click(screen.getByRole('button', { name: edition.paste.add }));
    const status = within(screen.getByRole('form', { name: edition.paste.label })).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent(edition.paste.addedOne));
    expect(status).toHaveTextContent(`${edition.paste.notRecognised}XYZ-000 5`);
    expect(status).toHaveTextContent(`${edition.paste.refused}${OTHER_WIRE.code} 2.5: ${edition.paste.wholeCoils}`);
    expect(within(status).getByText('XYZ-000 5')).toHaveAttribute('dir', 'ltr');
    expect(selectQuoteLines(store.getState()).find((line) => line.code === CABLE.code)?.quantity).toBe(210);
  });

  it('sends the page’s language and shows the reference in its language, left to right', async () => {
    const store = renderEdition();
    await screen.findByText(nameOf(CABLE.id));
    fillEditionForm();
    sendRequest();
    expect(await screen.findByRole('heading', { level: 2, name: edition.sent.heading })).toBeInTheDocument();
    const body = (await requestsSentWithBodies()).find(({ request }) => request === `POST ${QUOTE_REQUESTS_API_PATH}`)
      ?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      language: edition.locale,
      branch: 'Dubai',
      companyName: edition.values.companyName,
      lines: [
        { productId: CABLE.id, code: CABLE.code, quantity: 200 },
        { productId: WIRE.id, code: WIRE.code, quantity: 3 },
      ],
    });
    expect(screen.getByText('RFQ-AE-2026-000124')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByText(edition.sent.reference)).toHaveTextContent(edition.sent.referenceText);
    expect(screen.getByText(edition.sent.metres)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: edition.sent.pdf })).toHaveAttribute(
      'href',
      '/api/quote-requests/RFQ-AE-2026-000124.pdf?key=k',
    );
    // the request is in the buyer's account already: the way there, in the edition
    const [accountLink, accountPath] = edition.sent.account;
    expect(screen.getByRole('link', { name: accountLink })).toHaveAttribute('href', accountPath);
    expect(selectQuoteLines(store.getState())).toEqual([]);
    // the figures in Western digits
    expect(document.body.textContent).not.toMatch(/[٠-٩]/);
  });

  it("shows the edition's texts for a refusal, a rate limit and a failure (an Arabic page never the server's English)", async () => {
    server.use(
      http.post(QUOTE_REQUESTS_API_PATH, () => HttpResponse.json({ error: 'phone is required' }, { status: 400 }), {
        once: true,
      }),
    );
    renderEdition();
    await screen.findByText(nameOf(CABLE.id));
    sendRequest();
    expect(screen.getByRole('alert')).toHaveTextContent(edition.errors.required);
    fillEditionForm();
    sendRequest();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(edition.errors.refused));
    // the English page adds the server's reason; the Arabic one cannot (the server words it in English)
    if (edition.locale === 'ar') expect(screen.getByRole('alert')).not.toHaveTextContent('phone is required');
    else expect(screen.getByRole('alert')).toHaveTextContent('phone is required');
    server.use(
      http.post(QUOTE_REQUESTS_API_PATH, () => HttpResponse.json({ error: 'Too many requests' }, { status: 429 }), {
        once: true,
      }),
    );
    sendRequest();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(edition.errors.rateLimited));
    server.use(http.post(QUOTE_REQUESTS_API_PATH, () => HttpResponse.error(), { once: true }));
    sendRequest();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(edition.errors.failed));
    expect(textbox(form.companyName)).toHaveValue(edition.values.companyName);
  });
});

describe('the request page', () => {
  it('keeps the lines’ place, silent, until the stored basket is read; then shows the lines', async () => {
    const store = renderPage(null);
    expect(screen.getByRole('heading', { level: 1, name: 'Request a Quote' })).toBeInTheDocument();
    const area = screen.getByRole('region', { name: 'Products to quote' });
    expect(area).toBeEmptyDOMElement();
    expect(area).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Your quote basket is empty.')).toBeNull();
    act(() => void store.dispatch(quoteBasketRestored([lineOf(CABLE, 200)])));
    const table = screen.getByRole('table', { name: 'Products to quote' });
    expect(within(table).getByText('OC-SWA-416').closest('bdi')).toHaveAttribute('dir', 'ltr');
    expect(within(table).getByRole('textbox', { name: `Quantity of ${CABLE.productName}` })).toHaveValue('200');
    expect(within(table).getByText('metres')).toBeInTheDocument();
    await basketLookedUp(store, [lineOf(CABLE, 200)]);
  });

  it('shows the empty basket with a link to the products', async () => {
    const store = renderPage([]);
    expect(screen.getByText('Your quote basket is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/our-products');
    expect(screen.queryByRole('button', { name: 'Clear basket' })).toBeNull();
    await basketLookedUp(store, []);
  });

  it('changes a quantity as typed, refuses one the unit does not take, and does not send while it is wrong', async () => {
    const store = renderPage();
    await basketLookedUp(store);
    type(`Quantity of ${CABLE.productName}`, '250.5');
    expect(quantities(store)[CABLE.code]).toBe(250.5);
    type(`Quantity of ${WIRE.productName}`, '2.5');
    expect(screen.getByText('Enter a whole number of coils.')).toBeInTheDocument();
    expect(textbox(`Quantity of ${WIRE.productName}`)).toHaveAttribute('aria-invalid', 'true');
    expect(quantities(store)[WIRE.code]).toBe(3);
    fillForm();
    send();
    expect(alert()).toHaveTextContent('Please correct the quantities marked in the list.');
    expect(requestsSent()).not.toContain(`POST ${QUOTE_REQUESTS_API_PATH}`);
  });

  it('removes a line, and clears the basket after asking', async () => {
    const store = renderPage([lineOf(CABLE, 200), lineOf(WIRE, 3), lineOf(LSZH_CABLE, 10)]);
    await basketLookedUp(store, [lineOf(CABLE, 200), lineOf(WIRE, 3), lineOf(LSZH_CABLE, 10)]);
    fireEvent.click(screen.getByRole('button', { name: `Remove ${WIRE.productName}` }));
    expect(Object.keys(quantities(store))).toEqual([CABLE.code, LSZH_CABLE.code]);
    expect(screen.getAllByRole('row')).toHaveLength(3);

    fireEvent.click(screen.getByRole('button', { name: 'Clear basket' }));
    expect(screen.getByRole('group', { name: 'Remove all products from your quote?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keep' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(selectQuoteLines(store.getState())).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Clear basket' })).toHaveFocus();

    fireEvent.click(screen.getByRole('button', { name: 'Clear basket' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(selectQuoteLines(store.getState())).toEqual([]);
    expect(screen.getByText('Your quote basket is empty.')).toBeInTheDocument();
  });

  it('adds a pasted list: known codes and ids added, an unknown code and a refused quantity listed', async () => {
    const store = renderPage([lineOf(WIRE, 3)]);
    await basketLookedUp(store, [lineOf(WIRE, 3)]);
    const pasted = [
      `${WIRE.code.toLowerCase()}\t2`,
      'XYZ-000 5',
      `${LSZH_CABLE.id}, 12.5`,
      `${OTHER_WIRE.code} 2.5`,
    ].join('\n');
    fireEvent.change(textbox('Paste a list'), { target: { value: pasted } });
    expect(textbox('Paste a list')).toHaveAccessibleDescription(
      'One product per line: its code and the quantity, as copied from a spreadsheet.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add from list' }));

    const status = within(screen.getByRole('form', { name: 'Paste a list' })).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Added 2 products from your list.'));
    // only the pasted codes were asked for, each once, as the server compares them
    expect(requestsSent()).toContain(
      `GET ${CATALOGUE_LOOKUP_API_PATH}?codes=${[WIRE.code, 'XYZ-000', LSZH_CABLE.id, OTHER_WIRE.code].map(normalizedProductCode).join(',')}`,
    );
    expect(status).toHaveTextContent('Not recognised:XYZ-000 5');
    expect(status).toHaveTextContent(`Quantity not accepted:${OTHER_WIRE.code} 2.5: Enter a whole number of coils.`);
    expect(quantities(store)).toEqual({ [WIRE.code]: 5, [LSZH_CABLE.code]: 12.5 });
    expect(screen.getByRole('textbox', { name: `Quantity of ${LSZH_CABLE.productName}` })).toHaveValue('12.5');
    // what needs the buyer's eye stays in the box
    expect(textbox('Paste a list')).toHaveValue(`XYZ-000 5\n${OTHER_WIRE.code} 2.5`);
  });

  it("adds the list the address names (the account's “Request again”) once the basket is read, says what it could not add, and drops it from the address", async () => {
    const store: AppStore = makeStore(undefined, { fetch: localizedFetch('en', (input, init) => fetch(input, init)) });
    const list = `${LSZH_CABLE.code} 40\nXYZ-000 5`;
    renderInSite(<QuoteRequestPage />, { route: `/request-quote?x=1&list=${encodeURIComponent(list)}`, store });
    // nothing is added before the stored basket is read: it would be written over
    expect(selectQuoteLines(store.getState())).toEqual([]);
    act(() => {
      store.dispatch(quoteBasketRestored([lineOf(WIRE, 3)]));
    });
    const status = within(screen.getByRole('form', { name: 'Paste a list' })).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Added 1 product from your list.'));
    expect(status).toHaveTextContent('Not recognised:XYZ-000 5');
    expect(quantities(store)).toEqual({ [WIRE.code]: 3, [LSZH_CABLE.code]: 40 });
    expect(textbox('Paste a list')).toHaveValue('XYZ-000 5');
    // the address keeps the rest of its query; a reload adds nothing twice
    expect(screen.getByTestId('current-search')).toHaveTextContent(/^\?x=1$/);
  });

  it("offers a withdrawn part's successor (its related parts' alternative) and adds it in the line's place, at the line's quantity", async () => {
    // the look-up names OLD-1 as withdrawn, the cable as what replaces it; any other look-up is the catalogue's
    server.use(
      http.get(CATALOGUE_LOOKUP_API_PATH, ({ request }) => {
        if (!new URL(request.url).searchParams.get('codes')?.split(',').includes('old1')) return undefined;
        return HttpResponse.json({
          products: [],
          withdrawn: [
            {
              id: 'old_cable',
              code: 'OLD-1',
              productName: 'Old cable',
              successors: [{ code: LSZH_CABLE.code, productName: LSZH_CABLE.productName }],
            },
          ],
        });
      }),
    );
    const store = renderPage([lineOf(WIRE, 3)]);
    await basketLookedUp(store, [lineOf(WIRE, 3)]);
    fireEvent.change(textbox('Paste a list'), { target: { value: 'OLD-1 40\nXYZ-000 5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add from list' }));
    const status = within(screen.getByRole('form', { name: 'Paste a list' })).getByRole('status');
    await waitFor(() =>
      expect(status).toHaveTextContent(`No longer available:OLD-1 40Its successor: ${LSZH_CABLE.productName}`),
    );
    expect(quantities(store)).toEqual({ [WIRE.code]: 3 });

    fireEvent.click(within(status).getByRole('button', { name: `Add ${LSZH_CABLE.code} instead` }));
    await waitFor(() => expect(status).toHaveTextContent('Added 1 product from your list.'));
    expect(quantities(store)).toEqual({ [WIRE.code]: 3, [LSZH_CABLE.code]: 40 });
    expect(status).toHaveTextContent('Not recognised:XYZ-000 5');
    expect(status).not.toHaveTextContent('No longer available');
    expect(textbox('Paste a list')).toHaveValue('XYZ-000 5');
  });

  it('says when a pasted list cannot be matched, keeping the list and the basket as they were', async () => {
    const store = renderPage([lineOf(WIRE, 3)]);
    await basketLookedUp(store, [lineOf(WIRE, 3)]);
    server.use(
      http.get(CATALOGUE_LOOKUP_API_PATH, () => HttpResponse.json({ error: 'Service unavailable' }, { status: 503 })),
    );
    fireEvent.change(textbox('Paste a list'), { target: { value: `${CABLE.code} 10` } });
    fireEvent.click(screen.getByRole('button', { name: 'Add from list' }));
    const status = within(screen.getByRole('form', { name: 'Paste a list' })).getByRole('status');
    expect(status).toHaveTextContent('Finding the products in your list…');
    await waitFor(() =>
      expect(status).toHaveTextContent(
        'The catalogue could not be reached, so the list cannot be matched just now. Please try again later.',
      ),
    );
    expect(textbox('Paste a list')).toHaveValue(`${CABLE.code} 10`);
    expect(quantities(store)).toEqual({ [WIRE.code]: 3 });
  });

  it('checks the form before sending: required fields, the e-mail, the human check, at least one product', async () => {
    const store = renderPage([]);
    await basketLookedUp(store, []);
    send();
    expect(alert()).toHaveTextContent('Please fill in all required fields (Company, Your name, Email, Phone).');
    fillForm();
    type('Email', 'aisha@example');
    send();
    expect(alert()).toHaveTextContent('Please enter a valid email address');
    type('Email', 'aisha@example.com');
    type('23 - 14 = ?', '8');
    send();
    expect(alert()).toHaveTextContent('Incorrect answer to the equation. Please try again.');
    type('23 - 14 = ?', '9');
    send();
    expect(alert()).toHaveTextContent('Add at least one product to your quote.');
    expect(requestsSent()).not.toContain(`POST ${QUOTE_REQUESTS_API_PATH}`);
  });

  it('posts the lines and details, then shows the reference, the summary, print and PDF, and empties the basket', async () => {
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    const store = renderPage();
    await basketLookedUp(store);
    fillForm();
    fireEvent.change(screen.getByRole('combobox', { name: 'Branch' }), { target: { value: 'Oman' } });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Dubai',
      'Oman',
      'Bahrain',
      'Saudi Arabia',
    ]);
    type('Delivery city', ' Sohar ');
    fireEvent.change(screen.getByLabelText('Needed by'), { target: { value: NEXT_MONTH } });
    type('Notes', 'Deliver to site gate 3.');
    send();

    expect(await screen.findByRole('heading', { level: 2, name: 'Request sent' })).toHaveFocus();
    const body = (await requestsSentWithBodies()).find(
      ({ request }) => request === `POST ${QUOTE_REQUESTS_API_PATH}`,
    )?.body;
    expect(body).toEqual({
      lines: [
        { productId: CABLE.id, code: CABLE.code, quantity: 200 },
        { productId: WIRE.id, code: WIRE.code, quantity: 3 },
      ],
      companyName: 'Gulf Build LLC',
      name: 'Aisha Rahman',
      email: 'aisha@example.com',
      phone: '+971 50 123 4567',
      branch: 'Oman',
      deliveryCity: 'Sohar',
      neededBy: NEXT_MONTH,
      notes: 'Deliver to site gate 3.',
      language: 'en',
      website: '',
    });
    expect(screen.getByText('RFQ-OM-2026-000123')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByText(/Your reference is/)).toHaveTextContent('Your reference is RFQ-OM-2026-000123.');
    const summary = screen.getByRole('table', { name: 'Products to quote' });
    expect(within(summary).getByText('200 metres')).toBeInTheDocument();
    expect(within(summary).getByText('3 coils')).toBeInTheDocument();
    expect(screen.getByText('Sohar')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', PDF_URL);
    fireEvent.click(screen.getByRole('button', { name: 'Print summary' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(selectQuoteLines(store.getState())).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Send request' })).toBeNull();
  });

  it('keeps the form and the basket when the send fails', async () => {
    server.use(
      http.post(QUOTE_REQUESTS_API_PATH, () => HttpResponse.json({ error: 'Service unavailable' }, { status: 503 })),
    );
    const store = renderPage();
    await basketLookedUp(store);
    fillForm();
    send();
    await waitFor(() =>
      expect(alert()).toHaveTextContent('Your request could not be sent. Please try again in a few minutes.'),
    );
    expect(textbox('Company')).toHaveValue('Gulf Build LLC');
    expect(textbox('23 - 14 = ?')).toHaveValue('9');
    expect(selectQuoteLines(store.getState())).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Send request' })).toBeEnabled();
  });

  it('says to wait when the server limits the rate, and shows the server’s reason for a refusal', async () => {
    server.use(
      http.post(QUOTE_REQUESTS_API_PATH, () => HttpResponse.json({ error: 'Too many requests' }, { status: 429 }), {
        once: true,
      }),
    );
    const store = renderPage();
    await basketLookedUp(store);
    fillForm();
    send();
    await waitFor(() => expect(alert()).toHaveTextContent('Too many requests. Please wait a minute and try again.'));
    server.use(
      http.post(
        QUOTE_REQUESTS_API_PATH,
        () => HttpResponse.json({ error: 'neededBy must not be in the past' }, { status: 400 }),
        { once: true },
      ),
    );
    send();
    await waitFor(() =>
      expect(alert()).toHaveTextContent('Please check the highlighted fields.neededBy must not be in the past'),
    );
  });

  it('refuses a needed-by date before today or over two years ahead without sending; the picker offers only the range', async () => {
    const store = renderPage();
    await basketLookedUp(store);
    fillForm();
    const date = screen.getByLabelText('Needed by');
    const today = new Date();
    const local = (time: number) => new Date(time).toISOString().slice(0, 10);
    expect(date).toHaveAttribute('min', local(Date.UTC(today.getFullYear(), today.getMonth(), today.getDate())));
    expect(date).toHaveAttribute('max');
    for (const refused of ['2020-01-01', `${today.getFullYear() + 3}-01-01`]) {
      fireEvent.change(date, { target: { value: refused } });
      send();
      await waitFor(() =>
        expect(alert()).toHaveTextContent('Please choose a needed-by date from today up to two years ahead.'),
      );
      expect(date).toHaveAttribute('aria-invalid', 'true');
    }
    expect(requestsSent()).not.toContain(`POST ${QUOTE_REQUESTS_API_PATH}`);
    fireEvent.change(date, { target: { value: NEXT_MONTH } });
    send();
    expect(await screen.findByRole('heading', { level: 2, name: 'Request sent' })).toBeInTheDocument();
  });

  it("says a withdrawn product's line is no longer available, and sends the request without it", async () => {
    // the look-up names the wire as withdrawn (archived): its line stays, without a quantity field
    server.use(
      http.get(CATALOGUE_LOOKUP_API_PATH, () =>
        HttpResponse.json({
          products: [CABLE],
          withdrawn: [{ id: WIRE.id, code: WIRE.code, productName: WIRE.productName }],
        }),
      ),
    );
    const store = renderPage();
    await waitFor(() => expect(selectQuoteProductsStatus(store.getState())).toBe('succeeded'));
    const table = screen.getByRole('table', { name: 'Products to quote' });
    const wireRow = within(table).getByText(WIRE.productName).closest('tr')!;
    expect(within(wireRow).getByText('No longer available')).toBeInTheDocument();
    expect(within(wireRow).queryByRole('textbox')).toBeNull();
    expect(within(wireRow).getByRole('button', { name: `Remove ${WIRE.productName}` })).toBeInTheDocument();
    expect(Object.keys(quantities(store))).toEqual([CABLE.code, WIRE.code]);
    fillForm();
    fireEvent.change(screen.getByRole('combobox', { name: 'Branch' }), { target: { value: 'Oman' } });
    fireEvent.change(screen.getByLabelText('Needed by'), { target: { value: NEXT_MONTH } });
    send();
    expect(await screen.findByRole('heading', { level: 2, name: 'Request sent' })).toBeInTheDocument();
    const body = (await requestsSentWithBodies()).find(({ request }) => request === `POST ${QUOTE_REQUESTS_API_PATH}`)
      ?.body as { lines: unknown[] };
    expect(body.lines).toEqual([{ productId: CABLE.id, code: CABLE.code, quantity: 200 }]);
  });
});

describe('the request page with sizes of one product (orderable variants)', () => {
  const rowOf = (code: string) =>
    within(screen.getByRole('table', { name: 'Products to quote' }))
      .getByText(code)
      .closest('tr')!;

  it('shows two sizes of the gland as two lines, each with its code and size, and sends both codes', async () => {
    const lines = [sizeLineOf('HEX-CW-25', 'Size 25 (M25)', 100), sizeLineOf('HEX-CW-32', 'Size 32 (M32)', 50)];
    const store = renderPage(lines);
    await basketLookedUp(store, lines);
    expect(within(rowOf('HEX-CW-25')).getByText(`${CW_GLAND.productName} – Size 25 (M25)`)).toBeInTheDocument();
    expect(within(rowOf('HEX-CW-32')).getByText(`${CW_GLAND.productName} – Size 32 (M32)`)).toBeInTheDocument();
    type(`Quantity of ${CW_GLAND.productName} – Size 32 (M32)`, '60');
    expect(quantities(store)).toEqual({ 'HEX-CW-25': 100, 'HEX-CW-32': 60 });
    fillForm();
    send();
    expect(await screen.findByRole('heading', { level: 2, name: 'Request sent' })).toBeInTheDocument();
    const body = (await requestsSentWithBodies()).find(({ request }) => request === `POST ${QUOTE_REQUESTS_API_PATH}`)
      ?.body as { lines: unknown[] };
    expect(body.lines).toEqual([
      { productId: CW_GLAND.id, code: 'HEX-CW-25', quantity: 100 },
      { productId: CW_GLAND.id, code: 'HEX-CW-32', quantity: 60 },
    ]);
    const summary = screen.getByRole('table', { name: 'Products to quote' });
    expect(within(summary).getByText(`${CW_GLAND.productName} – Size 32 (M32)`)).toBeInTheDocument();
    expect(within(summary).getByText('60 pieces')).toBeInTheDocument();
  });

  it("says when a size's quantity is not whole packs, with the whole packs either side", async () => {
    const lines = [sizeLineOf('HEX-CW-25', 'Size 25 (M25)', 100), sizeLineOf('HEX-CW-32', 'Size 32 (M32)', 62)];
    const store = renderPage(lines);
    await basketLookedUp(store, lines);
    // 100 of packs of 10: nothing to say; 62 of packs of 5: 60 or 65
    expect(within(rowOf('HEX-CW-25')).queryByText(/^Sold in packs/)).toBeNull();
    expect(
      within(rowOf('HEX-CW-32')).getByText(
        'Sold in packs of 5: this is not a whole number of packs. 60 or 65 would be.',
      ),
    ).toBeInTheDocument();
    type(`Quantity of ${CW_GLAND.productName} – Size 32 (M32)`, '3');
    expect(within(rowOf('HEX-CW-32')).getByText('Sold in packs of 5: this is less than one pack.')).toBeInTheDocument();
    type(`Quantity of ${CW_GLAND.productName} – Size 32 (M32)`, '65');
    expect(within(rowOf('HEX-CW-32')).queryByText(/^Sold in packs/)).toBeNull();
    // the request goes as typed: the branch's quotation confirms the packs
    expect(quantities(store)).toEqual({ 'HEX-CW-25': 100, 'HEX-CW-32': 65 });
  });

  it("names a basket saved before variants by its product's first size, and says a withdrawn or unknown size is no longer available", async () => {
    // saved before variants: the product's code, no label; then a withdrawn size, and a code the gland no longer has
    const saved = { ...lineOf(CW_GLAND, 10), labels: {} };
    const lines = [saved, sizeLineOf('HEX-CW-40', 'Size 40 (M40)', 5), sizeLineOf('HEX-CW-99', 'Size 99', 7)];
    const store = renderPage(lines);
    await basketLookedUp(store, lines);
    await waitFor(() =>
      expect(within(rowOf('HEX-CW-20S')).getByText(`${CW_GLAND.productName} – Size 20S (M20)`)).toBeInTheDocument(),
    );
    expect(
      within(rowOf('HEX-CW-20S')).getByRole('textbox', {
        name: `Quantity of ${CW_GLAND.productName} – Size 20S (M20)`,
      }),
    ).toHaveValue('10');
    for (const code of ['HEX-CW-40', 'HEX-CW-99']) {
      expect(within(rowOf(code)).getByText('No longer available')).toBeInTheDocument();
      expect(within(rowOf(code)).queryByRole('textbox')).toBeNull();
    }
    fillForm();
    send();
    expect(await screen.findByRole('heading', { level: 2, name: 'Request sent' })).toBeInTheDocument();
    const body = (await requestsSentWithBodies()).find(({ request }) => request === `POST ${QUOTE_REQUESTS_API_PATH}`)
      ?.body as { lines: unknown[] };
    expect(body.lines).toEqual([{ productId: CW_GLAND.id, code: 'HEX-CW-20S', quantity: 10 }]);
  });

  it('adds pasted sizes by their codes, each its own line, and names a withdrawn size as no longer available', async () => {
    const store = renderPage([lineOf(WIRE, 3)]);
    await basketLookedUp(store, [lineOf(WIRE, 3)]);
    fireEvent.change(textbox('Paste a list'), {
      target: { value: 'hex-cw-25 100\nHEX-CW-40 5\nHEX CW 32\t50\nHEX-CW-25 20' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add from list' }));
    const status = within(screen.getByRole('form', { name: 'Paste a list' })).getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Added 3 products from your list.'));
    expect(status).toHaveTextContent('No longer available:HEX-CW-40 5');
    expect(status).not.toHaveTextContent('Not recognised');
    expect(quantities(store)).toEqual({ [WIRE.code]: 3, 'HEX-CW-25': 120, 'HEX-CW-32': 50 });
    expect(within(rowOf('HEX-CW-32')).getByText(`${CW_GLAND.productName} – Size 32 (M32)`)).toBeInTheDocument();
    expect(textbox('Paste a list')).toHaveValue('HEX-CW-40 5');
  });

  it('names the sizes in Arabic on an Arabic page', async () => {
    const store: AppStore = makeStore(undefined, { fetch: localizedFetch('ar', (input, init) => fetch(input, init)) });
    store.dispatch(quoteBasketRestored([sizeLineOf('HEX-CW-25', 'Size 25 (M25)', 100)]));
    renderInSite(<QuoteRequestPage />, { route: '/request-quote', locale: 'ar', store });
    const table = screen.getByRole('table', { name: 'المنتجات المطلوب تسعيرها' });
    const arabicName = ARABIC_PRODUCTS.find((product) => product.id === CW_GLAND.id)!.productName;
    expect(await within(table).findByText(`${arabicName} – المقاس 25 (M25)`)).toBeInTheDocument();
    expect(within(table).getByText('HEX-CW-25').closest('bdi')).toHaveAttribute('dir', 'ltr');
  });
});

describe("the request page with the basket kept in the buyer's account", () => {
  const KEPT = 'This basket is kept in your account: the same on every device you connect.';
  const CONNECT = 'Keep this basket in your account';
  let stops: (() => void)[] = [];

  afterEach(() => {
    stops.forEach((stop) => stop());
    stops = [];
    localStorage.clear();
    document.cookie = 'basket_linked=; Max-Age=0; Path=/';
  });

  /** A connected browser whose stored basket holds the cable; the account's holds the cable and the wire. */
  function renderConnected() {
    document.cookie = 'basket_linked=1; Path=/';
    localStorage.setItem(QUOTE_BASKET_STORAGE_KEY, JSON.stringify({ lines: [lineOf(CABLE, 200)] }));
    server.use(http.post(BASKET_API.merge, () => HttpResponse.json({ lines: [lineOf(CABLE, 200), lineOf(WIRE, 3)] })));
    const store = makeStore(undefined, { fetch: localizedFetch('en', (input, init) => fetch(input, init)) });
    // as the shell keeps it, before the page (which syncs it with the account)
    stops.push(persistQuoteBasket(store));
    renderInSite(<QuoteRequestPage />, { route: '/request-quote', store });
    return store;
  }

  it("shows the account's basket, says where it is kept, and keeps it on this device only when asked", async () => {
    server.use(http.post(BASKET_API.disconnect, () => new HttpResponse(null, { status: 204 })));
    const store = renderConnected();
    // the page reads the cookie once in the browser, and syncs the basket while it is open
    expect(await screen.findByText(KEPT)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: CONNECT })).toBeNull();
    // the account's wire, looked up and named as the page's own lines are
    const table = screen.getByRole('table', { name: 'Products to quote' });
    expect(await within(table).findByRole('textbox', { name: `Quantity of ${WIRE.productName}` })).toHaveValue('3');

    fireEvent.click(screen.getByRole('button', { name: 'Keep it on this device only' }));
    const link = await screen.findByRole('link', { name: CONNECT });
    expect(link).toHaveAttribute('href', '/basket/connect');
    expect(link.closest('p')).toHaveFocus();
    expect(screen.queryByText(KEPT)).toBeNull();
    expect(requestsSent()).toContain(`POST ${BASKET_API.disconnect}`);
    expect(document.cookie).not.toContain('basket_linked=1');
    // the basket stays as it is, in this browser only: its changes are not sent any more
    expect(Object.keys(quantities(store))).toEqual([CABLE.code, WIRE.code]);
    type(`Quantity of ${WIRE.productName}`, '4');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(requestsSent().filter((request) => request.includes('/api/basket'))).toEqual([
      `POST ${BASKET_API.merge}`,
      `POST ${BASKET_API.disconnect}`,
    ]);
  });

  it('says so and stays connected when the server could not be told', async () => {
    server.use(http.post(BASKET_API.disconnect, () => HttpResponse.error()));
    renderConnected();
    fireEvent.click(await screen.findByRole('button', { name: 'Keep it on this device only' }));
    expect(
      await screen.findByText(
        'This basket is still kept in your account: something went wrong. Please try again in a few minutes.',
      ),
    ).toHaveAttribute('role', 'alert');
    expect(screen.getByText(KEPT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keep it on this device only' })).toBeEnabled();
    expect(document.cookie).toContain('basket_linked=1');
    expect(await screen.findByRole('textbox', { name: `Quantity of ${WIRE.productName}` })).toHaveValue('3');
  });

  it("keeps a line that arrives while the page's look-up is on its way, looks it up and names it", async () => {
    // the catalogue answers for the wire only when the test says so
    let answerWire: () => void = () => undefined;
    const wireAnswered = new Promise<void>((resolve) => (answerWire = resolve));
    server.use(
      http.get(CATALOGUE_LOOKUP_API_PATH, async ({ request }) => {
        if (new URL(request.url).searchParams.get('codes') === keysOf([lineOf(WIRE, 3)])) await wireAnswered;
        return undefined; // then the catalogue's own answer (productHandlers)
      }),
    );
    const store = renderPage([lineOf(CABLE, 200)]);
    // the account's answer (or another tab's basket) lands before the catalogue has answered for the first lines
    act(
      () =>
        void store.dispatch(
          quoteBasketRestored([lineOf(CABLE, 200), { ...lineOf(WIRE, 3), names: { en: 'Old name' } }]),
        ),
    );
    await waitFor(() => expect(selectLookedUp(store.getState()).products[CABLE.id]).toBeDefined());
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    // the catalogue has answered for the cable only: the wire is not known to be gone, it stays as it was
    const table = screen.getByRole('table', { name: 'Products to quote' });
    expect(within(table).getByText('Old name')).toBeInTheDocument();
    expect(Object.keys(quantities(store))).toEqual([CABLE.code, WIRE.code]);
    act(() => answerWire());
    expect(await within(table).findByText(WIRE.productName)).toBeInTheDocument();
    expect(Object.keys(quantities(store))).toEqual([CABLE.code, WIRE.code]);
    expect(requestsSent().filter((request) => request.includes(CATALOGUE_LOOKUP_API_PATH))).toEqual([
      lookupOf([lineOf(CABLE, 200)]),
      lookupOf([lineOf(WIRE, 3)]),
    ]);
  });
});
