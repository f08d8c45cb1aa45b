// What buyers read of a variant's stock, in the page's language: a line per location ("Dubai warehouse — In stock:
// 1,240 pieces"), when it was updated ("Updated 5 minutes ago"), and a short word per variant for the variant table
// and the compare page ("In stock", "Incoming", "Lead time 4 wk"). Nothing for a code the ERP never named (not "0").
// Quantities with Western digits in both editions (as prices: formatAmount), "1,000+" when the server sends bands;
// dates with the language's month names, Western digits (ar-u-nu-latn).
import type { Locale } from '@site/contracts/locale';
import {
  STOCK_LOCATION_NAMES,
  STOCK_LOCATIONS,
  type LocationAvailability,
  type StockDisplay,
  type VariantAvailability,
} from '@site/contracts/stock-api';
import type { QuoteUnit } from '@site/content/validation';
import { formatAmount } from '../../listing/priceText';
import type { VariantText } from '../variants/i18n/variantText';

/** The Intl locale of each edition: Western digits in Arabic too (docs/languages.md). */
const INTL_LOCALE: Record<Locale, string> = { en: 'en-GB', ar: 'ar-u-nu-latn' };

export interface StockWords {
  locale: Locale;
  text: VariantText;
  display: StockDisplay;
}

/** A quantity in the variant's unit: '1,240 pieces'; in bands '1,000+ pieces' (the figure is the band's lower bound). */
export function quantityText({ text, display }: StockWords, count: number, unit: QuoteUnit): string {
  // the unit's words are shared-ui's quantity words with the figure written here (its own copy: importing shared-ui's
  // quantity module into this chunk split it from the quote form's in the pages' first chunks, +250 B on each)
  return text('catalogue.stock.quantity', {
    unit,
    count,
    quantity: `${formatAmount(count)}${display === 'bands' ? '+' : ''}`,
  });
}

/** A date of the ERP's (YYYY-MM-DD): '12 December', with its year when not this year's. */
export function dateText(locale: Locale, date: string, now: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  const thisYear = day.getUTCFullYear() === new Date(now).getUTCFullYear();
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    day: 'numeric',
    month: 'long',
    year: thisYear ? undefined : 'numeric',
    timeZone: 'UTC',
  }).format(day);
}

/** Days of lead time as buyers plan them: under two weeks in days, from two weeks in whole weeks (rounded). */
export function leadTime(days: number): { unit: 'days' | 'weeks'; count: number } {
  return days < 14
    ? { unit: 'days', count: Math.max(1, Math.round(days)) }
    : { unit: 'weeks', count: Math.round(days / 7) };
}

/** How long ago `iso` was, from `now`: '5 minutes ago', 'قبل 5 دقائق' (Intl.RelativeTimeFormat). */
export function agoText(locale: Locale, iso: string, now: number): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  const format = new Intl.RelativeTimeFormat(INTL_LOCALE[locale], { numeric: 'auto' });
  if (seconds < 60) return format.format(-seconds, 'second');
  if (seconds < 3600) return format.format(-Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return format.format(-Math.floor(seconds / 3600), 'hour');
  return format.format(-Math.floor(seconds / 86_400), 'day');
}

/** What one location has: in stock, incoming, the lead time when none is in stock; or out of stock. */
export function locationStatus(words: StockWords, stock: LocationAvailability, unit: QuoteUnit, now: number): string {
  const { text, locale } = words;
  const parts: string[] = [];
  if (stock.onHand > 0)
    parts.push(text('catalogue.stock.inStock', { quantity: quantityText(words, stock.onHand, unit) }));
  if (stock.incoming !== null && stock.incoming.quantity > 0) {
    parts.push(
      text('catalogue.stock.incoming', {
        quantity: quantityText(words, stock.incoming.quantity, unit),
        date: dateText(locale, stock.incoming.date, now),
      }),
    );
  }
  if (stock.onHand === 0 && stock.leadTimeDays !== null) {
    const lead = leadTime(stock.leadTimeDays);
    parts.push(
      text(lead.unit === 'days' ? 'catalogue.stock.leadDays' : 'catalogue.stock.leadWeeks', { count: lead.count }),
    );
  }
  return parts.length === 0 ? text('catalogue.stock.outOfStock') : parts.join(' · ');
}

