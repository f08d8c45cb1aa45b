// The catalogue file's columns: one row per orderable variant (docs/decisions/034-orderable-variants.md), its product's
// columns repeated on each of its rows (so one sheet round-trips through any spreadsheet and CSV, and a filter on the
// code column finds a part). The product's columns are named as the data's fields (content/src/types.ts Product), the
// Arabic ones with an `_ar` suffix, and the rest of the detail record as one JSON column per language (`details`,
// `details_ar`: the record of /data/product-details.json without id, productName, image, productCategory and
// categoryName, which are the row's own columns or its category's). `code`, `price` and `unit` are the variant's (the
// product's own are its first published variant's code and unit and its lowest published price); the variant's other
// columns follow the product's.
import type { Locale } from '@site/contracts/locale';

export const CATALOGUE_COLUMNS = [
  'id',
  'productCategoryId',
  'productName',
  'productName_ar',
  'code',
  'company',
  'price',
  'unit',
  'popularity',
  'dateAdded',
  'image',
  'details',
  'details_ar',
  'mpn',
  'variantLabel',
  'variantLabel_ar',
  'variantRow',
  'variantRow_ar',
  'packQuantity',
  'minimumOrder',
  'priceBreaks',
  'published',
  // related parts (../related/relatedColumns.ts): product columns, may be left out of a file's header
  'fitsWith',
  'alternatives',
] as const;

/** The columns a file's header may leave out (a file written before them): their cells are empty. */
export const OPTIONAL_COLUMNS: readonly CatalogueColumn[] = ['fitsWith', 'alternatives', 'minimumOrder', 'priceBreaks'];

/** A variant's own columns (the rest of a row is its product's, the same on each of the product's rows). */
export const VARIANT_COLUMNS = [
  'code',
  'price',
  'unit',
  'mpn',
  'variantLabel',
  'variantLabel_ar',
  'variantRow',
  'variantRow_ar',
  'packQuantity',
  'minimumOrder',
  'priceBreaks',
  'published',
] as const satisfies readonly (typeof CATALOGUE_COLUMNS)[number][];
export type VariantColumn = (typeof VARIANT_COLUMNS)[number];
/** The product's columns, repeated on each of its variants' rows. */
export const PRODUCT_COLUMNS = CATALOGUE_COLUMNS.filter(
  (column) => !(VARIANT_COLUMNS as readonly string[]).includes(column),
);

export type CatalogueColumn = (typeof CATALOGUE_COLUMNS)[number];

/** A row of the file as text, by column. */
export type CatalogueFileRow = Record<CatalogueColumn, string>;

/** A row with where it came from, for the import's messages. */
export interface NumberedRow {
  line: number;
  row: CatalogueFileRow;
}

/** The columns holding each language's text, for "missing Arabic". */
export const LANGUAGE_COLUMNS: Record<Locale, readonly CatalogueColumn[]> = {
  en: ['productName', 'details'],
  ar: ['productName_ar', 'details_ar'],
};

/**
 * The rows of a file given its header and records: the header must name every column once (any order; extra columns
 * are refused so that a misspelt one is not silently dropped). Returns the problems instead when it does not.
 */
export function rowsFromRecords(
  records: readonly { line: number; cells: readonly string[] }[],
): { rows: NumberedRow[] } | { problems: string[] } {
  const [header, ...body] = records;
  if (header === undefined) return { problems: ['the file is empty: its first line must name the columns'] };
  const names = header.cells.map((cell) => cell.trim());
  const problems: string[] = [];
  const missing = CATALOGUE_COLUMNS.filter((column) => !names.includes(column) && !OPTIONAL_COLUMNS.includes(column));
  if (missing.length > 0) problems.push(`line ${header.line}: missing column(s) ${missing.join(', ')}`);
  const unknown = names.filter((name) => !(CATALOGUE_COLUMNS as readonly string[]).includes(name));
  if (unknown.length > 0)
    problems.push(
      `line ${header.line}: unknown column(s) ${unknown.join(', ')} (the columns are ${CATALOGUE_COLUMNS.join(', ')})`,
    );
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  if (repeated.length > 0)
    problems.push(`line ${header.line}: column(s) named twice: ${[...new Set(repeated)].join(', ')}`);
  if (problems.length > 0) return { problems };
  const rows = body.map(({ line, cells }) => {
    const row = Object.fromEntries(
      CATALOGUE_COLUMNS.map((column) => [column, cells[names.indexOf(column)] ?? '']),
    ) as CatalogueFileRow;
    return { line, row };
  });
  return { rows };
}

/** The column a problem of the import is about (its path's first key), for the staff app's table of bad rows; null when it is about the row as a whole. */
export function problemColumn(path: readonly (string | number)[]): CatalogueColumn | null {
  const [column] = path;
  return typeof column === 'string' && (CATALOGUE_COLUMNS as readonly string[]).includes(column)
    ? (column as CatalogueColumn)
    : null;
}

/**
 * The variant columns of a product's only variant beside its code, price and unit (no label, part number or row), and
 * no related parts: the rest of a plain product's row.
 */
export const LONE_VARIANT = {
  mpn: '',
  variantLabel: '',
  variantLabel_ar: '',
  variantRow: '',
  variantRow_ar: '',
  packQuantity: '',
  minimumOrder: '',
  priceBreaks: '',
  published: 'yes',
  fitsWith: '',
  alternatives: '',
} as const;

/**
 * One problem of a row: the value it is about, as a path from the row's column ([] for the row as a whole; a detail
 * document's value by its keys and indexes: ['details', 'description', 3, 'key']), and its sentence, which names it.
 * The import's report words it by its line; the editor answers it at its field (apiProblemSchema's path).
 */
export interface RowProblem {
  path: (string | number)[];
  message: string;
}
