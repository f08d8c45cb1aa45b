// A request for quotation as a PDF (A4), in the buyer's language: the company, the reference and date, the buyer's
// details, the table of lines (repeated header on every page) and the notes; an Arabic request is laid out right to
// left, its products named in Arabic with the English name under it (the branch reads both). The same snapshot gives
// the same bytes (the creation date is the request's): a mail sent again, or the download, carries the same file.
import PDFDocument from 'pdfkit';
import type { QuoteSnapshot } from '../quoteSnapshot.js';
import { quoteDate } from '../quoteSnapshot.js';
import { quoteTexts } from '../quoteTexts.js';
import { PdfTextWriter, registerFonts, type PdfDoc, type TextDirection, type TextStyle } from '@site/content/pdf';

const NAVY = '#003c75';
const INK = '#1f2a36';
const GREY = '#5c6e82';
const RULE = '#c9d2dc';
const HEADER_FILL = '#e3eef8';
const MARGIN = 50;
/** Room kept at the bottom of every page for its footer. */
const FOOTER = 30;
const CELL_PADDING = 4;

const style = (size: number, weight: TextStyle['weight'] = 'regular', color = INK): TextStyle => ({ size, weight, color });
const BODY = style(10);
const LABEL = style(10, 'bold', GREY);
const SMALL = style(8, 'regular', GREY);

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

/** '200', '12.5' (Western digits, no grouping: as the buyer typed it). */
const quantityText = (quantity: number): string => String(quantity);

