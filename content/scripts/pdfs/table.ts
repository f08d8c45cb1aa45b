// The tables of the PDFs: a product's detail table (header rows with colSpan, nested values flattened), a block's
// plain table and the brochure's product lists; the header is repeated on every page the table runs onto.
import { flattenTableRow, leafColumns } from '../../src/detailTable';
import type { ProductDetail, TableCell } from '../../src/types';
import {
  contentWidth,
  ensureSpace,
  INK,
  LIGHT,
  MARGIN,
  moveDown,
  NAVY,
  RULE,
  style,
  textAt,
  textHeight,
  type Pdf,
} from './document';

interface GridCell {
  text: string;
  /** First leaf column covered. */
  col: number;
  span: number;
  /** Header rows covered (a colSpan 1 cell over empty-named cells below spans down). */
  rowSpan: number;
}

/** Widths of the leaf columns: customeWidth (% of the table, or px at 0.75 pt) where given, the rest shared. */
function columnWidths(leaves: TableCell[], total: number): number[] {
  const fixed = leaves.map((cell) => {
    const m = /^(\d+(?:\.\d+)?)(px|%|rem|em)$/.exec(cell.customeWidth ?? '');
    if (!m) return undefined;
    const n = Number(m[1]);
    return m[2] === '%' ? (total * n) / 100 : m[2] === 'px' ? n * 0.75 : n * 12;
  });
  const used = fixed.reduce<number>((s, w) => s + (w ?? 0), 0);
  const free = fixed.filter((w) => w === undefined).length;
  const share = free ? Math.max(30, (total - used) / free) : 0;
  const widths = fixed.map((w) => w ?? share);
  const scale = total / widths.reduce((s, w) => s + w, 0);
  return widths.map((w) => w * scale);
}

/** Header grid of a product detail table: group rows, then leaves; cells spanning down over empty-named leaves. */
function headerGrid(header: TableCell[][]): GridCell[][] {
  const grid: GridCell[][] = header.map((row) => {
    let col = 0;
    return row.map((cell) => {
      const g = { text: cell.name, col, span: cell.colSpan ?? 1, rowSpan: 1 };
      col += g.span;
      return g;
    });
  });
  for (let r = 0; r < grid.length; r++) {
    for (const cell of grid[r] ?? []) {
      if (cell.span !== 1 || cell.rowSpan === 0) continue;
      for (let below = r + 1; below < grid.length; below++) {
        const under = grid[below]?.find((c) => c.col === cell.col && c.span === 1);
        if (!under || under.text !== '') break;
        under.rowSpan = 0; // covered
        cell.rowSpan += 1;
      }
    }
  }
  return grid;
}

/** Draws a product detail table (header rows with colSpan, nested values flattened), repeating the header on new pages. */
export function specTable(
  pdf: Pdf,
  header: TableCell[][],
  rows: ProductDetail['productDetailTableData'] = [],
  align: 'center' | 'start' = 'center',
): void {
  const { doc } = pdf;
  const width = contentWidth(pdf);
  const leaves = leafColumns(header);
  const widths = columnWidths(leaves, width);
  const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((s, w) => s + w, 0));
  const fontSize = leaves.length > 8 ? 7 : leaves.length > 5 ? 8 : 9;
  const headStyle = style(fontSize, 'bold', '#ffffff');
  const cellStyle = style(fontSize, 'regular', INK);
  const grid = headerGrid(header);
  const spanWidth = (col: number, span: number): number => widths.slice(col, col + span).reduce((s, w) => s + w, 0);

  const headerRowHeights = grid.map((row) =>
    Math.max(
      14,
      ...row
        .filter((c) => c.rowSpan === 1)
        .map((c) => textHeight(pdf, c.text || ' ', spanWidth(c.col, c.span) - 6, headStyle) + 4),
    ),
  );
  const drawHeader = (): void => {
    const top = doc.y;
    grid.forEach((row, r) => {
      const y = top + headerRowHeights.slice(0, r).reduce((s, h) => s + h, 0);
      for (const cell of row) {
        if (cell.rowSpan === 0) continue;
        const x = xs[cell.col] ?? MARGIN;
        const w = spanWidth(cell.col, cell.span);
        const h = headerRowHeights.slice(r, r + cell.rowSpan).reduce((s, v) => s + v, 0);
        doc.rect(x, y, w, h).fillAndStroke(NAVY, '#ffffff');
        const height = textHeight(pdf, cell.text || ' ', w - 6, headStyle);
        textAt(pdf, cell.text, x + 3, y + (h - height) / 2, w - 6, headStyle, 'center');
      }
    });
    doc.y = top + headerRowHeights.reduce((s, h) => s + h, 0);
  };

  ensureSpace(pdf, headerRowHeights.reduce((s, h) => s + h, 0) + 40);
  drawHeader();
  rows.forEach((row, index) => {
    const values = flattenTableRow(row).map(([, v]) => String(v));
    const height = Math.max(...values.map((v, i) => textHeight(pdf, v, (widths[i] ?? 40) - 6, cellStyle))) + 6;
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      doc.y = doc.page.margins.top;
      drawHeader();
    }
    const y = doc.y;
    doc.rect(MARGIN, y, width, height).fill(index % 2 ? '#ffffff' : LIGHT);
    values.forEach((value, i) => {
      textAt(pdf, value, (xs[i] ?? MARGIN) + 3, y + 3, (widths[i] ?? 40) - 6, cellStyle, align);
    });
    doc
      .moveTo(MARGIN, y + height)
      .lineTo(MARGIN + width, y + height)
      .lineWidth(0.5)
      .stroke(RULE);
    doc.y = y + height;
  });
  moveDown(pdf, 0.6);
}

/** A plain block table: first row is the header. */
export function blockTable(pdf: Pdf, table: string[][]): void {
  const [head, ...body] = table;
  if (!head) return;
  specTable(
    pdf,
    [head.map((name, i) => ({ id: `c${i}`, name }))],
    body.map((cells) => Object.fromEntries(cells.map((v, i) => [`c${i}`, v]))),
  );
}
