// The buyer journey, from a size's price break to an order, as the product owners asked for it, in each edition of the
// buyer's pages at 375 and 1280 px on one site (embedded database, mail to an SMTP server on loopback):
// - a catalogue manager gives a gland size price breaks (50+ at AED 12.50); the buyer reads them in the size table and
//   adds 50 of it from there, then pastes three more lines on the request page and sends them to the Muscat branch;
// - Oman's branch staff open the request in the staff app, "Prepare quotation": the size comes priced at its break in
//   rials (3 decimals, 5 % VAT), the others they type; sent under a company-unique number (QT-OM-…);
// - the mail brings the PDF (its text read back: the seller's registrations, every amount, page numbers; in Arabic the
//   products' Arabic names word for word) and the link; the buyer asks for changes; staff send revision R1;
// - the buyer accepts R1 with a PO number (one order, whatever the double click); a colleague's acceptance sent after
//   it is told when and with which PO it was accepted; R0's link opens with the replaced banner and a link to R1;
// - the order comes once to the ERP's orders token and once in the Orders page's CSV.
// Every amount is checked against the calculation below (half-up per line to the baisa, VAT per line).
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { request as playwrightRequest, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { STARTED_ATTRIBUTE } from '@site/contracts/dom-ids';
import { CSRF_HEADER, STAFF_API } from '@site/contracts/staff-api';
import { ORDERS_API, type OrdersPage } from '@site/contracts/quotation-link-api';
import { pdfText, pdfWords, startSmtpServer, type ReceivedMail, type TestSmtpServer } from '@site/server/test-support';
import { test, expect, localOnly } from '../support/fixtures';
import { ARABIC_TEXTS, ENGLISH, sendQuoteRequest } from '../support/quote-journey';
import { JOURNEY, mailingEnv, mailsTo, message } from '../support/quote-basket';
import { openProductEditor, publishPriceBreaks, variantGridRow } from '../support/catalogue-editor';
import { productNameIn, variantRow, variantTable } from '../support/product-variants';
import { dubaiDay } from '../support/quotation-links';
import {
  ADMIN,
  BRANCH_DETAILS,
  CATALOGUE_STAFF,
  OMAN_STAFF,
  firstAdminSignIn,
  heading as staffHeading,
  startStaffSite,
  submitPassword,
  watchStaffConsole,
  type StaffSite,
  setCurrencyRate,
} from '../support/staff';

localOnly('starts its own server with a mail catcher and staff accounts it creates');

const { metreCable, gland, pastedGland } = JOURNEY;

/** The rate Oman's quotations use (AED to OMR), as the admin sets it. */
const OMR_RATE = '0.10477';

/**
 * The size with price breaks, as the catalogue manager types them, and what the buyer asks for: 50 reach the 50+
 * break, AED 12.50, which is 1.310 OMR at the rate (12.50 × 0.10477 = 1.3096250, half-up to the baisa).
 */
const BREAK = { code: 'HEX-CW-20', position: 2, price: '13.50', breaks: '50+ 12.50; 250+ 11.00', quantity: '50' };
const BREAK_PRICE_OMR = '1.310';

/**
 * The quotation's lines: the size from the basket first, priced by the catalogue at its break, then the three pasted
 * lines with the prices Oman's staff type (rials, 3 decimals). R1 quotes 60 glands (line 3) instead of 40.
 */
const LINES = [
  { code: BREAK.code, quantity: BREAK.quantity, unitPrice: BREAK_PRICE_OMR, typed: false },
  { code: metreCable.code, quantity: '212.5', unitPrice: '1.235', typed: true },
  { code: gland.code, quantity: '40', unitPrice: '0.875', typed: true },
  { code: pastedGland.code, quantity: '12', unitPrice: '2.345', typed: true },
];
const R1_GLAND = { line: 3, quantity: '60' };
const PO_NUMBER = 'PO-2026-0457';
const SECOND_PO_NUMBER = 'PO-2026-0458';

/** A decimal string in thousandths (baisa): '262.4375' is not one, '1.235' is 1235n. */
const baisa = (amount: string): bigint => {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole + fraction.padEnd(3, '0'));
};
const rials = (value: bigint): string => `${value / 1000n}.${String(value % 1000n).padStart(3, '0')}`;
/** `numerator / denominator` rounded half-up (amounts are never negative). */
const halfUp = (numerator: bigint, denominator: bigint): bigint => (numerator * 2n + denominator) / (denominator * 2n);

/**
 * The quotation's figures worked out apart from the site: each line's amount (quantity × price, half-up to the baisa),
 * its VAT at 5 % (half-up per line), and the sums.
 */