/** Renders the PDF of a request. */
export function renderQuotePdf(snapshot: QuoteSnapshot): Promise<Buffer> {
  const texts = quoteTexts(snapshot.language);
  const rtl = snapshot.language === 'ar';
  const doc: PdfDoc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    lang: snapshot.language,
    displayTitle: true,
    info: {
      Title: `${texts.title} ${snapshot.reference}`,
      Author: texts.companyName,
      Subject: `${snapshot.companyName} (${snapshot.branch})`,
      CreationDate: new Date(snapshot.createdAt),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  registerFonts(doc);
  const writer = new PdfTextWriter(doc, rtl ? 1 : 0);
  const left = MARGIN;
  const right = doc.page.width - MARGIN;
  const contentWidth = right - left;
  const bottom = () => doc.page.height - MARGIN - FOOTER;
  /** A box from the reading start: its x on the page (mirrored in a right-to-left document). */
  const boxX = (offset: number, width: number): number => (rtl ? right - offset - width : left + offset);
  const align = rtl ? 'right' : 'left';
  const write = (text: string, offset: number, top: number, width: number, textStyle: TextStyle, direction: TextDirection = 'auto') =>
    writer.write(text, boxX(offset, width), top, width, textStyle, { align, direction });

  // ---- heading
  let y = MARGIN;
  y += write(texts.companyName, 0, y, contentWidth, style(13, 'bold', NAVY));
  y += write(texts.title, 0, y, contentWidth, style(20, 'bold'));
  y += 4;
  const labelWidth = 110;
  const valueWidth = contentWidth - labelWidth;
  const field = (label: string, value: string, direction: TextDirection = 'auto') => {
    const laid = writer.layout(value, valueWidth, BODY, direction);
    if (y + laid.height > bottom()) {
      doc.addPage();
      y = MARGIN;
    }
    write(label, 0, y, labelWidth - 8, LABEL);
    writer.draw(laid, boxX(labelWidth, valueWidth), y, valueWidth, BODY, align);
    y += Math.max(laid.height, BODY.size * 1.55);
  };
  field(texts.reference, snapshot.reference, 'ltr');
  field(texts.date, quoteDate(snapshot), 'ltr');
  y += 8;
  field(texts.company, snapshot.companyName);
  field(texts.name, snapshot.name);
  field(texts.email, snapshot.email, 'ltr');
  field(texts.phone, snapshot.phone, 'ltr');
  field(texts.branch, texts.branchName(snapshot.branch));
  if (snapshot.deliveryCity !== null) field(texts.deliveryCity, snapshot.deliveryCity);
  if (snapshot.neededBy !== null) field(texts.neededBy, snapshot.neededBy, 'ltr');
  y += 14;

  // ---- the lines
  y += write(`${texts.products} (${snapshot.lines.length})`, 0, y, contentWidth, style(13, 'bold', NAVY));
  y += 4;
  const fixed = COLUMNS.reduce((sum, column) => sum + column.width, 0);
  const widths = COLUMNS.map((column) => (column.key === 'product' ? contentWidth - fixed : column.width));
  const offsets = widths.map((_width, index) => widths.slice(0, index).reduce((sum, width) => sum + width, 0));
  const headers: Record<Column['key'], string> = { no: texts.lineNumber, code: texts.code, product: texts.product, quantity: texts.quantity, unit: texts.unit };

  const row = (cells: Record<Column['key'], string>, cellStyle: TextStyle, fill?: string, below?: string) => {
    const laid = COLUMNS.map((column, index) => writer.layout(cells[column.key], widths[index]! - 2 * CELL_PADDING, cellStyle, column.direction));
    const productIndex = COLUMNS.findIndex((column) => column.key === 'product');
    const extra = below === undefined ? undefined : writer.layout(below, widths[productIndex]! - 2 * CELL_PADDING, SMALL);
    const height = Math.max(...laid.map((text, index) => text.height + (index === productIndex && extra !== undefined ? extra.height : 0))) + 2 * CELL_PADDING;
    return { laid, extra, height, productIndex, cellStyle, fill };
  };
  const drawRow = (laidRow: ReturnType<typeof row>) => {
    if (laidRow.fill !== undefined) doc.rect(left, y, contentWidth, laidRow.height).fill(laidRow.fill);
    laidRow.laid.forEach((text, index) => {
      const width = widths[index]! - 2 * CELL_PADDING;
      const x = boxX(offsets[index]! + CELL_PADDING, width);
      const used = writer.draw(text, x, y + CELL_PADDING, width, laidRow.cellStyle, align);
      if (index === laidRow.productIndex && laidRow.extra !== undefined) writer.draw(laidRow.extra, x, y + CELL_PADDING + used, width, SMALL, align);
    });
    y += laidRow.height;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(RULE).stroke();
  };
  const header = row(headers, style(9, 'bold'), HEADER_FILL);
  const tableHeader = () => drawRow(header);

  if (y + header.height + 40 > bottom()) {
    doc.addPage();
    y = MARGIN;
  }
  tableHeader();
  snapshot.lines.forEach((line, index) => {
    const product = rtl ? line.nameAr : line.name;
    const laidRow = row(
      { no: String(index + 1), code: line.code, product, quantity: quantityText(line.quantity), unit: texts.unitName(line.unit, line.quantity) },
      BODY,
      undefined,
      rtl && line.nameAr !== line.name ? line.name : undefined,
    );
    if (y + laidRow.height > bottom()) {
      doc.addPage();
      y = MARGIN;
      tableHeader();
    }
    drawRow(laidRow);
  });

  // ---- notes
  if (snapshot.notes !== null) {
    y += 16;
    const notes = writer.layout(snapshot.notes, contentWidth, BODY);
    const heading = writer.layout(texts.notes, contentWidth, style(13, 'bold', NAVY));
    if (y + heading.height + notes.lineHeight > bottom()) {
      doc.addPage();
      y = MARGIN;
    }
    y += writer.draw(heading, left, y, contentWidth, style(13, 'bold', NAVY), align);
    // line by line, so that long notes go on over the next pages
    for (const line of notes.lines) {
      if (y + notes.lineHeight > bottom()) {
        doc.addPage();
        y = MARGIN;
      }
      y += writer.draw({ lines: [line], lineHeight: notes.lineHeight, height: notes.lineHeight }, left, y, contentWidth, BODY, align);
    }
  }

  // ---- footers: the reference and the page number on every page
  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page += 1) {
    doc.switchToPage(page);
    const footerTop = doc.page.height - MARGIN - FOOTER / 2;
    writer.write(`${texts.page(page - range.start + 1, range.count)} · ${snapshot.reference}`, left, footerTop, contentWidth, SMALL, { align, direction: 'auto' });
  }
  doc.end();
  return done;
}
