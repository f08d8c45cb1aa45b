// The quote PDF's table of lines: number, code, product, quantity and unit, its header repeated at the top of every
// page the table goes on to. A product is named with its variant's label; in an Arabic request in Arabic, its English
// name under it.
import type { LaidOutText, TextDirection, TextStyle } from '@site/content/pdf';
import { quoteLineAvailability, quoteLineTitle, type QuoteSnapshot } from '../quoteSnapshot.js';
import type { QuoteTexts } from '../quoteTexts.js';
import { BODY, HEADER_FILL, NAVY, RULE, SMALL, style, type QuotePage } from './quotePage.js';

const CELL_PADDING = 4;

interface Column {
  key: 'no' | 'code' | 'product' | 'quantity' | 'unit';
  width: number;
  direction: TextDirection;
}

/** The lines table's columns, in reading order; the product column takes what the others leave. */
const COLUMNS: readonly Column[] = [
  { key: 'no', width: 30, direction: 'ltr' },
  { key: 'code', width: 105, direction: 'ltr' },
  { key: 'product', width: 0, direction: 'auto' },
  { key: 'quantity', width: 65, direction: 'ltr' },
  { key: 'unit', width: 60, direction: 'auto' },
];

const PRODUCT_INDEX = COLUMNS.findIndex((column) => column.key === 'product');

type Cells = Record<Column['key'], string>;

/** Where a row goes in the structure tree: a row (TR) of the table, its cells header cells or data cells. */
interface TaggedRow {
  table: PDFKit.PDFStructureElement;
  cell: 'TH' | 'TD';
}

/** A row laid out, not yet drawn: its height decides whether it still fits on the page. */
interface LaidRow {
  /** Each cell's text in reading order, as a screen reader reads it. */
  texts: string[];
  laid: LaidOutText[];
  /** The smaller text under the product's name (its English name in an Arabic request). */
  extra: LaidOutText | undefined;
  height: number;
  cellStyle: TextStyle;
  fill: string | undefined;
}

/** '200', '12.5' (Western digits, no grouping: as the buyer typed it). */
const quantityText = (quantity: number): string => String(quantity);

class LinesTable {
  private readonly widths: number[];
  /** Each column's distance from the reading start. */
  private readonly offsets: number[];
  readonly header: LaidRow;

  constructor(
    private readonly page: QuotePage,
    texts: QuoteTexts,
  ) {
    const fixed = COLUMNS.reduce((sum, column) => sum + column.width, 0);
    this.widths = COLUMNS.map((column) => (column.key === 'product' ? page.contentWidth - fixed : column.width));
    this.offsets = this.widths.map((_width, index) =>
      this.widths.slice(0, index).reduce((sum, width) => sum + width, 0),
    );
    const headers: Cells = {
      no: texts.lineNumber,
      code: texts.code,
      product: texts.product,
      quantity: texts.quantity,
      unit: texts.unit,
    };
    this.header = this.row(headers, style(9, 'bold'), HEADER_FILL);
  }

  row(cells: Cells, cellStyle: TextStyle, fill?: string, below?: string): LaidRow {
    const { writer } = this.page;
    const laid = COLUMNS.map((column, index) =>
      writer.layout(cells[column.key], this.widths[index]! - 2 * CELL_PADDING, cellStyle, column.direction),
    );
    const extra =
      below === undefined ? undefined : writer.layout(below, this.widths[PRODUCT_INDEX]! - 2 * CELL_PADDING, SMALL);
    const height =
      Math.max(
        ...laid.map((text, index) => text.height + (index === PRODUCT_INDEX && extra !== undefined ? extra.height : 0)),
      ) +
      2 * CELL_PADDING;
    const texts = COLUMNS.map((column, index) =>
      index === PRODUCT_INDEX && below !== undefined ? `${cells[column.key]}\n${below}` : cells[column.key],
    );
    return { texts, laid, extra, height, cellStyle, fill };
  }

