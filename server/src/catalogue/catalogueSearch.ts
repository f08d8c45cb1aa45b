// The catalogue's search, one SQL on PGlite and PostgreSQL (pg_trgm, migration 009). A visitor's text is split into
// terms; a product matches when its code starts with the text (spaces, dashes and case ignored), or when every term is
// found inside its name, brands or code, or its category's title, in the page's language, folded alike (case, Arabic
// letter forms and diacritics, Arabic-Indic digits: catalogue_fold). Ranked: the exact code, codes starting with the
// text, names starting with it, names holding it whole, all terms in the product's own text, the rest through the
// category; the catalogue's order among equals. When nothing matches, each term no catalogue word holds is replaced
// by the closest word (trigram similarity) and the search runs again: its results come with that text, for
// "Did you mean …?". Every term is a trigram index look-up: no search scans the catalogue.
import type { SearchResult } from '@site/content';
import type { Locale } from '@site/contracts/locale';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DatabaseSchema } from '../db/index.js';
import { CORRECTED_WORD_MIN } from './searchWords.js';

export interface SearchQuery {
  /** The visitor's text, already cleaned (searchNeedle). */
  needle: string;
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
}

/** Terms past this many are not looked for (a 200-character text has at most a few dozen; eight narrow enough). */
export const SEARCH_TERMS_MAX = 8;

/** The text's terms, each once, in the order typed. */
export function searchTerms(needle: string): string[] {
  return [...new Set(needle.split(/\s+/u).filter(Boolean))].slice(0, SEARCH_TERMS_MAX);
}

/** The text as a product code is compared (normalizedProductCode: letters and digits only). */
const codeKeyOf = (needle: string): string => needle.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** `text` inside a LIKE pattern as itself: `%`, `_` and the escape character are text, not wildcards. */
const likeText = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** `column` holds `text` (folded as the indexed text is). */
const holds = (column: RawBuilder<unknown>, text: string) => sql<boolean>`${column} like '%' || catalogue_fold(${likeText(text)}) || '%'`;

export async function searchCatalogue(db: Kysely<DatabaseSchema>, query: SearchQuery): Promise<SearchPage> {
  const page = await matching(db, query, query.needle);
  if (page.total > 0) return page;
  const closest = await closestText(db, query.needle);
  if (closest === undefined) return page;
  const closePage = await matching(db, query, closest);
  return closePage.total > 0 ? { ...closePage, suggestion: closest } : page;
}

async function matching(db: Kysely<DatabaseSchema>, query: SearchQuery, needle: string): Promise<SearchPage> {
  const ownText = sql.ref(query.locale === 'ar' ? 'p.search_ar' : 'p.search_en');
  const title = sql.ref(query.locale === 'ar' ? 'title_ar' : 'title');
  const terms = searchTerms(needle);
  const codeKey = codeKeyOf(needle);
  // a one-character code would start half the catalogue's codes: such a text is a name's, not a code's
  const codeStarts = codeKey.length >= 2 ? sql<boolean>`p.search_code like ${`${codeKey}%`}` : sql<boolean>`false`;
  const codeIs = codeKey.length >= 2 ? sql<boolean>`p.search_code = ${codeKey}` : sql<boolean>`false`;
  const inOwnText = sql.join(terms.map((term) => holds(ownText, term)), sql` and `);
  const inOwnTextOrCategory = sql.join(
    terms.map(
      (term) =>
        sql`(${holds(ownText, term)} or p.category_id = any(array(select id from catalogue_categories where ${holds(sql`catalogue_fold(${title})`, term)})))`,
    ),
    sql` and `,
  );
  const rank = sql<number>`case
    when ${codeIs} then 0
    when ${codeStarts} then 1
    when ${ownText} like catalogue_fold(${likeText(needle)}) || '%' then 2
    when ${holds(ownText, needle)} then 3
    when ${inOwnText} then 4
    else 5 end`;

  const name = sql.ref(query.locale === 'ar' ? 'p.name_ar' : 'p.name');
  const category = sql.ref(query.locale === 'ar' ? 'c.title_ar' : 'c.title');
  const rows = await db
    .selectFrom('catalogue_products as p')
    .innerJoin('catalogue_categories as c', 'c.id', 'p.category_id')
    .select([
      'p.id',
      sql<string>`${name}`.as('title'),
      sql<string>`${category}`.as('productCategory'),
      'p.category_id as productCategoryId',
      sql<string>`coalesce(p.company, '')`.as('company'),
      'p.image',
      sql<number>`count(*) over ()`.as('total'),
    ])
    .where(sql<boolean>`(${codeStarts} or (${inOwnTextOrCategory}))`)
    .orderBy(rank)
    .orderBy('p.position')
    .orderBy('p.id')
    .offset(query.offset)
    .limit(query.limit)
    .execute();
  // a page past the last match has no row to carry the total: ask for the first
  const total = rows[0]?.total ?? (query.offset > 0 ? (await matching(db, { ...query, offset: 0, limit: 1 }, needle)).total : 0);
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
  };
}

/**
 * The text with every term that no catalogue word holds replaced by the catalogue's closest word (trigram similarity
 * over pg_trgm's threshold, 0.3: one or two wrong letters in a word of five or more); undefined when no term changed.
 */
async function closestText(db: Kysely<DatabaseSchema>, needle: string): Promise<string | undefined> {
  let changed = false;
  const terms = await Promise.all(
    searchTerms(needle).map(async (term) => {
      if ([...term].length < CORRECTED_WORD_MIN) return term;
      const known = await db.selectFrom('catalogue_search_words').select('word').where(holds(sql.ref('word'), term)).limit(1).executeTakeFirst();
      if (known !== undefined) return term;
      const closest = await db
        .selectFrom('catalogue_search_words')
        .select('word')
        .where(sql<boolean>`word % catalogue_fold(${term})`)
        .orderBy(sql`similarity(word, catalogue_fold(${term}))`, 'desc')
        .orderBy('word')
        .limit(1)
        .executeTakeFirst();
      if (closest === undefined) return term;
      changed = true;
      return closest.word;
    }),
  );
  return changed ? terms.join(' ') : undefined;
}
