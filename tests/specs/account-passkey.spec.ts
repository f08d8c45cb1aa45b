// Passkeys, the buyer's second way into the account (docs/accounts.md), in a real Chromium with a virtual authenticator
// (the DevTools protocol's WebAuthn domain: a platform authenticator that verifies its user, as a phone's screen lock
// does). A buyer signs in by the mailed link, adds a passkey from the devices page, signs out and back in with it: in
// English at 1280 px and, on another device, in Arabic on a phone. The attack: the registration the browser sent,
// posted again by the same signed-in buyer (a replay), adds nothing. A removed passkey signs in no more.
//
// WebAuthn runs on a domain only (never an IP address): the account's origin is http://localhost:<port> here.
import type { Page } from '@playwright/test';
import { startSmtpServer } from '@site/server/test-support';
import { newPhone, SIGN_IN_LINK } from '../support/account';
import { test, expect, localOnly } from '../support/fixtures';
import { mailingEnv } from '../support/quote-basket';
import { freePort, startSite } from '../support/site-server';

localOnly('starts its own server with a mail catcher');

const TEXTS = {
  en: {
    prefix: '',
    email: 'Work e-mail',
    send: 'Send me a sign-in link',
    signIn: 'Sign in',
    records: 'Your requests and quotations',
    devices: 'Signed-in devices',
    signOut: 'Sign out',
    signInTitle: 'Sign in to your account',
    passkeys: 'Passkeys',
    add: 'Add a passkey',
    noPasskey: 'No passkey yet.',
    withPasskey: 'Sign in with a passkey',
    remove: 'Remove passkey',
    spent: 'This passkey request was already used or has expired. Try again.',
    unknown: 'This passkey is not on any account. Sign in by e-mail, then add it from your account.',
  },
  ar: {
    prefix: '/ar',
    email: 'البريد الإلكتروني للعمل',
    send: 'أرسلوا إليّ رابط الدخول',
    signIn: 'تسجيل الدخول',
    records: 'طلباتكم وعروض الأسعار',
    devices: 'الأجهزة المسجّل دخولها',
    signOut: 'تسجيل الخروج',
    signInTitle: 'تسجيل الدخول إلى حسابك',
    passkeys: 'مفاتيح المرور',
    add: 'إضافة مفتاح مرور',
    noPasskey: 'لا يوجد مفتاح مرور بعد.',
    withPasskey: 'الدخول بمفتاح مرور',
    remove: 'إزالة مفتاح المرور',
    spent: 'سبق استخدام طلب مفتاح المرور هذا أو انتهت صلاحيته. يرجى المحاولة مرة أخرى.',
    unknown: 'مفتاح المرور هذا غير مرتبط بأي حساب. ادخل عبر البريد الإلكتروني، ثم أضفه من حسابك.',
  },
} as const;
type Edition = (typeof TEXTS)[keyof typeof TEXTS];
const BUYER = 'layla.haddad@gulf-build.example';

/** A device with a platform authenticator that holds passkeys and verifies its user. */
async function withAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

