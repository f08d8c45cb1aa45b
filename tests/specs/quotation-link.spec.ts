// The buyer's quotation link, end to end on a site of its own (embedded database, mail to an SMTP server on loopback):
// a buyer's request; the Dubai branch's staff prepare and send a quotation through the staff API; the buyer opens the
// link of the mail and asks for changes; the staff send revision R1; the buyer accepts R1 with a PO number (one order,
// whatever the double click), the R0 link says it was replaced, and the ERP reads the order once with an orders token.
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { CSRF_HEADER, STAFF_API, staffApiPath, type InboxPage, type StaffSession } from '@site/contracts/staff-api';
import { QUOTATIONS_API, type Quotation } from '@site/contracts/quotations-api';
import { ORDERS_API, type OrdersPage } from '@site/contracts/quotation-link-api';
import { startSmtpServer, type TestSmtpServer } from '@site/server/test-support';
import { test, expect, localOnly } from '../support/fixtures';
import { mailingEnv, mailsTo, message } from '../support/quote-basket';
import { ADMIN, DUBAI_STAFF, startStaffSite, submit, totpCode, type StaffSite } from '../support/staff';

localOnly('starts its own server with a mail catcher and staff accounts it creates');

const BUYER_EMAIL = 'quotation.buyer@example.com';

/** Each edition's pass: its language, its texts (the contact remote's catalog), and the server's words it expects. */
const PASSES = [
  {
    language: 'en' as const,
    changesSent: 'Your request for changes has been sent to our Dubai branch.',
    replaced: 'This quotation was replaced by a later revision',
    buyer: { name: 'Aisha Rahman', position: 'Procurement Manager' },
  },
  {
    language: 'ar' as const,
    changesSent: 'أُرسل طلب التعديل إلى فرعنا في',
    replaced: 'حلّت محل عرض السعر هذا مراجعة أحدث',
    buyer: { name: 'عائشة الرحمن', position: 'مديرة المشتريات' },
  },
];

/** A request for quotation from the public API, as the request page posts it. */
const requestBody = (language: 'en' | 'ar') => ({
  lines: [{ productId: 'hex_cw_brass_cable_gland', quantity: 40 }],
  companyName: 'Gulf Build LLC',
  name: 'Aisha Rahman',
  email: BUYER_EMAIL,
  phone: '+971 50 123 4567',
  branch: 'Dubai',
  notes: '',
  language,
});

