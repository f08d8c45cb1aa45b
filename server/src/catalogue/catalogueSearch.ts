// The catalogue's search, one SQL on PGlite and PostgreSQL (full-text words and pg_trgm: migrations 009 and 011). A
// visitor's text (folded: searchNeedle) is split into terms (searchTerms.ts), and the terms become the condition a
// product matches by and its rank (searchCondition.ts): a code that starts with the text (its own, or a variant's code
// or part number: the result then names that variant), or every term found in the product's words (name, brands, code
// and specification, in the page's language) or naming its category.
// Ranked: the exact code, codes starting with the text, names starting with it, names holding it whole, all terms in
// the product's own text, the rest (through the category or the specification); the catalogue's order among equals.
// A broad text's matches are kept beside the search rows and read from there (searchBroad.ts).
// When nothing matches, each term no catalogue word holds is replaced by the closest word (trigram similarity, a
// product's or category's word first) and the search runs again: its results come with that text, for "Did you mean
// …?". The answer names the phrases it looked for, so a page can mark them in what it shows.
import type { SearchResult } from '@site/content';
import { hasListingFilters, type ListingFilters } from '@site/contracts/listing-view';
import type { Locale } from '@site/contracts/locale';
import type { StockLocation } from '@site/contracts/stock-api';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DatabaseSchema } from '../platform/db/index.js';
import { narrowedView, type FacetRows, type NarrowedView } from './listingFilters.js';
import { productsOnHandOf, type ProductStock } from './productStock.js';
import { BROAD_MATCHES_MIN, broadCondition, broadFacetRows, keepAfterAnswer, type SearchTable } from './searchBroad.js';
import { holds, matchCondition, type CategoryTitle, type MatchCondition } from './searchCondition.js';
import {
  NUMBER_WITH_UNIT,
  searchTerms,
  SYNONYM_WORDS_MAX,
  SYNONYMS,
  SEARCH_TERMS_MAX,
  type SearchTerm,
} from './searchTerms.js';
import { CORRECTED_WORD_MIN } from './searchWords.js';
import { cardPricesOf } from './variants/variantRecords.js';

export { BROAD_CONDITIONS_MAX, BROAD_MATCHES_MIN, broadKeepsSettled } from './searchBroad.js';
export { SEARCH_TERMS_MAX, searchTerms, type SearchTerm } from './searchTerms.js';

export interface SearchQuery {
  /** The visitor's text, already cleaned and folded (searchNeedle). */
  needle: string;
  /** The brands, specification values and price range the matches are narrowed to (the results page's filters). */
  filters?: ListingFilters;
  /** Whether the answer brings what the filters offer over every match (the results page asks; the modal does not). */
  facets?: boolean;
  offset: number;
  limit: number;
  locale: Locale;
}

export interface SearchPage {
  /** Every match ('N result(s) found'). */
  total: number;
  /** One page of them, best first. */
  results: SearchResult[];
  /** Set when nothing matched the text and these results are the closest text's: that text. */
  suggestion?: string;
  /** The folded phrases looked for (every term's alternatives): what a page marks in the results it shows. */
  highlight: string[];
  /** When asked for: the filters over every match of the text, and the brands and values the view narrows to. */
  narrowed?: Omit<NarrowedView, 'where' | 'total' | 'asAsked' | 'page'> & { stock?: StockLocation[] };
  /** With the results page's filters and the stock read: of the page's results, the products on hand somewhere. */
  inStock?: string[];
  /**
   * With the results page's filters: each result's card price, its lowest a buyer can get (price at 1 or break;
   * absent: on request), and those whose card says 'from' (variantRecords.ts cardPricesOf). The modal's show none.
   */
  prices?: Record<string, number>;
  priceFrom?: string[];
}

/** How the search keeps a broad text's matches (tests ask for a lower bound, to make a broad text of a small catalogue). */
export interface SearchOptions {
  /** A text with at least this many matches has them kept beside the search rows (BROAD_MATCHES_MIN). */
  broadMatchesMin?: number;
  /** false: every search reads the search rows, none is kept (what tests compare the kept matches with). */
  kept?: boolean;
  /** The stock, for the results page's "In stock at" and its cards' badge (productStock.ts). */
  stock?: ProductStock;
}

