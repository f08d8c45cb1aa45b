// What the buyer's account's specs share: a phone to sign in on, and the sign-in link as the mail gives it.
import type { Browser, Page } from '@playwright/test';

/** A sign-in link as the mail gives it. */
export const SIGN_IN_LINK = /https?:\/\/\S+\/account\/sign-in\/[A-Za-z0-9_-]{43}/;

/** A phone of its own (another device: no cookie, no passkey of the page's). */
export async function newPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  return context.newPage();
}
