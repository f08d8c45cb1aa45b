// The buyer's page /quotation/<token> in each edition, with that edition's texts: the quotation as sent (amounts with
// the currency's own digits), the PDF link, Accept (the browser's checks, one send for a double click, the server's
// refusal shown, the confirmation) and Ask for changes; a closed quotation's reason; a wrong token's one sentence. As
// the server draws it: from the state its HTML came with (nothing loaded), its forms posting without a script, a
// refused plain post's reason and values, and the outcome a plain post was sent back with.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { answerByHand, requestsSent, requestsSentWithBodies, server } from '@test/msw';
import { renderInSite } from '@test/render';
import {
  QUOTATION_LINK_NOT_FOUND,
  type BuyerQuotation,
  type PostedBuyerForm,
} from '@site/contracts/quotation-link-api';
import { makeStore } from '@site/shared-store';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type enCatalog from './i18n/en.json';
import QuotationLinkPage from './QuotationLinkPage';
import { quotationDrawn, selectQuotationFirstView, type DrawnQuotation } from './firstView';

/** The page's own catalogs as written (an import of them is compiled for Lingui, as the build compiles it). */
const catalog = (locale: 'en' | 'ar') =>
  JSON.parse(readFileSync(path.join(__dirname, 'i18n', `${locale}.json`), 'utf8')) as typeof enCatalog;
const en = catalog('en');
const ar = catalog('ar');

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const BASE = `/api/quotation-links/${TOKEN}`;
/** The submission key the server drew the page's plain forms with. */
const DRAWN_KEY = 'drawnKey_0123456789abcdef';

const QUOTATION: BuyerQuotation = {
  number: 'QT-OM-2026-000123-R1',
  requestReference: 'RFQ-OM-2026-000045',
  language: 'en',
  state: 'viewed',
  currency: 'OMR',
  decimals: 3,
  validUntil: '2026-12-31',
  sentAt: '2026-11-28T10:00:00.000Z',
  branch: { name: 'Oman', phone: '+968 2450 1234', email: 'oman@example.com' },
  companyName: 'Gulf Electrical Trading',
  paymentTerms: '30 days',
  deliveryTerms: 'Ex works Muscat',
  buyerNote: '',
  buyer: {
    company: 'Gulf Electrical Trading',
    contact: 'Karim Nasser',
    email: 'karim@example.com',
    phone: '+968 9000 0000',
    city: 'Sohar',
  },
  seller: {
    legalName: 'Crescent Electrical Trading L.L.C. (Oman)',
    taxLabel: 'VATIN',
    taxNumber: 'OM1100023456',
    commercialRegistration: '1234567',
  },
  salesperson: { name: 'Layla Haddad', phone: '+968 2450 1235', email: 'oman@crescent.example' },
  delivery: { incoterm: 'DAP', name: 'Delivered at Place', place: 'Sohar' },
  lines: [
    {
      position: 1,
      code: 'HEX-CW-20',
      description: 'CW brass cable gland, size 20',
      unit: 'pcs',
      quantity: '100',
      quantityText: '100 pieces',
      unitPrice: '12.345',
      discountPercent: '10',
      lineTotal: '1111.050',
      vatPercent: '5',
      vat: '55.553',
      availability: 'In stock: 40 pieces · Lead time: about 4 weeks',
    },
  ],
  totals: { subtotal: '1111.050', vat: '55.553', total: '1166.603' },
  vatRounding: 'VAT rounded per line',
  acceptance: null,
  canAnswer: true,
  closedReason: null,
};

const ACCEPTED: BuyerQuotation = {
  ...QUOTATION,
  state: 'accepted',
  canAnswer: false,
  acceptance: {
    name: 'Aisha Rahman',
    position: 'Buyer',
    poNumber: 'PO-7781',
    poFile: false,
    acceptedAt: '2026-11-28T11:00:00.000Z',
  },
};

beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

const serve = (quotation: BuyerQuotation) => server.use(http.get(BASE, () => HttpResponse.json(quotation)));

