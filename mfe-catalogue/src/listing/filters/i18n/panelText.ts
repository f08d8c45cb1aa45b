// The filters' panel's own messages (en.json, ar.json here: legends, the price range, "In stock at"): in its chunk
// (FiltersPanel.tsx), not in the catalogue's catalog that every catalogue page downloads before it starts. Added to the
// page's Lingui instance when the panel first draws.
import type { I18n, Messages } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { addCatalog, textHook } from '@site/shared-store';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@site/contracts/locale';
import en from './en.json';
import ar from './ar.json';

// Compiled by the build's messages-loader (and in jest by its catalog transform).
const CATALOGS: Readonly<Record<Locale, Messages>> = { en, ar };

const withMessages = new WeakSet<I18n>();

const usePanelMessages = textHook<typeof en>();

/** A message id of the panel's catalogs. */
export type PanelMessageId = Extract<keyof typeof en, string>;

/** The panel's messages in the page's language (added to the page's instance once). */
export function usePanelText(): ReturnType<typeof usePanelMessages> {
  const { i18n } = useLingui();
  if (!withMessages.has(i18n)) {
    // before the panel's first text is read; nothing re-renders on it (SiteI18nProvider), so adding while drawing is safe
    addCatalog(i18n, CATALOGS[isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE]);
    withMessages.add(i18n);
  }
  return usePanelMessages();
}
