import type { ReactNode } from 'react';
import { Table } from './Table';

/** One column of a DataTable: its header, and what each row shows in it. */
export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Codes and addresses read left to right whatever the page's direction. */
  dir?: 'ltr';
}

/**
 * A table drawn from its columns: a header row, then a row per item, each cell the column's. For lists whose cells
 * are plain facts (a page of feeds, its refused rows); a table with grouped headers or row actions writes its own.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
}) {
  return (
    <Table caption={caption}>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column) => (
              <td key={column.header} dir={column.dir}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