test.describe("the buyer's passkeys", { tag: ['@local', '@contact'] }, () => {
  test('a buyer adds a passkey and signs in with it, in English at 1280 px and in Arabic on a phone; a replayed registration adds nothing; a removed passkey signs in no more', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const smtp = await startSmtpServer();
    const accountPort = await freePort();
    const account = `http://localhost:${accountPort}`;
    const site = await startSite({ ...mailingEnv(smtp), ACCOUNT_PORT: String(accountPort), ACCOUNT_ORIGIN: account });
    const problems: string[] = [];
    const watch = (one: Page) =>
      one.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });

    /** Signs in by the mailed link on `one`, in the edition `t`. */
    const signInByMail = async (one: Page, t: Edition) => {
      const links = () =>
        smtp.received
          .filter((mail) => mail.envelopeTo.includes(BUYER))
          .map((mail) => SIGN_IN_LINK.exec(mail.text)?.[0])
          .filter((link) => link !== undefined);
      const before = links().length;
      await one.goto(`${account}${t.prefix}/account/sign-in`);
      await one.getByRole('textbox', { name: t.email, exact: true }).fill(BUYER);
      await one.getByRole('button', { name: t.send, exact: true }).click();
      await expect.poll(() => links().length, { timeout: 30_000, intervals: [200] }).toBe(before + 1);
      await one.goto(links().at(-1)!);
      await one.getByRole('button', { name: t.signIn, exact: true }).click();
      await expect(one.getByRole('heading', { level: 1, name: t.records, exact: true })).toBeVisible();
    };
    /** Adds a passkey from the devices page, where the account holds `held`; resolves to the registration posted. */
    const addPasskey = async (one: Page, t: Edition, held: number) => {
      await one.getByRole('link', { name: t.devices, exact: true }).click();
      const removeButtons = one.getByRole('button', { name: t.remove, exact: false });
      await expect(removeButtons).toHaveCount(held);
      await expect(one.getByText(t.noPasskey, { exact: true })).toHaveCount(held === 0 ? 1 : 0);
      const posted = one.waitForRequest((request) => new URL(request.url()).pathname === '/api/account/passkeys/add');
      await one.getByRole('button', { name: t.add, exact: true }).click();
      const registration = await posted;
      await expect(removeButtons).toHaveCount(held + 1);
      await expect(one.getByText(t.noPasskey, { exact: true })).toHaveCount(0);
      return registration;
    };
    const signOut = async (one: Page, t: Edition) => {
      await one.getByRole('button', { name: t.signOut, exact: true }).click();
      await expect(one.getByRole('heading', { level: 1, name: t.signInTitle, exact: true })).toBeVisible();
    };
    const signInWithPasskey = async (one: Page, t: Edition) => {
      await one.getByRole('button', { name: t.withPasskey, exact: true }).click();
      await expect(one).toHaveURL(`${account}${t.prefix}/account`);
      await expect(one.getByRole('heading', { level: 1, name: t.records, exact: true })).toBeVisible();
    };

    try {
      // English, 1280 px
      watch(page);
      await withAuthenticator(page);
      await signInByMail(page, TEXTS.en);
      const registration = await addPasskey(page, TEXTS.en, 0);

      // the attack: the same registration posted again, by the same signed-in buyer with the page's CSRF token
      const replay = await page.request.post(registration.url(), {
        headers: {
          'content-type': 'application/json',
          'x-csrf-token': registration.headers()['x-csrf-token'] ?? '',
          origin: account,
        },
        data: registration.postData() ?? '',
      });
      expect(replay.status()).toBe(400);
      expect(((await replay.json()) as { message: string }).message).toBe(TEXTS.en.spent);
      await page.reload();
      await expect(page.getByRole('button', { name: TEXTS.en.remove, exact: false })).toHaveCount(1);

      await signOut(page, TEXTS.en);
      await signInWithPasskey(page, TEXTS.en);

      // Arabic, on a phone: another device, its own passkey
      const arabic = await newPhone(browser);
      try {
        watch(arabic);
        await withAuthenticator(arabic);
        await signInByMail(arabic, TEXTS.ar);
        // the account's passkeys, the desktop's among them: this device adds its own
        await addPasskey(arabic, TEXTS.ar, 1);
        const overflow = await arabic.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await signOut(arabic, TEXTS.ar);
        await signInWithPasskey(arabic, TEXTS.ar);
      } finally {
        await arabic.context().close();
      }
      expect(problems).toEqual([]);

      // the desktop's passkey removed (the first listed is the latest, the phone's: remove the desktop's, the last)
      await page.getByRole('link', { name: TEXTS.en.devices, exact: true }).click();
      await expect(page.getByRole('button', { name: TEXTS.en.remove, exact: false })).toHaveCount(2);
      await page.getByRole('button', { name: TEXTS.en.remove, exact: false }).last().click();
      await expect(page.getByRole('button', { name: TEXTS.en.remove, exact: false })).toHaveCount(1);
      await signOut(page, TEXTS.en);
      await page.getByRole('button', { name: TEXTS.en.withPasskey, exact: true }).click();
      await expect(page.getByRole('alert')).toHaveText(TEXTS.en.unknown);
      await expect(page).toHaveURL(`${account}/account/sign-in`);
    } finally {
      await site.stop();
      await smtp.close();
    }
  });
});
