// Stock and lead time in the chat: a question about stock ("do you have 20 mm brass glands in Dubai?", «هل تتوفر…
// في دبي؟») finds its parts with the catalogue's own search (its index.ts, as the knowledge bases do), narrows them to
// the sizes it names, and reads their availability from the stock feature's reader at the location it names (or every
// one): the facts the built-in answerer writes from and the AI provider is given (docs/stock.md).
import type { Locale } from '@site/contracts/locale';
import { localizedPath } from '@site/contracts/locale';
import { productPath } from '@site/contracts/paths';
import {
  STOCK_LOCATIONS,
  type LocationAvailability,
  type StockLocation,
  type VariantAvailability,
} from '@site/contracts/stock-api';
import { availabilityPhrases, stockLocationName, updatedAgoText } from '@site/contracts/stock-text';
import { quantityInUnit, type QuoteUnit } from '@site/content/validation';
import type { CatalogueStore } from '../catalogue/index.js';
import { questionProducts } from './catalogueKnowledge.js';

/** Most products, and most parts, a stock answer names. */
const PRODUCTS_MAX = 5;
const PARTS_MAX = 8;

/** Words that ask about stock, in either language (a stock question also names a part the search finds). */
const STOCK_WORDS =
  /\b(stocks?|stocked|in stock|available|availability|lead ?times?|deliver(y|ies)?|incoming|how many|quantit(y|ies)|on hand)\b|مخزون|المخزون|متوفر|متوفرة|متوافر|متوافرة|تتوفر|يتوفر|توفر|التوافر|متاح|متاحة|كمية|الكمية|التوريد|التسليم/iu;
/** "Do you have": a stock question only where it names a place ("… in Dubai?"); else it asks whether we sell it. */
const HAVE_WORDS = /\b(have|has|got)\b|لديكم|عندكم|لديك|عندك/iu;

/** The places a question may name, and the stock location each means (the Saudi associate's: none, it holds none). */
const PLACES: readonly { pattern: RegExp; location: StockLocation | 'saudi' }[] = [
  { pattern: /\bdubai\b|دبي/iu, location: 'dubai' },
  { pattern: /\b(muscat|oman)\b|مسقط|عمان|عُمان/iu, location: 'muscat' },
  { pattern: /\bbahrain\b|البحرين|بحرين/iu, location: 'bahrain' },
  { pattern: /\b(saudi|ksa|riyadh|dammam|jeddah)\b|السعودية|الرياض|الدمام|جدة/iu, location: 'saudi' },
];

/** A size a question names: "20 mm", "20mm", "M20", "size 20", «مقاس 20». */
const SIZE = /(?:\bm|\bsize\s*|مقاس\s*)?(\d{1,3})(?:\s*(?:mm|مم|ملم))?/giu;

/** What a question asks of the stock: where, and which sizes. */
export interface StockQuestion {
  /** The locations to give (those it names; every one when it names none, or only the Saudi associate). */
  locations: readonly StockLocation[];
  /** It names the Saudi associate, which holds no stock. */
  saudi: boolean;
  /** The sizes it names ('20'). */
  sizes: string[];
  /** The question without its stock words, places and sizes: what the catalogue's search is asked. */
  searchText: string;
}

/** The question's stock part, or undefined when it does not ask about stock. */
export function stockQuestion(question: string): StockQuestion | undefined {
  const named = PLACES.filter((place) => place.pattern.test(question)).map((place) => place.location);
  if (!STOCK_WORDS.test(question) && !(HAVE_WORDS.test(question) && named.length > 0)) return undefined;
  const own = named.filter((location): location is StockLocation => location !== 'saudi');
  const sizes = [...question.matchAll(SIZE)].map((match) => match[1]!);
  let searchText = question;
  for (const place of PLACES) searchText = searchText.replace(new RegExp(place.pattern.source, 'giu'), ' ');
  searchText = searchText
    .replace(new RegExp(STOCK_WORDS.source, 'giu'), ' ')
    .replace(new RegExp(HAVE_WORDS.source, 'giu'), ' ')
    .replace(SIZE, ' ')
    .replace(/\b(mm|in|at|the)\b|مم|ملم|في/giu, ' ');
  return {
    locations: own.length > 0 ? own : STOCK_LOCATIONS,
    saudi: named.includes('saudi'),
    sizes: [...new Set(sizes)],
    searchText,
  };
}

/** One part, with its availability at the question's locations. */
export interface StockItem {
  productName: string;
  /** The product's page, in the answer's edition. */
  path: string;
  code: string;
  /** The variant's label in the answer's language ('' for a product's only variant). */
  label: string;
  unit: QuoteUnit;
  /** The ERP's figures at the locations asked about ([]: the ERP never named the part there: nothing is said). */
  availability: LocationAvailability[];
}

/** What a stock question found: the parts and the locations asked about. */
export interface StockFacts {
  locations: readonly StockLocation[];
  saudi: boolean;
  items: StockItem[];
}

/** The stock facts of a question answered in a language; undefined when it does not ask about stock. */
export type StockFactsFor = (question: string, locale: Locale) => Promise<StockFacts | undefined>;

type StockStore = Pick<CatalogueStore, 'search' | 'productsWithDetails' | 'publishedVariantsOf'>;