export async function searchCatalogue(
  db: Kysely<DatabaseSchema>,
  query: SearchQuery,
  options: SearchOptions = {},
): Promise<SearchPage> {
  // the few titles, read once for the text and for its correction
  const titles: CategoryTitle[] = await db
    .selectFrom('catalogue_categories')
    .select(['id', query.locale === 'ar' ? 'title_ar as title' : 'title'])
    .where('state', '=', 'live')
    .execute();
  const page = await matching(db, query, query.needle, titles, options);
  // nothing left under the filters is not a misspelling
  if (page.total > 0 || (query.filters !== undefined && hasListingFilters(query.filters))) return page;
  const closest = await closestText(db, query.needle);
  if (closest === undefined) return page;
  const closePage = await matching(db, query, closest, titles, options);
  return closePage.total > 0 ? { ...closePage, suggestion: closest } : page;
}

/**
 * The results page's filters count the matches as read once (the CTE `matched`, aliased `s`): each carries its
 * product's pair of brands and values (by id), price and rank, for the page read in the same statement.
 */
const MATCHED_FACET_ROWS: FacetRows = {
  from: sql`matched as s`,
  // the matches carry their pair's id only (kept small enough to stay in memory); its arrays are the pair's
  brands: sql<string[]>`(select pair.brands from catalogue_facet_sets as pair where pair.id = s.facet_set)`,
  values: sql<string[]>`(select pair.filter_values from catalogue_facet_sets as pair where pair.id = s.facet_set)`,
  price: sql`s.price`,
  productId: sql<string>`s.product_id`,
  set: sql<number>`s.facet_set`,
};

/** What a result shows of its product (the page's language). */
interface ShownRow {
  id: string;
  title: string;
  productCategory: string;
  productCategoryId: string;
  company: string;
  image: unknown;
}

