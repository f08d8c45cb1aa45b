// The buyer's account as a buyer meets it (docs/accounts.md), on one site with its mail sent to an SMTP server on
// loopback: a buyer sends a request for quotation from a product page, then signs in on the account's own origin with
// the link the site mails, at 1280 px in English and, on a phone at 375 px, in Arabic, and finds the request in the
// account with its PDF, and uploads a bill of materials that becomes the basket of a new request. The link works once. A buyer of another address signed in beside them finds none of it. The
// account's pages run no script: every control is a plain form, working from the first paint.
import { readFileSync } from 'node:fs';
import { newPhone, SIGN_IN_TEXTS, signInByMail } from '../support/account';
import { test, expect, localOnly } from '../support/fixtures';
import { JOURNEY, startMailingSite } from '../support/quote-basket';
import { addFromProductPage, ENGLISH, sendQuoteRequest, type Buyer } from '../support/quote-journey';

localOnly('starts its own server with a mail catcher');

const BUYER: Buyer = {
  companyName: 'Gulf Build LLC',
  name: 'Khalid Mansour',
  email: 'Khalid.Mansour@Gulf-Build.example',
  phone: '+971 50 123 4567',
  branch: 'Oman',
  deliveryCity: 'Muscat',
  notes: 'Deliver to gate 2.',
};
const OTHER_BUYER = 'someone.else@other-company.example';

const TEXTS = {
  en: {
    ...SIGN_IN_TEXTS.en,
    noRequests: 'No requests yet.',
    dead: 'This link no longer works',
    devices: 'Signed-in devices',
    signOut: 'Sign out',
  },
  ar: {
    ...SIGN_IN_TEXTS.ar,
    noRequests: 'لا توجد طلبات بعد.',
    dead: 'لم يعد هذا الرابط صالحاً',
    devices: 'الأجهزة المسجّل دخولها',
    signOut: 'تسجيل الخروج',
  },
} as const;

