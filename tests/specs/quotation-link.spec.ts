// A quotation from request to order, as the product owners asked for it, in each edition of the buyer's pages on one
// site (embedded database, mail to an SMTP server on loopback): a buyer sends a request for 3 lines to the Muscat
// branch from the request page; Oman's branch staff sign in to the staff app, open it, "Prepare quotation", price it
// in rials (3 decimals, 5 % VAT) and send it; the mail brings the PDF (its text read back) and the link; the buyer asks
// for changes; staff send revision R1 from the app; the buyer accepts R1 with a PO number (one order, whatever the
// double click); the order comes once to the ERP's orders token and once in the Orders page's CSV; R0 says replaced.
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { request as playwrightRequest, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { CSRF_HEADER, STAFF_API, staffApiPath } from '@site/contracts/staff-api';
import { QUOTATIONS_API } from '@site/contracts/quotations-api';
import { ORDERS_API, type OrdersPage } from '@site/contracts/quotation-link-api';
import { pdfText, startSmtpServer, type ReceivedMail, type TestSmtpServer } from '@site/server/test-support';
import { test, expect, localOnly } from '../support/fixtures';
import { ARABIC_TEXTS, ENGLISH, sendQuoteRequest } from '../support/quote-journey';
import { JOURNEY, mailingEnv, mailsTo, message } from '../support/quote-basket';
import {
  ADMIN,
  BRANCH_DETAILS,
  OMAN_STAFF,
  firstAdminSignIn,
  heading as staffHeading,
  startStaffSite,
  submitPassword,
  watchStaffConsole,
  type StaffSite,
} from '../support/staff';

localOnly('starts its own server with a mail catcher and staff accounts it creates');

const { metreCable, gland, pastedGland } = JOURNEY;

/**
 * The three lines as the buyer asks for them, and the prices Oman's staff type (rials, 3 decimals). Worked out by
 * hand, per line rounded half-up to the baisa, VAT 5 % per line: 212.5 × 1.235 = 262.4375 → 262.438 (VAT 13.1219 →
 * 13.122); 40 × 0.875 = 35.000 (1.750); 12 × 2.345 = 28.140 (1.407). R1 quotes 60 glands: 52.500 (2.625).
 */
const LINES = [
  { product: metreCable, quantity: '212.5', unitPrice: '1.235' },
  { product: gland, quantity: '40', unitPrice: '0.875' },
  { product: pastedGland, quantity: '12', unitPrice: '2.345' },
];
const R0_TOTALS = { subtotal: '325.578', vat: '16.279', total: '341.857', lineVats: ['13.122', '1.750', '1.407'] };
const R1_TOTALS = { subtotal: '343.078', vat: '17.154', total: '360.232' };
const PO_NUMBER = 'PO-2026-0457';

/** Each edition's pass: its language, its request page's words, the buyer, and the server's words it expects. */
const PASSES = [
  {
    language: 'en' as const,
    texts: ENGLISH,
    email: 'quotation.buyer@example.com',
    buyer: { name: 'Aisha Rahman', position: 'Procurement Manager' },
    changesSent: 'Your request for changes has been sent to our Oman branch.',
    replaced: 'This quotation was replaced by a later revision',
  },
  {
    language: 'ar' as const,
    texts: ARABIC_TEXTS,
    email: 'quotation.buyer.ar@example.com',
    buyer: { name: 'عائشة الرحمن', position: 'مديرة المشتريات' },
    changesSent: 'أُرسل طلب التعديل إلى فرعنا في',
    replaced: 'حلّت محل عرض السعر هذا مراجعة أحدث',
  },
];

/** The quotation mails to `email` (the request's confirmation has no attachment), once there are `count`. */
async function quotationMails(smtp: TestSmtpServer, email: string, count: number): Promise<ReceivedMail[]> {
  await expect
    .poll(
      async () =>
        (await mailsTo(smtp, email)).filter((mail) =>
          mail.attachments.some((file) => file.filename.startsWith('Quotation-')),
        ).length,
      { timeout: 30_000 },
    )
    .toBe(count);
  return (await mailsTo(smtp, email)).filter((mail) =>
    mail.attachments.some((file) => file.filename.startsWith('Quotation-')),
  );
}

/** The path of the link in a quotation mail ('/quotation/<token>', '/ar/quotation/<token>'). */
function linkOf(mail: ReceivedMail): string {
  const link = /https?:\/\/\S+?(\/(?:ar\/)?quotation\/[A-Za-z0-9_-]{43})/.exec(mail.text);
  expect(link, `a quotation link in:\n${mail.text}`).not.toBeNull();
  return link![1]!;
}

/** The mail's PDF: named after the number, and its text as pdftotext reads it (both readings: flowing and laid out). */
function pdfOf(mail: ReceivedMail, number: string): { pdf: Buffer; text: string; layout: string } {
  const files = mail.attachments.map((file) => [file.filename, file.contentType]);
  expect(files).toEqual([[`Quotation-${number}.pdf`, 'application/pdf']]);
  const pdf = mail.attachments[0]!.content;
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const read = pdfText(pdf);
  const laidOut = pdfText(pdf, { layout: true });
  // this spec's PDF checks are the point: pdftotext is required here (poppler-utils, as CI installs it)
  if ('skipped' in read || 'skipped' in laidOut)
    throw new Error('skipped' in read ? read.skipped : (laidOut as { skipped: string }).skipped);
  return { pdf, text: read.text, layout: laidOut.text };
}

/** Oman's staff signed in to the staff app (at `staffUrl`) with their password (branch staff have no second factor), in a context of their own. */
async function omanStaffPage(browser: Browser, staffUrl: string): Promise<Page> {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`${staffUrl}/staff/sign-in`);
  await submitPassword(page, OMAN_STAFF);
  await expect(page).toHaveURL(`${staffUrl}/staff/inbox`);
  return page;
}

