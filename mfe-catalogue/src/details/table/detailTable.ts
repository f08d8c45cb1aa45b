import { flattenTableRow, leafColumns, type TableCell, type TableRow, type TableValue } from '@site/content';

/** A header cell as rendered: its spans and optional width (header cells are centred). */
export interface HeaderCellLayout {
  id: string;
  name: string;
  colSpan: number;
  rowSpan: number;
  width?: string;
}

/**
 * Lays out the header rows of a product detail table. A group cell with colSpan 1 whose cells below all have
 * an empty name already names its column: it spans those rows (rowSpan) and the empty cells are left out.
 */
export function layoutHeader(header: readonly (readonly TableCell[])[]): HeaderCellLayout[][] {
  // For each row: the starting leaf column of each cell, and which columns have a named cell.
  const starts = header.map((row) => {
    let column = 0;
    return row.map((cell) => {
      const start = column;
      column += cell.colSpan ?? 1;
      return start;
    });
  });
  const cellAt = (rowIndex: number, column: number): TableCell | undefined => {
    const index = starts[rowIndex]?.indexOf(column) ?? -1;
    return index === -1 ? undefined : header[rowIndex]![index];
  };
  const covered = new Set<string>(); // 'row:column' of cells merged into a cell above

  return header.map((row, rowIndex) =>
    row.flatMap((cell, cellIndex): HeaderCellLayout[] => {
      const column = starts[rowIndex]![cellIndex]!;
      if (covered.has(`${rowIndex}:${column}`)) return [];
      const colSpan = cell.colSpan ?? 1;
      let rowSpan = 1;
      if (colSpan === 1) {
        while (rowIndex + rowSpan < header.length) {
          const below = cellAt(rowIndex + rowSpan, column);
          if (below === undefined || (below.colSpan ?? 1) !== 1 || below.name.trim() !== '') break;
          covered.add(`${rowIndex + rowSpan}:${column}`);
          rowSpan += 1;
        }
      }
      return [
        { id: cell.id, name: cell.name, colSpan, rowSpan, ...(cell.customeWidth ? { width: cell.customeWidth } : {}) },
      ];
    }),
  );
}

/**
 * The body rows as cells in leaf-column order: nested objects flattened ('threadSize.mm'), looked up by the
 * leaf ids; a missing value is an empty cell, a value without a column is not shown.
 */
export function tableBodyRows(header: readonly (readonly TableCell[])[], rows: readonly TableRow[]): TableValue[][] {
  const leaves = leafColumns(header);
  return rows.map((row) => {
    const values = new Map(flattenTableRow(row));
    return leaves.map((leaf) => values.get(leaf.id) ?? '');
  });
}
