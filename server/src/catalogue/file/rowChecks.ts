// The checks of one row of a catalogue file on its own (catalogueImport.ts adds those across rows and against the
// database): its texts' characters, its category, price and popularity, the product's schema, its Arabic, and its
// two detail documents parsed, their HTML cleaned (../richText.ts) and checked. Pure: no database, no I/O, so that
// a file's rows can be checked off the server's thread (importWorker.ts), given the categories as they were read.
import type { Product, ProductDetail } from '@site/content';
import type { CategoryState } from '@site/contracts/staff-catalogue-api';
import { htmlSchema, productDetailSchema, productSchema } from '@site/content/schema';
import { mapProductDetailHtml } from '@site/content/rich-text';
import { PRICE_TEXT as PRICE, WHOLE_NUMBER_TEXT as WHOLE } from '@site/content/catalogue-numbers';
import type { z } from 'zod';
import { textProblemMessage } from '@site/contracts/text-field';
import { createHash } from 'node:crypto';
import { cleanDetailDocument } from '../richText.js';
import type { VariantInput } from '../variants/variantStore.js';
import {
  CATALOGUE_COLUMNS,
  PRODUCT_COLUMNS,
  type CatalogueColumn,
  type CatalogueFileRow,
  type NumberedRow,
  type RowProblem,
} from './columns.js';

export type { RowProblem } from './columns.js';
import { jsonObjectCell } from './jsonCell.js';
import { checkVariantColumns } from './variantChecks.js';
import { arabicRelatedProblem } from '../related/arabicRelated.js';
import { withRelatedColumns } from '../related/relatedColumns.js';
import { galleryProblems } from './galleryChecks.js';

/** What a row's check reads of the category it names. */
export interface CategoryInfo {
  title: string;
  title_ar: string;
  state: CategoryState;
}

/** The categories a row may name, by id. */
export type CategoryMap = ReadonlyMap<string, CategoryInfo>;

const ARABIC_LETTER = /[\u0600-\u06FF]/;

const at = (column: CatalogueColumn, message: string): RowProblem => ({ path: [column], message });

/**
 * The row's column a product record's field comes from: the detail record's head (id, name, picture, category) is the
 * row's own columns (the Arabic record's name is productName_ar), its other fields the document's.
 */
const HEAD_COLUMNS: Record<string, (column: 'details' | 'details_ar' | undefined) => CatalogueColumn> = {
  id: () => 'id',
  productName: (column) => (column === 'details_ar' ? 'productName_ar' : 'productName'),
  image: () => 'image',
  productCategory: () => 'productCategoryId',
  categoryName: () => 'productCategoryId',
};

/**
 * zod's issues of a record made from the row, as 'field: message' sentences under a prefix, each at its value's path:
 * a head field's at its column, any other at its place in `column`'s document (or its own column, for the listing).
 */
function issueProblems(prefix: string, error: z.ZodError, column?: 'details' | 'details_ar'): RowProblem[] {
  return error.issues.map((issue) => {
    const message = `${prefix}${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`;
    const [first, ...rest] = issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key));
    const head = typeof first === 'string' ? HEAD_COLUMNS[first] : undefined;
    if (head !== undefined) return { path: [head(column)], message };
    if (column !== undefined) return { path: [column, ...(first === undefined ? [] : [first, ...rest])], message };
    // the listing's fields are the row's columns (named alike); one that is not is about the row as a whole
    return {
      path: typeof first === 'string' && (CATALOGUE_COLUMNS as readonly string[]).includes(first) ? [first] : [],
      message,
    };
  });
}

function parseDocument(
  row: CatalogueFileRow,
  column: 'details' | 'details_ar',
  problems: RowProblem[],
): Record<string, unknown> | undefined {
  if (row[column].trim() === '') {
    problems.push(
      at(
        column,
        column === 'details_ar'
          ? 'missing Arabic: details_ar is empty'
          : 'details is empty: give at least {"detail": [...], "description": [...]}',
      ),
    );
    return undefined;
  }
  return jsonObjectCell(row, column, 'a JSON object', problems);
}

/**
 * The document with its HTML cleaned (richText.ts). Its tags' balance is checked before, as the schema checks it:
 * cleaning would close an unclosed tag where the parser guesses, and a typo is the writer's to fix, not to guess.
 */
