// A line's stock at its branch when it was priced: the ERP's figures at the branch's location (every location for the
// Saudi associate, which holds none), kept on the line so the document says what was true then, in the buyer's
// language. The lead time is said whenever the stock there does not cover the quantity quoted.
import type { Locale } from '@site/contracts/locale';
import type { StaffBranch } from '@site/contracts/staff-api';
import type { LocationAvailability } from '@site/contracts/stock-api';
import { availabilityLine, branchHoldsStock, leadTimeText, stockLocationsOf } from '@site/contracts/stock-text';
import { quantityInUnit } from '@site/content/validation';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../platform/db/index.js';
import { readAvailability } from '../stock/index.js';
import { codeKey } from './cataloguePrices.js';

/** The most codes the stock is read for at once (the stock store's own limit). */
const CODES_PER_READ = 100;

/** The stock at `branch` of each code, by code key ([] for a code the ERP never named). */
export async function readLineStock(
  db: Kysely<DatabaseSchema>,
  branch: StaffBranch,
  codes: readonly string[],
): Promise<Map<string, LocationAvailability[]>> {
  const wanted = stockLocationsOf(branch);
  const stock = new Map<string, LocationAvailability[]>();
  const unique = [...new Set(codes)];
  for (let start = 0; start < unique.length; start += CODES_PER_READ) {
    const some = unique.slice(start, start + CODES_PER_READ);
    const read = await readAvailability(db, some);
    some.forEach((code, index) => {
      const locations = (read[index]?.locations ?? []).filter((at) => wanted.includes(at.location));
      stock.set(codeKey(code), locations);
    });
  }
  return stock;
}

/** '40 pieces' ('40 قطعة', '5 قطع') in the line's unit; a unit the site has no words for follows the figure as typed. */
export const quantityIn =
  (unit: string, locale: Locale) =>
  (count: number): string =>
    quantityInUnit(count, unit, locale);

/** A quantity's figure as the documents show it in both editions: Latin digits, grouped ('1,000', '12.5'). */
const FIGURE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/**
 * A line's quantity ("100", "12.5") in its unit's words, as the buyer's page and PDF say it: '1 piece', '100 pieces';
 * 'قطعة واحدة', '5 قطع', '100 قطعة'. A unit typed by staff follows the figure as typed.
 */
export const quantityText = (quantity: string, unit: string, locale: Locale): string =>
  quantityInUnit(Number(quantity), unit, locale, FIGURE.format(Number(quantity)));

/**
 * What the line's stock said when it was priced, in `locale`: "In stock: 40 pieces", "Lead time: about 4 weeks" (also
 * beside stock that does not cover `quantity`); '' when the ERP never named the part there.
 */
export function lineAvailabilityText(
  availability: readonly LocationAvailability[],
  branch: StaffBranch,
  unit: string,
  quantity: number,
  locale: Locale,
  pricedAt: Date,
): string {
  const text = availabilityLine(availability, branch, locale, quantityIn(unit, locale), pricedAt);
  if (text === '' || !branchHoldsStock(branch)) return text;
  const at = availability.find((location) => location.location === stockLocationsOf(branch)[0]);
  // availabilityLine says the lead time of a part out of stock; stock short of the quantity quoted needs it too
  if (at === undefined || at.onHand === 0 || at.onHand >= quantity || at.leadTimeDays === null) return text;
  const lead = leadTimeText(at.leadTimeDays, locale);
  return `${text} · ${locale === 'ar' ? `مدة التوريد: ${lead}` : `Lead time: ${lead}`}`;
}
