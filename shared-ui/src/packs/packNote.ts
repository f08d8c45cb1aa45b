// What a basket line says of its pack, in the page's language, wherever the basket's lines are shown (the header's
// panel, the request page). Its words are this entry's own catalogs (./i18n), bundled only by the chunks that import
// it, interpolated by a Lingui instance of their own as the quantity words are (../quantity/quantityText.ts).
import { useContext } from 'react';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { LinguiContext } from '@lingui/react';
import en from './i18n/en.json';
import ar from './i18n/ar.json';
import { packsAround } from './packs';

type PackLocale = 'en' | 'ar';

// The JSON's type is its ICU source; the build and jest hand over Lingui's compiled form.
const CATALOGS = { en: en as unknown as Messages, ar: ar as unknown as Messages };

const instances = new Map<PackLocale, I18n>();
function packI18n(locale: PackLocale): I18n {
  let i18n = instances.get(locale);
  if (i18n === undefined) {
    i18n = setupI18n({ locale, messages: { [locale]: CATALOGS[locale] } });
    instances.set(locale, i18n);
  }
  return i18n;
}

/**
 * The note for a quantity of a size sold in packs of `pack`: "Sold in packs of 5: this is not a whole number of packs.
 * 60 or 65 would be." (or less than one pack); null when the quantity is whole packs, or the size has no pack.
 */
export function usePackNote(): (quantity: number, pack: number | undefined) => string | null {
  const locale: PackLocale = useContext(LinguiContext)?.i18n.locale === 'ar' ? 'ar' : 'en';
  const i18n = packI18n(locale);
  return (quantity, pack) => {
    const packs = packsAround(quantity, pack);
    if (packs === undefined) return null;
    return packs.lower === 0 ? i18n._('ui.pack.belowOne', { pack: packs.pack }) : i18n._('ui.pack.between', packs);
  };
}