function cleanDocument(
  document: Record<string, unknown> | undefined,
  column: 'details' | 'details_ar',
  problems: RowProblem[],
): Record<string, unknown> | undefined {
  if (document === undefined) return undefined;
  mapProductDetailHtml(document, (html) => {
    const check = htmlSchema.safeParse(html);
    for (const issue of check.error?.issues ?? []) {
      // at the document: the HTML is quoted, its place in the document not known here
      if (/^(unbalanced|unclosed) /.test(issue.message))
        problems.push(at(column, `${column}: ${issue.message} (${JSON.stringify(html.slice(0, 60))})`));
    }
    return html;
  });
  return cleanDetailDocument(document);
}

export interface CheckedRow {
  line: number;
  id: string;
  product: Product;
  detail: ProductDetail;
  nameAr: string;
  detailAr: ProductDetail;
  /** The row's variant (its code, price and unit are also the listing's `product` until the product's rows are met). */
  variant: VariantInput;
}

/** One row checked on its own: the product's records, or the row's problems. */
export function checkRow(
  { line, row }: NumberedRow,
  categories: CategoryMap,
): { checked: CheckedRow } | { problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  // the character rule of every stored text (no NUL or control; one-line columns no line break or direction control)
  for (const column of CATALOGUE_COLUMNS) {
    const problem =
      column === 'details' || column === 'details_ar' || column === 'variantRow' || column === 'variantRow_ar'
        ? null
        : textProblemMessage(column, row[column].trim(), 'line');
    if (problem !== null) problems.push(at(column, problem));
  }
  const named = categories.get(row.productCategoryId.trim());
  // a product goes live in a live category only: a draft or archived one is not on the public site
  const category = named?.state === 'live' ? named : undefined;
  if (named === undefined) problems.push(at('productCategoryId', `unknown category "${row.productCategoryId}"`));
  else if (category === undefined) {
    problems.push(
      at(
        'productCategoryId',
        `category "${row.productCategoryId}" is ${named.state === 'draft' ? 'a draft' : 'archived'}: publish it in the categories editor first, or choose another`,
      ),
    );
  }
  const priceText = row.price.trim();
  if (priceText !== '' && !PRICE.test(priceText)) {
    problems.push(
      at(
        'price',
        `bad price "${row.price}": a number of AED with at most two decimals (no currency or separators), or empty`,
      ),
    );
  }
  if (!WHOLE.test(row.popularity.trim()))
    problems.push(at('popularity', `popularity "${row.popularity}" must be a whole number from 0 to 100`));
  const listing: Record<string, unknown> = {
    id: row.id.trim(),
    productCategoryId: row.productCategoryId.trim(),
    productCategory: category?.title ?? row.productCategoryId,
    productName: row.productName.trim(),
    code: row.code.trim(),
    image: row.image.trim(),
    ...(row.company.trim() === '' ? {} : { company: row.company.trim() }),
    popularity: WHOLE.test(row.popularity.trim()) ? Number(row.popularity.trim()) : 0, // a bad one is reported above
    dateAdded: row.dateAdded.trim(),
    unit: row.unit.trim(),
    ...(priceText === '' || !PRICE.test(priceText) ? {} : { price: Number(priceText) }),
  };
  const product = productSchema.safeParse(listing);
  if (!product.success) problems.push(...issueProblems('', product.error));

  const nameAr = row.productName_ar.trim();
  if (nameAr === '') problems.push(at('productName_ar', 'missing Arabic: productName_ar is empty'));
  else if (!ARABIC_LETTER.test(nameAr))
    problems.push(at('productName_ar', 'missing Arabic: productName_ar has no Arabic letter'));

  const head = (name: string, title: string) => ({
    id: listing.id,
    productName: name,
    image: listing.image,
    productCategory: listing.productCategoryId,
    categoryName: title,
  });
  // their HTML cleaned to what the product page renders before it is checked and stored (catalogue/richText.ts)
  // the related parts columns are the English document's `related` (related/relatedColumns.ts)
  const details = cleanDocument(
    withRelatedColumns(parseDocument(row, 'details', problems), row, problems),
    'details',
    problems,
  );
  const detailsAr = cleanDocument(parseDocument(row, 'details_ar', problems), 'details_ar', problems);
  // an unknown category is reported once, above: its id stands in for its titles here
  const detail =
    details === undefined
      ? undefined
      : productDetailSchema.safeParse({
          ...head(String(listing.productName), category?.title ?? String(listing.productCategoryId)),
          ...details,
        });
  const detailAr =
    detailsAr === undefined
      ? undefined
      : productDetailSchema.safeParse({
          ...head(nameAr || '-', category?.title_ar ?? String(listing.productCategoryId)),
          ...detailsAr,
        });
  if (detail !== undefined && !detail.success) problems.push(...issueProblems('details: ', detail.error, 'details'));
  if (detailAr !== undefined && !detailAr.success)
    problems.push(...issueProblems('details_ar: ', detailAr.error, 'details_ar'));
  const arabicRelated = arabicRelatedProblem(detailsAr);
  if (arabicRelated !== null) problems.push(arabicRelated);

  if (detail?.success && detailAr?.success)
    problems.push(...galleryProblems(row.id.trim(), detail.data, detailAr.data));
  const variant = checkVariantColumns(row);
  if ('problems' in variant) problems.push(...variant.problems);
  if (problems.length > 0 || !product.success || !detail?.success || !detailAr?.success || 'problems' in variant)
    return { problems };
  return {
    checked: {
      line,
      id: product.data.id,
      product: product.data,
      detail: detail.data,
      detailAr: detailAr.data,
      nameAr,
      variant: variant.variant,
    },
  };
}

