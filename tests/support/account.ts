// What the buyer's account's specs share: a phone to sign in on, and the sign-in link as the mail gives it.
import { expect, type Browser, type Page } from '@playwright/test';
import { waitingForStart } from './fixtures';
import type { TestSmtpServer } from '@site/server/test-support';
import type { RunningSite } from './site-server';

/** A sign-in link as the mail gives it. */
export const SIGN_IN_LINK = /https?:\/\/\S+\/account\/sign-in\/[A-Za-z0-9_-]{43}/;

/**
 * A phone of its own (another device: no cookie, no passkey of the page's); its loads return once the page has started,
 * as the fixture's page's do.
 */
export async function newPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  return waitingForStart(await context.newPage());
}

/** The words of the sign-in, in an edition (`prefix`: '' or '/ar'). */
export interface SignInTexts {
  prefix: string;
  signInTitle: string;
  email: string;
  send: string;
  checkMail: string;
  signIn: string;
  records: string;
}

/** The sign-in's words in each edition (server/src/accounts/accountTexts.ts). */
export const SIGN_IN_TEXTS: Readonly<Record<'en' | 'ar', SignInTexts>> = {
  en: {
    prefix: '',
    signInTitle: 'Sign in to your account',
    email: 'Work e-mail',
    send: 'Send me a sign-in link',
    checkMail: 'Check your e-mail',
    signIn: 'Sign in',
    records: 'Your requests and quotations',
  },
  ar: {
    prefix: '/ar',
    signInTitle: 'تسجيل الدخول إلى حسابك',
    email: 'البريد الإلكتروني للعمل',
    send: 'أرسلوا إليّ رابط الدخول',
    checkMail: 'تفقّد بريدك الإلكتروني',
    signIn: 'تسجيل الدخول',
    records: 'طلباتكم وعروض الأسعار',
  },
};

/** A site whose mail reaches the test (support/quote-basket.ts's MailingSite, or the quotation links' site). */
export interface SiteWithMail {
  site: Pick<RunningSite, 'url' | 'accountUrl'>;
  smtp: TestSmtpServer;
}

/** The account's sign-in as a buyer goes: the form, the mail's link, its button; resolves to the link (spent). */
export async function signInByMail(page: Page, mailing: SiteWithMail, email: string, t: SignInTexts): Promise<string> {
  const linksTo = () =>
    mailing.smtp.received
      .filter((mail) => mail.envelopeTo.includes(email.toLowerCase()))
      .map((mail) => SIGN_IN_LINK.exec(mail.text)?.[0])
      .filter((link) => link !== undefined);
  const before = linksTo().length;
  // the public site's link to the account leads to the account's own origin
  await page.goto(`${mailing.site.url}${t.prefix}/account`);
  await expect(page).toHaveURL(`${mailing.site.accountUrl}${t.prefix}/account/sign-in`);
  await expect(page.getByRole('heading', { level: 1, name: t.signInTitle, exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: t.email, exact: true }).fill(email);
  await page.getByRole('button', { name: t.send, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.checkMail, exact: true })).toBeVisible();
  // the sign-in mail, among the others the address gets (the request's acknowledgement)
  await expect.poll(() => linksTo().length, { timeout: 30_000, intervals: [200] }).toBe(before + 1);
  const link = linksTo().at(-1)!;
  await page.goto(link);
  await page.getByRole('button', { name: t.signIn, exact: true }).click();
  await expect(page).toHaveURL(`${mailing.site.accountUrl}${t.prefix}/account`);
  await expect(page.getByRole('heading', { level: 1, name: t.records, exact: true })).toBeVisible();
  return link;
}
