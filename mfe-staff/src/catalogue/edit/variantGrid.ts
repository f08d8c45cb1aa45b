// The variant grid's model: its text columns in the order a spreadsheet of sizes has them, a block pasted from a
// spreadsheet (tab-separated, as Excel, LibreOffice and Google Sheets copy cells) written into the variants from a
// cell on, and a column added to the product's table for every size at once. Each change a new content, as
// variantsModel's changes are.
import type { EditableProduct, EditableVariant } from '@site/contracts/staff-catalogue-api';
import {
  minimumOrderProblem,
  parsePriceBreaks,
  priceBreakProblemWords,
  priceBreakProblemWordsAr,
} from '@site/content/price-breaks';
import {
  blankVariant,
  changeVariant,
  leafColumns,
  type TableRowField,
  tableCellOf,
  variantsOf,
  withCell,
  withTableCell,
  withVariants,
} from './variantsModel';

type Lang = 'en' | 'ar';

/** A variant's own text field (its published state is a tick box of its own). */
export type VariantTextField = Exclude<keyof EditableVariant, 'row' | 'row_ar' | 'published'>;

export type GridColumn =
  | { kind: 'field'; key: string; field: VariantTextField; label: string; lang?: Lang; width: string }
  | { kind: 'cell'; key: string; field: TableRowField; id: string; label: string; lang: Lang; width: string };

const FIELD_COLUMNS: Omit<Extract<GridColumn, { kind: 'field' }>, 'kind' | 'key'>[] = [
  { field: 'code', label: 'Code', width: '10em' },
  { field: 'mpn', label: 'Part number', width: '9em' },
  { field: 'label', label: 'Label (English)', lang: 'en', width: '10em' },
  { field: 'label_ar', label: 'Label (Arabic)', lang: 'ar', width: '10em' },
  { field: 'price', label: 'Price (AED)', width: '6.5em' },
  { field: 'unit', label: 'Unit', width: '6em' },
  { field: 'packQuantity', label: 'Pack quantity', width: '5.5em' },
  // decision 043: the fewest a buyer orders, and the breaks as one cell ("50+ 12.50; 250+ 11.00"): typed in one go,
  // and a spreadsheet's column of them pastes as it is
  { field: 'minimumOrder', label: 'Minimum order', width: '5.5em' },
  { field: 'priceBreaks', label: 'Price breaks (qty+ AED)', width: '14em' },
];

const TABLE_LANGUAGES: { field: TableRowField; language: string; lang: Lang }[] = [
  { field: 'row', language: 'English', lang: 'en' },
  { field: 'row_ar', language: 'Arabic', lang: 'ar' },
];

/** The grid's text columns: the variant's fields, then its table row's cells in English, then in Arabic. */
export function gridColumns(content: EditableProduct): GridColumn[] {
  const variants = variantsOf(content);
  const leaves = variants.some((variant) => variant.row !== undefined) ? leafColumns(content.details) : [];
  return [
    ...FIELD_COLUMNS.map((column) => ({ kind: 'field' as const, key: column.field, ...column })),
    ...TABLE_LANGUAGES.flatMap(({ field, language, lang }) =>
      leaves.map((leaf) => ({
        kind: 'cell' as const,
        key: `${field}:${leaf.id}`,
        field,
        id: leaf.id,
        label: `Table (${language}): ${leaf.name}`,
        lang,
        width: '7em',
      })),
    ),
  ];
}

/** A variant's text in a column. */
export const gridValue = (variant: EditableVariant, column: GridColumn): string =>
  column.kind === 'field' ? (variant[column.field] ?? '') : tableCellOf(variant, column.field, column.id);

/** The variants with one cell of the grid set. */
export function withGridValue(
  variants: readonly EditableVariant[],
  index: number,
  column: GridColumn,
  text: string,
): EditableVariant[] {
  const variant = variants[index];
  if (variant === undefined) return [...variants];
  return changeVariant(
    variants,
    index,
    column.kind === 'field'
      ? { [column.field]: text }
      : { [column.field]: withTableCell(variant, column.field, column.id, text) },
  );
}

/**
 * Cells copied from a spreadsheet: rows by line, cells by tab. A cell holding a tab, a line break or a quote comes
 * quoted ("a ""b"""), as spreadsheets write them; the line break after the last row is no row of its own.
 */
export function parseSpreadsheetCells(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let at = 0;
  let quoted = false;
  while (at < text.length) {
    const char = text[at]!;
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        cell += '"';
        at += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else cell += char;
      at += 1;
      continue;
    }
    if (char === '"' && cell === '') quoted = true;
    else if (char === '\t') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      if (char === '\r' && text[at + 1] === '\n') at += 1;
    } else cell += char;
    at += 1;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** A paste's cells are a block (more than one cell) rather than one cell's text. */
export const isSpreadsheetBlock = (text: string): boolean => /[\t\n\r]/.test(text.replace(/[\r\n]+$/, ''));

export interface Pasted {
  content: EditableProduct;
  /** Rows and columns written. */
  rows: number;
  columns: number;
  /** Variants the block added at the end (rows past the last). */
  added: number;
  /** Cells past the grid's last column, left out. */
  leftOut: number;
}