/** Where a row is and what it names: its line, its id (trimmed), its code (as written) and its product columns' digest. */
export interface RowKey {
  line: number;
  id: string;
  code: string;
  /** The same on every row of one product (its columns but the variant's): rows that differ are refused. */
  productDigest: string;
}

/** The digest of a row's product columns, trimmed. */
const productDigestOf = (row: CatalogueFileRow): string =>
  createHash('sha1')
    .update(PRODUCT_COLUMNS.map((column) => row[column].trim()).join('\u0000'))
    .digest('base64');

/** A row's check: its key, and the product's records or the row's problems. */
export type RowCheck = RowKey & ({ checked: CheckedRow } | { problems: RowProblem[] });

export const rowKey = ({ line, row }: NumberedRow): RowKey => ({
  line,
  id: row.id.trim(),
  code: row.code,
  productDigest: productDigestOf(row),
});

/** The last row checked, so that its product's next rows (its other variants) check only their variant's columns. */
export interface RowMemo {
  last?: { key: RowKey; check: { checked: CheckedRow } | { problems: RowProblem[] } };
}

/**
 * One row checked (checkRow) with its key. Given a memo, a row of the same product as the row before (its id and product
 * columns the same) checks its variant's columns only, and says its product's problems once, on the product's first row.
 */
export function checkRowWithKey(numbered: NumberedRow, categories: CategoryMap, memo?: RowMemo): RowCheck {
  const key = rowKey(numbered);
  const last = memo?.last;
  if (last !== undefined && last.key.id === key.id && last.key.productDigest === key.productDigest) {
    const variant = checkVariantColumns(numbered.row);
    const price = numbered.row.price.trim();
    const problems: RowProblem[] = [
      ...(['code', 'unit'] as const).flatMap((column) => {
        const problem = textProblemMessage(column, numbered.row[column].trim(), 'line');
        return problem === null ? [] : [at(column, problem)];
      }),
      ...(price !== '' && !PRICE.test(price)
        ? [
            at(
              'price',
              `bad price "${numbered.row.price}": a number of AED with at most two decimals (no currency or separators), or empty`,
            ),
          ]
        : []),
      ...('problems' in variant ? variant.problems : []),
      // about the row as a whole: its product's columns are said on its first row
      ...('problems' in last.check
        ? [{ path: [], message: `the product's columns have problems: see line ${last.key.line}` }]
        : []),
    ];
    const listing =
      'checked' in last.check
        ? productSchema.safeParse({
            ...last.check.checked.product,
            code: numbered.row.code.trim(),
            unit: numbered.row.unit.trim(),
            price: undefined,
          })
        : undefined;
    if (listing !== undefined && !listing.success) problems.push(...issueProblems('', listing.error));
    if (problems.length > 0 || 'problems' in variant || 'problems' in last.check) return { ...key, problems };
    return { ...key, checked: { ...last.check.checked, line: numbered.line, variant: variant.variant } };
  }
  const check = checkRow(numbered, categories);
  if (memo !== undefined) memo.last = { key, check };
  return { ...key, ...check };
}

/** Whether two reads of the categories would check every row alike. */
export function sameCategories(a: CategoryMap, b: CategoryMap): boolean {
  if (a.size !== b.size) return false;
  for (const [id, category] of a) {
    const other = b.get(id);
    if (
      other === undefined ||
      other.title !== category.title ||
      other.title_ar !== category.title_ar ||
      other.state !== category.state
    )
      return false;
  }
  return true;
}
