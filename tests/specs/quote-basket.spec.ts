// The quote basket across the remotes, in English. The catalogue adds (a listing's cards, a product page),
// the shell's header counts and lists on every page, the contact remote's /request-quote sends; the request is checked
// where it ends: its row and lines in the site's database, its mails (the branch's, the buyer's, each with the PDF)
// received by an SMTP server on loopback. Then the basket's life: reloads, a second tab, a remote down, bad quantities.
// The texts are the agreed English ones (/request-quote and the header's agreed names), exact; the request page at a
// phone's width is looked at in both editions.
import type { Page } from '@playwright/test';
import { escapeRegExp } from '@site/server/test-support';
import { test, expect, localOnly } from '../support/fixtures';
import { horizontalOverflow } from '../support/page-checks';
import {
  branchEmail,
  expectPdfAttachment,
  JOURNEY,
  mailsTo,
  readStoredQuoteRequest,
  startMailingSite,
} from '../support/quote-basket';
import {
  addFromProductPage,
  ARABIC_TEXTS,
  basketBadge,
  basketButton,
  ENGLISH,
  JOURNEY_LINES,
  runQuoteJourney,
  type Buyer,
} from '../support/quote-journey';

localOnly('starts its own server with a mail catcher and reads the stored request from its database');

const BUYER: Buyer = {
  companyName: 'Gulf Build LLC',
  name: 'Aisha Rahman',
  email: 'aisha.buyer@example.com',
  phone: '+968 9123 4567',
  branch: 'Oman',
  deliveryCity: 'Muscat',
  notes: 'Delivery to site gate 3, mornings only.',
};

