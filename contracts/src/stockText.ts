// A part's availability in words, English and Arabic, the same wherever the site says it: the quote request page's
// lines, the request's PDF and mails, the chat assistant ("In stock: 40 pieces", "Incoming: 500 on 12 December",
// "Lead time: about 4 weeks"). Plain functions without imports of code, so a remote may bundle them (docs/stock.md).
import type { Locale } from './locale';
import { STOCK_LOCATION_NAMES, STOCK_LOCATIONS, type LocationAvailability, type StockLocation } from './stockApi';

/**
 * Where each branch (content's BRANCH_NAMES, the quote form's values) takes its stock from: its own warehouse or office.
 * The Saudi associate holds none (null): its buyers are supplied from the others, so they are shown every location.
 */
export const BRANCH_STOCK_LOCATION: Readonly<Record<string, StockLocation | null>> = {
  Dubai: 'dubai',
  Oman: 'muscat',
  Bahrain: 'bahrain',
  'Saudi Arabia': null,
};

/** The locations a branch's buyer is told about: the branch's own, or every one for a branch that holds no stock. */
export function stockLocationsOf(branch: string): readonly StockLocation[] {
  const own = BRANCH_STOCK_LOCATION[branch];
  return own ? [own] : STOCK_LOCATIONS;
}

/** Whether a branch holds stock of its own (the Saudi associate does not). */
export const branchHoldsStock = (branch: string): boolean => Boolean(BRANCH_STOCK_LOCATION[branch]);

/** Arabic counted nouns: 1 and 2 have their own forms, 3-10 take the plural, 11 and more the singular in the accusative. */
function arabicCount(count: number, forms: { one: string; two: string; plural: string; many: string }): string {
  if (count === 1) return forms.one;
  if (count === 2) return forms.two;
  const hundreds = count % 100;
  return hundreds >= 3 && hundreds <= 10 ? `${count} ${forms.plural}` : `${count} ${forms.many}`;
}

const DAYS_AR = { one: 'يوم واحد', two: 'يومان', plural: 'أيام', many: 'يومًا' };
const WEEKS_AR = { one: 'أسبوع واحد', two: 'أسبوعان', plural: 'أسابيع', many: 'أسبوعًا' };
const MINUTES_AR = { one: 'دقيقة واحدة', two: 'دقيقتين', plural: 'دقائق', many: 'دقيقة' };
const HOURS_AR = { one: 'ساعة واحدة', two: 'ساعتين', plural: 'ساعات', many: 'ساعة' };
const DAYS_AGO_AR = { one: 'يوم واحد', two: 'يومين', plural: 'أيام', many: 'يومًا' };

/** A lead time as a buyer plans with it: days up to two weeks, then weeks ("about 4 weeks"). */
export function leadTimeText(days: number, locale: Locale): string {
  const weeks = Math.round(days / 7);
  if (locale === 'ar') return `نحو ${days < 14 ? arabicCount(days, DAYS_AR) : arabicCount(weeks, WEEKS_AR)}`;
  return days < 14 ? `about ${days} ${days === 1 ? 'day' : 'days'}` : `about ${weeks} weeks`;
}

