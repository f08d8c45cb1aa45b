// Quantities in a unit ('200 metres', '1 piece'; '200 متر' in Arabic) and why a typed one is refused, for the apps that
// show the quote basket. The words are shared-ui's own catalogs (src/i18n/en.json, ar.json), compiled at
// build like every app's, and bundled with this entry (@site/shared-ui/quantity) by the apps that import it: only the
// catalogue, the contact remote and the shell's basket panel, so /home downloads none of them. They are interpolated
// by a Lingui instance of their own (plural rules of the page's language), not the page's catalog: no app has to ship
// them, and a remote released with newer words brings them along.
import { useContext } from 'react';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { LinguiContext } from '@lingui/react';
import type { QuantityProblem, QuoteUnit } from '@site/content/validation/quantity';
import en from '../i18n/en.json';
import ar from '../i18n/ar.json';

type QuantityLocale = 'en' | 'ar';

/** The ids: ui.quantity.<unit> ('{count} metres', plural), ui.unit.<unit> (the unit's name for a field), ui.quantityProblem.<problem>. */
type QuantityMessageId = `ui.quantity.${QuoteUnit}` | `ui.unit.${QuoteUnit}` | `ui.quantityProblem.${QuantityProblem}`;

// The JSON's type is its ICU source; the build (tools/webpack/messages-loader.cjs) and jest
// (tools/jest/catalog-transform.cjs) hand over Lingui's compiled form, which is what an I18n's messages hold.
const CATALOGS = { en: en as unknown as Messages, ar: ar as unknown as Messages };

const instances = new Map<QuantityLocale, I18n>();
function quantityI18n(locale: QuantityLocale): I18n {
  let i18n = instances.get(locale);
  if (i18n === undefined) {
    i18n = setupI18n({ locale, messages: { [locale]: CATALOGS[locale] } });
    instances.set(locale, i18n);
  }
  return i18n;
}

export interface QuantityTexts {
  /** '200 metres', '1 piece' (Western digits in every language). */
  quantity: (count: number, unit: QuoteUnit) => string;
  /** The unit's name beside a quantity field: 'metres', 'pieces'. */
  unitName: (unit: QuoteUnit) => string;
  /** Why a typed quantity is refused. */
  problem: (problem: QuantityProblem, unit: QuoteUnit, max: number) => string;
}

/** The quantity texts in the page's language (the page's Lingui locale; English without one). */
export function useQuantityTexts(): QuantityTexts {
  const locale: QuantityLocale = useContext(LinguiContext)?.i18n.locale === 'ar' ? 'ar' : 'en';
  const i18n = quantityI18n(locale);
  const text = (id: QuantityMessageId, values: Record<string, string | number> = {}): string => i18n._(id, values);
  const unitName = (unit: QuoteUnit) => text(`ui.unit.${unit}`);
  return {
    quantity: (count, unit) => text(`ui.quantity.${unit}`, { count }),
    unitName,
    problem: (problem, unit, max) => text(`ui.quantityProblem.${problem}`, { unit: unitName(unit), max }),
  };
}
