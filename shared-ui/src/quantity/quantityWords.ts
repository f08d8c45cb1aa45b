// shared-ui's quantity words in both languages, for a chunk that shows quantities on a page whose app's messages do
// not carry them (the contact remote's request page, the shell's basket panel, the staff preview): added to the page's
// instance in its language before the first quantity is read. The catalogue's product pages get them with the
// catalogue's messages instead, in one language (federated-app.cjs `pageCatalogs`).
import type { I18n, Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import en from '../i18n/en.json';
import ar from '../i18n/ar.json';

// The JSON's type is its ICU source (strings, which Messages accepts as they are); the build
// (tools/webpack/messages-loader.cjs) and jest (tools/jest/catalog-transform.cjs) hand over Lingui's compiled form,
// which is what an I18n's messages hold.
export const QUANTITY_CATALOGS: Readonly<Record<'en' | 'ar', Messages>> = { en, ar };

const withWords = new WeakSet<I18n>();

/** Adds the quantity words in `i18n`'s language to it, once. */
export function addQuantityWords(i18n: I18n): void {
  if (withWords.has(i18n)) return;
  // nothing re-renders on a load (SiteI18nProvider), so adding while drawing, before the words are read, is safe
  i18n.load(i18n.locale, QUANTITY_CATALOGS[i18n.locale === 'ar' ? 'ar' : 'en']);
  withWords.add(i18n);
}

/** The page's instance with the quantity words: call it above (or before) the first useQuantityTexts of the chunk. */
export function useQuantityWords(): void {
  addQuantityWords(useLingui().i18n);
}
