// The request page's form and the contact page's message form without scripts, at a phone's width: what a visitor
// whose page has not started (or never will) can do with the server's HTML alone. Each is a plain HTML form: it posts
// to its page, the server checks it as the scripted form would and draws the page again with the reason and everything
// as typed, or stores it and sends the browser to its confirmation (server/src/quote-requests/plainQuoteRoutes.ts,
// server/src/submissions/plainMessageRoutes.ts). The request's lines are its "Paste a list" box, which the request form
// sends (the basket is the browser's: its scripts keep it).
import type { Page } from '@playwright/test';
import { test, expect, localOnly, waitUntilStarted } from '../support/fixtures';
import { readCatalog } from '../support/ui-strings';

localOnly('sends requests for quotation and messages that the site stores and mails');

const AR = readCatalog('mfe-contact', 'ar');
const EN = readCatalog('mfe-contact', 'en');

/** A list as copied from a spreadsheet: the cable by its code, a gland size by its variant's code. */
const LIST = 'OC-SWA-416\t200\nHEX-CW-25 40';

/** The request form's fields by their ids (the contact remote's): the same in both editions. */
async function fillRequest(page: Page, answer: string) {
  await page.locator('#quote-paste').fill(LIST);
  await page.locator('#quote-companyName').fill('Gulf Build LLC');
  await page.locator('#quote-name').fill('Aisha Rahman');
  await page.locator('#quote-email').fill('aisha.plain@example.com');
  await page.locator('#quote-phone').fill('+971 50 123 4567');
  await page.locator('#quote-branch').selectOption('Oman');
  await page.locator('#quote-answer').fill(answer);
}

