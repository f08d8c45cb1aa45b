// A product's variants as the editor changes them (docs/decisions/034-orderable-variants.md): each change a new list,
// the product's code, price and unit made from it as the server makes them (its first published variant's code and
// unit, its lowest published price), and the specification table's leaf columns a variant's rows (English and
// Arabic) are edited by.
import type { EditableProduct, EditableVariant } from '@site/contracts/staff-catalogue-api';
import { PRICE_TEXT as PRICE } from '@site/content/catalogue-numbers';

/** The content's variants; content saved before variants had none: one of its code, price and unit. */
export const variantsOf = (content: EditableProduct): EditableVariant[] =>
  content.variants ?? [
    {
      code: content.code,
      mpn: '',
      label: '',
      label_ar: '',
      price: content.price,
      unit: content.unit,
      packQuantity: '',
      published: true,
    },
  ];

/** The content with these variants, and its code, price and unit made from them. */
export function withVariants(content: EditableProduct, variants: EditableVariant[]): EditableProduct {
  const published = variants.filter((variant) => variant.published);
  const first = published[0];
  if (first === undefined) return { ...content, variants };
  const prices = published.map((variant) => variant.price.trim()).filter((price) => PRICE.test(price));
  const lowest = prices.length === 0 ? '' : prices.reduce((low, price) => (Number(price) < Number(low) ? price : low));
  return { ...content, variants, code: first.code, price: lowest, unit: first.unit };
}

/** A new, empty variant, published, in the unit of the one before. */
export const blankVariant = (unit: string): EditableVariant => ({
  code: '',
  mpn: '',
  label: '',
  label_ar: '',
  price: '',
  unit,
  packQuantity: '',
  published: true,
});

export const addVariant = (variants: readonly EditableVariant[]): EditableVariant[] => [
  ...variants,
  blankVariant(variants.at(-1)?.unit ?? 'piece'),
];

/** A copy put after it: its code is for the editor to change (two variants with one code are refused). */
export const duplicateVariant = (variants: readonly EditableVariant[], index: number): EditableVariant[] => [
  ...variants.slice(0, index + 1),
  { ...variants[index]!, code: `${variants[index]!.code}-COPY` },
  ...variants.slice(index + 1),
];

/** The variant moved one place up (-1) or down (+1); unchanged at either end. */
export function moveVariant(variants: readonly EditableVariant[], index: number, by: -1 | 1): EditableVariant[] {
  const to = index + by;
  if (to < 0 || to >= variants.length) return [...variants];
  const moved = [...variants];
  [moved[index], moved[to]] = [moved[to]!, moved[index]!];
  return moved;
}

export const changeVariant = (
  variants: readonly EditableVariant[],
  index: number,
  change: Partial<EditableVariant>,
): EditableVariant[] => variants.map((variant, at) => (at === index ? { ...variant, ...change } : variant));

type Cells = Record<string, unknown>;

type Header = { id: string; name: string; span: number };

const headersOf = (row: unknown): Header[] =>
  Array.isArray(row)
    ? row.flatMap((column: unknown) => {
        if (typeof column !== 'object' || column === null) return [];
        const { id, name, colSpan } = column as { id?: unknown; name?: unknown; colSpan?: unknown };
        return typeof id === 'string'
          ? [
              {
                id,
                name: typeof name === 'string' ? name : '',
                span: typeof colSpan === 'number' && colSpan > 1 ? colSpan : 1,
              },
            ]
          : [];
      })
    : [];

/**
 * The specification table's leaf columns (its last header row): a variant's row holds a value for each. Each is named
 * as a reader of the table sees it: by its header above and its own name ('Thread Size mm'; 'Cable Range, Inner Sheath
 * (mm)' for a leaf of no name of its own), else by its id.
 */
export function leafColumns(details: Record<string, unknown>): { id: string; name: string }[] {
  const rows = details.productDetailTableColumns;
  if (!Array.isArray(rows) || rows.length === 0) return [];
  const leaves = headersOf(rows[rows.length - 1]);
  // the header above each leaf, by position (a header spans colSpan leaves)
  const above =
    rows.length > 1
      ? headersOf(rows[rows.length - 2]).flatMap((header) => Array.from({ length: header.span }, () => header))
      : [];
  return leaves.map(({ id, name }, index) => {
    const group = above[index];
    const named = group === undefined ? name : `${group.name} ${name}`.trim();
    return { id, name: named || id };
  });
}

/** A cell of a row by its column id ('threadSize.mm' is the row's threadSize.mm), as text. */
export function cellOf(row: Cells | undefined, id: string): string {
  let value: unknown = row;
  for (const key of id.split('.'))
    value = typeof value === 'object' && value !== null ? (value as Cells)[key] : undefined;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** The row with a cell set (a number stays a number when the text still reads as one). */
export function withCell(row: Cells | undefined, id: string, text: string): Cells {
  const keys = id.split('.');
  const copy: Cells = { ...(row ?? {}) };
  let at = copy;
  keys.slice(0, -1).forEach((key) => {
    const inner = at[key];
    at[key] = typeof inner === 'object' && inner !== null ? { ...(inner as Cells) } : {};
    at = at[key] as Cells;
  });
  const last = keys[keys.length - 1]!;
  at[last] = typeof at[last] === 'number' && text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
  return copy;
}

/** A variant's table row in either language: `row`, or `row_ar` (the Arabic page's cells). */
export type TableRowField = 'row' | 'row_ar';

/** The row as the page in its language shows it: a variant without an Arabic row shows the English one there. */
const shownRow = (variant: EditableVariant, field: TableRowField): Cells | undefined =>
  field === 'row_ar' ? (variant.row_ar ?? variant.row) : variant.row;

/** A cell of the variant's row in that language, as text. */
export const tableCellOf = (variant: EditableVariant, field: TableRowField, id: string): string =>
  cellOf(shownRow(variant, field), id);

/** The variant's row in that language with a cell set; the first Arabic cell edited starts from the English row's values, as shown. */
export const withTableCell = (variant: EditableVariant, field: TableRowField, id: string, text: string): Cells =>
  withCell(shownRow(variant, field), id, text);