test.describe("the buyer's account", { tag: ['@local', '@contact'] }, () => {
  test('a buyer sends a request, signs in by the mailed link in English at 1280 px and in Arabic on a phone, and finds it with its PDF; the link works once; another buyer sees none of it', async ({
    page,
    browser,
    consoleProblems,
  }) => {
    test.setTimeout(180_000);
    const mailing = await startMailingSite();
    try {
      await page.setViewportSize({ width: 1280, height: 800 });
      await addFromProductPage(page, ENGLISH, JOURNEY.gland, '40', ENGLISH.quantity(40, 'piece'), {
        siteUrl: mailing.site.url,
      });
      await page.goto(`${mailing.site.url}/request-quote`);
      const sent = await sendQuoteRequest(page, ENGLISH, BUYER);

      // English, 1280 px: the request in the account, its PDF a PDF
      const link = await signInByMail(page, mailing, BUYER.email, TEXTS.en);
      const row = page
        .getByRole('region', { name: 'Requests for quotation', exact: true })
        .getByRole('row')
        .filter({ hasText: sent.reference });
      await expect(row).toHaveCount(1);
      const pdf = await page.request.get(
        `${mailing.site.accountUrl}${await row.getByRole('link', { name: `Download PDF of ${sent.reference}` }).getAttribute('href')}`,
      );
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // the link, spent, opens nothing in another browser
      const elsewhere = await (await browser.newContext()).newPage();
      const reopened = await elsewhere.goto(link);
      expect(reopened?.status()).toBe(410);
      await expect(elsewhere.getByRole('heading', { level: 1, name: TEXTS.en.dead, exact: true })).toBeVisible();
      await expect(elsewhere.getByRole('button', { name: TEXTS.en.signIn, exact: true })).toHaveCount(0);
      await elsewhere.context().close();

      // "Request again": the public request page, the request's part in the basket, the address without the list
      await row.getByRole('link', { name: `Request the parts of ${sent.reference} again`, exact: true }).click();
      await expect(page).toHaveURL(`${mailing.site.url}/request-quote`);
      await expect(page.getByRole('form', { name: 'Paste a list' }).getByRole('status')).toHaveText(
        'Added 1 product from your list.',
      );
      await expect(page.getByRole('textbox', { name: /^Quantity of / })).toHaveValue('40');
      await page.goto(`${mailing.site.accountUrl}/account`);

      // everything the account holds, downloaded: the request with its line
      await page.getByRole('link', { name: 'Your data', exact: true }).click();
      const downloading = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Download as JSON', exact: true }).click();
      const saved = await (await downloading).path();
      const data = JSON.parse(readFileSync(saved, 'utf8')) as {
        requests: { reference: string; lines: { quantity: number }[] }[];
      };
      expect(data.requests.map((request) => [request.reference, request.lines.map((line) => line.quantity)])).toEqual([
        [sent.reference, [40]],
      ]);

      // a bill of materials uploaded from the lists page (a plain multipart form), matched, requested in one step
      await page.goto(`${mailing.site.accountUrl}/account`);
      await page.getByRole('link', { name: 'Lists', exact: true }).click();
      await page.getByRole('textbox', { name: 'Name of the list', exact: true }).fill('Substation 4');
      await page.getByLabel('File', { exact: true }).setInputFiles({
        name: 'bom.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('Part No.,Qty\r\nHEX-CW-25,10\r\nhex cw 32,5\r\nNO-SUCH-PART,1\r\n'),
      });
      await page.getByRole('button', { name: 'Upload and match', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Substation 4', exact: true })).toBeVisible();
      await expect(page.getByRole('status')).toHaveText('2 of 3 lines are matched to a part and ready to request.');
      await expect(page.getByRole('row').filter({ hasText: 'NO-SUCH-PART' })).toContainText(
        'No part has this code or maker’s part number.',
      );
      await page.getByRole('link', { name: 'Request a quotation for the 2 ready lines', exact: true }).click();
      await expect(page).toHaveURL(`${mailing.site.url}/request-quote`);
      await expect(page.getByRole('form', { name: 'Paste a list' }).getByRole('status')).toHaveText(
        'Added 2 products from your list.',
      );

      // Arabic, on a phone: the same request in the Arabic account; the page fits the screen
      const phone = await newPhone(browser);
      try {
        await signInByMail(phone, mailing, BUYER.email, TEXTS.ar);
        await expect(phone.locator('html')).toHaveAttribute('dir', 'rtl');
        await expect(phone.getByRole('row').filter({ hasText: sent.reference })).toHaveCount(1);
        const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        // the devices page names both of the buyer's devices; signing out returns to the form
        await phone.getByRole('link', { name: TEXTS.ar.devices, exact: true }).click();
        await expect(phone.getByRole('button', { name: /^تسجيل الخروج من هذا الجهاز/ })).toHaveCount(2);
        // the account's activity: both sign-ins by the mailed link
        await expect(
          phone.getByRole('region', { name: 'النشاط الأخير' }).getByText('تسجيل الدخول برابط البريد الإلكتروني'),
        ).toHaveCount(2);
        await phone.getByRole('button', { name: TEXTS.ar.signOut, exact: true }).click();
        await expect(phone.getByRole('heading', { level: 1, name: TEXTS.ar.signInTitle, exact: true })).toBeVisible();
      } finally {
        await phone.context().close();
      }

      // another buyer, signed in beside them: nothing of theirs
      const other = await (await browser.newContext()).newPage();
      try {
        await signInByMail(other, mailing, OTHER_BUYER, TEXTS.en);
        await expect(other.getByText(TEXTS.en.noRequests, { exact: true })).toBeVisible();
        await expect(other.getByText(sent.reference)).toHaveCount(0);
        // the other buyer closes their account: the box ticked, then its button
        await other.getByRole('link', { name: 'Your data', exact: true }).click();
        await other.getByRole('checkbox', { name: 'I understand that closing my account cannot be undone.' }).check();
        await other.getByRole('button', { name: 'Close my account', exact: true }).click();
        await expect(
          other.getByRole('heading', { level: 1, name: 'Your account is closed', exact: true }),
        ).toBeVisible();
        await other.goto(`${mailing.site.accountUrl}/account`);
        await expect(other.getByRole('heading', { level: 1, name: TEXTS.en.signInTitle, exact: true })).toBeVisible();
      } finally {
        await other.context().close();
      }
      expect(consoleProblems.messages).toEqual([]);
    } finally {
      await mailing.stop();
    }
  });
});
