// Quantities in a unit ('200 metres', '1 piece'; '200 متر' in Arabic) and why a typed one is refused, for the apps that
// show the quote basket. The words are shared-ui's own catalogs (src/i18n/en.json, ar.json), read from the page's
// Lingui instance (its plural rules, its formatting without Intl.NumberFormat): an app puts them there in the page's
// language only, the catalogue through its messages expose (federated-app.cjs `pageCatalogs`), the contact remote and
// the shell's basket panel with useQuantityWords (@site/shared-ui/quantity-words) in the chunk that shows them. No
// app ships them on a page without quantities, and a remote released with newer words brings them along.
import { useContext } from 'react';
import { LinguiContext } from '@lingui/react';
import type { QuantityProblem, QuoteUnit } from '@site/content/validation/quantity';

/** The ids: ui.quantity.<unit> ('{count} metres', plural), ui.unit.<unit> (the unit's name for a field), ui.quantityProblem.<problem>. */
type QuantityMessageId = `ui.quantity.${QuoteUnit}` | `ui.unit.${QuoteUnit}` | `ui.quantityProblem.${QuantityProblem}`;

export interface QuantityTexts {
  /** '200 metres', '1 piece' (Western digits in every language). */
  quantity: (count: number, unit: QuoteUnit) => string;
  /** The unit's name beside a quantity field: 'metres', 'pieces'. */
  unitName: (unit: QuoteUnit) => string;
  /** Why a typed quantity is refused. */
  problem: (problem: QuantityProblem, unit: QuoteUnit, max: number) => string;
}

/** The quantity texts in the page's language, from the page's instance (its ids, should no app have added them). */
export function useQuantityTexts(): QuantityTexts {
  const context = useContext(LinguiContext);
  const text = (id: QuantityMessageId, values: Record<string, string | number> = {}): string =>
    context === null ? id : context._(id, values);
  const unitName = (unit: QuoteUnit) => text(`ui.unit.${unit}`);
  return {
    quantity: (count, unit) => text(`ui.quantity.${unit}`, { count }),
    unitName,
    problem: (problem, unit, max) => text(`ui.quantityProblem.${problem}`, { unit: unitName(unit), max }),
  };
}
