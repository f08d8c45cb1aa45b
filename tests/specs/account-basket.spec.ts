// The basket that follows the buyer (docs/accounts.md, "The basket on every device"), as a buyer meets it on one site
// with its mail sent to an SMTP server on loopback: a laptop in English at 1280 px and a phone in Arabic at 375 px,
// each with a basket of its own, are connected to the account's basket through the account's own origin (signed in by
// the mailed link); each is merged in once; a change on the phone is the basket on the laptop; the laptop then keeps
// its basket to itself again.
import type { Page } from '@playwright/test';
import { newPhone, SIGN_IN_TEXTS, signInByMail } from '../support/account';
import { test, expect, localOnly } from '../support/fixtures';
import { JOURNEY, message, startMailingSite, type MailingSite } from '../support/quote-basket';
import { addFromProductPage, ARABIC_TEXTS, ENGLISH } from '../support/quote-journey';

localOnly('starts its own server with a mail catcher');

const EMAIL = 'layla.haddad@gulf-build.example';

/** The request page's words about the account's basket, and the account page's, in an edition. */
const BASKET = {
  en: {
    connect: 'Keep this basket in your account',
    kept: 'This basket is kept in your account: the same on every device you connect.',
    disconnect: 'Keep it on this device only',
    askTitle: "Keep this browser's basket in your account",
    keep: 'Keep it in my account',
  },
  ar: {
    connect: message('ar', 'contact.quote.basketAccount.connect'),
    kept: message('ar', 'contact.quote.basketAccount.kept'),
    disconnect: message('ar', 'contact.quote.basketAccount.disconnect'),
    askTitle: 'حفظ سلة هذا المتصفح في حسابك',
    keep: 'احفظها في حسابي',
  },
} as const;

/** The basket's quantity field of a product's line, as the request page shows it. */
const quantityOf = (page: Page, code: string) =>
  page.getByRole('table').getByRole('row').filter({ hasText: code }).getByRole('textbox');

/** From the request page: the link, the account's page (signed in), its button; back on the request page. */
async function connectBasket(page: Page, mailing: MailingSite, words: (typeof BASKET)['en' | 'ar'], prefix: string) {
  await page.goto(`${mailing.site.url}${prefix}/request-quote`);
  await page.getByRole('link', { name: words.connect, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: words.askTitle, exact: true })).toBeVisible();
  await page.getByRole('button', { name: words.keep, exact: true }).click();
  await expect(page).toHaveURL(`${mailing.site.url}${prefix}/request-quote`);
  await expect(page.getByText(words.kept, { exact: true })).toBeVisible();
}

test.describe('the basket on every device', { tag: ['@local', '@contact'] }, () => {
  test('a laptop in English and a phone in Arabic keep one basket through the account: merged once each, a change on one is on the other; then the laptop keeps its own', async ({
    page,
    browser,
    consoleProblems,
  }) => {
    test.setTimeout(180_000);
    const mailing = await startMailingSite();
    const phone = await newPhone(browser);
    try {
      const { gland, metreCable } = JOURNEY;
      // the laptop's basket, before any account
      await page.setViewportSize({ width: 1280, height: 800 });
      await addFromProductPage(page, ENGLISH, gland, '40', ENGLISH.quantity(40, 'piece'), {
        siteUrl: mailing.site.url,
      });
      // not signed in: the account asks for that first
      await page.goto(`${mailing.site.url}/request-quote`);
      await page.getByRole('link', { name: BASKET.en.connect, exact: true }).click();
      await expect(page).toHaveURL(`${mailing.site.accountUrl}/account/sign-in`);
      await signInByMail(page, mailing, EMAIL, SIGN_IN_TEXTS.en);
      await connectBasket(page, mailing, BASKET.en, '');
      await expect(quantityOf(page, gland.code)).toHaveValue('40');

      // the phone's own basket, in Arabic; signed in there too, connected: both parts, merged
      await addFromProductPage(phone, ARABIC_TEXTS, metreCable, '12.5', ARABIC_TEXTS.quantity(12.5, 'metre'), {
        siteUrl: mailing.site.url,
      });
      await signInByMail(phone, mailing, EMAIL, SIGN_IN_TEXTS.ar);
      await connectBasket(phone, mailing, BASKET.ar, '/ar');
      await expect(quantityOf(phone, gland.code)).toHaveValue('40');
      await expect(quantityOf(phone, metreCable.code)).toHaveValue('12.5');
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      // a change on the phone is the laptop's basket at its next visit
      await quantityOf(phone, gland.code).fill('60');
      await expect
        .poll(
          async () => {
            await page.goto(`${mailing.site.url}/request-quote`);
            return quantityOf(page, gland.code).inputValue();
          },
          { timeout: 20_000, intervals: [500] },
        )
        .toBe('60');
      await expect(quantityOf(page, metreCable.code)).toHaveValue('12.5');

      // the laptop keeps its basket to itself again: its next change stays on it
      await page.getByRole('button', { name: BASKET.en.disconnect, exact: true }).click();
      await expect(page.getByRole('link', { name: BASKET.en.connect, exact: true })).toBeVisible();
      await quantityOf(page, metreCable.code).fill('30');
      await phone.reload();
      await expect(quantityOf(phone, gland.code)).toHaveValue('60');
      await expect(quantityOf(phone, metreCable.code)).toHaveValue('12.5');

      // the account's devices page counts the browser still keeping the basket
      await phone.goto(`${mailing.site.accountUrl}/ar/account/devices`);
      await expect(phone.getByText('عدد المتصفحات المرتبطة بسلة حسابك: 1.', { exact: false })).toBeVisible();
      expect(consoleProblems.messages).toEqual([]);
    } finally {
      await phone.context().close();
      await mailing.stop();
    }
  });
});