/** '12 December' (with its year when it is not `now`'s), Western digits in both languages. */
export function stockDateText(date: string, locale: Locale, now: Date = new Date()): string {
  const day = new Date(`${date}T00:00:00Z`);
  const withYear = day.getUTCFullYear() !== now.getUTCFullYear();
  return new Intl.DateTimeFormat(locale === 'ar' ? 'ar-u-nu-latn' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(day);
}

/**
 * What the ERP said of one location, as phrases: "In stock: 40 pieces", "Incoming: 500 on 12 December", and the lead
 * time when none is in stock ("Lead time: about 4 weeks"); "Not in stock" when it states none of these. `quantity`
 * writes a figure in the part's unit ("40 pieces").
 */
export function availabilityPhrases(
  at: LocationAvailability,
  locale: Locale,
  quantity: (count: number) => string,
  now: Date = new Date(),
): string[] {
  const ar = locale === 'ar';
  const phrases: string[] = [];
  if (at.onHand > 0) phrases.push(ar ? `متوفر في المخزون: ${quantity(at.onHand)}` : `In stock: ${quantity(at.onHand)}`);
  if (at.incoming !== null && at.incoming.quantity > 0) {
    const date = stockDateText(at.incoming.date, locale, now);
    phrases.push(
      ar ? `كمية واردة: ${at.incoming.quantity} بتاريخ ${date}` : `Incoming: ${at.incoming.quantity} on ${date}`,
    );
  }
  if (at.onHand === 0 && at.leadTimeDays !== null)
    phrases.push(
      ar
        ? `مدة التوريد: ${leadTimeText(at.leadTimeDays, locale)}`
        : `Lead time: ${leadTimeText(at.leadTimeDays, locale)}`,
    );
  if (phrases.length === 0) phrases.push(ar ? 'غير متوفر في المخزون' : 'Not in stock');
  return phrases;
}

/** A location's name in a language ('Dubai warehouse', 'مستودع دبي'). */
export const stockLocationName = (location: StockLocation, locale: Locale): string =>
  STOCK_LOCATION_NAMES[location][locale];

/**
 * A part's availability for a branch's buyer in one line: the branch's location's phrases ("In stock: 40 pieces ·
 * Incoming: 500 on 12 December"), or, for a branch holding no stock, each location named ("Dubai warehouse: In stock:
 * 40 pieces; Muscat office: Lead time: about 4 weeks"). '' when the ERP said nothing of it there (never "0").
 * `locations` are the ERP's for the part (any; those of other locations are left out).
 */
export function availabilityLine(
  locations: readonly LocationAvailability[],
  branch: string,
  locale: Locale,
  quantity: (count: number) => string,
  now: Date = new Date(),
): string {
  const wanted = stockLocationsOf(branch);
  const shown = wanted
    .map((location) => locations.find((at) => at.location === location))
    .filter((at): at is LocationAvailability => at !== undefined);
  const phrases = (at: LocationAvailability) => availabilityPhrases(at, locale, quantity, now).join(' · ');
  if (branchHoldsStock(branch)) return shown.length === 0 ? '' : phrases(shown[0]!);
  return shown
    .map((at) => `${stockLocationName(at.location, locale)}: ${phrases(at)}`)
    .join(locale === 'ar' ? '؛ ' : '; ');
}

/**
 * The same line with the place it is about named first ("Muscat office: In stock: 40 pieces"), where no branch is
 * shown beside it (the header's basket panel); a branch holding no stock names each location already.
 */
export function placedAvailabilityLine(...args: Parameters<typeof availabilityLine>): string {
  const [, branch, locale] = args;
  const line = availabilityLine(...args);
  const own = BRANCH_STOCK_LOCATION[branch];
  return line === '' || !own ? line : `${stockLocationName(own, locale)}: ${line}`;
}

/** How fresh the figures are: "updated 5 minutes ago" ("حُدّثت قبل 5 دقائق"). */
export function updatedAgoText(updatedAt: string, locale: Locale, now: Date = new Date()): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(updatedAt).getTime()) / 60_000));
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (locale === 'ar') {
    if (minutes < 1) return 'حُدّثت قبل أقل من دقيقة';
    if (hours < 1) return `حُدّثت قبل ${arabicCount(minutes, MINUTES_AR)}`;
    if (days < 1) return `حُدّثت قبل ${arabicCount(hours, HOURS_AR)}`;
    return `حُدّثت قبل ${arabicCount(days, DAYS_AGO_AR)}`;
  }
  const ago = (count: number, unit: string) => `updated ${count} ${unit}${count === 1 ? '' : 's'} ago`;
  if (minutes < 1) return 'updated less than a minute ago';
  if (hours < 1) return ago(minutes, 'minute');
  if (days < 1) return ago(hours, 'hour');
  return ago(days, 'day');
}