function figures(lines: readonly { quantity: string; unitPrice: string }[]) {
  const amounts = lines.map(({ quantity, unitPrice }) => {
    const [whole = '0', fraction = ''] = quantity.split('.');
    const hundredths = BigInt(whole + fraction.padEnd(2, '0'));
    return halfUp(hundredths * baisa(unitPrice), 100n);
  });
  const vats = amounts.map((amount) => halfUp(amount * 5n, 100n));
  const subtotal = amounts.reduce((sum, amount) => sum + amount, 0n);
  const vat = vats.reduce((sum, value) => sum + value, 0n);
  return {
    subtotal: rials(subtotal),
    vat: rials(vat),
    total: rials(subtotal + vat),
    lineAmounts: amounts.map(rials),
    lineVats: vats.map(rials),
  };
}
const R0_TOTALS = figures(LINES);
const R1_TOTALS = figures(
  LINES.map((line, index) => (index + 1 === R1_GLAND.line ? { ...line, quantity: R1_GLAND.quantity } : line)),
);
// the same figures by hand: 50 × 1.310 = 65.500 (VAT 3.275); 212.5 × 1.235 = 262.4375 → 262.438 (13.1219 → 13.122);
// 40 × 0.875 = 35.000 (1.750); 12 × 2.345 = 28.140 (1.407); R1's 60 glands 52.500 (2.625)
const BY_HAND = {
  r0: { subtotal: '391.078', vat: '19.554', total: '410.632', lineVats: ['3.275', '13.122', '1.750', '1.407'] },
  r1: { subtotal: '408.578', vat: '20.429', total: '429.007' },
};

/** Each edition's pass: its language, its request page's words, the buyer, and the server's words it expects. */
const PASSES = [
  {
    language: 'en' as const,
    texts: ENGLISH,
    // a buyer of their own at each width: the staff inbox finds a request by its buyer's name
    buyers: {
      375: { name: 'Aisha Rahman', position: 'Procurement Manager' },
      1280: { name: 'Fatima Al Balushi', position: 'Purchasing Officer' },
    },
    colleague: { name: 'Omar Haddad', position: 'Site Engineer' },
    changesSent: 'Your request for changes has been sent to our Oman branch.',
    breakLine: '50+: AED 12.50',
  },
  {
    language: 'ar' as const,
    texts: ARABIC_TEXTS,
    buyers: {
      375: { name: 'عائشة الرحمن', position: 'مديرة المشتريات' },
      1280: { name: 'فاطمة البلوشي', position: 'مسؤولة المشتريات' },
    },
    colleague: { name: 'عمر حداد', position: 'مهندس موقع' },
    changesSent: 'أُرسل طلب التعديل إلى فرعنا في',
    breakLine: '50+: 12.50 درهم',
  },
];
/** A phone and a laptop: the buyer's pages at each (the staff app at its own 1280 px). */
const WIDTHS = [375, 1280] as const;
const HEIGHT = 800;

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

