// The catalogue's search, one SQL on PGlite and PostgreSQL (full-text words and pg_trgm: migrations 009 and 011). A
// visitor's text (folded: searchNeedle) is split into terms; a phrase of the trade's synonym list
// (@site/content/search-synonyms) is one term that any phrase of its group satisfies, and a size or rating typed as one
// word ("16mm", "32a") is also looked for with a space ("16 mm"). A product matches when its code starts with the text
// (spaces, dashes and case ignored), or when every term is found in its words (name, brands, code and specification,
// in the page's language) or names its category. A term's word is found as the start of a product's word ('arm' →
// 'armoured') or, three letters or more, inside one (the vocabulary's words that hold it: 'mour' → 'armoured',
// 'ارضي' → 'الارضي'); the whole text becomes one tsquery, a GIN index look-up however many synonyms a term has.
// Ranked: the exact code, codes starting with the text, names starting with it, names holding it whole, all terms in
// the product's own text, the rest (through the category or the specification); the catalogue's order among equals.
// When nothing matches, each term no catalogue word holds is replaced by the closest word (trigram similarity, a
// product's or category's word first) and the search runs again: its results come with that text, for "Did you mean
// …?". The answer names the phrases it looked for, so a page can mark them in what it shows.
import { createHash } from 'node:crypto';
import type { SearchResult } from '@site/content';
import { SEARCH_SYNONYMS } from '@site/content/search-synonyms';
import { foldSearchText } from '@site/content/search-text';
import { hasListingFilters, type ListingFilters } from '@site/contracts/listing-view';
import type { Locale } from '@site/contracts/locale';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DatabaseSchema } from '../platform/db/index.js';
import { narrowedView, type FacetRows, type NarrowedView } from './listingFilters.js';
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
  narrowed?: Omit<NarrowedView, 'where' | 'total' | 'asAsked' | 'page'>;
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

/** The first key after every key that starts with `codeKey` (its last letter or digit moved on by one). */
const codeKeyAfter = (codeKey: string): string => codeKey.slice(0, -1) + String.fromCharCode(codeKey.charCodeAt(codeKey.length - 1) + 1);

/** `text` inside a LIKE pattern as itself: `%`, `_` and the escape character are text, not wildcards. */
const likeText = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** `column` holds `text` (folded as the indexed text is). */
const holds = (column: RawBuilder<unknown>, text: string) => sql<boolean>`${column} like '%' || catalogue_fold(${likeText(text)}) || '%'`;

/**
 * Where `text` (folded) first starts in `column`: 0 when it does not hold it, 1 when it starts with it. A byte search,
 * not LIKE: the rank reads it for every match (tens of thousands for a broad word), and one call answers both "starts
 * with" and "holds", which LIKE asked in two passes, each a pattern match over the text.
 */
const foundAt = (column: RawBuilder<unknown>, text: string) => sql<number>`strpos(${column}, catalogue_fold(${text}))`;

/** `column` holds one of `phrases`: false when there are none. */
const holdsOne = (column: RawBuilder<unknown>, phrases: readonly string[]) =>
  phrases.length === 0 ? sql<boolean>`false` : sql<boolean>`(${sql.join(phrases.map((phrase) => sql`${foundAt(column, phrase)} > 0`), sql` or `)})`;

/** A category's id and title in the page's language: what a term may name. */
type CategoryTitle = { id: string; title: string };

/** How the search keeps a broad text's matches (tests ask for a lower bound, to make a broad text of a small catalogue). */
export interface SearchOptions {
  /** A text with at least this many matches has them kept beside the search rows (BROAD_MATCHES_MIN). */
  broadMatchesMin?: number;
  /** false: every search reads the search rows, none is kept (what tests compare the kept matches with). */
  kept?: boolean;
}

/**
 * A text that matches this many products or more has its matches kept (migration 025): each match costs about half
 * a microsecond per step of the search (find, rank, count by pair, sort), so the results page of a text with 5,000
 * matches (`armoured cable` at 100,000 products) nears 50 ms at p95; kept, it reads a page and a few hundred pairs'
 * counts. BROAD_CONDITIONS_MAX bounds what the writes pay for it.
 */
