// Quantities in a unit ('200 metres', '1 piece'; '200 متر' in Arabic), for every app that shows the quote basket
// (issue 19): the words are `ui.*` messages of the shell's catalog (i18n/uiText.ts explains why), with English here.
import { useContext } from 'react';
import { LinguiContext } from '@lingui/react';
import { QUOTE_UNIT_WORDS, type QuantityProblem, type QuoteUnit } from '@site/content/validation';

/** Why a quantity is refused, in English ({unit}: the unit's plural, {max}: the largest quantity). */
const ENGLISH_PROBLEMS: Readonly<Record<QuantityProblem, string>> = {
  invalid: 'Enter the quantity as a number, for example 25.',
  notPositive: 'Enter a quantity greater than 0.',
  notWhole: 'Enter a whole number of {unit}.',
  tooPrecise: 'Enter at most 2 decimal places.',
  tooLarge: 'Enter at most {max} {unit}.',
};

/** The shell catalog's ids: ui.quantity.<unit> ('{count} metres', plural), ui.unit.<unit> (the unit's name for a field), ui.quantityProblem.<problem>. */
type QuantityMessageId = `ui.quantity.${QuoteUnit}` | `ui.unit.${QuoteUnit}` | `ui.quantityProblem.${QuantityProblem}`;

export interface QuantityTexts {
  /** '200 metres', '1 piece' (Western digits in every language). */
  quantity: (count: number, unit: QuoteUnit) => string;
  /** The unit's name beside a quantity field: 'metres', 'pieces'. */
  unitName: (unit: QuoteUnit) => string;
  /** Why a typed quantity is refused. */
  problem: (problem: QuantityProblem, unit: QuoteUnit, max: number) => string;
}

/** English, filled in (also the text when the page's catalog lacks an id: a shell release older than this shared-ui). */
function english(id: QuantityMessageId, values: { count?: number; unit?: string; max?: number }): string {
  const [kind, key] = id.split('.').slice(1) as [string, string];
  if (kind === 'quantity') {
    const words = QUOTE_UNIT_WORDS[key as QuoteUnit].en;
    return `${values.count} ${values.count === 1 ? words[0] : words[1]}`;
  }
  if (kind === 'unit') return QUOTE_UNIT_WORDS[key as QuoteUnit].en[1];
  return ENGLISH_PROBLEMS[key as QuantityProblem].replace('{unit}', values.unit ?? '').replace('{max}', String(values.max));
}

/** The quantity texts in the page's language. */
export function useQuantityTexts(): QuantityTexts {
  const i18n = useContext(LinguiContext)?.i18n;
  const text = (id: QuantityMessageId, values: { count?: number; unit?: string; max?: number } = {}): string =>
    i18n !== undefined && i18n.messages[id] !== undefined ? i18n._(id, values) : english(id, values);
  const unitName = (unit: QuoteUnit) => text(`ui.unit.${unit}`);
  return {
    quantity: (count, unit) => text(`ui.quantity.${unit}`, { count }),
    unitName,
    problem: (problem, unit, max) => text(`ui.quantityProblem.${problem}`, { unit: unitName(unit), max }),
  };
}
