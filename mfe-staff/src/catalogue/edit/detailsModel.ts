// The detail document of one language (EditableProduct.details / details_ar: a product-details.json record without
// its id, name, image and category) read as the rows the editor shows, and written back. Fields the editor does not
// show (pictures, datasheets, brand logos, reviews) are kept as they are. The description's key conventions
// (content/src/schema.ts descriptionEntrySchema) become a kind per row, so nobody types '*', '-' or '^' by hand.
import type { DescriptionEntry, DescriptionRow, DescriptionSectionKey } from '@site/content';
import type { DescriptionEntryKind } from '@site/content/catalogue';
import { DESCRIPTION_SECTIONS, descriptionSection } from '@site/content/data-constants';

export type Details = Record<string, unknown>;

/** How a description row shows on the product page (the key's convention), as the product page reads it. */
export type RowKind = DescriptionEntryKind;

export const ROW_KIND_LABELS: Record<RowKind, string> = {
  row: 'Key and value',
  subheading: 'Sub-heading',
  item: 'List item (-)',
  paragraph: 'Note paragraph (^)',
  section: 'Titled section (*)',
  ceilingRose: 'Ceiling rose table picture (%)',
};

/**
 * The entry turned into another kind: its key gets that kind's mark, its value the kind's shape; a new section is the
 * first one the description does not have yet (each appears once).
 */
export function withKind(
  entry: DescriptionEntry,
  kind: RowKind,
  usedSections: ReadonlySet<string> = new Set(),
): DescriptionEntry {
  const text = typeof entry.value === 'string' ? entry.value : '';
  const plainKey = /^[-^%*]/.test(entry.key) ? '' : entry.key;
  switch (kind) {
    case 'row':
      return { key: plainKey, value: text };
    case 'subheading':
      return { key: plainKey, value: '' };
    case 'item':
      return { key: '-', value: text };
    case 'paragraph':
      return { key: '^', value: text };
    case 'ceilingRose':
      return { key: '%', value: text };
    case 'section': {
      const section = DESCRIPTION_SECTIONS.find((each) => !usedSections.has(each.key)) ?? DESCRIPTION_SECTIONS[0];
      return withSection({ key: section.key, value: text }, section.key);
    }
  }
}

/** A `*` entry moved to another section: a table section takes rows, an HTML one text. */
export function withSection(entry: DescriptionEntry, key: DescriptionSectionKey): DescriptionEntry {
  const section = descriptionSection(key);
  if (section?.kind === 'table')
    return {
      key,
      value: Array.isArray(entry.value)
        ? entry.value
        : [{ key: '', value: typeof entry.value === 'string' ? entry.value : '' }],
    };
  return {
    key,
    value:
      typeof entry.value === 'string' ? entry.value : entry.value.map((row) => `${row.key}: ${row.value}`).join('\n'),
  };
}

/** A text of the document: numbers as written, anything else (absent, an object) as ''. */
const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function descriptionRows(value: unknown): DescriptionRow[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((row) => ({ key: textOf(row.key), value: textOf(row.value) }));
}

export function descriptionOf(details: Details): DescriptionEntry[] {
  if (!Array.isArray(details.description)) return [];
  return details.description.filter(isRecord).map((entry) => ({
    key: textOf(entry.key),
    value: Array.isArray(entry.value) ? descriptionRows(entry.value) : textOf(entry.value),
  }));
}

/** A summary specification block (the 'Specification' list of the product's summary). */
export interface SpecificationBlock {
  extraSpecTitle?: string;
  extraSpec?: string[];
  specification?: string[];
}

export function specificationOf(details: Details): SpecificationBlock[] {
  if (!Array.isArray(details.Specification)) return [];
  return details.Specification.filter(isRecord).map((block) => ({
    ...(typeof block.extraSpecTitle === 'string' ? { extraSpecTitle: block.extraSpecTitle } : {}),
    ...(Array.isArray(block.extraSpec) ? { extraSpec: stringList(block.extraSpec) } : {}),
    ...(Array.isArray(block.specification) ? { specification: stringList(block.specification) } : {}),
  }));
}

/** A detail block (detailDescription, detailDescriptionAfterTable); its pictures and datasheet are kept untouched. */
export interface DetailBlock {
  title?: string;
  content?: string[];
  table?: string[][];
  DataAfterTable?: string[];
  [kept: string]: unknown;
}

export function blocksOf(details: Details, field: 'detailDescription' | 'detailDescriptionAfterTable'): DetailBlock[] {
  const blocks = details[field];
  if (!Array.isArray(blocks)) return [];
  return blocks.filter(isRecord).map((block) => ({
    ...block,
    ...(Array.isArray(block.table)
      ? { table: block.table.map((row: unknown) => (Array.isArray(row) ? row.map(textOf) : [])) }
      : {}),
  }));
}

/** The product table's leaf columns (the header's last row) and its body rows, cell by leaf id ('threadSize.mm'). */
export interface ProductTable {
  columns: { id: string; name: string }[];
  rows: Record<string, string | number>[];
}

export function productTableOf(details: Details): ProductTable | undefined {
  const header = details.productDetailTableColumns;
  const data = details.productDetailTableData;
  if (!Array.isArray(header) || !Array.isArray(data) || header.length === 0) return undefined;
  const leaves: unknown = header[header.length - 1];
  if (!Array.isArray(leaves)) return undefined;
  const columns = leaves.filter(isRecord).map((cell) => ({ id: textOf(cell.id), name: textOf(cell.name) }));
  const rows = data.filter(isRecord).map((row) => {
    const cells: Record<string, string | number> = {};
    for (const [key, value] of Object.entries(row)) {
      if (isRecord(value))
        for (const [inner, innerValue] of Object.entries(value))
          cells[`${key}.${inner}`] = innerValue as string | number;
      else cells[key] = value as string | number;
    }
    return cells;
  });
  return { columns, rows };
}

/** A cell typed in: a number stays a number when it was one and still reads as one. */
export function cellValue(before: string | number | undefined, typed: string): string | number {
  return typeof before === 'number' && typed.trim() !== '' && Number.isFinite(Number(typed)) ? Number(typed) : typed;
}

/** The body rows written back in the data's shape: 'outer.inner' ids nest one level again. */
export function tableDataOf(rows: readonly Record<string, string | number>[]): Record<string, unknown>[] {
  return rows.map((cells) => {
    const row: Record<string, unknown> = {};
    for (const [id, value] of Object.entries(cells)) {
      const dot = id.indexOf('.');
      if (dot < 0) row[id] = value;
      else {
        const outer = id.slice(0, dot);
        const nested = isRecord(row[outer]) ? row[outer] : {};
        row[outer] = { ...nested, [id.slice(dot + 1)]: value };
      }
    }
    return row;
  });
}

/** The document with `field` set, or removed when empty (the schema takes no empty lists). */
export function withField(details: Details, field: string, value: unknown): Details {
  const { [field]: _old, ...rest } = details;
  if (value === undefined || (Array.isArray(value) && value.length === 0) || value === '') return rest;
  return { ...rest, [field]: value };
}
