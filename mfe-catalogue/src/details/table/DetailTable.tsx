import { useMemo } from 'react';
import styled from 'styled-components';
import { VisuallyHidden } from '@site/shared-ui';
import type { TableCell, TableRow } from '@site/content';
import { type HeaderCellLayout, layoutHeader, tableBodyRows } from './detailTable';

// Positioned: the visually hidden caption (absolute) is then clipped by it too. Otherwise it stands where the wide table
// puts it, past the page's edge (the right in English, the left in Arabic), and the page scrolls sideways on a phone.
export const Scroller = styled.div`
  position: relative;
  overflow-x: auto;
  margin: 24px 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.accent}; }
`;

export const Table = styled.table`
  width: 100%;
  min-width: 720px;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.typeScale.sm};
  th, td { padding: 8px 10px; border: 1px solid ${({ theme }) => theme.colors.border}; text-align: center; }
  thead th { background: ${({ theme }) => theme.colors.brand}; color: ${({ theme }) => theme.colors.onBrand}; font-weight: 600; vertical-align: middle; }
  tbody tr:nth-child(even) { background: ${({ theme }) => theme.colors.surfaceAlt}; }
`;

/** A cell of the grouped header (layoutHeader's): a group's scope is its columns', its spans and width as laid out. */
export function HeaderCell({ cell }: { cell: HeaderCellLayout }) {
  return (
    <th
      scope={cell.colSpan > 1 ? 'colgroup' : 'col'}
      colSpan={cell.colSpan > 1 ? cell.colSpan : undefined}
      rowSpan={cell.rowSpan > 1 ? cell.rowSpan : undefined}
      style={cell.width ? { width: cell.width } : undefined}
    >
      {cell.name}
    </th>
  );
}

export interface DetailTableProps {
  /** What the table describes, its accessible name. */
  caption: string;
  columns: TableCell[][];
  rows: TableRow[];
}

/** The product detail table: grouped, centred header cells (colSpan, rowSpan, custom widths) over flattened rows. */
export function DetailTable({ caption, columns, rows }: DetailTableProps) {
  const header = useMemo(() => layoutHeader(columns), [columns]);
  const body = useMemo(() => tableBodyRows(columns, rows), [columns, rows]);
  return (
    <Scroller role="region" aria-label={caption} tabIndex={0}>
      <Table>
        <caption>
          <VisuallyHidden>{caption}</VisuallyHidden>
        </caption>
        <thead>
          {header.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((cell) => (
                <HeaderCell key={cell.id} cell={cell} />
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {body.map((cells, rowIndex) => (
            <tr key={rowIndex}>
              {cells.map((value, cellIndex) => (
                <td key={cellIndex}>{value}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    </Scroller>
  );
}