/** The shown fields of the products `ids` names, in that order. */
async function shownFields(db: Kysely<DatabaseSchema>, locale: Locale, ids: readonly string[]): Promise<ShownRow[]> {
  const rows = await db
    .selectFrom('catalogue_products as p')
    .innerJoin('catalogue_categories as c', 'c.id', 'p.category_id')
    .select([
      'p.id',
      sql<string>`${sql.ref(locale === 'ar' ? 'p.name_ar' : 'p.name')}`.as('title'),
      sql<string>`${sql.ref(locale === 'ar' ? 'c.title_ar' : 'c.title')}`.as('productCategory'),
      'p.category_id as productCategoryId',
      sql<string>`coalesce(p.company, '')`.as('company'),
      'p.image',
    ])
    .where('p.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A page of matches: their shown fields, how many there are in all, and the filters' view when they were asked for. */
interface MatchedPage {
  total: number;
  rows: ShownRow[];
  view?: NarrowedView;
}

/**
 * One read for the page and the number of matches: the matches with their rank kept once (materialised), counted,
 * and their best few taken (a top-N sort; a window's count would sort every match: 37,000 for 'cable' at 100,000
 * products). Each page row carries the count; a page past the last match has none, and is counted on its own.
 */
async function readRankedPage(
  db: Kysely<DatabaseSchema>,
  query: SearchQuery,
  table: SearchTable,
  rank: RawBuilder<number>,
  shown: RawBuilder<boolean>,
): Promise<MatchedPage> {
  const name = sql.ref(query.locale === 'ar' ? 'p.name_ar' : 'p.name');
  const category = sql.ref(query.locale === 'ar' ? 'c.title_ar' : 'c.title');
  const rows = await db
    .with(
      (cte) => cte('matched').materialized(),
      (matched) =>
        matched
          .selectFrom(`${table} as s`)
          .select(['s.product_id', 's.position', rank.as('rank')])
          .where(shown),
    )
    .with('found', (found) =>
      found
        .selectFrom('matched')
        .selectAll()
        .orderBy('rank')
        .orderBy('position')
        .orderBy('product_id')
        .offset(query.offset)
        .limit(query.limit),
    )
    .selectFrom('found')
    .innerJoin('catalogue_products as p', 'p.id', 'found.product_id')
    .innerJoin('catalogue_categories as c', 'c.id', 'p.category_id')
    .select([
      'p.id',
      sql<string>`${name}`.as('title'),
      sql<string>`${category}`.as('productCategory'),
      'p.category_id as productCategoryId',
      sql<string>`coalesce(p.company, '')`.as('company'),
      'p.image',
      sql<string | number>`(select count(*) from matched)`.as('total'),
    ])
    .orderBy('found.rank')
    .orderBy('found.position')
    .orderBy('found.product_id')
    .execute();
  if (rows[0] !== undefined) return { rows, total: Number(rows[0].total) };
  if (query.offset === 0) return { rows, total: 0 };
  const past = await db
    .selectFrom(`${table} as s`)
    .select((eb) => eb.fn.countAll<string | number>().as('total'))
    .where(shown)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(past.total) };
}

/**
 * The matches with the results page's filters, read once, in one statement (PGlite runs one statement at a time; two
 * reads of 37,000 matched rows, one for the filters and one for the page, took twice as long): the filters over every
 * match, counted by their combinations of brands and values, the view's total, and the page's ids under the view;
 * then the page's shown fields by id.
 */
async function readNarrowedPage(
  db: Kysely<DatabaseSchema>,
  query: SearchQuery,
  table: SearchTable,
  { matches, rank }: MatchCondition,
  stock: ProductStock | undefined,
): Promise<MatchedPage> {
  const before = sql`matched as materialized (
      select s.product_id, s.position, ${rank} as rank, s.facet_set, s.price from ${sql.table(table)} as s where ${matches})`;
  const ids = (where: RawBuilder<boolean>) => sql<string[]>`array(
      select s.product_id from matched as s where ${where} order by s.rank, s.position, s.product_id offset ${query.offset} limit ${query.limit})`;
  const view = await narrowedView(db, MATCHED_FACET_ROWS, sql<boolean>`true`, query.filters, { before, ids }, stock);
  return {
    total: view.total,
    rows: view.page.length === 0 ? [] : await shownFields(db, query.locale, view.page),
    view,
  };
}

/** A broad text's matches as kept (migration 025): read by index, not found and ranked again. */
async function readKeptPage(
  db: Kysely<DatabaseSchema>,
  query: SearchQuery,
  keptId: number,
  narrowing: boolean,
  stock: ProductStock | undefined,
): Promise<MatchedPage> {
  if (narrowing) {
    const view = await narrowedView(
      db,
      broadFacetRows(keptId),
      sql<boolean>`s.broad_id = ${keptId}`,
      query.filters,
      {
        ids: (where) => sql<string[]>`array(
          select s.product_id from catalogue_search_broad_rows as s where s.broad_id = ${keptId} and ${where}
          order by s.rank, s.position, s.product_id offset ${query.offset} limit ${query.limit})`,
      },
      stock,
    );
    return {
      total: view.total,
      rows: view.page.length === 0 ? [] : await shownFields(db, query.locale, view.page),
      view,
    };
  }
  const { rows: found } = await sql<{ ids: string[] | null; total: number }>`select array(
          select product_id from catalogue_search_broad_rows where broad_id = ${keptId}
          order by rank, position, product_id offset ${query.offset} limit ${query.limit}) as ids,
        (select coalesce(sum(count), 0)::int from catalogue_search_broad_pairs where broad_id = ${keptId}) as total`.execute(
    db,
  );
  const ids = found[0]?.ids ?? [];
  return {
    total: Number(found[0]?.total ?? 0),
    rows: ids.length === 0 ? [] : await shownFields(db, query.locale, ids),
  };
}

/** The answer: the page's results, the phrases to mark and, when asked for, what the filters offer. */
function searchPageOf(
  query: SearchQuery,
  needle: string,
  terms: readonly SearchTerm[],
  variantOf: ReadonlyMap<string, string>,
  { total, rows, view }: MatchedPage,
): SearchPage {
  return {
    total,
    results: rows.map((row) => ({
      id: row.id,
      title: row.title,
      productCategory: row.productCategory,
      productCategoryId: row.productCategoryId,
      company: row.company,
      image: row.image as SearchResult['image'],
      ...(variantOf.has(row.id) ? { variant: variantOf.get(row.id) } : {}),
    })),
    highlight: [...new Set([needle, ...terms.flat()])],
    ...(view === undefined || !query.facets
      ? {}
      : {
          narrowed: {
            brands: view.brands,
            attributes: view.attributes,
            facets: view.facets,
            ...(view.facets.stock === undefined ? {} : { stock: [...(query.filters?.stock ?? [])] }),
          },
        }),
  };
}

/** The page of `needle`'s matches: from its kept matches when it is a broad text already kept, else found afresh. */
async function matching(
  db: Kysely<DatabaseSchema>,
  query: SearchQuery,
  needle: string,
  titles: readonly CategoryTitle[],
  options: SearchOptions,
): Promise<SearchPage> {
  const table: SearchTable = query.locale === 'ar' ? 'catalogue_search_ar' : 'catalogue_search_en';
  const terms = searchTerms(needle);
  const condition = await matchCondition(db, needle, terms, titles);
  const narrowing = query.facets || (query.filters !== undefined && hasListingFilters(query.filters));
  const broad = broadCondition(query.locale, condition.matches, condition.rank, db);
  const kept =
    options.kept === false
      ? undefined
      : await db.selectFrom('catalogue_search_broad').select('id').where('key', '=', broad.key).executeTakeFirst();
  const page =
    kept !== undefined
      ? await readKeptPage(db, query, kept.id, narrowing, options.stock)
      : narrowing
        ? await readNarrowedPage(db, query, table, condition, options.stock)
        : await readRankedPage(db, query, table, condition.rank, condition.matches);
  // every match counted (no filter narrowed them): a broad text's are kept for the next search of its condition
  const everyMatch = !(query.filters !== undefined && hasListingFilters(query.filters));
  if (
    options.kept !== false &&
    kept === undefined &&
    everyMatch &&
    page.total >= (options.broadMatchesMin ?? BROAD_MATCHES_MIN)
  )
    keepAfterAnswer(db, table, broad);
  const answer = searchPageOf(query, needle, terms, condition.variantOf, page);
  // the results page's cards say their price and which products are on hand (the modal's results do not)
  if (!query.facets || answer.results.length === 0) return answer;
  const ids = answer.results.map((result) => result.id);
  const stock = options.stock;
  const [cardPrices, onHand] = await Promise.all([
    cardPricesOf(db, ids),
    stock === undefined ? undefined : productsOnHandOf(stock, ids).execute(db),
  ]);
  const priced = { prices: Object.fromEntries(cardPrices.lowest), priceFrom: cardPrices.priceFrom };
  if (onHand === undefined) return { ...answer, ...priced };
  const found = new Set(onHand.rows.map((row) => row.product_id));
  return { ...answer, ...priced, inStock: ids.filter((id) => found.has(id)) };
}

/**
 * The text with every word that no catalogue word holds (and no synonym phrase is) replaced by the catalogue's closest
 * word (trigram similarity over pg_trgm's threshold, 0.3: one or two wrong letters in a word of five or more; a word of
 * a name, brand or category title before one found only in specifications);
 * undefined when no word changed.
 */
async function closestText(db: Kysely<DatabaseSchema>, needle: string): Promise<string | undefined> {
  const words = [...new Set(needle.split(/\s+/u).filter(Boolean))].slice(0, SEARCH_TERMS_MAX * SYNONYM_WORDS_MAX);
  const asked = words.filter(
    (word) => [...word].length >= CORRECTED_WORD_MIN && !SYNONYMS.has(word) && !NUMBER_WITH_UNIT.test(word),
  );
  if (asked.length === 0) return undefined;
  // one statement for every word: whether a catalogue word holds it, and only if none does, the closest one
  const { rows } = await sql<{ typed: string; closest: string | null }>`${sql.join(
    asked.map(
      (word) => sql`select ${word}::text as typed, case
        when exists (select from catalogue_search_words where ${holds(sql.ref('word'), word)}) then null
        else (select word from catalogue_search_words where word % catalogue_fold(${word})
          order by named desc, similarity(word, catalogue_fold(${word})) desc, word limit 1) end as closest`,
    ),
    sql` union all `,
  )}`.execute(db);
  const closest = new Map(rows.map((row) => [row.typed, row.closest]));
  const corrected = words.map((word) => closest.get(word) ?? word);
  return corrected.some((word, at) => word !== words[at]) ? corrected.join(' ') : undefined;
}
