// The search's terms as SQL on a search row `s` (migrations 009 and 011): which rows match and how each ranks. A
// product matches when its code starts with the text (spaces, dashes and case ignored), or when every term is found in
// its words (name, brands, code and specification, in the page's language) or names its category. A term's word is
// found as the start of a product's word ('arm' → 'armoured') or, three letters or more, inside one (the vocabulary's
// words that hold it: 'mour' → 'armoured', 'ارضي' → 'الارضي'); the whole text becomes one tsquery, a GIN index
// look-up however many synonyms a term has.
import { foldSearchText } from '@site/content/search-text';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DatabaseSchema } from '../platform/db/index.js';
import type { SearchTerm } from './searchTerms.js';
import { NO_VARIANT_MATCHES, variantMatches, type VariantMatches } from './searchVariants.js';
import { CORRECTED_WORD_MIN } from './searchWords.js';

/** The text as a product code is compared (normalizedProductCode: letters and digits only). */
export const codeKeyOf = (needle: string): string => needle.replace(/[^a-z0-9]+/g, '');

/** The first key after every key that starts with `codeKey` (its last letter or digit moved on by one). */
const codeKeyAfter = (codeKey: string): string =>
  codeKey.slice(0, -1) + String.fromCharCode(codeKey.charCodeAt(codeKey.length - 1) + 1);

/** `text` inside a LIKE pattern as itself: `%`, `_` and the escape character are text, not wildcards. */
const likeText = (text: string): string => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** `column` holds `text` (folded as the indexed text is). */
export const holds = (column: RawBuilder<unknown>, text: string) =>
  sql<boolean>`${column} like '%' || catalogue_fold(${likeText(text)}) || '%'`;

/**
 * Where `text` (folded) first starts in `column`: 0 when it does not hold it, 1 when it starts with it. A byte search,
 * not LIKE: the rank reads it for every match (tens of thousands for a broad word), and one call answers both "starts
 * with" and "holds", which LIKE asked in two passes, each a pattern match over the text.
 */
const foundAt = (column: RawBuilder<unknown>, text: string) => sql<number>`strpos(${column}, catalogue_fold(${text}))`;

/** `column` holds one of `phrases`: false when there are none. */
const holdsOne = (column: RawBuilder<unknown>, phrases: readonly string[]) =>
  phrases.length === 0
    ? sql<boolean>`false`
    : sql<boolean>`(${sql.join(
        phrases.map((phrase) => sql`${foundAt(column, phrase)} > 0`),
        sql` or `,
      )})`;

/** A category's id and title in the page's language: what a term may name. */
export type CategoryTitle = { id: string; title: string };

/** A fragment typed inside a word finds at most this many of the catalogue's words that hold it. */
const FRAGMENT_WORDS_MAX = 32;

