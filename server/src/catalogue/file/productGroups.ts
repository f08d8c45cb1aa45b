// A file's rows grouped into products (one row per variant, columns.ts): the rows of one id are one product's variants
// in the file's order, its columns the same on each. The checks across rows and against the database: a product's
// rows agree, every variant code is unique over the catalogue once normalised (with every other variant's code and
// every product's id), a product has at most PRODUCT_VARIANTS_MAX variants and at least one published.
import { PRODUCT_VARIANTS_MAX } from '@site/content/schema';
import { normalizedProductCode } from '@site/content/validation';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/index.js';
import { productColumns, type VariantInput } from '../variants/variantStore.js';
import type { CatalogueColumn } from './columns.js';
import type { CheckedRow, RowKey, RowProblem } from './rowChecks.js';
import { variantMediaCodeProblems } from './galleryChecks.js';

/** A product of the file: its first row (the product's columns), and its variants with their lines, in the file's order. */
export interface ProductGroup {
  first: CheckedRow;
  lines: number[];
  variants: VariantInput[];
}

/** The checked rows by product id, in the order of each product's first row. */
export function groupRows(rows: readonly CheckedRow[]): ProductGroup[] {
  const groups = new Map<string, ProductGroup>();
  for (const row of rows) {
    const group = groups.get(row.id);
    if (group === undefined) groups.set(row.id, { first: row, lines: [row.line], variants: [row.variant] });
    else {
      group.lines.push(row.line);
      group.variants.push(row.variant);
    }
  }
  return [...groups.values()];
}

/** The group's first row as its product's records: its code, price and unit those its variants make. */
export function productOfGroup(group: ProductGroup): CheckedRow {
  const published = group.variants.some((variant) => variant.published !== false);
  if (!published) return group.first;
  const { code, unit, price } = productColumns(group.variants);
  const { price: _price, ...product } = group.first.product;
  return {
    ...group.first,
    product: { ...product, code, unit: unit as typeof product.unit, ...(price === null ? {} : { price }) },
  };
}

/** What the database holds that a file's codes may meet: variants' codes by owner, and products' ids by their letters. */
export interface CodeOwners {
  variants: readonly { product_id: string; code: string }[];
  ids: readonly string[];
}

const lettersOf = (text: string) => normalizedProductCode(text);

/** The variants and ids the rows' codes meet (a large file: every one; a few rows: those with the same letters). */
export async function codeOwnersOf(
  trx: Kysely<DatabaseSchema>,
  rows: readonly RowKey[],
  all: boolean,
): Promise<CodeOwners> {
  if (all) {
    const variants = await trx.selectFrom('catalogue_product_variants').select(['product_id', 'code']).execute();
    const ids = (await trx.selectFrom('catalogue_products').select('id').execute()).map((row) => row.id);
    return { variants, ids };
  }
  const keys = rows.map(({ code }) => code.toLowerCase().replace(/[^a-z0-9]+/g, ''));
  const variants = await trx
    .selectFrom('catalogue_product_variants')
    .select(['product_id', 'code'])
    .where(sql<boolean>`code_key = any(${sql.val(keys)}::text[])`)
    .execute();
  const { rows: ids } = await sql<{
    id: string;
  }>`select id from catalogue_products where regexp_replace(lower(id), '[^a-z0-9]+', '', 'g') = any(${sql.val(keys)}::text[])`.execute(
    trx,
  );
  return { variants, ids: ids.map((row) => row.id) };
}

/** A problem of a line, at its column (null: the product as a whole). */
type Add = (line: number, column: CatalogueColumn | null, problem: string) => void;

/** Rows of one id whose product columns differ from its first row's. */
function disagreeingRows(keys: readonly RowKey[], add: Add): void {
  const firstOfId = new Map<string, RowKey>();
  for (const key of keys) {
    const first = firstOfId.get(key.id);
    if (first === undefined) firstOfId.set(key.id, key);
    else if (first.productDigest !== key.productDigest) {
      add(
        key.line,
        'id',
        `product columns differ from line ${first.line}, the product's first row: a product's columns (all but its variant's) are the same on each of its rows`,
      );
    }
  }
}

/** Each variant code once over the catalogue after the import: the database's (of products not in the file), then the file's. */
function codeProblems(groups: readonly ProductGroup[], owners: CodeOwners, add: Add): void {
  const inFile = new Set(groups.map((group) => group.first.id));
  const owner = new Map<string, { id: string; code: string; line?: number }>();
  for (const variant of owners.variants)
    if (!inFile.has(variant.product_id))
      owner.set(lettersOf(variant.code), { id: variant.product_id, code: variant.code });
  const idOf = new Map([...owners.ids, ...inFile].map((id) => [lettersOf(id), id]));
  for (const group of groups) {
    group.variants.forEach((variant, index) => {
      const line = group.lines[index]!;
      const key = lettersOf(variant.code);
      const had = owner.get(key);
      const id = idOf.get(key);
      if (had !== undefined && had.line === undefined)
        add(
          line,
          'code',
          `variant code "${variant.code}" is already product ${had.id}'s (${had.code}): each variant code is unique over the catalogue`,
        );
      else if (had !== undefined)
        add(
          line,
          'code',
          `duplicate code "${variant.code}": line ${had.line}${had.id === group.first.id ? '' : ` (product ${had.id})`} has it: each variant needs its own code`,
        );
      else if (id !== undefined && id !== group.first.id)
        add(line, 'code', `variant code "${variant.code}" reads as the id of product ${id}`);
      else owner.set(key, { id: group.first.id, code: variant.code, line });
    });
  }
}

/** The problems across rows and against the database, by line. */
export function crossProblems(
  keys: readonly RowKey[],
  groups: readonly ProductGroup[],
  owners: CodeOwners,
): Map<number, RowProblem[]> {
  const problems = new Map<number, RowProblem[]>();
  const add: Add = (line, column, message) =>
    problems.set(line, [...(problems.get(line) ?? []), { path: column === null ? [] : [column], message }]);
  disagreeingRows(keys, add);
  codeProblems(groups, owners, add);
  for (const group of groups) {
    const line = group.lines[0]!;
    const mediaProblems = variantMediaCodeProblems(
      group.first.detail,
      group.variants.map((variant) => variant.code),
    );
    if (mediaProblems.length > 0) problems.set(line, [...(problems.get(line) ?? []), ...mediaProblems]);
    if (group.variants.length > PRODUCT_VARIANTS_MAX)
      add(
        line,
        null,
        `id ${group.first.id}: a product has at most ${PRODUCT_VARIANTS_MAX} variants (rows); this one has ${group.variants.length}`,
      );
    if (!group.variants.some((variant) => variant.published !== false))
      add(
        line,
        'published',
        `published: no variant of product ${group.first.id} is published: at least one must be, a product with none cannot be ordered`,
      );
  }
  return problems;
}