/** A staff session on the staff API: its request context and CSRF token (the admin through the second factor's set-up). */
async function staffSession(url: string, account: typeof ADMIN): Promise<{ api: APIRequestContext; csrf: string }> {
  const api = await playwrightRequest.newContext({ baseURL: url });
  const signedIn = await api.post(STAFF_API.signIn, { data: { email: account.email, password: account.password } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const answer = (await signedIn.json()) as StaffSession & { state?: string };
  if (answer.state !== 'totp-setup') return { api, csrf: answer.csrfToken };
  const setup = await api.post(STAFF_API.totpSetup, { headers: { [CSRF_HEADER]: answer.csrfToken } });
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const confirmed = await api.post(STAFF_API.totpConfirm, { headers: { [CSRF_HEADER]: answer.csrfToken }, data: { code: totpCode(secret) } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return { api, csrf: ((await confirmed.json()) as { session: StaffSession }).session.csrfToken };
}

async function staffCall<T>(staff: { api: APIRequestContext; csrf: string }, path: string, data: unknown, status = 200): Promise<T> {
  const answer = await staff.api.post(path, { headers: { [CSRF_HEADER]: staff.csrf }, data });
  expect(answer.status(), `${path}: ${await answer.text()}`).toBe(status);
  return (await answer.json()) as T;
}

/** The path of the link in the newest quotation mail to the buyer ('/quotation/<token>'). */
async function linkOfMail(smtp: TestSmtpServer, count: number): Promise<string> {
  const mails = (await mailsTo(smtp, BUYER_EMAIL, count)).filter((mail) => mail.attachments.some((file) => file.filename.startsWith('Quotation-')));
  const text = mails.at(-1)?.text ?? '';
  const link = /https?:\/\/\S+?(\/(?:ar\/)?quotation\/[A-Za-z0-9_-]{43})/.exec(text);
  expect(link, `a quotation link in:\n${text}`).not.toBeNull();
  return link![1]!;
}


test.describe('the buyer’s quotation link', { tag: ['@local', '@staff'] }, () => {
  let smtp: TestSmtpServer | undefined;
  let site: StaffSite | undefined;
  test.afterEach(async () => {
    await site?.stop();
    await smtp?.close();
  });

  for (const { language, changesSent, replaced, buyer } of PASSES) {
  const en = (id: string, values?: Record<string, string | number>) => message(language, id, values);
  const heading = (page: Page, number: string) => page.getByRole('heading', { level: 1, name: `${en('contact.quotation.heading')} ${number}` });

  test(`${language}: open the mailed link, ask for changes, accept revision R1 with a PO number; R0 says replaced; one order for the ERP`, async ({ page, consoleProblems }) => {
    test.setTimeout(240_000);
    smtp = await startSmtpServer();
    site = await startStaffSite([DUBAI_STAFF, ADMIN], mailingEnv(smtp));
    const url = site.url;

    // the buyer's request, and the branch's quotation of it
    const sent = await submit(page.request, url, '/api/quote-requests', requestBody(language));
    const dubai = await staffSession(url, DUBAI_STAFF);
    const inbox = await dubai.api.get(`${STAFF_API.inbox}?kind=quote`);
    expect(inbox.status(), await inbox.text()).toBe(200);
    const requestId = ((await inbox.json()) as InboxPage).items.find((item) => item.kind === 'quote' && item.email === BUYER_EMAIL)!.id;
    expect(sent.reference).toMatch(/^RFQ-/);
    const draft = await staffCall<Quotation>(dubai, QUOTATIONS_API.quotations, { requestId }, 201);
    const r0 = await staffCall<Quotation>(dubai, staffApiPath(QUOTATIONS_API.send, { id: draft.id }), { version: draft.version });
    const r0Link = await linkOfMail(smtp, 2);

    // the buyer opens it: the number, the lines, the totals in AED's two digits; and asks for changes
    const opened = await page.goto(`${url}${r0Link}`);
    await expect(heading(page, r0.number!)).toBeVisible();
    // one buyer's page: never indexed nor kept, and its head names no address (no canonical, no alternates)
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    expect(opened?.headers()['cache-control']).toBe('no-store');
    await expect(page.locator('link[rel="canonical"], link[rel="alternate"]')).toHaveCount(0);
    await expect(page).toHaveTitle(en('contact.quotation.documentTitle'));
    expect(r0Link.startsWith(language === 'ar' ? '/ar/quotation/' : '/quotation/')).toBe(true);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByTestId('quotation-total')).toHaveText(/AED/);
    // AED's two minor digits, and no more
    await expect(page.getByTestId('quotation-total')).toHaveText(/(^|[^\d.,])[\d,]+\.\d{2}($|[^\d])/);
    await expect(page.getByRole('link', { name: en('contact.quotation.pdf') })).toHaveAttribute('href', `/api/quotation-links/${r0Link.split('/').at(-1)}/pdf`);
    await page.getByRole('textbox', { name: en('contact.quotation.changes.message'), exact: true }).fill('Please quote 60 pieces instead.');
    await page.getByRole('button', { name: en('contact.quotation.changes.send') }).click();
    await expect(page.getByRole('status').filter({ hasText: changesSent })).toBeVisible();

    // the branch sends revision R1
    const revision = await staffCall<Quotation>(dubai, staffApiPath(QUOTATIONS_API.revise, { id: r0.id }), { version: (await (await dubai.api.get(staffApiPath(QUOTATIONS_API.quotation, { id: r0.id }))).json() as Quotation).version }, 201);
    const r1 = await staffCall<Quotation>(dubai, staffApiPath(QUOTATIONS_API.send, { id: revision.id }), { version: revision.version });
    expect(r1.number).toBe(`${r0.number}-R1`);
    const r1Link = await linkOfMail(smtp, 3);
    expect(r1Link).not.toBe(r0Link);

    // the buyer accepts R1 with a PO number: a double click sends once
    await page.goto(`${url}${r1Link}`);
    await expect(heading(page, r1.number!)).toBeVisible();
    await page.getByRole('textbox', { name: en('contact.quotation.accept.name'), exact: true }).fill(buyer.name);
    await page.getByRole('textbox', { name: en('contact.quotation.accept.position'), exact: true }).fill(buyer.position);
    await page.getByRole('textbox', { name: en('contact.quotation.accept.poNumber'), exact: true }).fill('PO-2026-0457');
    const accepts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/accept')) accepts.push(request.url());
    });
    await page.getByRole('button', { name: en('contact.quotation.accept.send') }).dblclick();
    await expect(page.getByRole('status').filter({ hasText: en('contact.quotation.accepted.thanks') })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'PO-2026-0457' })).toBeVisible();
    expect(accepts).toHaveLength(1);
    await expect(page.getByRole('button', { name: en('contact.quotation.accept.send') })).toHaveCount(0);

    // the R0 link: replaced, the branch's phone named, nothing to answer
    await page.goto(`${url}${r0Link}`);
    await expect(heading(page, r0.number!)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: replaced })).toBeVisible();
    await expect(page.getByRole('button', { name: en('contact.quotation.accept.send') })).toHaveCount(0);

    // a wrong token: the one sentence (its 404 is the page's own, and expected in the console)
    await page.goto(`${url}${language === 'ar' ? '/ar' : ''}/quotation/${'x'.repeat(43)}`);
    await expect(page.getByRole('heading', { level: 1, name: en('contact.quotation.notFound') })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    expect(consoleProblems.messages.filter((text) => !/404/.test(text))).toEqual([]);

    // the ERP's orders token reads the order once
    const admin = await staffSession(url, ADMIN);
    const token = await staffCall<{ token: string }>(admin, STAFF_API.releaseTokens, { name: 'erp', scope: 'orders', remotes: [], expiresInDays: 1 }, 201);
    const erp = await playwrightRequest.newContext({ baseURL: url, extraHTTPHeaders: { authorization: `Bearer ${token.token}` } });
    const first = (await (await erp.get(ORDERS_API.orders)).json()) as OrdersPage;
    expect(first.orders.map((order) => [order.quotationNumber, order.poNumber, order.buyer.acceptedBy])).toEqual([[r1.number, 'PO-2026-0457', buyer.name]]);
    const after = (await (await erp.get(`${ORDERS_API.orders}?since=${first.next}`)).json()) as OrdersPage;
    expect(after.orders).toEqual([]);
    await Promise.all([erp.dispose(), dubai.api.dispose(), admin.api.dispose()]);
  });
  }
});
