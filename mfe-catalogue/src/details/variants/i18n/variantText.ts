// The product page's later chunk's own messages (en.json, ar.json here: the variant table's, the stock's lines and words,
// the related parts' headings): in its chunk, not in the catalogue's catalog that every
// catalogue page downloads. Added to the page's Lingui instance when the table first draws with it.
import type { I18n, Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { addCatalog, textHook } from '@site/shared-store';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@site/contracts/locale';
import type catalogueEn from '../../../i18n/en.json';
import en from './en.json';
import ar from './ar.json';

// Compiled by the build's messages-loader (and in jest by its catalog transform).
const CATALOGS: Readonly<Record<Locale, Messages>> = { en, ar };

const withMessages = new WeakSet<I18n>();

/** The catalogue's messages and the table's, in the page's language (the table's added to the page's instance once). */
const useTableText = textHook<typeof catalogueEn & typeof en>();

/** What useVariantText() returns: reads a message of the catalogue's catalog or the table's. */
export type VariantText = ReturnType<typeof useTableText>;

export function useVariantText(): VariantText {
  const { i18n } = useLingui();
  if (!withMessages.has(i18n)) {
    // before the table's first text is read; nothing re-renders on it (SiteI18nProvider), so adding while drawing is safe
    addCatalog(i18n, CATALOGS[isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE]);
    withMessages.add(i18n);
  }
  return useTableText();
}
