// A bulk edit's products and sizes, fixed when it is sent (its check and its write then change the same ones, and its
// report says what was chosen): products by id, sizes by code (as the catalogue compares codes: letters and digits, any
// case), or every catalogue product the list's filters match. New drafts and archived products are not the
// catalogue's: a bulk edit is an import of catalogue rows, and refuses them in words.
import { sql, type Kysely } from 'kysely';
import { BULK_EDIT_PRODUCTS_MAX, type BulkSelection } from '@site/contracts/staff-catalogue-api';
import type { DatabaseSchema } from '../../../platform/db/index.js';
import { foldSearchText } from '@site/content/search-text';
import { codeKeyOf } from '../../searchCondition.js';
import { catalogueProductIdsOf } from '../productList.js';

export interface ChosenRows {
  products: string[];
  /** The sizes' codes as stored; null: every size of the products. */
  codes: string[] | null;
}

/** Thrown with the refusal's words: the choice names nothing the catalogue has, or too much. */
export class SelectionRefused extends Error {}

const listed = (items: readonly string[]) =>
  items.length > 10 ? `${items.slice(0, 10).join(', ')} and ${items.length - 10} more` : items.join(', ');

export async function chosenRowsOf(db: Kysely<DatabaseSchema>, selection: BulkSelection): Promise<ChosenRows> {
  if ('query' in selection) {
    const { status } = selection.query;
    if (status === 'new' || status === 'archived')
      throw new SelectionRefused(
        'New drafts and archived products cannot be edited in bulk: publish or restore them first.',
      );
    // one more than the most: to tell "too many" from "exactly the most"
    const products = await catalogueProductIdsOf(db, selection.query, BULK_EDIT_PRODUCTS_MAX + 1);
    if (products.length === 0) throw new SelectionRefused('No product of the catalogue matches these filters.');
    if (products.length > BULK_EDIT_PRODUCTS_MAX)
      throw new SelectionRefused(
        `More than ${BULK_EDIT_PRODUCTS_MAX.toLocaleString('en')} products match these filters: narrow them down, or edit them in parts.`,
      );
    return selection.onlyMatchingSizes === true
      ? matchingSizesOf(db, products, selection.query.q ?? '')
      : { products, codes: null };
  }
  if ('products' in selection) {
    const wanted = [...new Set(selection.products)];
    const found = new Set(
      (
        await db
          .selectFrom('catalogue_products')
          .select('id')
          .where(sql<boolean>`id = any(${sql.val(wanted)}::text[])`)
          .execute()
      ).map((row) => row.id),
    );
    const missing = wanted.filter((id) => !found.has(id));
    if (missing.length > 0)
      throw new SelectionRefused(
        `Not in the catalogue (new drafts and archived products cannot be edited in bulk): ${listed(missing)}.`,
      );
    return { products: wanted, codes: null };
  }
  const wanted = [...new Set(selection.codes.map((code) => code.trim()))];
  const { rows } = await sql<{ key: string; code: string; product_id: string }>`
    select w.key, v.code, v.product_id
    from unnest(${sql.val(wanted)}::text[]) as w(key)
    join catalogue_product_variants as v on v.code_key = regexp_replace(lower(w.key), '[^a-z0-9]+', '', 'g')`.execute(
    db,
  );
  const foundKeys = new Set(rows.map((row) => row.key));
  const missing = wanted.filter((code) => !foundKeys.has(code));
  if (missing.length > 0) throw new SelectionRefused(`No size of the catalogue has the code ${listed(missing)}.`);
  return {
    products: [...new Set(rows.map((row) => row.product_id))],
    codes: [...new Set(rows.map((row) => row.code))],
  };
}

/** The sizes of `products` whose code or part number holds the search `q` (as the list finds them), and their products. */
async function matchingSizesOf(db: Kysely<DatabaseSchema>, products: string[], q: string): Promise<ChosenRows> {
  const key = codeKeyOf(foldSearchText(q));
  if (key.length < 2)
    throw new SelectionRefused(
      'Only the sizes matching the search needs a search of at least two letters or digits of a code.',
    );
  const { rows } = await sql<{ product_id: string; code: string }>`
    select product_id, code from catalogue_product_variants
    where product_id = any(${sql.val(products)}::text[])
      and (strpos(code_key, ${key}) > 0 or strpos(coalesce(mpn_key, ''), ${key}) > 0)
    order by product_id, position`.execute(db);
  if (rows.length === 0) throw new SelectionRefused(`No size's code or part number holds "${q.trim()}".`);
  return { products: [...new Set(rows.map((row) => row.product_id))], codes: rows.map((row) => row.code) };
}