  /**
   * Draws the row at the page's `y`, with a rule under it, and moves `y` below it: as a row of `tagged.table` with its
   * cells (TH or TD), or, without `tagged`, as an artifact (the header repeated on a new page).
   */
  draw(laidRow: LaidRow, tagged?: TaggedRow): void {
    const { page } = this;
    if (tagged === undefined) {
      page.artifact(
        () =>
          this.drawRow(
            laidRow,
            (_index, draw) => draw(),
            (draw) => draw(),
          ),
        'Pagination',
      );
      return;
    }
    const row = page.element('TR', tagged.table);
    this.drawRow(
      laidRow,
      (index, draw) => {
        const cell = page.element(tagged.cell, row, laidRow.texts[index]);
        page.content(cell, tagged.cell, draw);
        cell.end();
      },
      (draw) => page.artifact(draw),
    );
    row.end();
  }

  private drawRow(
    laidRow: LaidRow,
    cell: (index: number, draw: () => void) => void,
    graphic: (draw: () => void) => void,
  ): void {
    const { page } = this;
    if (laidRow.fill !== undefined) {
      const fill = laidRow.fill;
      graphic(() => page.doc.rect(page.left, page.y, page.contentWidth, laidRow.height).fill(fill));
    }
    laidRow.laid.forEach((text, index) => {
      const width = this.widths[index]! - 2 * CELL_PADDING;
      const x = page.boxX(this.offsets[index]! + CELL_PADDING, width);
      cell(index, () => {
        const used = page.writer.draw(text, x, page.y + CELL_PADDING, width, laidRow.cellStyle, page.align);
        if (index === PRODUCT_INDEX && laidRow.extra !== undefined)
          page.writer.draw(laidRow.extra, x, page.y + CELL_PADDING + used, width, SMALL, page.align);
      });
    });
    page.y += laidRow.height;
    graphic(() =>
      page.doc.moveTo(page.left, page.y).lineTo(page.right, page.y).lineWidth(0.5).strokeColor(RULE).stroke(),
    );
  }
}

/** The request's lines from the page's `y`: their heading, the table's header, then a row per line, new pages as they need. */
export function writeLinesTable(page: QuotePage, snapshot: QuoteSnapshot, texts: QuoteTexts): void {
  const rtl = snapshot.language === 'ar';
  page.y += page.paragraph(
    'H2',
    `${texts.products} (${snapshot.lines.length})`,
    0,
    page.y,
    page.contentWidth,
    style(13, 'bold', NAVY),
  );
  page.y += 4;
  const table = new LinesTable(page, texts);
  const element = page.element('Table');
  // the header and a first line or so on the same page
  page.makeRoom(table.header.height, 40);
  table.draw(table.header, { table: element, cell: 'TH' });
  snapshot.lines.forEach((line, index) => {
    // the part: the product's name with its variant's label (its code is in the code column)
    const product = quoteLineTitle(line, rtl ? 'ar' : 'en');
    const english = quoteLineTitle(line, 'en');
    // under the name: its English name (an Arabic request's), and its availability when the request was sent
    const stock = quoteLineAvailability(line, snapshot, texts.locale, (count) =>
      texts.quantityWithUnit(count, line.unit),
    );
    const below = [rtl && product !== english ? english : '', stock === '' ? '' : `${texts.availability}: ${stock}`]
      .filter((text) => text !== '')
      .join('\n');
    const laidRow = table.row(
      {
        no: String(index + 1),
        code: line.code,
        product,
        quantity: quantityText(line.quantity),
        unit: texts.unitName(line.unit, line.quantity),
      },
      BODY,
      undefined,
      below === '' ? undefined : below,
    );
    if (page.makeRoom(laidRow.height)) table.draw(table.header);
    table.draw(laidRow, { table: element, cell: 'TD' });
  });
  element.end();
}