/** One line per location the ERP stated, in the closed list's order: 'Dubai warehouse — In stock: 1,240 pieces'. */
export function locationLines(
  words: StockWords,
  availability: VariantAvailability,
  unit: QuoteUnit,
  now: number,
): { location: string; line: string }[] {
  return STOCK_LOCATIONS.flatMap((location) => {
    const stock = availability.locations.find((item) => item.location === location);
    if (stock === undefined) return [];
    // the same dash in both editions (no words of its own to translate)
    return [
      {
        location,
        line: `${STOCK_LOCATION_NAMES[location][words.locale]} — ${locationStatus(words, stock, unit, now)}`,
      },
    ];
  });
}

/** When the newest of a code's figures changed: 'Updated 5 minutes ago'; null for a code the ERP never named. */
export function updatedText(words: StockWords, availability: VariantAvailability, now: number): string | null {
  const newest = availability.locations
    .map((item) => item.updatedAt)
    .sort()
    .at(-1);
  return newest === undefined
    ? null
    : words.text('catalogue.stock.updated', { ago: agoText(words.locale, newest, now) });
}

/** A variant's stock in a word, best first: in stock somewhere, incoming, a lead time (the shortest), out of stock. */
export type ShortStatus = { kind: 'inStock' | 'incoming' | 'outOfStock' } | { kind: 'lead'; days: number };

/** null: the ERP never named the code (nothing is shown). */
export function shortStatus(availability: VariantAvailability | undefined): ShortStatus | null {
  const locations = availability?.locations ?? [];
  if (locations.length === 0) return null;
  if (locations.some((item) => item.onHand > 0)) return { kind: 'inStock' };
  if (locations.some((item) => item.incoming !== null && item.incoming.quantity > 0)) return { kind: 'incoming' };
  const leads = locations.flatMap((item) => (item.leadTimeDays === null ? [] : [item.leadTimeDays]));
  return leads.length > 0 ? { kind: 'lead', days: Math.min(...leads) } : { kind: 'outOfStock' };
}

const RANK: Record<ShortStatus['kind'], number> = { inStock: 0, incoming: 1, lead: 2, outOfStock: 3 };

/** The short word of a status: 'In stock', 'Incoming', 'Lead time 4 wk', 'Out of stock'. */
export function shortText(text: VariantText, status: ShortStatus): string {
  if (status.kind !== 'lead') return text(`catalogue.stock.short.${status.kind}`);
  const lead = leadTime(status.days);
  return text(lead.unit === 'days' ? 'catalogue.stock.short.leadDays' : 'catalogue.stock.short.leadWeeks', {
    count: lead.count,
  });
}

/**
 * A product's stock in a word for the compare page, over its variants: the best status; for a product of several,
 * how many of them have it ('In stock (8 of 11)'). Empty when the ERP named none of them.
 */
export function productShortText(
  text: VariantText,
  codes: readonly string[],
  byCode: ReadonlyMap<string, VariantAvailability>,
): string {
  const statuses = codes.flatMap((code) => {
    const status = shortStatus(byCode.get(code));
    return status === null ? [] : [status];
  });
  if (statuses.length === 0) return '';
  const best = statuses.reduce((one, other) =>
    RANK[other.kind] < RANK[one.kind] || (other.kind === 'lead' && one.kind === 'lead' && other.days < one.days)
      ? other
      : one,
  );
  const word = shortText(text, best);
  if (codes.length === 1) return word;
  const count = statuses.filter((status) => status.kind === best.kind).length;
  return text('catalogue.stock.ofVariants', { status: word, count, total: codes.length });
}
