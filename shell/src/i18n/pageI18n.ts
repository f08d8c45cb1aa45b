// The page's Lingui instance in the browser: the shell's catalog for the page's language first, then each remote's as
// its first module loads (remoteMessages.ts). English pages never download Arabic messages, nor Arabic pages English.
import type { I18n, Messages } from '@lingui/core';
import type { Locale } from '@site/contracts/locale';
import { makeSiteI18n } from '@site/shared-store';

let pageI18n: I18n | undefined;

/** Each language's shell catalog, a chunk of its own. */
const SHELL_CATALOGS: Record<Locale, () => Promise<{ default: Messages }>> = {
  en: () => import(/* webpackChunkName: "messages-en" */ './en.json'),
  ar: () => import(/* webpackChunkName: "messages-ar" */ './ar.json'),
};

/** Creates the page's instance for `locale` with the shell's messages (once, at start-up). */
export async function startPageI18n(locale: Locale): Promise<I18n> {
  const { default: shellMessages } = await SHELL_CATALOGS[locale]();
  pageI18n = makeSiteI18n(locale, [shellMessages]);
  return pageI18n;
}

/** The page's instance; undefined before start-up (and on the server, which makes one per page). */
export function currentPageI18n(): I18n | undefined {
  return pageI18n;
}