/** A lexeme inside a tsquery's text, as itself: quoted, its quote and backslash escaped. */
const lexeme = (word: string): string => `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * Each typed word as a tsquery: every token the database's parser makes of it (as it made the products' words:
 * migration 011), each found as a word's start or, three letters or more without digits, inside one of the
 * catalogue's words (the vocabulary's trigram index); undefined for a word with no token (punctuation).
 */
async function wordQueries(
  db: Kysely<DatabaseSchema>,
  words: readonly string[],
): Promise<Map<string, string | undefined>> {
  const { rows: split } = await sql<{ word: string; tokens: string[] }>`
    select word, tsvector_to_array(to_tsvector('simple', word)) as tokens from unnest(${sql.val(words)}::text[]) as word`.execute(
    db,
  );
  const fragments = [...new Set(split.flatMap((row) => row.tokens))].filter(
    (token) => [...token].length >= CORRECTED_WORD_MIN && !/[0-9]/u.test(token),
  );
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
      const tokens = row.tokens.map(
        (token) => `(${[`${lexeme(token)}:*`, ...(holding.get(token) ?? []).map(lexeme)].join(' | ')})`,
      );
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
 * Every term found in a row's words or naming its category. The terms that name no category are one tsquery (one
 * index look-up). One that names a category is its own, with the categories it names found among the titles, by id:
 * an OR of index look-ups (a sub-select there would make PostgreSQL scan the catalogue).
 */
function termsCondition(
  terms: readonly SearchTerm[],
  words: ReadonlyMap<string, string | undefined>,
  titles: readonly CategoryTitle[],
): RawBuilder<boolean> {
  const plain: string[] = [];
  const conditions: RawBuilder<boolean>[] = [];
  for (const term of terms) {
    const found = termQuery(term, words);
    const named = titles
      .filter((category) => term.some((phrase) => foldSearchText(category.title).includes(phrase)))
      .map((category) => category.id);
    if (named.length === 0) {
      if (found !== undefined) plain.push(found);
      continue;
    }
    const inCategory = sql<boolean>`s.category_id in (${sql.join(named)})`;
    conditions.push(found === undefined ? inCategory : sql<boolean>`(s.words @@ ${found}::tsquery or ${inCategory})`);
  }
  if (plain.length > 0) conditions.unshift(sql<boolean>`s.words @@ ${plain.join(' & ')}::tsquery`);
  // a text of punctuation alone finds nothing by its words
  return conditions.length > 0 ? sql.join<boolean>(conditions, sql` and `) : sql<boolean>`false`;
}

/** A text's matches on a search row `s`, each match's rank (0 the best), and the variants the text named. */
export interface MatchCondition {
  matches: RawBuilder<boolean>;
  rank: RawBuilder<number>;
  /** Each matched product's variant whose code or part number the text is or starts (the result's `variant`). */
  variantOf: ReadonlyMap<string, string>;
}

/** A row `s` whose product is one of `ids` (the primary key's look-up); false for none, so that the SQL is as before. */
const productIn = (ids: readonly string[]) =>
  ids.length === 0 ? sql<boolean>`false` : sql<boolean>`s.product_id = any(${sql.val([...ids])}::text[])`;

/**
 * What `needle` (its `terms`) matches, and the rank: the exact code 0, a code starting with the text 1 (a product's
 * code, or a published variant's code or part number: searchVariants.ts), the own
 * text (name, brands, code) starting with it 2, holding it 3, holding every term 4, the rest 5 (through the category or
 * the specification); the own text searched for the whole text once.
 */
export async function matchCondition(
  db: Kysely<DatabaseSchema>,
  needle: string,
  terms: readonly SearchTerm[],
  titles: readonly CategoryTitle[],
): Promise<MatchCondition> {
  const ownText = sql.ref('s.own');
  const codeKey = codeKeyOf(needle);
  // a one-character code would start half the catalogue's codes: such a text is a name's, not a code's
  // Written as the index's own range (text_pattern_ops), not as `like 'key%'`: then the planner sees the bitmap's
  // conditions imply the whole match and does not test every matched row again (40 → 19 ms for 'cable' at 100,000).
  const codeStarts =
    codeKey.length >= 2
      ? sql<boolean>`(s.code_key ~>=~ ${codeKey} and s.code_key ~<~ ${codeKeyAfter(codeKey)})`
      : sql<boolean>`false`;
  const codeIs = codeKey.length >= 2 ? sql<boolean>`s.code_key = ${codeKey}` : sql<boolean>`false`;
  const variants: VariantMatches =
    codeKey.length >= 2 ? await variantMatches(db, codeKey, codeKeyAfter(codeKey)) : NO_VARIANT_MATCHES;
  const variantIs = productIn(variants.exact);
  const variantStarts = productIn(variants.starting);
  // Asked only of a row whose own text does not hold the whole text: a phrase that is the whole text is not there.
  const inOwnText = sql.join(
    terms.map((term) =>
      holdsOne(
        ownText,
        term.filter((phrase) => phrase !== needle),
      ),
    ),
    sql` and `,
  );
  const words = await wordQueries(db, [...new Set(terms.flat().flatMap((phrase) => phrase.split(' ')))]);
  const anywhere = termsCondition(terms, words, titles);
  const rank = sql<number>`case
    when ${codeIs} or ${variantIs} then 0
    when ${codeStarts} or ${variantStarts} then 1
    else case ${foundAt(ownText, needle)} when 1 then 2 when 0 then case when ${inOwnText} then 4 else 5 end else 3 end end`;
  const variantNamed = productIn([...variants.variantOf.keys()]);
  return {
    matches: sql<boolean>`(${codeStarts} or ${variantNamed} or (${anywhere}))`,
    rank,
    variantOf: variants.variantOf,
  };
}
