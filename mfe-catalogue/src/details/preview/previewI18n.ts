import type { I18n, Messages } from '@lingui/core';
import { makeSiteI18n } from '@site/shared-store';
import type { Locale } from '@site/contracts/locale';
import en from '../../i18n/en.json';
import ar from '../../i18n/ar.json';
import arDesignSystem from './i18n/ar.json';
import { QUANTITY_CATALOGS } from '@site/shared-ui/quantity-words';

// Both catalogs are in the preview's chunk (a few KB): the staff page switches language without a download, and no
// public page loads this chunk. A public page's design-system words (the breadcrumb's name, 'Loading'…: shared-ui's
// `ui.*` ids) come from the shell's catalog, which the staff page does not have and a remote may not import: the
// preview carries the Arabic ones it draws (i18n/ar.json, kept equal to the shell's by previewI18n.test.tsx); English
// is the design system's own default. The quantity words reach a public page with the catalogue's messages expose,
// which the preview does not load: it carries them too.
export const PREVIEW_CATALOGS: Readonly<Record<Locale, readonly Messages[]>> = {
  en: [QUANTITY_CATALOGS.en, en],
  ar: [arDesignSystem, QUANTITY_CATALOGS.ar, ar],
};

const made = new Map<Locale, I18n>();

/** The catalogue's messages in `locale`, for the preview's own tree (the staff page has no site i18n of its own). */
export function previewI18n(locale: Locale): I18n {
  let i18n = made.get(locale);
  if (i18n === undefined) {
    i18n = makeSiteI18n(locale, [...PREVIEW_CATALOGS[locale]]);
    made.set(locale, i18n);
  }
  return i18n;
}