describe.each([
  { locale: 'en' as const, text: en },
  { locale: 'ar' as const, text: ar },
])('the $locale edition', ({ locale, text }) => {
  const render = () => renderInSite(<QuotationLinkPage />, { route: `/quotation/${TOKEN}`, path: '*', locale }); // the shell's catch-all route
  const textbox = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
  const accept = () => screen.getByRole('button', { name: text['contact.quotation.accept.send'] });
  const fillAcceptance = () => {
    fireEvent.change(textbox(text['contact.quotation.accept.name']), { target: { value: 'Aisha Rahman' } });
    fireEvent.change(textbox(text['contact.quotation.accept.position']), { target: { value: 'Buyer' } });
    fireEvent.change(textbox(text['contact.quotation.accept.poNumber']), { target: { value: 'PO-7781' } });
  };

  it('names the seller with its registration numbers, the buyer, the salesperson, the delivery and each line’s availability', async () => {
    serve(QUOTATION);
    render();
    const seller = await screen.findByRole('region', { name: text['contact.quotation.seller'] });
    expect(seller).toHaveTextContent('Crescent Electrical Trading L.L.C. (Oman)');
    expect(seller).toHaveTextContent('VATINOM1100023456');
    expect(seller).toHaveTextContent(`${text['contact.quotation.commercialRegistration']}1234567`);
    const buyer = screen.getByRole('region', { name: text['contact.quotation.buyer'] });
    expect(buyer).toHaveTextContent(`${text['contact.quotation.contact']}Karim Nasser`);
    expect(buyer).toHaveTextContent(`${text['contact.quotation.deliveryCity']}Sohar`);
    const salesperson = screen.getByRole('region', { name: text['contact.quotation.salesperson'] });
    expect(salesperson).toHaveTextContent('Layla Haddad');
    expect(salesperson).toHaveTextContent(`${text['contact.quotation.directPhone']}+968 2450 1235`);
    const delivery = screen.getByRole('region', { name: text['contact.quotation.delivery'] });
    expect(delivery).toHaveTextContent(`${text['contact.quotation.incoterms']}DAP (Delivered at Place)`);
    expect(delivery).toHaveTextContent(`${text['contact.quotation.deliveryPlace']}Sohar`);
    expect(screen.getAllByRole('row')[1]).toHaveTextContent(
      `${text['contact.quotation.availability']} In stock: 40 pieces · Lead time: about 4 weeks`,
    );
    // the quantity in the words the server gave, not the stored unit
    const quantity = within(screen.getAllByRole('row')[1]!).getAllByRole('cell')[2];
    expect(quantity).toHaveTextContent(/^100 pieces$/);
    // the validity beside the total
    const rows = screen.getAllByRole('row');
    expect(rows.at(-1)).toHaveTextContent(text['contact.quotation.validUntil']);
    expect(rows.at(-2)).toHaveTextContent(text['contact.quotation.total']);
  });

  it('a quotation sent before the document named these facts says "Not given"', async () => {
    const { buyer: _buyer, ...before } = QUOTATION;
    serve({
      ...before,
      seller: null,
      salesperson: null,
      delivery: null,
      lines: [{ ...QUOTATION.lines[0]!, availability: null }],
    });
    render();
    const seller = await screen.findByRole('region', { name: text['contact.quotation.seller'] });
    expect(seller).toHaveTextContent(`${text['contact.quotation.legalName']}${text['contact.quotation.notGiven']}`);
    expect(screen.getByRole('region', { name: text['contact.quotation.buyer'] })).toHaveTextContent(
      'Gulf Electrical Trading',
    );
    expect(screen.getByRole('region', { name: text['contact.quotation.delivery'] })).toHaveTextContent(
      `${text['contact.quotation.incoterms']}${text['contact.quotation.notGiven']}`,
    );
    expect(screen.getAllByRole('row')[1]).not.toHaveTextContent(text['contact.quotation.availability']);
  });

  it('shows the quotation: number, branch, lines, totals in the currency’s three digits, validity and the PDF', async () => {
    serve(QUOTATION);
    render();
    expect(
      await screen.findByRole('heading', { name: `${text['contact.quotation.heading']} QT-OM-2026-000123-R1` }),
    ).toBeVisible();
    expect(screen.getByText('RFQ-OM-2026-000045')).toBeVisible();
    expect(screen.getByText(/\+968 2450 1234/)).toBeVisible();
    const table = screen.getByRole('table', { name: text['contact.quotation.linesCaption'] });
    const row = within(table).getByRole('row', { name: /HEX-CW-20/ });
    expect(row).toHaveTextContent('CW brass cable gland, size 20');
    expect(row).toHaveTextContent('12.345');
    expect(row).toHaveTextContent('10%');
    expect(row).toHaveTextContent('1,111.050');
    expect(row).toHaveTextContent('55.553');
    expect(screen.getByTestId('quotation-total')).toHaveTextContent(/OMR/);
    expect(screen.getByTestId('quotation-total')).toHaveTextContent('1,166.603');
    // in the facts at the top, and beside the total
    for (const day of screen.getAllByText(locale === 'en' ? '31 December 2026' : '31 ديسمبر 2026'))
      expect(day).toBeVisible();
    expect(screen.getByRole('link', { name: text['contact.quotation.pdf'] })).toHaveAttribute('href', `${BASE}/pdf`);
    // the offer to keep it in the buyer's account, in the page's edition
    expect(screen.getByText(text['contact.quotation.account'], { exact: false })).toBeVisible();
    expect(screen.getByRole('link', { name: text['contact.quotation.accountLink'] })).toHaveAttribute(
      'href',
      locale === 'en' ? '/account' : '/ar/account',
    );
  });

  it('says only that a wrong or expired link is not valid', async () => {
    server.use(http.get(BASE, () => HttpResponse.json(QUOTATION_LINK_NOT_FOUND, { status: 404 })));
    render();
    expect(await screen.findByRole('heading', { name: text['contact.quotation.notFound'] })).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('accepts once for a double click, with the PO number, and confirms', async () => {
    serve(QUOTATION);
    const answer = answerByHand('post', `${BASE}/accept`);
    render();
    await screen.findByRole('table');
    fillAcceptance();
    const button = accept();
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: text['contact.quotation.accept.sending'] })).toBeDisabled(),
    );
    answer.answer(200, ACCEPTED);
    const confirmation = await screen.findByText(new RegExp(text['contact.quotation.accepted.thanks'].slice(0, 12)));
    expect(confirmation).toHaveTextContent(text['contact.quotation.accepted.thanks']);
    expect(confirmation).toHaveTextContent('Aisha Rahman');
    expect(confirmation).toHaveTextContent('PO-7781');
    expect(screen.queryByRole('button', { name: text['contact.quotation.accept.send'] })).toBeNull();
    const posts = (await requestsSentWithBodies()).filter(({ request }) => request.startsWith('POST'));
    expect(posts).toEqual([
      {
        request: `POST ${BASE}/accept`,
        body: {
          name: 'Aisha Rahman',
          position: 'Buyer',
          poNumber: 'PO-7781',
          submission: expect.stringMatching(/^[\w-]{24}$/),
        },
      },
    ]);
  });

  it('checks the form in the browser: name and position needed, the PO file a PDF of at most 5 MB', async () => {
    serve(QUOTATION);
    render();
    await screen.findByRole('table');
    fireEvent.click(accept());
    expect(await screen.findByRole('alert')).toHaveTextContent(text['contact.quotation.error.required']);
    fillAcceptance();
    const fileInput = screen.getByLabelText(text['contact.quotation.accept.poFile']);
    fireEvent.change(fileInput, { target: { files: [new File(['x'], 'po.docx', { type: 'application/msword' })] } });
    fireEvent.click(accept());
    expect(await screen.findByRole('alert')).toHaveTextContent(text['contact.quotation.error.notPdf']);
    fireEvent.change(fileInput, {
      target: { files: [new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'po.pdf', { type: 'application/pdf' })] },
    });
    fireEvent.click(accept());
    expect(await screen.findByRole('alert')).toHaveTextContent(text['contact.quotation.error.tooLarge']);
    expect(requestsSent().filter((request) => request.startsWith('POST'))).toEqual([]);
  });

  it('shows the server’s words when it refuses the acceptance', async () => {
    serve(QUOTATION);
    server.use(
      http.post(`${BASE}/accept`, () =>
        HttpResponse.json({ error: 'This quotation was replaced by a later revision' }, { status: 409 }),
      ),
    );
    render();
    await screen.findByRole('table');
    fillAcceptance();
    fireEvent.click(accept());
    expect(await screen.findByRole('alert')).toHaveTextContent('This quotation was replaced by a later revision');
    expect(accept()).toBeEnabled();
  });

  it('asks for changes with a message and says it was sent', async () => {
    serve(QUOTATION);
    server.use(http.post(`${BASE}/changes`, () => HttpResponse.json({ ...QUOTATION, state: 'changes_asked' })));
    render();
    await screen.findByRole('table');
    const send = screen.getByRole('button', { name: text['contact.quotation.changes.send'] });
    fireEvent.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent(text['contact.quotation.error.message']);
    fireEvent.change(screen.getByRole('textbox', { name: text['contact.quotation.changes.message'] }), {
      target: { value: 'Please quote 150 pieces.' },
    });
    fireEvent.click(send);
    expect(await screen.findByText(text['contact.quotation.changes.sent'].replace('{branch}', 'Oman'))).toBeVisible();
    const posts = (await requestsSentWithBodies()).filter(({ request }) => request.startsWith('POST'));
    expect(posts).toEqual([{ request: `POST ${BASE}/changes`, body: { message: 'Please quote 150 pieces.' } }]);
  });

  /** The page as the server drew it: its store with the quotation (and a refused plain post) the HTML came with. */
  const renderDrawn = (drawn: DrawnQuotation, posted: PostedBuyerForm | null = null, search = '') => {
    const store = makeStore();
    store.dispatch(quotationDrawn({ drawn, posted, submission: DRAWN_KEY }));
    return renderInSite(<QuotationLinkPage />, { route: `/quotation/${TOKEN}${search}`, path: '*', locale, store });
  };

  it('drawn by the server: the quotation at once, nothing loaded; forms that post to the page without a script', async () => {
    const { store } = renderDrawn({ type: 'quotation', quotation: QUOTATION });
    expect(
      screen.getByRole('heading', { name: `${text['contact.quotation.heading']} QT-OM-2026-000123-R1` }),
    ).toBeVisible();
    expect(screen.getByRole('table', { name: text['contact.quotation.linesCaption'] })).toBeVisible();
    const [acceptForm, changesForm] = [
      accept(),
      screen.getByRole('button', { name: text['contact.quotation.changes.send'] }),
    ].map((button) => button.closest('form')!);
    const page = `${locale === 'ar' ? '/ar' : ''}/quotation/${TOKEN}`;
    expect([
      acceptForm!.getAttribute('method'),
      acceptForm!.getAttribute('action'),
      acceptForm!.getAttribute('enctype'),
    ]).toEqual(['post', page, 'multipart/form-data']);
    expect([changesForm!.getAttribute('method'), changesForm!.getAttribute('action')]).toEqual(['post', page]);
    expect(new FormData(acceptForm).get('answer')).toBe('accept');
    expect(new FormData(changesForm).get('answer')).toBe('changes');
    // taken once: opened again later, the page loads the quotation as it then is
    await waitFor(() => expect(selectQuotationFirstView(store.getState()).drawn).toBeNull());
    expect(requestsSent()).toEqual([]);
  });

  it('drawn again after a refused plain post: the reason, and the values as typed', () => {
    renderDrawn(
      { type: 'quotation', quotation: QUOTATION },
      {
        form: 'accept',
        values: { name: 'Aisha Rahman', position: '', poNumber: 'PO-7781' },
        error: { problem: 'required' },
      },
    );
    expect(screen.getByRole('alert')).toHaveTextContent(text['contact.quotation.error.required']);
    expect(textbox(text['contact.quotation.accept.name'])).toHaveValue('Aisha Rahman');
    expect(textbox(text['contact.quotation.accept.poNumber'])).toHaveValue('PO-7781');
    expect(textbox(text['contact.quotation.accept.position'])).toHaveValue('');
  });

  it('sent back after a plain post: says what was done, while the quotation is so', () => {
    const asked = renderDrawn(
      { type: 'quotation', quotation: { ...QUOTATION, state: 'changes_asked' } },
      null,
      '?answered=changes',
    );
    expect(screen.getByText(text['contact.quotation.changes.sent'].replace('{branch}', 'Oman'))).toBeVisible();
    asked.unmount();
    // the address opened again once the quotation was replaced: no such word
    renderDrawn(
      { type: 'quotation', quotation: { ...QUOTATION, state: 'superseded', canAnswer: false } },
      null,
      '?answered=changes',
    );
    expect(screen.queryByText(text['contact.quotation.changes.sent'].replace('{branch}', 'Oman'))).toBeNull();
  });

  it('shows why a superseded quotation cannot be answered, and no forms', async () => {
    const reason =
      'This quotation was replaced by a later revision and can no longer be accepted. Please use the latest one, or call the branch on +968 2450 1234.';
    serve({ ...QUOTATION, state: 'superseded', canAnswer: false, closedReason: reason });
    render();
    expect(await screen.findByText(reason)).toBeVisible();
    expect(screen.queryByRole('button', { name: text['contact.quotation.accept.send'] })).toBeNull();
    expect(screen.queryByRole('button', { name: text['contact.quotation.changes.send'] })).toBeNull();
  });

  const R2_TOKEN = 'r2_abcdefghijklmnopqrstuvwxyz0123456789ABCDE';
  const fill = (id: string, values: Record<string, string>) =>
    Object.entries(values).reduce(
      (said, [name, value]) => said.replace(`{${name}}`, value),
      text[id as keyof typeof text],
    );

  it('a superseded quotation: a banner before everything, a plain link to the latest revision, its figures marked superseded, no forms', async () => {
    serve({
      ...QUOTATION,
      state: 'superseded',
      canAnswer: false,
      closedReason: 'replaced',
      latestRevision: { number: 'QT-2026-000123-R2', sentAt: '2026-11-29T08:00:00.000Z', token: R2_TOKEN },
    });
    render();
    const banner = await screen.findByRole('region', { name: text['contact.quotation.superseded.title'] });
    const heading = screen.getByRole('heading', { level: 1 });
    // the banner comes before the heading and the figures in the page's order (and so for a screen reader)
    expect(banner.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(banner).toHaveTextContent(text['contact.quotation.superseded.figures']);
    const latest = within(banner).getByRole('link', {
      name: fill('contact.quotation.superseded.latest', { number: 'QT-2026-000123-R2' }),
    });
    expect(latest).toHaveAttribute('href', `${locale === 'ar' ? '/ar' : ''}/quotation/${R2_TOKEN}`);
    expect(screen.getByRole('table', { name: text['contact.quotation.superseded.linesCaption'] })).toBeVisible();
    expect(screen.getByRole('rowheader', { name: text['contact.quotation.superseded.total'] })).toBeVisible();
    expect(screen.getByRole('link', { name: text['contact.quotation.superseded.pdf'] })).toHaveAttribute(
      'href',
      `${BASE}/pdf`,
    );
    expect(screen.queryByRole('button', { name: text['contact.quotation.accept.send'] })).toBeNull();
    expect(screen.queryByText('replaced')).toBeNull();
  });

  it('a superseded quotation whose latest revision’s link is not kept: names it and points to its mail', async () => {
    serve({
      ...QUOTATION,
      state: 'superseded',
      canAnswer: false,
      closedReason: 'replaced',
      latestRevision: { number: 'QT-2026-000123-R2', sentAt: '2026-11-29T08:00:00.000Z', token: null },
    });
    render();
    const banner = await screen.findByRole('region', { name: text['contact.quotation.superseded.title'] });
    expect(banner).toHaveTextContent(
      fill('contact.quotation.superseded.byMail', {
        number: 'QT-2026-000123-R2',
        date: locale === 'en' ? '29 November 2026' : '29 نوفمبر 2026',
        phone: '+968 2450 1234',
      }),
    );
    expect(within(banner).queryByRole('link')).toBeNull();
  });

  it('a second acceptance is told when and with which PO, and sends its kept PO file to the branch', async () => {
    serve(QUOTATION);
    server.use(
      http.post(`${BASE}/accept`, () =>
        HttpResponse.json(
          {
            error: 'already',
            alreadyAccepted: {
              acceptedOn: '2026-11-28',
              poNumber: 'PO-FIRST-1',
              quotation: { ...ACCEPTED, acceptance: { ...ACCEPTED.acceptance!, poNumber: 'PO-FIRST-1' } },
              heldFile: { submission: 'heldKey_0123456789abcdef', name: 'po-7781.pdf', sentToBranch: false },
            },
          },
          { status: 409 },
        ),
      ),
      http.post(`${BASE}/purchase-order`, () => HttpResponse.json({ branch: 'Oman', fileName: 'po-7781.pdf' })),
    );
    render();
    await screen.findByRole('table');
    fillAcceptance();
    fireEvent.click(accept());
    // the PO number in its own left-to-right span
    const said = await screen.findByRole('alert');
    expect(said).toHaveTextContent(
      fill('contact.quotation.alreadyAccepted.withPo', {
        date: locale === 'en' ? '28 November 2026' : '28 نوفمبر 2026',
        poNumber: 'PO-FIRST-1',
      }),
    );
    expect(screen.queryByRole('button', { name: text['contact.quotation.accept.send'] })).toBeNull();
    expect(screen.queryByText(new RegExp(text['contact.quotation.accepted.thanks'].slice(0, 12)))).toBeNull();
    expect(
      screen.getByText(fill('contact.quotation.alreadyAccepted.fileKept', { file: 'po-7781.pdf', branch: 'Oman' })),
    ).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: text['contact.quotation.alreadyAccepted.send'] }));
    expect(await screen.findByText(fill('contact.quotation.alreadyAccepted.sent', { branch: 'Oman' }))).toBeVisible();
    const posts = (await requestsSentWithBodies()).filter(({ request }) => request.startsWith('POST'));
    expect(posts.at(-1)).toEqual({
      request: `POST ${BASE}/purchase-order`,
      body: { submission: 'heldKey_0123456789abcdef' },
    });
  });

  it('drawn after a plain post that came second: the words, and the offer as a plain form with its key', () => {
    renderDrawn(
      { type: 'quotation', quotation: ACCEPTED },
      {
        form: 'alreadyAccepted',
        alreadyAccepted: {
          acceptedOn: '2026-11-28',
          poNumber: null,
          heldFile: { submission: 'heldKey_0123456789abcdef', name: 'po.pdf', sentToBranch: false },
        },
      },
    );
    expect(
      screen.getByText(
        fill('contact.quotation.alreadyAccepted.noPo', {
          date: locale === 'en' ? '28 November 2026' : '28 نوفمبر 2026',
        }),
      ),
    ).toBeVisible();
    const offer = screen.getByRole('button', { name: text['contact.quotation.alreadyAccepted.send'] }).closest('form')!;
    expect(offer).toHaveAttribute('method', 'post');
    expect(offer).toHaveAttribute('action', `${locale === 'ar' ? '/ar' : ''}/quotation/${TOKEN}`);
    expect(Object.fromEntries(new FormData(offer))).toEqual({
      answer: 'purchaseOrder',
      submission: 'heldKey_0123456789abcdef',
    });
  });

  it('drawn by the server: the acceptance form carries the drawing’s submission key', () => {
    renderDrawn({ type: 'quotation', quotation: QUOTATION });
    const form = accept().closest('form')!;
    expect(new FormData(form).get('submission')).toBe(DRAWN_KEY);
  });
});
