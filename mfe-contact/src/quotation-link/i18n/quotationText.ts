// The quotation page's own messages (en.json, ar.json here): in its chunk, not in the contact remote's catalog that
// /contact-us and /request-quote download. Added to the page's Lingui instance when the page first draws.
import type { I18n, Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { addCatalog, textHook } from '@site/shared-store';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@site/contracts/locale';
import en from './en.json';
import ar from './ar.json';

// Compiled by the build's messages-loader (and in jest by its catalog transform).
const CATALOGS: Readonly<Record<Locale, Messages>> = { en, ar };

const withMessages = new WeakSet<I18n>();

const usePageText = textHook<typeof en>();

/** The quotation page's messages in the page's language (added to the page's instance once). */
export function useQuotationText(): ReturnType<typeof usePageText> {
  const { i18n } = useLingui();
  if (!withMessages.has(i18n)) {
    // before the page's first text is read; nothing re-renders on it (SiteI18nProvider), so adding while drawing is safe
    addCatalog(i18n, CATALOGS[isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE]);
    withMessages.add(i18n);
  }
  return usePageText();
}
