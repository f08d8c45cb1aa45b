// The variants a search's text names by their code or manufacturer's part number (docs/decisions/034-orderable-variants.md),
// exactly or as the start of one, as product codes are matched (searchCondition.ts): read once per search by the
// variants' key indexes (migration 029), before the search rows are read; the rows then match their products by id.
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../platform/db/index.js';

/**
 * The most products a key (code, part number) names. Counted in products, not variant rows: a product of many sizes
 * has many variants of one code family side by side in the key's order, and a cap on rows (it was 500 rows) left a short
 * text's later products out however few they were (500 rows of 5-size products: 100 products). Past this many, a short
 * text's prefix matches are a code family's (its products' own codes start with the text too, and are matched by the
 * search rows' index). Its cost is the rows read: at 500,000 variants of 5 a product (PostgreSQL, 2026-11-28, p50),
 * 'CB' named 389 products in 9.3 ms with 200 a key, 947 in 22–24 ms with 500 a key, 195 in 3.4–3.8 ms with 500 rows.
 */
export const VARIANT_PRODUCTS_MAX = 200;
/** Rows read by one statement: a key's range is read in its index's order a chunk at a time until it names enough products. */
const CHUNK_ROWS = 500;

/** The products whose published variants the text names, and the variant each result selects. */
export interface VariantMatches {
  /** Products with a variant whose code or part number is the text. */
  exact: string[];
  /** Products with a variant whose code or part number starts with the text (and none that is it). */
  starting: string[];
  /**
   * Each product's variant named, where it has several: an exact one before one that starts with the text, then the
   * first in its order.
   */
  variantOf: ReadonlyMap<string, string>;
}

export const NO_VARIANT_MATCHES: VariantMatches = { exact: [], starting: [], variantOf: new Map() };

type KeyColumn = 'code_key' | 'mpn_key';
interface MatchRow {
  product_id: string;
  code: string;
  position: number;
  key: string;
  exact: boolean;
  several: boolean;
}

/**
 * A chunk of a key's range in its index's order (`using ~<~`: the order of text_pattern_ops, which the index gives
 * without a sort of every match, so an exact key, the shortest of its range, comes first): the keys from `from`
 * (`after`: past it) up to `keyAfter`, exclusive, at most CHUNK_ROWS rows; or, with `only`, every row of that one key.
 */
export const variantMatchesQuery = (
  column: KeyColumn,
  codeKey: string,
  keyAfter: string,
  range: { from: string; after?: boolean } | { only: string } = { from: codeKey },
) => {
  const key = sql.ref(`v.${column}`);
  const where =
    'only' in range
      ? sql`${key} = ${range.only}`
      : range.after === true
        ? sql`${key} ~>~ ${range.from} and ${key} ~<~ ${keyAfter}`
        : sql`${key} ~>=~ ${range.from} and ${key} ~<~ ${keyAfter}`;
  return sql<MatchRow>`
    select v.product_id, v.code, v.position, ${key} as key, ${key} = ${codeKey} as exact,
      -- another published variant: one probe of the (product_id, position) index, not a count of its thousands
      exists (select from catalogue_product_variants as w where w.product_id = v.product_id and w.position <> v.position and w.published) as several
    from catalogue_product_variants as v
    where ${where} and v.published
    ${'only' in range ? sql`` : sql`order by ${key} using ~<~ limit ${CHUNK_ROWS}`}`;
};

/** A key's matching rows, read a chunk at a time until they name VARIANT_PRODUCTS_MAX products or the range ends. */
async function rowsOfKey(
  db: Kysely<DatabaseSchema>,
  column: KeyColumn,
  codeKey: string,
  keyAfter: string,
): Promise<MatchRow[]> {
  const rows: MatchRow[] = [];
  const seen = new Set<string>();
  const products = new Set<string>();
  let range: { from: string; after?: boolean } = { from: codeKey };
  for (;;) {
    const { rows: chunk } = await variantMatchesQuery(column, codeKey, keyAfter, range).execute(db);
    const first = chunk[0]?.key;
    const last = chunk[chunk.length - 1]?.key;
    const full = chunk.length === CHUNK_ROWS && last !== undefined;
    // A part number may be many variants' (its key is not unique): the next chunk starts at the last key again (its
    // rows read twice are passed over), and a chunk that is all one key reads that key whole and starts past it.
    const oneKey = full && column === 'mpn_key' && first === last;
    const rest = oneKey ? (await variantMatchesQuery(column, codeKey, keyAfter, { only: last }).execute(db)).rows : [];
    for (const row of [...chunk, ...rest]) {
      const id = `${row.product_id}/${row.position}`;
      if (seen.has(id) || (products.size >= VARIANT_PRODUCTS_MAX && !products.has(row.product_id))) continue;
      seen.add(id);
      products.add(row.product_id);
      rows.push(row);
    }
    if (!full || products.size >= VARIANT_PRODUCTS_MAX) return rows;
    range = { from: last, after: column === 'code_key' || oneKey };
  }
}

/**
 * The published variants whose code or part number has `codeKey`'s letters and digits, or starts with them (the key
 * from `codeKey` up to `keyAfter`, exclusive: the indexes' own range, text_pattern_ops), naming up to
 * VARIANT_PRODUCTS_MAX products by each key. A variant of a product the search does not show is read too, and matches
 * nothing: its product has no search row.
 */
export async function variantMatches(
  db: Kysely<DatabaseSchema>,
  codeKey: string,
  keyAfter: string,
): Promise<VariantMatches> {
  // one after the other: on the embedded database (one connection) or in a transaction they would queue anyway
  const codes = await rowsOfKey(db, 'code_key', codeKey, keyAfter);
  const parts = await rowsOfKey(db, 'mpn_key', codeKey, keyAfter);
  // each named product once, with its best variant: exact first, then in its order
  const best = new Map<string, MatchRow>();
  for (const row of [...codes, ...parts]) {
    const had = best.get(row.product_id);
    if (had === undefined || (row.exact && !had.exact) || (row.exact === had.exact && row.position < had.position))
      best.set(row.product_id, row);
  }
  const rows = [...best.values()];
  return {
    exact: rows.filter((row) => row.exact).map((row) => row.product_id),
    starting: rows.filter((row) => !row.exact).map((row) => row.product_id),
    // a product's only variant is the product: its link stays the product's own address
    variantOf: new Map(rows.filter((row) => row.several).map((row) => [row.product_id, row.code])),
  };
}