export const BROAD_MATCHES_MIN = 5_000;

/** The most broad conditions kept per language: a write runs each one's condition on the rows it writes. */
export const BROAD_CONDITIONS_MAX = 8;

export async function searchCatalogue(db: Kysely<DatabaseSchema>, query: SearchQuery, options: SearchOptions = {}): Promise<SearchPage> {
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

/** A fragment typed inside a word finds at most this many of the catalogue's words that hold it. */
const FRAGMENT_WORDS_MAX = 32;

/** A lexeme inside a tsquery's text, as itself: quoted, its quote and backslash escaped. */
const lexeme = (word: string): string => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * Each typed word as a tsquery: every token the database's parser makes of it (as it made the products' words:
 * migration 011), each found as a word's start or, three letters or more without digits, inside one of the
 * catalogue's words (the vocabulary's trigram index); undefined for a word with no token (punctuation).
 */
async function wordQueries(db: Kysely<DatabaseSchema>, words: readonly string[]): Promise<Map<string, string | undefined>> {
  const { rows: split } = await sql<{ word: string; tokens: string[] }>`
    select word, tsvector_to_array(to_tsvector('simple', word)) as tokens from unnest(${sql.val(words)}::text[]) as word`.execute(db);
  const fragments = [...new Set(split.flatMap((row) => row.tokens))].filter((token) => [...token].length >= CORRECTED_WORD_MIN && !/[0-9]/u.test(token));
  const holding = new Map<string, readonly string[]>();
  if (fragments.length > 0) {
    // one select per fragment, so that each is planned with its own pattern (a trigram index look-up)
    const { rows } = await sql<{ token: string; words: string[] }>`${sql.join(
      fragments.map(
        (token) => sql`select ${token}::text as token, array(
          select word from catalogue_search_words where word like ${`_%${likeText(token)}%`} limit ${FRAGMENT_WORDS_MAX}) as words`,
      ),
      sql` union all `,
    )}`.execute(db);
    // in one order whatever the index read: the tsquery's text is part of a broad text's key (migration 025)
    for (const row of rows) holding.set(row.token, [...row.words].sort());
  }
  return new Map(
    split.map((row) => {
      const tokens = row.tokens.map((token) => `(${[`${lexeme(token)}:*`, ...(holding.get(token) ?? []).map(lexeme)].join(' | ')})`);
      return [row.word, tokens.length > 0 ? tokens.join(' & ') : undefined];
    }),
  );
}

