// The catalogue's first contents: content/data's categories, products and details with their Arabic editions (the
// same translation as the Arabic pages had, @site/content/arabic-edition), written on a database's first start.
// Once: catalogue_state.seeded_at says it was done, so products deleted or changed later are never put back.
import type { Product, ProductCategory, ProductDetail } from '@site/content';
import { dataEdition } from '@site/content/arabic-edition';
import { seededProductVariants, type SeededProductVariants } from '@site/content/product-variants';
import type { Kysely } from 'kysely';
import type { Database, DatabaseSchema, NewRow } from '../platform/db/index.js';
import { categoryRow, productRowOf } from './records.js';
import { bumpCatalogueVersion } from './state.js';
import { writeProductVariants } from './variants/variantStore.js';

/** A whole catalogue in the records of content/data, both languages, in the catalogue's order. */
export interface CatalogueSource {
  categories: readonly ProductCategory[];
  categoriesAr: readonly ProductCategory[];
  products: readonly Product[];
  productsAr: readonly Product[];
  details: readonly ProductDetail[];
  detailsAr: readonly ProductDetail[];
  /** The products with several variants, and those (content/data/product-variants.json); a product not listed has one. */
  variants?: SeededProductVariants;
}

/** The site's own catalogue, content/data. */
export function siteCatalogueSource(): CatalogueSource {
  return {
    categories: dataEdition('en', 'products-category.json'),
    categoriesAr: dataEdition('ar', 'products-category.json'),
    products: dataEdition('en', 'products.json'),
    productsAr: dataEdition('ar', 'products.json'),
    details: dataEdition('en', 'product-details.json'),
    detailsAr: dataEdition('ar', 'product-details.json'),
    variants: seededProductVariants(),
  };
}

/** Rows per insert: PostgreSQL takes at most 65,535 parameters a statement, and a product row has 15. */
const ROWS_PER_INSERT = 1_000;

/** The rows of a source: categories, brands (each brand name once, with the logo beside it), products. */
export function catalogueRows(source: CatalogueSource): {
  categories: NewRow<'catalogue_categories'>[];
  brands: NewRow<'catalogue_brands'>[];
  products: NewRow<'catalogue_products'>[];
} {
  const byId = <T extends { id: string }>(records: readonly T[], what: string): ((id: string) => T) => {
    const map = new Map(records.map((record) => [record.id, record]));
    return (id) => {
      const record = map.get(id);
      if (record === undefined) throw new Error(`The catalogue source has no ${what} for product '${id}'`);
      return record;
    };
  };
  const categoryAr = byId(source.categoriesAr, 'Arabic category');
  const detail = byId(source.details, 'detail record');
  const detailAr = byId(source.detailsAr, 'Arabic detail record');
  const productAr = byId(source.productsAr, 'Arabic listing record');

  const brands = new Map<string, string | null>();
  for (const record of source.details) {
    (record.company ?? []).forEach((name, index) => {
      if (brands.get(name) == null) brands.set(name, record.companyImg?.[index] ?? null);
    });
  }
  return {
    categories: source.categories.map((category, index) => categoryRow(category, categoryAr(category.id), index + 1)),
    brands: [...brands].map(([name, logo]) => ({ name, logo })),
    products: source.products.map((product, index) =>
      productRowOf(
        {
          product,
          detail: detail(product.id),
          nameAr: productAr(product.id).productName,
          detailAr: detailAr(product.id),
        },
        index + 1,
      ),
    ),
  };
}

/** Inserts rows in statements of ROWS_PER_INSERT. */
export async function insertInChunks<T extends 'catalogue_categories' | 'catalogue_brands' | 'catalogue_products'>(
  trx: Kysely<DatabaseSchema>,
  table: T,
  rows: readonly NewRow<T>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    // Kysely's insertInto is typed by table name; the union of three tables does not narrow `values`, so cast once here.
    await trx
      .insertInto(table as 'catalogue_brands')
      .values(rows.slice(start, start + ROWS_PER_INSERT) as NewRow<'catalogue_brands'>[])
      .execute();
  }
}

/**
 * Writes the source into an empty catalogue, once per database: true when this call did it, false when it was done
 * before (by this process or another one starting at the same time: the state row's lock makes them take turns).
 */
export async function seedCatalogue(db: Database, source: CatalogueSource = siteCatalogueSource()): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const state = await trx.selectFrom('catalogue_state').select('seeded_at').forUpdate().executeTakeFirstOrThrow();
    if (state.seeded_at !== null) return false;
    const rows = catalogueRows(source);
    await insertInChunks(trx, 'catalogue_categories', rows.categories);
    await insertInChunks(trx, 'catalogue_brands', rows.brands);
    // each product gets one variant as it is inserted (migration 029's trigger); the listed ones get theirs here
    await insertInChunks(trx, 'catalogue_products', rows.products);
    await writeSeededVariants(trx, source);
    await trx.updateTable('catalogue_state').set({ seeded_at: new Date() }).execute();
    await bumpCatalogueVersion(trx);
    return true;
  });
}

/**
 * The source's variants written over the one each listed product got when inserted, with each row's Arabic edition
 * (the Arabic table's row at the same place) and labels.
 */
async function writeSeededVariants(trx: Kysely<DatabaseSchema>, source: CatalogueSource): Promise<void> {
  const tablesAr = new Map(source.detailsAr.map((detail) => [detail.id, detail.productDetailTableData ?? []]));
  const tables = new Map(source.details.map((detail) => [detail.id, detail.productDetailTableData ?? []]));
  for (const { productId, variants } of source.variants ?? []) {
    const table = tables.get(productId) ?? [];
    const written = variants.map(({ row, ...variant }) => {
      const at =
        row === undefined ? -1 : table.findIndex((tableRow) => JSON.stringify(tableRow) === JSON.stringify(row));
      const rowAr = at < 0 ? undefined : tablesAr.get(productId)?.[at];
      return { ...variant, ...(row === undefined ? {} : { row }), ...(rowAr === undefined ? {} : { rowAr }) };
    });
    await writeProductVariants(trx, productId, written, { bump: false });
  }
}
