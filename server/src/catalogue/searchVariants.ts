// The variants a search's text names by their code or manufacturer's part number (docs/decisions/034-orderable-variants.md),
// exactly or as the start of one, as product codes are matched (searchCondition.ts): read once per search by the
// variants' key indexes (migration 029), before the search rows are read; the rows then match their products by id.
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../platform/db/index.js';

/**
 * The most variants read per key (code, part number). A key's range is read in its index's order (`using ~<~`: the
 * order of text_pattern_ops, which the index gives without a sort of every match), so an exact key
 * (the shortest of its range) always comes first; past this many, a short text's prefix matches are a code family's
 * (its products' own codes start with the text too, and are matched by the search rows' index).
 */
export const VARIANT_MATCHES_MAX = 500;

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

/** The read of variantMatches: each named product once, with its best variant (exact first, then in its order). */
export const variantMatchesQuery = (codeKey: string, keyAfter: string) => sql<{ product_id: string; code: string; exact: boolean; several: boolean }>`
    select distinct on (v.product_id) v.product_id, v.code, v.exact,
      -- another published variant: one probe of the (product_id, position) index, not a count of its thousands
      exists (select from catalogue_product_variants as w where w.product_id = v.product_id and w.position <> v.position and w.published) as several
    from (
      (select product_id, code, position, code_key = ${codeKey} as exact from catalogue_product_variants
        where code_key ~>=~ ${codeKey} and code_key ~<~ ${keyAfter} and published order by code_key using ~<~ limit ${VARIANT_MATCHES_MAX})
      union all
      (select product_id, code, position, mpn_key = ${codeKey} as exact from catalogue_product_variants
        where mpn_key ~>=~ ${codeKey} and mpn_key ~<~ ${keyAfter} and published order by mpn_key using ~<~ limit ${VARIANT_MATCHES_MAX})
    ) as v
    order by v.product_id, v.exact desc, v.position`;

/**
 * The published variants whose code or part number has `codeKey`'s letters and digits, or starts with them (the key
 * from `codeKey` up to `keyAfter`, exclusive: the indexes' own range, text_pattern_ops). A variant of a product the
 * search does not show is read too, and matches nothing: its product has no search row.
 */
export async function variantMatches(db: Kysely<DatabaseSchema>, codeKey: string, keyAfter: string): Promise<VariantMatches> {
  const { rows } = await variantMatchesQuery(codeKey, keyAfter).execute(db);
  return {
    exact: rows.filter((row) => row.exact).map((row) => row.product_id),
    starting: rows.filter((row) => !row.exact).map((row) => row.product_id),
    // a product's only variant is the product: its link stays the product's own address
    variantOf: new Map(rows.filter((row) => row.several).map((row) => [row.product_id, row.code])),
  };
}
