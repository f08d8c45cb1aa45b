// The catalogue's rows and the records the site has always served (content/src/types.ts: ProductCategory, Product,
// ProductDetail): records → rows for the seed and imports, rows → records for the pages, the API and /data/*.json.
// A record made from its rows equals the one it was made from, key order included (catalogue.test.ts): a spec table's
// body row is read in its keys' order, and the /data files' bytes stay what they were.
import type { Product, ProductCategory, ProductDetail } from '@site/content';
import type { Locale } from '@site/contracts/locale';
import type { NewRow, Row } from '../platform/db/index.js';
import { productFilterValues } from '@site/content/filter-values';

/** A category as the catalogue's queries select it. */
export type CategoryRow = Omit<
  Row<'catalogue_categories'>,
  'updated_at' | 'edit_version' | 'edited_by_email' | 'state'
>;

/** A product's listing columns, as the catalogue's queries select them (date as 'YYYY-MM-DD', price as numeric text). */
export type ProductRow = Omit<
  Row<'catalogue_products'>,
  'date_added' | 'price' | 'details' | 'details_ar' | 'filter_values' | 'updated_at'
> & {
  date_added: string;
  price: string | null;
};

/** A product with its detail document in one language. */
export type ProductWithDetails = ProductRow & { details: Record<string, unknown> };

/** Whether a text can be a product's id (catalogue_products' check, migration 008): any other names no product, unread. */
export const mayBeProductId = (text: string): boolean => /^[A-Za-z0-9_-]{1,100}$/.test(text);

/** The detail record's fields that are columns (or the category's): everything else is the detail document. */
const DETAIL_HEAD = ['id', 'productName', 'image', 'productCategory', 'categoryName'] as const;

export function categoryRecord(row: CategoryRow, locale: Locale): ProductCategory {
  const record: ProductCategory = {
    id: row.id,
    title: locale === 'ar' ? row.title_ar : row.title,
    info: locale === 'ar' ? row.info_ar : row.info,
    image: row.image as ProductCategory['image'],
  };
  if (row.company !== null) record.company = row.company;
  return record;
}

const categoryTitle = (category: CategoryRow, locale: Locale): string =>
  locale === 'ar' ? category.title_ar : category.title;

/** numeric text → the number the JSON has always carried ("9.50" → 9.5, "48.00" → 48). */
const priceNumber = (price: string): number => Number(price);

export function productRecord(row: ProductRow, category: CategoryRow, locale: Locale): Product {
  const record: Record<string, unknown> = {
    id: row.id,
    productCategoryId: row.category_id,
    productCategory: categoryTitle(category, locale),
    productName: locale === 'ar' ? row.name_ar : row.name,
    code: row.code,
    image: row.image,
  };
  if (row.company !== null) record.company = row.company;
  record.popularity = row.popularity;
  record.dateAdded = row.date_added;
  record.unit = row.unit;
  if (row.price !== null) record.price = priceNumber(row.price);
  return record as Product;
}

export function productDetailRecord(row: ProductWithDetails, category: CategoryRow, locale: Locale): ProductDetail {
  return {
    id: row.id,
    productName: locale === 'ar' ? row.name_ar : row.name,
    image: row.image,
    productCategory: row.category_id,
    categoryName: categoryTitle(category, locale),
    ...row.details,
  } as ProductDetail;
}

/** A detail record's document: the record without the fields kept as columns. */
export function detailDocument(detail: ProductDetail): Record<string, unknown> {
  const document: Record<string, unknown> = { ...detail };
  for (const key of DETAIL_HEAD) delete document[key];
  return document;
}

/** One category's row from its record in each language. */
export function categoryRow(
  english: ProductCategory,
  arabic: ProductCategory,
  position: number,
): NewRow<'catalogue_categories'> {
  return {
    id: english.id,
    position,
    title: english.title,
    title_ar: arabic.title,
    info: english.info,
    info_ar: arabic.info,
    image: english.image,
    company: english.company ?? null,
  };
}

/** One product's row from its listing and detail records, its Arabic name and Arabic detail record. */
export function productRowOf(
  records: { product: Product; detail: ProductDetail; nameAr: string; detailAr: ProductDetail },
  position: number,
): NewRow<'catalogue_products'> {
  const { product, detail, nameAr, detailAr } = records;
  return {
    id: product.id,
    category_id: product.productCategoryId,
    position,
    name: product.productName,
    name_ar: nameAr,
    code: product.code,
    image: product.image,
    company: product.company ?? null,
    popularity: product.popularity,
    date_added: product.dateAdded,
    unit: product.unit,
    price: product.price ?? null,
    details: JSON.stringify(detailDocument(detail)),
    details_ar: JSON.stringify(detailDocument(detailAr)),
    filter_values: productFilterValues(detail),
  };
}