test.describe('forms without scripts, at 375 px', { tag: ['@local', '@contact'] }, () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });

  test('a request for quotation: refused with its reason and everything kept, then sent; its confirmation has the reference and the PDF', async ({
    page,
    request,
  }) => {
    await page.goto('/request-quote');
    // the basket and adding to it need the scripts: without them the list goes with the request, first on the page
    await expect(page.getByRole('region', { name: 'Products to quote' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Add from list' })).toBeHidden();
    await page.getByRole('textbox', { name: 'Paste a list' }).fill(LIST);
    await page.getByRole('textbox', { name: 'Company', exact: true }).fill('Gulf Build LLC');
    await page.getByRole('textbox', { name: 'Your name', exact: true }).fill('Aisha Rahman');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('aisha.plain@example.com');
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('+971 50 123 4567');
    await page.getByRole('combobox', { name: 'Branch' }).selectOption('Oman');
    await page.getByRole('textbox', { name: '23 - 14 = ?' }).fill('8');
    await page.getByRole('button', { name: 'Send request' }).click();

    // drawn again by the server: the scripted form's words, nothing lost
    await expect(page.locator('#quote-form [role="alert"]')).toHaveText(
      'Incorrect answer to the equation. Please try again.',
    );
    await expect(page).toHaveURL(/\/request-quote$/);
    await expect(page.getByRole('textbox', { name: 'Paste a list' })).toHaveValue(LIST);
    await expect(page.getByRole('textbox', { name: 'Company', exact: true })).toHaveValue('Gulf Build LLC');
    await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue('aisha.plain@example.com');
    await expect(page.getByRole('combobox', { name: 'Branch' })).toHaveValue('Oman');
    await expect(page.getByRole('textbox', { name: '23 - 14 = ?' })).toHaveValue('8');

    await page.getByRole('textbox', { name: '23 - 14 = ?' }).fill('9');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByRole('heading', { name: 'Request sent' })).toBeVisible();
    await expect(page).toHaveURL(/\/request-quote\?sent=RFQ-OM-\d{4}-\d{6,}&key=[\w-]{43}$/);
    const reference = new URL(page.url()).searchParams.get('sent')!;
    await expect(page.getByText(`Your reference is ${reference}.`)).toBeVisible();
    const summary = page.locator('#quote-summary');
    await expect(summary.getByRole('row')).toHaveCount(3);
    await expect(summary.getByRole('row').nth(1)).toContainText('OC-SWA-416');
    await expect(summary.getByRole('row').nth(1)).toContainText('200 metres');
    await expect(summary.getByRole('row').nth(2)).toContainText('HEX-CW-25');
    await expect(summary).toContainText('Oman');
    // stored: its PDF is there for the key's holder
    const pdfLink = page.getByRole('link', { name: 'Download PDF' });
    const pdf = await request.get((await pdfLink.getAttribute('href'))!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    // the page fits the phone's width
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('a request for quotation in Arabic: a list line not recognised is named in Arabic, then the request is sent', async ({
    page,
  }) => {
    await page.goto('/ar/request-quote');
    await fillRequest(page, '٩');
    await page.locator('#quote-paste').fill(`${LIST}\nNO-SUCH-PART 5`);
    await page.locator('#quote-form button[type="submit"]').click();
    await expect(page.locator('#quote-form [role="alert"]')).toHaveText(AR['contact.quote.error.badList']!);
    await expect(page.getByText(AR['contact.quote.paste.notRecognised']!)).toBeVisible();
    await expect(page.getByText('NO-SUCH-PART 5', { exact: true })).toBeVisible();
    await expect(page.locator('#quote-companyName')).toHaveValue('Gulf Build LLC');

    await page.locator('#quote-paste').fill(LIST);
    await page.locator('#quote-form button[type="submit"]').click();
    await expect(page.getByRole('heading', { name: AR['contact.quote.sent.heading'] })).toBeVisible();
    await expect(page).toHaveURL(/\/ar\/request-quote\?sent=RFQ-OM-\d{4}-\d{6,}&key=[\w-]{43}$/);
    await expect(page.locator('#quote-summary')).toContainText('OC-SWA-416');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });

  for (const { locale, prefix, words } of [
    { locale: 'en', prefix: '', words: EN },
    { locale: 'ar', prefix: '/ar', words: AR },
  ] as const) {
    test(`${locale}: the contact page's message: refused with its reason and everything kept, then sent, the page thanks`, async ({
      page,
    }) => {
      await page.goto(`${prefix}/contact-us`);
      const status = page.locator('#message-form-status');
      await page.locator('#contact-name').fill('Omar Haddad');
      await page.locator('#contact-email').fill('omar.plain@example.com');
      await page.locator('#contact-country').selectOption('Bahrain');
      await page.locator('#contact-answer').fill('9');
      await page.locator('#contact-message').scrollIntoViewIfNeeded();
      await page.locator('form:has(#message-form-status) button[type="submit"]').click();
      await expect(status).toHaveText(words['contact.form.error.required']!);
      await expect(page.locator('#contact-name')).toHaveValue('Omar Haddad');
      await expect(page.locator('#contact-country')).toHaveValue('Bahrain');

      await page.locator('#contact-message').fill('Do you stock 4-core SWA cable?\nWe need 500 m.');
      await page.locator('form:has(#message-form-status) button[type="submit"]').click();
      await expect(status).toHaveText(words['contact.form.success']!);
      await expect(page).toHaveURL(new RegExp(`${prefix}/contact-us\\?sent=message$`));
      await expect(page.locator('#contact-name')).toHaveValue('');
    });
  }
});

test.describe('the page a plain post is answered with, taken over by its scripts', {
  tag: ['@local', '@contact'],
}, () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the refused form is drawn again, hydrated as drawn: what was typed kept, the list joins the basket, the scripted form sends it', async ({
    page,
    consoleProblems,
  }) => {
    // the page's own code held: its part has not started, so the form posts as a plain form
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/remotes\/contact\/__federation_expose_QuoteRequestPage\.[0-9a-f]{8}\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const refusedCalls: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400 && response.request().resourceType() !== 'document')
        refusedCalls.push(`${response.status()} ${response.url()}`);
    });
    await page.goto('/request-quote', { waitUntil: 'domcontentloaded' });
    await fillRequest(page, '8');
    // "Send request" tapped now waits for the page's start (an early control: the basket is the browser's), so the
    // plain post is made as a browser without scripts makes it: the form submitted with no click to keep
    await page.locator('#quote-form').evaluate((form: HTMLFormElement) => form.submit());
    await expect(page.locator('#quote-form [role="alert"]')).toHaveText(
      'Incorrect answer to the equation. Please try again.',
    );
    release();
    await page.unroute(/\/remotes\/contact\//);
    await waitUntilStarted(page);

    // taken over: the server's values are the form's, the list's lines are the basket's
    const lines = page.getByRole('table', { name: 'Products to quote' });
    await expect(lines.getByRole('row').filter({ hasText: 'OC-SWA-416' })).toBeVisible();
    await expect(lines.getByRole('row').filter({ hasText: 'HEX-CW-25' })).toBeVisible();
    await expect(page.getByText('Added 2 products from your list.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Paste a list' })).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Company', exact: true })).toHaveValue('Gulf Build LLC');
    await expect(page.getByRole('combobox', { name: 'Branch' })).toHaveValue('Oman');

    await page.getByRole('textbox', { name: '23 - 14 = ?' }).fill('9');
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/quote-requests');
    await page.getByRole('button', { name: 'Send request' }).click();
    expect((await answered).status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Request sent' })).toBeVisible();
    await expect(page.locator('#quote-summary')).toContainText('Gulf Build LLC');
    expect(refusedCalls).toEqual([]);
    // the page drawn again was answered 400 (a refused form): the browser logs that of the document, and nothing else
    expect(consoleProblems.messages).toEqual([
      'Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
  });
});