/** Whether a variant's label names one of the sizes ("Size 20S (M20)" is a 20). */
const hasSize = (label: string, code: string, sizes: readonly string[]): boolean => {
  const tokens = `${label} ${code}`.split(/[^A-Za-z0-9]+/).map((token) => token.toUpperCase());
  return sizes.some((size) => tokens.some((token) => new RegExp(`^M?${size}[A-Z]?$`).test(token)));
};

/**
 * The stock facts over the database's catalogue: the products the search finds for the question's words, their
 * published variants (those of the sizes it names, when it names any a product has), their availability from `availability`
 * (the stock feature's reader, app.stock).
 */
export function databaseStockFacts(
  store: StockStore,
  availability: (codes: readonly string[]) => Promise<VariantAvailability[]>,
): StockFactsFor {
  return async (question, locale) => {
    const asked = stockQuestion(question);
    if (asked === undefined) return undefined;
    const ids = (await questionProducts(store, asked.searchText, locale, PRODUCTS_MAX)).slice(0, PRODUCTS_MAX);
    if (ids.length === 0) return undefined;
    const [{ products }, variants] = await Promise.all([
      store.productsWithDetails(ids, locale),
      store.publishedVariantsOf(ids, locale),
    ]);
    const byId = new Map(products.map((product) => [product.id, product]));
    const parts = ids.flatMap((id) => {
      const product = byId.get(id);
      if (product === undefined) return [];
      const all = variants.get(id) ?? [];
      const sized =
        asked.sizes.length === 0 ? all : all.filter((variant) => hasSize(variant.label, variant.code, asked.sizes));
      const path = localizedPath(locale, productPath(product.productCategoryId, product.id));
      return sized.map((variant) => ({
        productName: product.productName,
        path,
        code: variant.code,
        label: variant.label,
        unit: variant.unit,
      }));
    });
    const shown = parts.slice(0, PARTS_MAX);
    if (shown.length === 0) return undefined;
    const read = await availability(shown.map((part) => part.code));
    return {
      locations: asked.locations,
      saudi: asked.saudi,
      items: shown.map((part, index) => ({
        ...part,
        availability: (read[index]?.locations ?? []).filter((at) => asked.locations.includes(at.location)),
      })),
    };
  };
}

/** A figure in a part's unit: '40 pieces' ('40 قطعة', '5 قطع'). */
const quantityIn =
  (unit: QuoteUnit, locale: Locale) =>
  (count: number): string =>
    quantityInUnit(count, unit, locale);

/** A part's name with its label: 'CW Brass Cable Gland – Size 20 (M20)'. */
const partName = (item: StockItem): string =>
  item.label === '' ? item.productName : `${item.productName} – ${item.label}`;

/**
 * One part's stock as lines of words, a line per location asked about: "Dubai warehouse: In stock: 40 pieces (updated 5
 * minutes ago)"; one line saying nothing is known when the ERP stated nothing there (never "0").
 */
export function stockLines(item: StockItem, locale: Locale, now: Date): string[] {
  if (item.availability.length === 0)
    return [
      locale === 'ar' ? 'لا تتوفر لدينا معلومات عن مخزون هذا الصنف.' : 'We hold no stock information for this part.',
    ];
  return item.availability.map(
    (at) =>
      `${stockLocationName(at.location, locale)}: ${availabilityPhrases(at, locale, quantityIn(item.unit, locale), now).join(' · ')} (${updatedAgoText(at.updatedAt, locale, now)})`,
  );
}

/** The facts as the AI provider is given them: a line per part and location, worded, with the page to link. */
export function stockFactsPrompt(facts: StockFacts, locale: Locale, now: Date): string {
  const lines = facts.items.map(
    (item) => `- ${partName(item)} (code ${item.code}; page ${item.path}): ${stockLines(item, locale, now).join('; ')}`,
  );
  const saudi = facts.saudi
    ? ['- The Saudi associate holds no stock: its buyers are supplied from the locations above.']
    : [];
  const where = facts.locations.map((location) => stockLocationName(location, 'en')).join(', ');
  return [
    `Stock from the ERP for this question (locations: ${where}; figures already worded, with how fresh they are):`,
    ...lines,
    ...saudi,
  ].join('\n');
}

/** The built-in answerer's answer to a stock question: each part linked, its stock where asked, how fresh. */
export function stockAnswer(facts: StockFacts, locale: Locale, now: Date): string {
  const ar = locale === 'ar';
  const link = (item: StockItem) => `[${partName(item).replace(/[[\]]/g, '')}](${item.path})`;
  const parts = facts.items.map(
    (item) =>
      `• ${link(item)} (${item.code})\n${stockLines(item, locale, now)
        .map((line) => `  ${line}`)
        .join('\n')}`,
  );
  const intro = ar ? 'هذا ما يفيد به نظامنا عن المخزون:' : 'Here is what our stock system says:';
  const saudi = facts.saudi
    ? [
        ar
          ? 'لا يحتفظ شريكنا في السعودية بمخزون؛ تُورَّد طلباته من مستودع دبي أو مكتب مسقط أو مستودع البحرين.'
          : 'Our Saudi associate holds no stock: its orders are supplied from our Dubai, Muscat or Bahrain stock.',
      ]
    : [];
  const close = ar
    ? 'لتأكيد الكمية والسعر، أضف الصنف إلى طلب عرض السعر.'
    : 'To confirm quantities and prices, add the part to a quote request.';
  return [intro, ...saudi, parts.join('\n'), close].join('\n\n');
}
