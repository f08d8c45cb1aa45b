// The catalogue's search, one SQL on PGlite and PostgreSQL (pg_trgm, migration 009). A visitor's text (folded:
// searchNeedle) is split into terms; a phrase of the trade's synonym list (@site/content/search-synonyms) is one term
// that any phrase of its group satisfies, and a size or rating typed as one word ("16mm", "32a") is also looked for
// with a space ("16 mm"). A product matches when its code starts with the text (spaces, dashes and case ignored), or
// when every term is found in its name, brands or code, its category's title or its specification's text, in the
// page's language. Ranked: the exact code, codes starting with the text, names starting with it, names holding it
// whole, all terms in the product's own text, the rest (through the category or the specification); the catalogue's
// order among equals. When nothing matches, each term no catalogue word holds is replaced by the closest word
// (trigram similarity) and the search runs again: its results come with that text, for "Did you mean …?". Every
// alternative is a trigram index look-up: no search scans the catalogue. The answer names the phrases it looked for,
// so a page can mark them in what it shows.
import type { SearchResult } from '@site/content';
import { SEARCH_SYNONYMS } from '@site/content/search-synonyms';
import { foldSearchText } from '@site/content/search-text';
import { hasListingFilters, type ListingFilters } from '@site/contracts/listing-view';
import type { Locale } from '@site/contracts/locale';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DatabaseSchema } from '../db/index.js';
import { narrowedView, type NarrowedView } from './listingFilters.js';
import { CORRECTED_WORD_MIN } from './searchWords.js';

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
  narrowed?: Omit<NarrowedView, 'where' | 'total'>;
}

/** Terms past this many are not looked for (a 200-character text has at most a few dozen; eight narrow enough). */
export const SEARCH_TERMS_MAX = 8;

/** A term: the phrases any of which satisfies it, the one typed first. */
export type SearchTerm = readonly [string, ...string[]];

/** Every synonym phrase, folded, to the folded phrases of its group. */
const SYNONYMS: ReadonlyMap<string, readonly string[]> = new Map(
  SEARCH_SYNONYMS.flatMap((group) => {
    const phrases = group.map(foldSearchText);
    return phrases.map((phrase) => [phrase, phrases] as const);
  }),
);
/** The most words a synonym phrase has: how far ahead the text is read for one. */
const SYNONYM_WORDS_MAX = Math.max(...[...SYNONYMS.keys()].map((phrase) => phrase.split(' ').length));

/** A number glued to its unit, as a size or rating is typed ("16mm", "32a", "2.5mm2", "600v"). */
const NUMBER_WITH_UNIT = /^(\d+(?:[.,]\d+)?)([a-z]{1,3}2?)$/u;

/** The text's terms, in the order typed, each once: synonym phrases (longest first) and words. */
export function searchTerms(needle: string): SearchTerm[] {
  const words = needle.split(/\s+/u).filter(Boolean);
  const terms: SearchTerm[] = [];
  const seen = new Set<string>();
  for (let at = 0; at < words.length && terms.length < SEARCH_TERMS_MAX; ) {
    let length = Math.min(SYNONYM_WORDS_MAX, words.length - at);
    let group: readonly string[] | undefined;
    for (; length > 1; length -= 1) {
      group = SYNONYMS.get(words.slice(at, at + length).join(' '));
      if (group !== undefined) break;
    }
    const typed = words.slice(at, at + length).join(' ');
    group ??= SYNONYMS.get(typed);
    at += length;
    if (seen.has(typed)) continue;
    seen.add(typed);
    const unit = NUMBER_WITH_UNIT.exec(typed);
    const others = group ?? (unit ? [`${unit[1]} ${unit[2]}`] : []);
    terms.push([typed, ...others.filter((phrase) => phrase !== typed)]);
  }
  return terms;
}

/** The text as a product code is compared (normalizedProductCode: letters and digits only). */
const codeKeyOf = (needle: string): string => needle.replace(/[^a-z0-9]+/g, '');

/** `text` inside a LIKE pattern as itself: `%`, `_` and the escape character are text, not wildcards. */
const likeText = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** `column` holds `text` (folded as the indexed text is). */
const holds = (column: RawBuilder<unknown>, text: string) => sql<boolean>`${column} like '%' || catalogue_fold(${likeText(text)}) || '%'`;

/** `column` holds one of the term's phrases. */
const holdsTerm = (column: RawBuilder<unknown>, term: SearchTerm) =>
  sql<boolean>`(${sql.join(term.map((phrase) => holds(column, phrase)), sql` or `)})`;

export async function searchCatalogue(db: Kysely<DatabaseSchema>, query: SearchQuery): Promise<SearchPage> {
  const page = await matching(db, query, query.needle);
  // nothing left under the filters is not a misspelling
  if (page.total > 0 || (query.filters !== undefined && hasListingFilters(query.filters))) return page;
  const closest = await closestText(db, query.needle);
  if (closest === undefined) return page;
  const closePage = await matching(db, query, closest);
  return closePage.total > 0 ? { ...closePage, suggestion: closest } : page;
}

