// The import's checks of a product's related parts (docs/decisions/040-related-parts.md) against the catalogue: each
// code must name a published variant (a product's own code names its first) of another product, in the database or
// among the file's own rows, which win over the database's for the products they rewrite. A link refused is said in
// words at its place in the `details` document; a part withdrawn later is only left off the product page.
import { normalizedProductCode } from '@site/content/validation';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/index.js';
import type { RowProblem } from '../file/columns.js';
import type { ProductGroup } from '../file/productGroups.js';
import { variantsWithKeys } from '../variants/variantRecords.js';

/** The products the file's groups link to, checked: problems by the line of each linking product's first row. */
export async function relatedProblems(
  trx: Kysely<DatabaseSchema>,
  groups: readonly ProductGroup[],
): Promise<Map<number, RowProblem[]>> {
  const linking = groups.filter((group) => (group.first.detail.related ?? []).length > 0);
  const problems = new Map<number, RowProblem[]>();
  if (linking.length === 0) return problems;
  // who owns each code once the file is written: the file's products, then the database's others
  const rewritten = new Set(groups.map((group) => group.first.id));
  const owner = new Map<string, { product: string; published: boolean }>();
  for (const group of groups)
    for (const variant of group.variants)
      owner.set(normalizedProductCode(variant.code), {
        product: group.first.id,
        published: variant.published !== false,
      });
  const asked = [
    ...new Set(
      linking.flatMap((group) => (group.first.detail.related ?? []).map((link) => normalizedProductCode(link.code))),
    ),
  ].filter((key) => !owner.has(key));
  for (const row of await variantsWithKeys(trx, asked))
    if (!rewritten.has(row.product_id))
      owner.set(normalizedProductCode(row.code), { product: row.product_id, published: row.published });
  for (const group of linking) {
    const found: RowProblem[] = [];
    (group.first.detail.related ?? []).forEach(({ code }, index) => {
      const part = owner.get(normalizedProductCode(code));
      const path = ['details', 'related', index, 'code'];
      if (part === undefined)
        found.push({
          path,
          message: `details: related part "${code}" is not in the catalogue: no published product or variant has this code (an archived product's neither)`,
        });
      else if (part.product === group.first.id)
        found.push({
          path,
          message: `details: related part "${code}" is this product's own code: link another product`,
        });
      else if (!part.published)
        found.push({
          path,
          message: `details: related part "${code}" is withdrawn (not published): publish it first, or link another part`,
        });
    });
    if (found.length > 0) problems.set(group.lines[0] ?? group.first.line, found);
  }
  return problems;
}
