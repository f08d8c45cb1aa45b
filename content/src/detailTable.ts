// The product detail table's helpers (header leaves, flattened rows, their checks), shared by the browser, the
// server, the datasheets and the schema. They take the table's shape, not the schema's inferred types: schema.ts
// checks tables with them, so they cannot depend on it. No zod and no node imports: this goes into browser bundles.

/** What the helpers read of a header cell; the schema's TableCell has these and more. */
export interface TableHeaderCell {
  readonly id: string;
  /** Number of leaf columns covered (default 1). */
  readonly colSpan?: number | undefined;
}

/** A body row: leaf column id -> value, with one level of nesting for grouped columns (the schema's TableRow). */
export type TableRowOf<Value extends string | number> = Readonly<
  Record<string, Value | Readonly<Record<string, Value>>>
>;

/** The leaf cells of a table header: its last row (their ids are the data keys, dotted for nested values). */
export function leafColumns<Cell extends TableHeaderCell>(header: readonly (readonly Cell[])[]): Cell[] {
  return [...(header[header.length - 1] ?? [])];
}

/**
 * Flattens a body row into [leaf id, value] pairs in key order: nested objects give one pair per inner key, with the
 * id 'outer.inner'. For a row that fits its header, the ids equal the leaf ids in order.
 */
export function flattenTableRow<Value extends string | number>(row: TableRowOf<Value>): [string, Value][] {
  const cells: [string, Value][] = [];
  for (const [key, value] of Object.entries(row)) {
    if (typeof value === 'object') {
      for (const [inner, innerValue] of Object.entries(value)) cells.push([`${key}.${inner}`, innerValue]);
    } else {
      cells.push([key, value]);
    }
  }
  return cells;
}

/** Width of a header row in leaf columns. */
export const headerRowSpan = (row: readonly TableHeaderCell[]): number =>
  row.reduce((sum, cell) => sum + (cell.colSpan ?? 1), 0);

/** Problems of a table header (empty when fine): rows of equal width, leaves without colSpan, unique ids. */
export function tableHeaderProblems(header: readonly (readonly TableHeaderCell[])[]): string[] {
  const problems: string[] = [];
  const leaves = leafColumns(header);
  if (leaves.length === 0) problems.push('the header has no leaf row');
  if (leaves.some((c) => (c.colSpan ?? 1) !== 1))
    problems.push('a leaf cell (last header row) has a colSpan other than 1');
  header.forEach((row, index) => {
    const width = headerRowSpan(row);
    if (width !== leaves.length)
      problems.push(`header row ${index} spans ${width} columns, the leaf row has ${leaves.length}`);
  });
  const ids = header.flat().map((c) => c.id);
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate !== undefined) problems.push(`duplicate header cell id '${duplicate}'`);
  return problems;
}

/** Problems of one body row against its header (empty when the row fits the leaf columns exactly, in order). */
export function tableRowProblems(
  header: readonly (readonly TableHeaderCell[])[],
  row: TableRowOf<string | number>,
): string[] {
  const expected = leafColumns(header).map((c) => c.id);
  const actual = flattenTableRow(row).map(([id]) => id);
  if (expected.join('|') === actual.join('|')) return [];
  const missing = expected.filter((id) => !actual.includes(id));
  const extra = actual.filter((id) => !expected.includes(id));
  const problems: string[] = [];
  if (missing.length) problems.push(`missing column(s) ${missing.join(', ')}`);
  if (extra.length) problems.push(`unknown column(s) ${extra.join(', ')}`);
  if (!missing.length && !extra.length) problems.push(`columns out of order: ${actual.join(', ')}`);
  return problems;
}