async function matching(db: Kysely<DatabaseSchema>, query: SearchQuery, needle: string): Promise<SearchPage> {
  const ownText = sql.ref(query.locale === 'ar' ? 's.own_ar' : 's.own_en');
  const specText = sql.ref(query.locale === 'ar' ? 's.spec_ar' : 's.spec_en');
  const terms = searchTerms(needle);
  const codeKey = codeKeyOf(needle);
  // a one-character code would start half the catalogue's codes: such a text is a name's, not a code's
  const codeStarts = codeKey.length >= 2 ? sql<boolean>`s.code_key like ${`${codeKey}%`}` : sql<boolean>`false`;
  const codeIs = codeKey.length >= 2 ? sql<boolean>`s.code_key = ${codeKey}` : sql<boolean>`false`;
  const inOwnText = sql.join(terms.map((term) => holdsTerm(ownText, term)), sql` and `);
  // The categories each term names, found here among the few titles: the query then names them, so that each term's
  // condition is an OR of index look-ups (a sub-select there would make PostgreSQL scan the catalogue).
  const titles = await db
    .selectFrom('catalogue_categories')
    .select(['id', query.locale === 'ar' ? 'title_ar as title' : 'title'])
    .execute();
  const anywhere = sql.join(
    terms.map((term) => {
      const named = titles.filter((category) => term.some((phrase) => foldSearchText(category.title).includes(phrase))).map((category) => category.id);
      const inCategory = named.length > 0 ? sql<boolean>` or s.category_id in (${sql.join(named)})` : sql<boolean>``;
      return sql<boolean>`(${holdsTerm(ownText, term)} or ${holdsTerm(specText, term)}${inCategory})`;
    }),
    sql` and `,
  );
  const rank = sql<number>`case
    when ${codeIs} then 0
    when ${codeStarts} then 1
    when ${ownText} like catalogue_fold(${likeText(needle)}) || '%' then 2
    when ${holds(ownText, needle)} then 3
    when ${inOwnText} then 4
    else 5 end`;

  // the page of matches from the narrow search rows; then the shown fields of those products only
  const name = sql.ref(query.locale === 'ar' ? 'p.name_ar' : 'p.name');
  const category = sql.ref(query.locale === 'ar' ? 'c.title_ar' : 'c.title');
  const matches = sql<boolean>`(${codeStarts} or (${anywhere}))`;
  // the results page's filters, over every match of the text: what they offer, and what they ask of a product
  const narrowing = query.facets || (query.filters !== undefined && hasListingFilters(query.filters));
  // Narrowing reads the matches three times (the filters' counts, the price range, the page): found once, they are
  // named by id after that (index look-ups) instead of the text matched again each time.
  const matchedIds = narrowing
    ? (await db.selectFrom('catalogue_search as s').select('s.product_id').where(matches).execute()).map((row) => row.product_id)
    : undefined;
  const isMatched = (column: RawBuilder<unknown>) => sql<boolean>`${column} = any(${sql.val(matchedIds ?? [])}::text[])`;
  const view = narrowing ? await narrowedView(db, isMatched(sql.ref('catalogue_products.id')), query.filters) : undefined;
  const shown =
    view === undefined
      ? matches
      : sql<boolean>`(${isMatched(sql.ref('s.product_id'))} and s.product_id in (
          select catalogue_products.id from catalogue_products where ${isMatched(sql.ref('catalogue_products.id'))} and ${view.where}))`;
  const rows = await db
    .with('found', (found) =>
      found
        .selectFrom('catalogue_search as s')
        .select(['s.product_id', 's.position', rank.as('rank'), sql<number>`count(*) over ()`.as('total')])
        .where(shown)
        .orderBy('rank')
        .orderBy('s.position')
        .orderBy('s.product_id')
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
      'found.total',
    ])
    .orderBy('found.rank')
    .orderBy('found.position')
    .orderBy('found.product_id')
    .execute();
  // a page past the last match has no row to carry the total: ask for the first
  const total = rows[0]?.total ?? (query.offset > 0 ? (await matching(db, { ...query, offset: 0, limit: 1, facets: false }, needle)).total : 0);
  return {
    total: Number(total),
    results: rows.map((row) => ({
      id: row.id,
      title: row.title,
      productCategory: row.productCategory,
      productCategoryId: row.productCategoryId,
      company: row.company,
      image: row.image as SearchResult['image'],
    })),
    highlight: [...new Set([needle, ...terms.flat()])],
    ...(view === undefined || !query.facets ? {} : { narrowed: { brands: view.brands, attributes: view.attributes, facets: view.facets } }),
  };
}

/**
 * The text with every word that no catalogue word holds (and no synonym phrase is) replaced by the catalogue's closest
 * word (trigram similarity over pg_trgm's threshold, 0.3: one or two wrong letters in a word of five or more);
 * undefined when no word changed.
 */
async function closestText(db: Kysely<DatabaseSchema>, needle: string): Promise<string | undefined> {
  let changed = false;
  const words = [...new Set(needle.split(/\s+/u).filter(Boolean))].slice(0, SEARCH_TERMS_MAX * SYNONYM_WORDS_MAX);
  const corrected = await Promise.all(
    words.map(async (word) => {
      if ([...word].length < CORRECTED_WORD_MIN || SYNONYMS.has(word) || NUMBER_WITH_UNIT.test(word)) return word;
      const known = await db.selectFrom('catalogue_search_words').select('word').where(holds(sql.ref('word'), word)).limit(1).executeTakeFirst();
      if (known !== undefined) return word;
      const closest = await db
        .selectFrom('catalogue_search_words')
        .select('word')
        .where(sql<boolean>`word % catalogue_fold(${word})`)
        .orderBy(sql`similarity(word, catalogue_fold(${word}))`, 'desc')
        .orderBy('word')
        .limit(1)
        .executeTakeFirst();
      if (closest === undefined) return word;
      changed = true;
      return closest.word;
    }),
  );
  return changed ? corrected.join(' ') : undefined;
}