/** The term as a tsquery: any of its phrases, each with all its words; undefined when no phrase has a word. */
function termQuery(term: SearchTerm, words: ReadonlyMap<string, string | undefined>): string | undefined {
  const phrases = term
    .map((phrase) => {
      const parts = phrase.split(' ').flatMap((word) => words.get(word) ?? []);
      return parts.length > 0 ? `(${parts.join(' & ')})` : undefined;
    })
    .filter((phrase) => phrase !== undefined);
  return phrases.length > 0 ? `(${phrases.join(' | ')})` : undefined;
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

/** A SQL value written as a literal (a broad condition is kept as text, to be run by the trigger on each row written). */
function literal(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return `E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
  if (Array.isArray(value)) return `array[${value.map(literal).join(', ')}]::text[]`;
  throw new Error(`A search condition holds a value it cannot write as SQL: ${typeof value}`);
}

/** `builder` as one SQL text, its parameters written in as literals. */
function inlined(builder: RawBuilder<unknown>, db: Kysely<DatabaseSchema>): string {
  const { sql: text, parameters } = builder.compile(db);
  return text.replace(/\$(\d+)/g, (_, at: string) => literal(parameters[Number(at) - 1]));
}

/** A text's match condition and rank on a search row `s`, as kept (migration 025), and the key it is found by. */
interface BroadCondition {
  locale: Locale;
  key: string;
  condition: string;
  rank: string;
}

function broadCondition(locale: Locale, matches: RawBuilder<boolean>, rank: RawBuilder<number>, db: Kysely<DatabaseSchema>): BroadCondition {
  const condition = inlined(matches, db);
  const rankText = inlined(rank, db);
  const key = createHash('sha256').update(`${locale}\n${condition}\n${rankText}`).digest('hex');
  return { locale, key, condition, rank: rankText };
}

/** A kept condition's matches as the results page's filters count them: by pair, and without a price range from its pairs' counts. */
function broadFacetRows(id: number): FacetRows {
  return {
    from: sql`catalogue_search_broad_rows as s`,
    brands: sql<string[]>`(select pair.brands from catalogue_facet_sets as pair where pair.id = s.facet_set)`,
    values: sql<string[]>`(select pair.filter_values from catalogue_facet_sets as pair where pair.id = s.facet_set)`,
    price: sql`s.price`,
    set: sql<number>`s.facet_set`,
    pairs: sql`select facet_set as pair_id, count as in_range, min, max from catalogue_search_broad_pairs where broad_id = ${id}`,
  };
}

/** PostgreSQL's "lock not available" (a NOWAIT lock refused). */
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * Keeps a broad condition's matches: in one transaction that holds the language's search rows still (SHARE: writers
 * wait, readers do not), so no write falls between the matches read here and the trigger that keeps them from then
 * on. Skipped when a write is under way (NOWAIT): the search is answered all the same, and kept on a later one. The
 * oldest condition of the language gives way past BROAD_CONDITIONS_MAX.
 */
async function keepBroad(db: Kysely<DatabaseSchema>, table: 'catalogue_search_en' | 'catalogue_search_ar', broad: BroadCondition): Promise<void> {
  try {
    await db.transaction().execute(async (trx: Transaction<DatabaseSchema>) => {
      await sql`lock table ${sql.table(table)} in share mode nowait`.execute(trx);
      await sql`delete from catalogue_search_broad where id in (
        select id from catalogue_search_broad where locale = ${broad.locale} order by id desc offset ${BROAD_CONDITIONS_MAX - 1})`.execute(trx);
      const added = await trx
        .insertInto('catalogue_search_broad')
        .values({ locale: broad.locale, key: broad.key, condition: broad.condition, rank: broad.rank })
        .onConflict((conflict) => conflict.column('key').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (added === undefined) return;
      // the pairs counted from the rows as they are written (read back from the table, unanalysed, they were scanned whole)
      await sql`with kept as (
          insert into catalogue_search_broad_rows (broad_id, product_id, rank, position, facet_set, price)
          select ${added.id}, s.product_id, (${sql.raw(broad.rank)})::integer, s.position, s.facet_set, s.price
          from ${sql.table(table)} as s where ${sql.raw(broad.condition)}
          returning facet_set, price)
        insert into catalogue_search_broad_pairs (broad_id, facet_set, count, min, max)
        select ${added.id}, facet_set, count(*), min(price), max(price) from kept group by facet_set`.execute(trx);
    });
  } catch (error) {
    if ((error as { code?: unknown }).code !== LOCK_NOT_AVAILABLE) throw error;
  }
}

/** The keeps started by searches that have already answered, by their condition's key. */
const keepsUnderWay = new Map<string, Promise<void>>();

/**
 * Keeps a broad condition after the search that found it has answered: keeping `cable`'s 36,855 matches takes about a
 * second, which that visitor would otherwise wait for. Until it is kept, searches of the text read the search rows
 * as before. A keep that fails only leaves the text read afresh (and tried again by its next search).
 */
function keepAfterAnswer(db: Kysely<DatabaseSchema>, table: 'catalogue_search_en' | 'catalogue_search_ar', broad: BroadCondition): void {
  if (keepsUnderWay.has(broad.key)) return;
  const keeping = keepBroad(db, table, broad)
    .catch((error: unknown) => console.warn(`A broad search's matches were not kept (read afresh until they are): ${String(error)}`))
    .finally(() => keepsUnderWay.delete(broad.key));
  keepsUnderWay.set(broad.key, keeping);
}

/** Resolves once every keep started so far has ended (tests, and the app as it closes, before its database). */
export async function broadKeepsSettled(): Promise<void> {
  while (keepsUnderWay.size > 0) await Promise.all(keepsUnderWay.values());
}

async function matching(
  db: Kysely<DatabaseSchema>,
  query: SearchQuery,
  needle: string,
  titles: readonly CategoryTitle[],
  options: SearchOptions,
): Promise<SearchPage> {
  const table = query.locale === 'ar' ? 'catalogue_search_ar' : 'catalogue_search_en';
  const ownText = sql.ref('s.own');
  const terms = searchTerms(needle);
  const codeKey = codeKeyOf(needle);
  // a one-character code would start half the catalogue's codes: such a text is a name's, not a code's
  // Written as the index's own range (text_pattern_ops), not as `like 'key%'`: then the planner sees the bitmap's
  // conditions imply the whole match and does not test every matched row again (40 → 19 ms for 'cable' at 100,000).
  const codeStarts = codeKey.length >= 2 ? sql<boolean>`(s.code_key ~>=~ ${codeKey} and s.code_key ~<~ ${codeKeyAfter(codeKey)})` : sql<boolean>`false`;
  const codeIs = codeKey.length >= 2 ? sql<boolean>`s.code_key = ${codeKey}` : sql<boolean>`false`;
  // Asked only of a row whose own text does not hold the whole text: a phrase that is the whole text is not there.
  const inOwnText = sql.join(terms.map((term) => holdsOne(ownText, term.filter((phrase) => phrase !== needle))), sql` and `);
  const words = await wordQueries(db, [...new Set(terms.flat().flatMap((phrase) => phrase.split(' ')))]);
  // The terms that name no category are one tsquery (one index look-up). One that names a category is its own, with
  // the categories it names found among the titles, by id: an OR of index look-ups (a sub-select there would make
  // PostgreSQL scan the catalogue).
  const plain: string[] = [];
  const conditions: RawBuilder<boolean>[] = [];
  for (const term of terms) {
    const found = termQuery(term, words);
    const named = titles.filter((category) => term.some((phrase) => foldSearchText(category.title).includes(phrase))).map((category) => category.id);
    if (named.length === 0) {
      if (found !== undefined) plain.push(found);
      continue;
    }
    const inCategory = sql<boolean>`s.category_id in (${sql.join(named)})`;
    conditions.push(found === undefined ? inCategory : sql<boolean>`(s.words @@ ${found}::tsquery or ${inCategory})`);
  }
  if (plain.length > 0) conditions.unshift(sql<boolean>`s.words @@ ${plain.join(' & ')}::tsquery`);
  // a text of punctuation alone finds nothing by its words
  const anywhere = conditions.length > 0 ? sql.join(conditions, sql` and `) : sql<boolean>`false`;
  // The exact code 0, a code starting with the text 1, the own text starting with it 2, holding it 3, holding every
  // term 4, the rest 5: the own text searched for the whole text once.
  const rank = sql<number>`case
    when ${codeIs} then 0
    when ${codeStarts} then 1
    else case ${foundAt(ownText, needle)} when 1 then 2 when 0 then case when ${inOwnText} then 4 else 5 end else 3 end end`;

  const name = sql.ref(query.locale === 'ar' ? 'p.name_ar' : 'p.name');
  const category = sql.ref(query.locale === 'ar' ? 'c.title_ar' : 'c.title');
  const matches = sql<boolean>`(${codeStarts} or (${anywhere}))`;
  const narrowing = query.facets || (query.filters !== undefined && hasListingFilters(query.filters));
  // One read for the page and the number of matches: the matches with their rank kept once (materialised), counted,
  // and their best few taken (a top-N sort; a window's count would sort every match: 37,000 for 'cable' at 100,000
  // products). Each page row carries the count; a page past the last match has none, and is counted on its own.
  const readPage = async (shown: RawBuilder<boolean>) => {
    const rows = await db
      .with(
        (cte) => cte('matched').materialized(),
        (matched) => matched.selectFrom(`${table} as s`).select(['s.product_id', 's.position', rank.as('rank')]).where(shown),
      )
      .with('found', (found) =>
        found.selectFrom('matched').selectAll().orderBy('rank').orderBy('position').orderBy('product_id').offset(query.offset).limit(query.limit),
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
    const past = await db.selectFrom(`${table} as s`).select((eb) => eb.fn.countAll<string | number>().as('total')).where(shown).executeTakeFirstOrThrow();
    return { rows, total: Number(past.total) };
  };
  let total: number;
  let rows: ShownRow[];
  let view: NarrowedView | undefined;
  const broad = broadCondition(query.locale, matches, rank, db);
  const kept =
    options.kept === false ? undefined : await db.selectFrom('catalogue_search_broad').select('id').where('key', '=', broad.key).executeTakeFirst();
  if (kept !== undefined) {
    // a broad text's matches as kept (migration 025): read by index, not found and ranked again
    if (narrowing) {
      view = await narrowedView(db, broadFacetRows(kept.id), sql<boolean>`s.broad_id = ${kept.id}`, query.filters, {
        ids: (where) => sql<string[]>`array(
          select s.product_id from catalogue_search_broad_rows as s where s.broad_id = ${kept.id} and ${where}
          order by s.rank, s.position, s.product_id offset ${query.offset} limit ${query.limit})`,
      });
      total = view.total;
      rows = view.page.length === 0 ? [] : await shownFields(db, query.locale, view.page);
    } else {
      const { rows: found } = await sql<{ ids: string[] | null; total: number }>`select array(
          select product_id from catalogue_search_broad_rows where broad_id = ${kept.id}
          order by rank, position, product_id offset ${query.offset} limit ${query.limit}) as ids,
        (select coalesce(sum(count), 0)::int from catalogue_search_broad_pairs where broad_id = ${kept.id}) as total`.execute(db);
      total = Number(found[0]?.total ?? 0);
      const ids = found[0]?.ids ?? [];
      rows = ids.length === 0 ? [] : await shownFields(db, query.locale, ids);
    }
  } else if (narrowing) {
    // The matches read once, in one statement (PGlite runs one statement at a time; two reads of 37,000 matched rows,
    // one for the filters and one for the page, took twice as long): the filters over every match, counted by their
    // combinations of brands and values, the view's total, and the page's ids under the view; then the page's shown
    // fields by id.
    const before = sql`matched as materialized (
      select s.product_id, s.position, ${rank} as rank, s.facet_set, s.price from ${sql.table(table)} as s where ${matches})`;
    const ids = (where: RawBuilder<boolean>) => sql<string[]>`array(
      select s.product_id from matched as s where ${where} order by s.rank, s.position, s.product_id offset ${query.offset} limit ${query.limit})`;
    view = await narrowedView(db, MATCHED_FACET_ROWS, sql<boolean>`true`, query.filters, { before, ids });
    total = view.total;
    rows = view.page.length === 0 ? [] : await shownFields(db, query.locale, view.page);
  } else {
    ({ total, rows } = await readPage(matches));
  }
  // every match counted (no filter narrowed them): a broad text's are kept for the next search of its condition
  const everyMatch = !(query.filters !== undefined && hasListingFilters(query.filters));
  if (options.kept !== false && kept === undefined && everyMatch && total >= (options.broadMatchesMin ?? BROAD_MATCHES_MIN)) keepAfterAnswer(db, table, broad);
  return {
    total,
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
 * word (trigram similarity over pg_trgm's threshold, 0.3: one or two wrong letters in a word of five or more; a word of
 * a name, brand or category title before one found only in specifications);
 * undefined when no word changed.
 */
async function closestText(db: Kysely<DatabaseSchema>, needle: string): Promise<string | undefined> {
  const words = [...new Set(needle.split(/\s+/u).filter(Boolean))].slice(0, SEARCH_TERMS_MAX * SYNONYM_WORDS_MAX);
  const asked = words.filter((word) => [...word].length >= CORRECTED_WORD_MIN && !SYNONYMS.has(word) && !NUMBER_WITH_UNIT.test(word));
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