/** The block written into the grid from row `row`, column `column` on; rows past the last variant become new ones. */
export function pasteIntoGrid(content: EditableProduct, row: number, column: number, block: string[][]): Pasted {
  const columns = gridColumns(content);
  let variants = variantsOf(content);
  let added = 0;
  let leftOut = 0;
  let widest = 0;
  block.forEach((cells, r) => {
    const index = row + r;
    if (index >= variants.length) {
      variants = [...variants, blankVariant(variants.at(-1)?.unit ?? 'piece')];
      added += 1;
    }
    cells.forEach((text, c) => {
      const target = columns[column + c];
      if (target === undefined) {
        leftOut += 1;
        return;
      }
      widest = Math.max(widest, c + 1);
      variants = withGridValue(variants, index, target, text.trim());
    });
  });
  return { content: withVariants(content, variants), rows: block.length, columns: widest, added, leftOut };
}

/** What a paste did, in words for the grid's status line. */
export function pastedText({ rows, columns, added, leftOut }: Pasted): string {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const parts = [`Pasted ${count(rows, 'row', 'rows')} of ${count(columns, 'column', 'columns')}.`];
  if (added > 0) parts.push(`${count(added, 'variant was', 'variants were')} added at the end.`);
  if (leftOut > 0) parts.push(`${count(leftOut, 'cell was', 'cells were')} past the last column and left out.`);
  return parts.join(' ');
}

type Header = { id: string; name: string; colSpan?: number }[][];

const headerOf = (details: Record<string, unknown>): Header | undefined =>
  Array.isArray(details.productDetailTableColumns) && details.productDetailTableColumns.length > 0
    ? (details.productDetailTableColumns as Header)
    : undefined;

/** A column id from its English name ('IP rating' → 'ipRating'), other than every id the headers have. */
export function newColumnId(name: string, taken: ReadonlySet<string>): string {
  const words = name
    .normalize('NFKD')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const base = words.map((word, at) => (at === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join('') || 'column';
  let id = /^[a-z]/.test(base) ? base : `c${base}`;
  for (let n = 2; taken.has(id) || taken.has(`h_${id}`); n += 1) id = `${base}${n}`;
  return id;
}

/** The header with a leaf column added at its end: a header of two rows or more gets the name on its top row. */
function withHeaderColumn(header: Header, id: string, name: string): Header {
  const last = header.length - 1;
  return header.map((row, at) => {
    if (at === last) return [...row, { id, name: last === 0 ? name : '' }];
    return [...row, { id: at === 0 ? `h_${id}` : `h${at}_${id}`, name: at === 0 ? name : '' }];
  });
}

const withDocumentColumn = (
  details: Record<string, unknown>,
  id: string,
  name: string,
  value: string,
): Record<string, unknown> => {
  const header = headerOf(details);
  if (header === undefined) return details;
  const data = details.productDetailTableData;
  return {
    ...details,
    productDetailTableColumns: withHeaderColumn(header, id, name),
    ...(Array.isArray(data)
      ? { productDetailTableData: data.map((row: Record<string, unknown>) => ({ ...row, [id]: value })) }
      : {}),
  };
};

export interface NewTableColumn {
  name: string;
  name_ar: string;
  /** The text every size gets in it (each then edited in its row). */
  value: string;
}

/**
 * The content with a column added to the product's table in both languages, and every variant's row (and Arabic row,
 * where it has one) given `value` in it; the table's own rows get it too, so the table stays whole.
 */
export function withTableColumn(content: EditableProduct, column: NewTableColumn): EditableProduct {
  const header = headerOf(content.details);
  if (header === undefined) return content;
  const taken = new Set([
    ...header.flat().map((cell) => cell.id),
    ...(headerOf(content.details_ar) ?? []).flat().map((cell) => cell.id),
  ]);
  const id = newColumnId(column.name, taken);
  const value = column.value.trim();
  const variants = variantsOf(content).map((variant) => ({
    ...variant,
    ...(variant.row === undefined ? {} : { row: withCell(variant.row, id, value) }),
    ...(variant.row_ar === undefined ? {} : { row_ar: withCell(variant.row_ar, id, value) }),
  }));
  return withVariants(
    {
      ...content,
      details: withDocumentColumn(content.details, id, column.name.trim(), value),
      details_ar: withDocumentColumn(content.details_ar, id, column.name_ar.trim() || column.name.trim(), value),
    },
    variants,
  );
}

/**
 * A cell's problem as it is typed, in English and Arabic, before the server is asked: the minimum order's and the price
 * breaks' (checked against the variant's price at 1, as the server checks them). Other cells: none here.
 */
export function gridCellProblem(variant: EditableVariant, column: GridColumn): { en: string; ar: string } | null {
  if (column.kind !== 'field') return null;
  if (column.field === 'minimumOrder') return minimumOrderProblem(variant.minimumOrder ?? '');
  if (column.field !== 'priceBreaks') return null;
  const price = variant.price.trim();
  // a bad price is the price cell's to say; the breaks wait for it
  if (price !== '' && !/^\d{1,9}(\.\d{1,2})?$/.test(price)) return null;
  const parsed = parsePriceBreaks(variant.priceBreaks ?? '', price);
  return 'problem' in parsed
    ? { en: priceBreakProblemWords(parsed.problem), ar: priceBreakProblemWordsAr(parsed.problem) }
    : null;
}