test.describe('the quote basket', { tag: ['@local', '@catalogue'] }, () => {
  test('the journey: two products from a listing and one from its page, the badge on a company page, a changed quantity and a pasted list, sent; stored and mailed with the PDF', async ({
    page,
    consoleProblems,
  }) => {
    test.setTimeout(180_000);
    const mailing = await startMailingSite();
    try {
      const sent = await runQuoteJourney(page, mailing.site.url, ENGLISH, BUYER);
      expect(sent.posted).toMatchObject({
        lines: JOURNEY_LINES.map(({ product, quantity }) => ({ productId: product.id, quantity })),
        ...BUYER,
        language: 'en',
      });
      const codes = JOURNEY_LINES.map(({ product }) => product.code);

      // the branch's mail: the lines, English, the PDF attached
      const [toBranch] = await mailsTo(mailing.smtp, branchEmail(BUYER.branch));
      expect(toBranch!.headers.subject).toBe(
        `Request for quotation ${sent.reference}: ${BUYER.companyName} (${BUYER.branch})`,
      );
      expect(toBranch!.headers['reply-to']).toContain(BUYER.email);
      for (const { product, quantity } of JOURNEY_LINES) {
        expect(toBranch!.text).toMatch(
          new RegExp(
            `${escapeRegExp(product.code)}\\s+${escapeRegExp(ENGLISH.quantity(quantity, product.unit))}\\s+${escapeRegExp(product.productName)}`,
          ),
        );
      }
      expect(toBranch!.text).toContain('Language: English');
      expectPdfAttachment(toBranch!, sent.reference, codes);

      // the buyer's confirmation: the reference and the lines, nothing the buyer typed and no PDF (the address is
      // nobody's proof: the site relays no one's text to it)
      const [toBuyer] = await mailsTo(mailing.smtp, BUYER.email);
      expect(toBuyer!.headers.subject).toContain(sent.reference);
      for (const { product } of JOURNEY_LINES) expect(toBuyer!.text).toContain(product.code);
      for (const typed of [BUYER.name, BUYER.companyName]) expect(toBuyer!.text).not.toContain(typed);
      expect(toBuyer!.text).toContain('If you did not send this request, you can ignore this e-mail.');
      expect(toBuyer!.attachments).toEqual([]);

      // the database (the server stopped: the embedded database takes one process)
      await mailing.site.stop();
      const stored = await readStoredQuoteRequest(mailing.site.dataDir, sent.reference);
      expect(stored).toMatchObject({
        reference: sent.reference,
        ...BUYER,
        language: 'en',
        spam: false,
      });
      expect(stored!.lines).toEqual(
        JOURNEY_LINES.map(({ product, quantity }, index) => ({
          lineNo: index + 1,
          productId: product.id,
          code: product.code,
          name: product.productName,
          nameAr: expect.stringMatching(/[\u0600-\u06FF]/) as unknown as string,
          unit: product.unit,
          quantity,
        })),
      );
      expect(stored!.mails).toEqual([
        { kind: 'quote_request', recipient: branchEmail(BUYER.branch), sent: true },
        { kind: 'quote_confirmation', recipient: BUYER.email, sent: true },
      ]);
      expect(consoleProblems.messages).toEqual([]);
    } finally {
      await mailing.stop();
    }
  });

  test('the basket survives a reload and is the same in a second tab, updated there without a reload', async ({
    page,
    context,
    consoleProblems,
  }) => {
    const { gland, pastedGland } = JOURNEY;
    await addFromProductPage(page, ENGLISH, gland, '3', ENGLISH.quantity(3, 'piece'));
    // the same variant again adds to its quantity
    await addFromProductPage(page, ENGLISH, gland, '2', ENGLISH.quantity(2, 'piece'));
    await expect(basketButton(page, ENGLISH, 1)).toBeVisible();

    const second = await context.newPage();
    await second.goto('/about');
    await expect(basketButton(second, ENGLISH, 1)).toBeVisible();

    // added in the first tab: the second one counts it at once (the storage event), no reload
    await addFromProductPage(page, ENGLISH, pastedGland, '7', ENGLISH.quantity(7, 'piece'));
    await expect(basketButton(second, ENGLISH, 2)).toBeVisible();
    await expect(basketBadge(second)).toHaveText('2');

    await page.reload();
    await expect(basketButton(page, ENGLISH, 2)).toBeVisible();
    await basketButton(page, ENGLISH, 2).click();
    const panel = page.getByRole('dialog', { name: 'Quote basket', exact: true });
    // both under one pack of 10: the notes come with the catalogue's answer, and the quantities still read alone
    for (const { code } of [gland, pastedGland]) await expect(panel.getByTestId(`basket-pack-${code}`)).toBeVisible();
    await expect(panel.getByText(ENGLISH.quantity(5, 'piece'), { exact: true })).toBeVisible();
    await expect(panel.getByText(ENGLISH.quantity(7, 'piece'), { exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(basketButton(page, ENGLISH, 2)).toBeFocused();

    // removed on the request page of the second tab: gone from the first one's badge too
    await second.goto('/request-quote');
    await second.getByRole('button', { name: `Remove ${ENGLISH.lineName(gland)}`, exact: true }).click();
    await expect(basketButton(second, ENGLISH, 1)).toBeVisible();
    await expect(basketButton(page, ENGLISH, 1)).toBeVisible();
    expect(consoleProblems.messages).toEqual([]);
  });

  test('the catalogue remote unreachable: the basket still shows, and the request page still matches a list and sends', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const slow = expect.configure({ timeout: 20_000 });
    const { gland, pastedGland } = JOURNEY;
    await addFromProductPage(page, ENGLISH, gland, '4', ENGLISH.quantity(4, 'piece'));

    // every file of the catalogue remote refused, as if its host were down (faults.spec.ts)
    await page.route('**/remotes/catalogue/**', (route) => route.abort('connectionrefused'));
    await page.goto('/our-products');
    await slow(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await expect(basketButton(page, ENGLISH, 1)).toBeVisible();
    await basketButton(page, ENGLISH, 1).click();
    const panel = page.getByRole('dialog', { name: 'Quote basket', exact: true });
    await expect(panel.getByText(ENGLISH.lineName(gland), { exact: true })).toBeVisible();
    await panel.getByRole('link', { name: 'Request a quote', exact: true }).click();

    await slow(page.getByRole('heading', { level: 1, name: 'Request a Quote', exact: true })).toBeVisible();
    const lines = page.getByRole('table', { name: 'Products to quote', exact: true });
    await expect(lines.getByRole('row').filter({ hasText: gland.code })).toContainText(gland.productName);
    await page.getByRole('textbox', { name: 'Paste a list', exact: true }).fill(`${pastedGland.code} 6`);
    await page.getByRole('button', { name: 'Add from list', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Added 1 product from your list.' })).toBeVisible();
    await expect(lines.getByRole('row')).toHaveCount(1 + 2);

    await fillBuyer(page);
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/quote-requests');
    await page.getByRole('button', { name: 'Send request', exact: true }).click();
    expect((await answered).status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Request sent', exact: true })).toBeVisible();
    await expect(basketButton(page, ENGLISH, 0)).toBeVisible();
  });

  test("at a phone's width the request page with a line in the basket does not scroll sideways, in either edition", async ({
    page,
    consoleProblems,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const { gland } = JOURNEY;
    for (const texts of [ENGLISH, ARABIC_TEXTS]) {
      await addFromProductPage(page, texts, gland, '40', texts.quantity(40, 'piece'));
      await page.goto(`${texts.prefix}/request-quote`);
      const lines = page.getByRole('table', { name: texts.linesCaption, exact: true });
      await expect(
        lines.getByRole('textbox', { name: texts.lineQuantity(texts.lineName(gland)), exact: true }),
      ).toBeVisible();
      // the lines' table is wider than a phone: it scrolls in its own area; before, it widened the page (600 px)
      await expect
        .poll(() => horizontalOverflow(page), { message: `${texts.prefix || '/'}request-quote at 375 px` })
        .toBe('none');
      await page.evaluate(() => localStorage.clear());
    }
    expect(consoleProblems.messages).toEqual([]);
  });

  test('a refused quantity says why and adds nothing; the request page refuses to send one', async ({
    page,
    consoleProblems,
  }) => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/quote-requests')
        posts.push(request.url());
    });
    const { metreCable, gland } = JOURNEY;
    // the empty basket's panel
    await page.goto(gland.listingPath);
    await basketButton(page, ENGLISH, 0).click();
    const panel = page.getByRole('dialog', { name: 'Quote basket', exact: true });
    await expect(panel.getByText('Your quote basket is empty.')).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Browse products', exact: true })).toHaveAttribute(
      'href',
      '/our-products',
    );
    await panel.getByRole('button', { name: 'Close' }).click();

    const quantity = page.getByRole('textbox', { name: `Quantity of ${gland.productName}`, exact: true });
    const add = page.getByRole('button', { name: `Add ${gland.productName} to quote`, exact: true });
    for (const [typed, problem] of [
      ['2.5', 'Enter a whole number of pieces.'],
      ['0', 'Enter a quantity greater than 0.'],
      ['lots', 'Enter the quantity as a number, for example 25.'],
    ]) {
      await quantity.fill(typed!);
      await add.click();
      await expect(page.getByText(problem!, { exact: true })).toBeVisible();
      await expect(quantity).toBeFocused();
      await expect(basketButton(page, ENGLISH, 0)).toBeVisible();
    }

    // metres take two decimals, not three
    await page.goto(metreCable.pagePath);
    await page.getByRole('textbox', { name: 'Quantity', exact: true }).fill('1.255');
    await page.getByRole('button', { name: 'Add to quote', exact: true }).click();
    await expect(page.getByText('Enter at most 2 decimal places.', { exact: true })).toBeVisible();
    await expect(basketButton(page, ENGLISH, 0)).toBeVisible();
    await addFromProductPage(page, ENGLISH, metreCable, '1.25', ENGLISH.quantity(1.25, 'metre'));

    // on the request page: the line's problem, and no sending while it stands
    await page.goto('/request-quote');
    const line = page.getByRole('textbox', { name: `Quantity of ${metreCable.productName}`, exact: true });
    await line.fill('-3');
    await expect(page.getByText('Enter a quantity greater than 0.', { exact: true })).toBeVisible();
    await fillBuyer(page);
    await page.getByRole('button', { name: 'Send request', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Please correct the quantities marked in the list.');
    expect(posts).toEqual([]);
    expect(consoleProblems.messages).toEqual([]);
  });
});

/** The form filled in validly (the branch left at its first, Dubai). */
async function fillBuyer(page: Page): Promise<void> {
  const textbox = (name: string) => page.getByRole('textbox', { name, exact: true });
  await textbox('Company').fill(BUYER.companyName);
  await textbox('Your name').fill(BUYER.name);
  await textbox('Email').fill(BUYER.email);
  await textbox('Phone').fill(BUYER.phone);
  await textbox('23 - 14 = ?').fill('9');
}