test.describe('the buyer journey: a break, a request, a quotation, a revision, an order', {
  tag: ['@local', '@staff', '@catalogue'],
}, () => {
  test.describe.configure({ mode: 'serial' });
  let smtp: TestSmtpServer;
  let site: StaffSite;
  let erp: APIRequestContext;
  /** The orders feed's cursor after the previous pass: each pass reads its own order once. */
  let since = '';

  test.beforeAll(async ({ browser }) => {
    // four runs of the staff CLI (three accounts, Oman's seller details) each open the embedded database alone
    test.setTimeout(240_000);
    expect(BY_HAND.r0).toEqual({
      subtotal: R0_TOTALS.subtotal,
      vat: R0_TOTALS.vat,
      total: R0_TOTALS.total,
      lineVats: R0_TOTALS.lineVats,
    });
    expect(BY_HAND.r1).toEqual({ subtotal: R1_TOTALS.subtotal, vat: R1_TOTALS.vat, total: R1_TOTALS.total });
    smtp = await startSmtpServer();
    site = await startStaffSite([OMAN_STAFF, ADMIN, CATALOGUE_STAFF], mailingEnv(smtp));
    // the admin's part, which has no screen: the rate from dirhams to rials, and the ERP's orders token
    const admin = await playwrightRequest.newContext({ baseURL: site.staffUrl });
    const session = await firstAdminSignIn(admin);
    await setCurrencyRate(admin, session, 'OMR', OMR_RATE);
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
    // the catalogue manager's part: the size's breaks, published
    const manager = await browser.newPage();
    const managerConsole = watchStaffConsole(manager);
    await openProductEditor(manager, site.staffUrl, BREAK.code, /^CW Brass Cable Gland/);
    await publishPriceBreaks(
      manager,
      await variantGridRow(manager, BREAK.position, BREAK.code),
      BREAK.price,
      BREAK.breaks,
    );
    expect(managerConsole.problems).toEqual([]);
    await manager.context().close();
  });
  test.afterAll(async () => {
    await erp?.dispose();
    await site?.stop();
    await smtp?.close();
  });

  for (const width of WIDTHS)
    for (const { language, texts, buyers, colleague, changesSent, breakLine } of PASSES) {
      const buyer = buyers[width];
      const t = (id: string, values?: Record<string, string | number>) => message(language, id, values);
      const buyerHeading = (page: Page, number: string) =>
        page.getByRole('heading', { level: 1, name: `${t('contact.quotation.heading')} ${number}` });
      const email = `buyer.${language}.${width}@example.com`;

      test(`${language} at ${width} px: 50 bought at their break, a request to Muscat priced in rials, changes asked, R1 accepted (a second acceptance told), R0 pointing to R1; one order for the ERP and in the CSV`, async ({
        page,
        browser,
        consoleProblems,
      }) => {
        test.setTimeout(240_000);
        const { url, staffUrl } = site;
        await page.setViewportSize({ width, height: HEIGHT });

        // the size's breaks in its row of the product page's table, and 50 of it added from there
        await page.goto(`${url}${texts.prefix}${gland.pagePath}`);
        await page.locator(`html[${STARTED_ATTRIBUTE}]`).waitFor({ state: 'attached' });
        const size = variantRow(variantTable(page, language, gland), BREAK.code);
        await expect(size).toContainText(breakLine);
        await size
          .getByRole('textbox', { name: t('catalogue.quote.quantityOf', { name: BREAK.code }) })
          .fill(BREAK.quantity);
        // by the keyboard: at 375 px the row may sit under the sticky header or the chat's button
        await size.getByRole('button', { name: t('catalogue.quote.addNamed', { name: BREAK.code }) }).press('Enter');
        await expect(size.getByRole('status')).not.toBeEmpty();

        // the request page: three lines pasted beside it, the Muscat branch chosen
        await page.goto(`${url}${texts.prefix}/request-quote`);
        await page.getByRole('textbox', { name: texts.pasteLabel, exact: true }).fill(
          LINES.filter((line) => line.typed)
            .map(({ code, quantity }) => `${code}\t${quantity}`)
            .join('\n'),
        );
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
        expect(request.reference).toMatch(/^RFQ-OM-\d{4}-\d{6}$/);

        // Oman's staff: the request from the inbox, "Prepare quotation": the size at its break, the rest typed
        const staff = await omanStaffPage(browser, staffUrl);
        const staffConsole = watchStaffConsole(staff);
        await staff.getByRole('link', { name: buyer.name, exact: true }).click();
        await staff.getByRole('button', { name: 'Prepare quotation', exact: true }).click();
        await expect(staffHeading(staff, `Quotation draft for ${request.reference}`)).toBeVisible();
        await expect(staff.getByText('Currency: OMR', { exact: true })).toBeVisible();
        const table = staff.getByRole('table', { name: `${LINES.length} lines in OMR` });
        await expect(table).toBeVisible();
        const price = 'Unit price (OMR)';
        for (const [index, { code, quantity, unitPrice, typed }] of LINES.entries()) {
          const n = index + 1;
          await expect(staff.getByRole('textbox', { name: `Code, line ${n}`, exact: true })).toHaveValue(code);
          await expect(staff.getByRole('textbox', { name: `Quantity, line ${n}`, exact: true })).toHaveValue(quantity);
          const field = staff.getByRole('textbox', { name: `${price}, line ${n}`, exact: true });
          if (typed) await field.fill(unitPrice);
          else await expect(field).toHaveValue(unitPrice);
        }
        await staff.getByRole('button', { name: 'Save draft', exact: true }).click();
        await expect(staff.getByText('The draft is saved.', { exact: true })).toBeVisible();
        await expectTotals(staff, R0_TOTALS);
        await expect(table.locator('tbody tr td:nth-child(7)')).toHaveText(
          R0_TOTALS.lineVats.map((vat) => `${vat} (5 %)`),
        );
        await staff.getByRole('button', { name: 'Send quotation', exact: true }).click();
        const sentNotice = staff.getByText(/^Sent as QT-OM-\d{4}-\d{6}: mailed to the buyer with its PDF and link\.$/);
        await expect(sentNotice).toBeVisible();
        // unique across the company: the branch in the number
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
          ...R0_TOTALS.lineAmounts,
          ...R0_TOTALS.lineVats,
          ...LINES.map(({ code }) => code),
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
          r0Pdf.layout
            .split('\n')
            .find((line) => line.includes(R0_TOTALS.total) && !line.includes(R0_TOTALS.subtotal)) ?? '';
        const label = /\p{Script=Arabic}[\p{Script=Arabic}\s]*|[A-Za-z][A-Za-z ]*/u.exec(totalLine.replace(/OMR/g, ''));
        expect(label, `a label on the total's line: ${totalLine}`).not.toBeNull();
        if (language === 'ar') {
          expect(r0Pdf.pdf.includes('NotoSansArabic'), 'the Arabic font is embedded').toBe(true);
          expect(r0Pdf.text).toMatch(/عرض سعر/);
          // the products' Arabic names, read back word for word (letter by letter: poppler puts a mark read with its
          // letter one letter early, content/src/pdf/glyphText.ts)
          const letters = (word: string) => word.replace(/\p{M}/gu, '');
          const words = new Set(pdfWords(r0Pdf.text).map(letters));
          for (const product of [gland, metreCable, pastedGland])
            for (const word of pdfWords(productNameIn('ar', product)).filter((part) => /\p{Script=Arabic}/u.test(part)))
              expect(words.has(letters(word)), `«${word}» of ${productNameIn('ar', product)} in the PDF`).toBe(true);
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
        // nothing sideways on a phone
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
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
        await expect(staff.getByRole('textbox', { name: `${price}, line ${R1_GLAND.line}`, exact: true })).toHaveValue(
          LINES[R1_GLAND.line - 1]!.unitPrice,
        );
        await staff
          .getByRole('textbox', { name: `Quantity, line ${R1_GLAND.line}`, exact: true })
          .fill(R1_GLAND.quantity);
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

        // a colleague opens R1 too, and fills the form, at the same width
        const other = await (await browser.newContext({ viewport: { width, height: HEIGHT } })).newPage();
        await other.goto(`${url}${r1Link}`);
        await other.locator(`html[${STARTED_ATTRIBUTE}]`).waitFor({ state: 'attached' });
        const field = (on: Page, id: string) =>
          on.getByRole('textbox', { name: t(`contact.quotation.accept.${id}`), exact: true });
        await field(other, 'name').fill(colleague.name);
        await field(other, 'position').fill(colleague.position);
        await field(other, 'poNumber').fill(SECOND_PO_NUMBER);

        // the buyer accepts R1 with a PO number: a double click sends once
        await page.goto(`${url}${r1Link}`);
        await expect(buyerHeading(page, r1Number)).toBeVisible();
        await expect(page.getByTestId('quotation-total')).toContainText(R1_TOTALS.total);
        await field(page, 'name').fill(buyer.name);
        await field(page, 'position').fill(buyer.position);
        await field(page, 'poNumber').fill(PO_NUMBER);
        const accepts: string[] = [];
        page.on('request', (sent) => {
          if (sent.method() === 'POST' && sent.url().endsWith('/accept')) accepts.push(sent.url());
        });
        await page.getByRole('button', { name: t('contact.quotation.accept.send') }).dblclick();
        await expect(
          page.getByRole('status').filter({ hasText: t('contact.quotation.accepted.thanks') }),
        ).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: PO_NUMBER })).toBeVisible();
        expect(accepts).toHaveLength(1);
        await expect(page.getByRole('button', { name: t('contact.quotation.accept.send') })).toHaveCount(0);

        // the colleague's acceptance, sent after it: told when and with which PO it was accepted, nothing accepted twice
        await other.getByRole('button', { name: t('contact.quotation.accept.send') }).click();
        await expect(other.getByRole('alert')).toHaveText(
          t('contact.quotation.alreadyAccepted.withPo', { date: dubaiDay(language), poNumber: PO_NUMBER }),
        );
        await expect(other.getByRole('button', { name: t('contact.quotation.accept.send') })).toHaveCount(0);
        await other.context().close();

        // the R0 link: the replaced banner first, with the way to R1; nothing to answer
        await page.goto(`${url}${r0Link}`);
        await expect(buyerHeading(page, r0Number)).toBeVisible();
        const banner = page.getByRole('region', { name: t('contact.quotation.superseded.title') });
        await expect(banner).toBeVisible();
        await expect(
          banner.getByRole('link', { name: t('contact.quotation.superseded.latest', { number: r1Number }) }),
        ).toHaveAttribute('href', r1Link);
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