/** On the quotation page: the totals as the server answered them ("341.857 OMR"). */
async function expectTotals(page: Page, totals: { subtotal: string; vat: string; total: string }): Promise<void> {
  const shown = page.getByRole('region', { name: 'Totals' }).locator('dd');
  await expect(shown).toHaveText([`${totals.subtotal} OMR`, `${totals.vat} OMR`, `${totals.total} OMR`]);
}

test.describe('a quotation from request to order', { tag: ['@local', '@staff'] }, () => {
  test.describe.configure({ mode: 'serial' });
  let smtp: TestSmtpServer;
  let site: StaffSite;
  let erp: APIRequestContext;
  /** The orders feed's cursor after the previous pass: each pass reads its own order once. */
  let since = '';

  test.beforeAll(async () => {
    // three runs of the staff CLI (two accounts, Oman's seller details) each open the embedded database alone
    test.setTimeout(180_000);
    smtp = await startSmtpServer();
    site = await startStaffSite([OMAN_STAFF, ADMIN], mailingEnv(smtp));
    // the admin's part, which has no screen: the rate from dirhams to rials, and the ERP's orders token
    const admin = await playwrightRequest.newContext({ baseURL: site.staffUrl });
    const session = await firstAdminSignIn(admin);
    const rate = await admin.put(staffApiPath(QUOTATIONS_API.currencyRate, { currency: 'OMR' }), {
      headers: { [CSRF_HEADER]: session.csrfToken },
      data: { rate: '0.10477' },
    });
    expect(rate.status(), await rate.text()).toBe(200);
    const made = await admin.post(STAFF_API.releaseTokens, {
      headers: { [CSRF_HEADER]: session.csrfToken },
      data: { name: 'erp', scope: 'orders', remotes: [], expiresInDays: 1 },
    });
    expect(made.status(), await made.text()).toBe(201);
    const { token } = (await made.json()) as { token: string };
    await admin.dispose();
    erp = await playwrightRequest.newContext({
      baseURL: site.url,
      extraHTTPHeaders: { authorization: `Bearer ${token}` },
    });
  });
  test.afterAll(async () => {
    await erp?.dispose();
    await site?.stop();
    await smtp?.close();
  });

  for (const { language, texts, email, buyer, changesSent, replaced } of PASSES) {
    const t = (id: string, values?: Record<string, string | number>) => message(language, id, values);
    const buyerHeading = (page: Page, number: string) =>
      page.getByRole('heading', { level: 1, name: `${t('contact.quotation.heading')} ${number}` });

    test(`${language}: request to Muscat, priced in rials and sent from the staff app, changes asked, R1 accepted with a PO; one order for the ERP and in the CSV`, async ({
      page,
      browser,
      consoleProblems,
    }) => {
      test.setTimeout(180_000);
      const { url, staffUrl } = site;

      // the buyer's request on the public site: three lines pasted on the request page, the Muscat branch chosen
      await page.goto(`${url}${texts.prefix}/request-quote`);
      await page
        .getByRole('textbox', { name: texts.pasteLabel, exact: true })
        .fill(LINES.map(({ product, quantity }) => `${product.code}\t${quantity}`).join('\n'));
      await page.getByRole('button', { name: texts.pasteAdd, exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: texts.pasteAdded(3) })).toBeVisible();
      const request = await sendQuoteRequest(page, texts, {
        companyName: 'Muscat Build LLC',
        name: buyer.name,
        email,
        phone: '+968 9123 4567',
        branch: 'Oman',
        deliveryCity: 'Muscat',
        notes: '',
      });
      expect(request.posted).toMatchObject({ branch: 'Oman', language });

      // Oman's staff: the request from the inbox, "Prepare quotation", the rials typed, saved, sent
      const staff = await omanStaffPage(browser, staffUrl);
      const staffConsole = watchStaffConsole(staff);
      await staff.getByRole('link', { name: buyer.name, exact: true }).click();
      await staff.getByRole('button', { name: 'Prepare quotation', exact: true }).click();
      await expect(staffHeading(staff, `Quotation draft for ${request.reference}`)).toBeVisible();
      await expect(staff.getByText('Currency: OMR', { exact: true })).toBeVisible();
      await expect(staff.getByRole('table', { name: '3 lines in OMR' })).toBeVisible();
      const price = 'Unit price (OMR)';
      for (const [index, { product, quantity, unitPrice }] of LINES.entries()) {
        const n = index + 1;
        await expect(staff.getByRole('textbox', { name: `Code, line ${n}`, exact: true })).toHaveValue(product.code);
        await expect(staff.getByRole('textbox', { name: `Quantity, line ${n}`, exact: true })).toHaveValue(quantity);
        await staff.getByRole('textbox', { name: `${price}, line ${n}`, exact: true }).fill(unitPrice);
      }
      await staff.getByRole('button', { name: 'Save draft', exact: true }).click();
      await expect(staff.getByText('The draft is saved.', { exact: true })).toBeVisible();
      await expectTotals(staff, R0_TOTALS);
      const vatCells = staff.getByRole('table', { name: '3 lines in OMR' }).locator('tbody tr td:nth-child(7)');
      await expect(vatCells).toHaveText(R0_TOTALS.lineVats.map((vat) => `${vat} (5 %)`));
      await staff.getByRole('button', { name: 'Send quotation', exact: true }).click();
      const sentNotice = staff.getByText(/^Sent as QT-OM-\d{4}-\d{6}: mailed to the buyer with its PDF and link\.$/);
      await expect(sentNotice).toBeVisible();
      const r0Number = /QT-OM-\d{4}-\d{6}/.exec((await sentNotice.textContent()) ?? '')![0];
      await expect(staffHeading(staff, `Quotation ${r0Number}`)).toBeVisible();
      await expect(staff.getByRole('button', { name: 'Send quotation' })).toHaveCount(0);

      // the mail: the PDF in the buyer's language, its totals and VAT to the baisa
      const [r0Mail] = await quotationMails(smtp, email, 1);
      const r0Pdf = pdfOf(r0Mail!, r0Number);
      for (const expected of [
        r0Number,
        request.reference,
        'OMR',
        R0_TOTALS.subtotal,
        R0_TOTALS.vat,
        R0_TOTALS.total,
        ...R0_TOTALS.lineVats,
        ...LINES.map(({ product }) => product.code),
        // the seller the branch's details name (seeded as an admin sets them: a quotation is not sent without them)
        BRANCH_DETAILS.Oman!.taxNumber,
        BRANCH_DETAILS.Oman!.cr,
      ]) {
        expect(r0Pdf.text, `${expected} in the PDF`).toContain(expected);
      }
      // every page's number in its footer (pdftotext marks the Arabic's embedded numbers: read without the marks)
      expect(r0Pdf.text.replace(/[\u200e\u200f\u202a-\u202e]/g, '')).toMatch(
        language === 'ar' ? /الصفحة\s+1\s*من/ : /Page 1 of [12]/,
      );
      // the total's line as laid out: the label before the amount in English, after it (to its right) in Arabic
      const totalLine =
        r0Pdf.layout.split('\n').find((line) => line.includes(R0_TOTALS.total) && !line.includes(R0_TOTALS.subtotal)) ??
        '';
      const label = /\p{Script=Arabic}[\p{Script=Arabic}\s]*|[A-Za-z][A-Za-z ]*/u.exec(totalLine.replace(/OMR/g, ''));
      expect(label, `a label on the total's line: ${totalLine}`).not.toBeNull();
      if (language === 'ar') {
        expect(r0Pdf.pdf.includes('NotoSansArabic'), 'the Arabic font is embedded').toBe(true);
        expect(r0Pdf.text).toMatch(/عرض سعر/);
        expect(label![0], totalLine).toMatch(/\p{Script=Arabic}/u);
        expect(totalLine.indexOf(label![0]), `right to left: ${totalLine}`).toBeGreaterThan(
          totalLine.indexOf(R0_TOTALS.total),
        );
      } else {
        expect(r0Pdf.text).not.toMatch(/\p{Script=Arabic}/u);
        expect(totalLine.indexOf(label![0]), totalLine).toBeLessThan(totalLine.indexOf(R0_TOTALS.total));
      }
      const r0Link = linkOf(r0Mail!);
      expect(r0Link.startsWith(language === 'ar' ? '/ar/quotation/' : '/quotation/')).toBe(true);

      // the buyer opens it: the number, the total in the rial's three digits; and asks for changes
      const opened = await page.goto(`${url}${r0Link}`);
      await expect(buyerHeading(page, r0Number)).toBeVisible();
      // one buyer's page: never indexed nor kept, and its head names no address (no canonical, no alternates)
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      expect(opened?.headers()['cache-control']).toBe('no-store');
      await expect(page.locator('link[rel="canonical"], link[rel="alternate"]')).toHaveCount(0);
      await expect(page).toHaveTitle(t('contact.quotation.documentTitle'));
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      await expect(page.getByTestId('quotation-total')).toContainText(R0_TOTALS.total);
      await expect(page.getByTestId('quotation-total')).toContainText('OMR');
      const seller = page.getByRole('region', { name: t('contact.quotation.seller') });
      await expect(seller).toContainText(BRANCH_DETAILS.Oman!.legalName);
      await expect(seller).toContainText(BRANCH_DETAILS.Oman!.taxNumber);
      await expect(page.getByRole('region', { name: t('contact.quotation.buyer') })).toContainText(buyer.name);
      await expect(page.getByRole('link', { name: t('contact.quotation.pdf') })).toHaveAttribute(
        'href',
        `/api/quotation-links/${r0Link.split('/').at(-1)}/pdf`,
      );
      await page
        .getByRole('textbox', { name: t('contact.quotation.changes.message'), exact: true })
        .fill('Please quote 60 glands HEX-CW-20S instead of 40.');
      await page.getByRole('button', { name: t('contact.quotation.changes.send') }).click();
      await expect(page.getByRole('status').filter({ hasText: changesSent })).toBeVisible();

      // staff see it on the request's page, open R0, prepare revision R1 with 60 glands, and send it
      await staff.goto(`${staffUrl}/staff/inbox`);
      await staff.getByRole('link', { name: buyer.name, exact: true }).click();
      const r0Card = staff.getByRole('article', { name: `${r0Number}: Changes asked` });
      await expect(r0Card).toContainText('Please quote 60 glands HEX-CW-20S instead of 40.');
      await r0Card.getByRole('link', { name: `Open ${r0Number}`, exact: true }).click();
      await expect(staffHeading(staff, `Quotation ${r0Number}`)).toBeVisible();
      await staff.getByRole('button', { name: 'Prepare revision', exact: true }).click();
      await expect(staffHeading(staff, `Quotation draft for ${request.reference}`)).toBeVisible();
      await expect(staff.getByRole('textbox', { name: `${price}, line 2`, exact: true })).toHaveValue('0.875');
      await staff.getByRole('textbox', { name: 'Quantity, line 2', exact: true }).fill('60');
      await staff.getByRole('button', { name: 'Save draft', exact: true }).click();
      await expect(staff.getByText('The draft is saved.', { exact: true })).toBeVisible();
      await expectTotals(staff, R1_TOTALS);
      await staff.getByRole('button', { name: 'Send quotation', exact: true }).click();
      const r1Number = `${r0Number}-R1`;
      await expect(
        staff.getByText(`Sent as ${r1Number}: mailed to the buyer with its PDF and link.`, { exact: true }),
      ).toBeVisible();

      const r1Mail = (await quotationMails(smtp, email, 2))[1]!;
      const r1Pdf = pdfOf(r1Mail, r1Number);
      for (const expected of [r1Number, R1_TOTALS.subtotal, R1_TOTALS.vat, R1_TOTALS.total])
        expect(r1Pdf.text, `${expected} in the PDF`).toContain(expected);
      const r1Link = linkOf(r1Mail);
      expect(r1Link).not.toBe(r0Link);

      // the buyer accepts R1 with a PO number: a double click sends once
      await page.goto(`${url}${r1Link}`);
      await expect(buyerHeading(page, r1Number)).toBeVisible();
      await expect(page.getByTestId('quotation-total')).toContainText(R1_TOTALS.total);
      await page.getByRole('textbox', { name: t('contact.quotation.accept.name'), exact: true }).fill(buyer.name);
      await page
        .getByRole('textbox', { name: t('contact.quotation.accept.position'), exact: true })
        .fill(buyer.position);
      await page.getByRole('textbox', { name: t('contact.quotation.accept.poNumber'), exact: true }).fill(PO_NUMBER);
      const accepts: string[] = [];
      page.on('request', (sent) => {
        if (sent.method() === 'POST' && sent.url().endsWith('/accept')) accepts.push(sent.url());
      });
      await page.getByRole('button', { name: t('contact.quotation.accept.send') }).dblclick();
      await expect(page.getByRole('status').filter({ hasText: t('contact.quotation.accepted.thanks') })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: PO_NUMBER })).toBeVisible();
      expect(accepts).toHaveLength(1);
      await expect(page.getByRole('button', { name: t('contact.quotation.accept.send') })).toHaveCount(0);

      // the R0 link: replaced (its banner at the top, with the way to R1: quotation-revisions.spec.ts), nothing to answer
      await page.goto(`${url}${r0Link}`);
      await expect(buyerHeading(page, r0Number)).toBeVisible();
      await expect(page.getByRole('region').filter({ hasText: replaced })).toBeVisible();
      await expect(page.getByRole('button', { name: t('contact.quotation.accept.send') })).toHaveCount(0);

      // a wrong token: the one sentence (its 404 is the page's own, and expected in the console)
      await page.goto(`${url}${texts.prefix}/quotation/${'x'.repeat(43)}`);
      await expect(page.getByRole('heading', { level: 1, name: t('contact.quotation.notFound') })).toBeVisible();
      expect(consoleProblems.messages.filter((text) => !/404/.test(text))).toEqual([]);

      // the ERP's orders token reads this order once
      const first = (await (
        await erp.get(`${ORDERS_API.orders}${since === '' ? '' : `?since=${since}`}`)
      ).json()) as OrdersPage;
      expect(
        first.orders.map((order) => [
          order.quotationNumber,
          order.poNumber,
          order.buyer.acceptedBy,
          order.currency,
          order.total,
        ]),
      ).toEqual([[r1Number, PO_NUMBER, buyer.name, 'OMR', R1_TOTALS.total]]);
      const after = (await (await erp.get(`${ORDERS_API.orders}?since=${first.next}`)).json()) as OrdersPage;
      expect(after.orders).toEqual([]);
      since = first.next;

      // and once in the Orders page's CSV, downloaded as staff do
      await staff.goto(`${staffUrl}/staff/orders`);
      await expect(staffHeading(staff, 'Orders')).toBeVisible();
      const [download] = await Promise.all([
        staff.waitForEvent('download'),
        staff.getByRole('link', { name: 'Download CSV', exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
      const rows = parse<Record<string, string>>(await readFile(await download.path(), 'utf8'), {
        columns: true,
        bom: true,
      });
      expect(
        rows
          .filter((row) => row['Quotation'] === r1Number)
          .map((row) => [row['Request'], row['Branch'], row['Total'], row['Currency'], row['PO number']]),
      ).toEqual([[request.reference, 'Oman', R1_TOTALS.total, 'OMR', PO_NUMBER]]);
      // one row for each order so far: this pass's and the ones before it, no quotation twice
      expect(new Set(rows.map((row) => row['Quotation'])).size).toBe(rows.length);
      expect(staffConsole.problems).toEqual([]);
      await staff.context().close();
    });
  }
});
