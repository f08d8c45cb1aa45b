// A sent quotation as a PDF (A4) in the buyer's language, written with the site's PDF writer and fonts (the request
// for quotation's page: quote-requests/pdf): the company, the number, the request, the date and validity, the branch and its
// phone; the lines (header repeated on every page); the totals with "VAT rounded per line"; the terms and the note. An
// Arabic quotation is laid out right to left (codes, amounts and dates stay left to right). The same view gives the
// same bytes (its creation date is the day it was sent), so a mail sent again carries the same file.
import PDFDocument from 'pdfkit';
import type { BuyerQuotation } from '@site/contracts/quotation-link-api';
import { registerFonts, type LaidOutText, type PdfDoc, type TextDirection, type TextStyle } from '@site/content/pdf';
import {
  BODY,
  documentBytes,
  HEADER_FILL,
  MARGIN,
  NAVY,
  QuotePage,
  RULE,
  SMALL,
  style,
  writeField as writePageField,
  writeFooters,
} from '../../quote-requests/index.js';
import { buyerTexts, type BuyerTexts } from './buyerTexts.js';

const LABEL_WIDTH = 130;
const CELL_PADDING = 3;

/** The file's name: Quotation-QT-2026-000123.pdf. */
export const quotationPdfFileName = (number: string): string => `Quotation-${number}.pdf`;

/** A label and its value, side by side (the quotation's label column); nothing for an empty value. */
function writeField(page: QuotePage, label: string, value: string, direction: TextDirection = 'auto'): void {
  if (value !== '') writePageField(page, LABEL_WIDTH, label, value, direction);
}

type Key = 'no' | 'description' | 'quantity' | 'unitPrice' | 'discount' | 'lineTotal' | 'vat';
const COLUMNS: readonly { key: Key; width: number; direction: TextDirection }[] = [
  { key: 'no', width: 24, direction: 'ltr' },
  { key: 'description', width: 0, direction: 'auto' },
  { key: 'quantity', width: 50, direction: 'ltr' },
  { key: 'unitPrice', width: 68, direction: 'ltr' },
  { key: 'discount', width: 42, direction: 'ltr' },
  { key: 'lineTotal', width: 72, direction: 'ltr' },
  { key: 'vat', width: 60, direction: 'ltr' },
];

interface Row {
  /** Each cell's text in reading order, as a screen reader reads it. */
  texts: string[];
  laid: LaidOutText[];
  height: number;
  cellStyle: TextStyle;
  fill: string | undefined;
}

function writeLines(page: QuotePage, view: BuyerQuotation, texts: BuyerTexts): void {
  const fixed = COLUMNS.reduce((sum, column) => sum + column.width, 0);
  const widths = COLUMNS.map((column) => (column.key === 'description' ? page.contentWidth - fixed : column.width));
  const offsets = widths.map((_width, index) => widths.slice(0, index).reduce((sum, width) => sum + width, 0));
  const row = (cells: Record<Key, string>, cellStyle: TextStyle, fill?: string): Row => {
    const laid = COLUMNS.map((column, index) =>
      page.writer.layout(cells[column.key], widths[index]! - 2 * CELL_PADDING, cellStyle, column.direction),
    );
    return {
      texts: COLUMNS.map((column) => cells[column.key]),
      laid,
      height: Math.max(...laid.map((text) => text.height)) + 2 * CELL_PADDING,
      cellStyle,
      fill,
    };
  };
  const table = page.element('Table');
  /** Draws a row of the table with its cells (TH or TD), or without `cell` as an artifact (the header repeated). */
  const draw = (laidRow: Row, cell?: 'TH' | 'TD') => {
    const tableRow = cell === undefined ? undefined : page.element('TR', table);
    const tagged = (type: string, text: string, paint: () => void) => {
      if (tableRow === undefined) return paint();
      const element = page.element(type, tableRow, text);
      page.content(element, type, paint);
      element.end();
    };
    const graphic = (paint: () => void) => (tableRow === undefined ? paint() : page.artifact(paint));
    const paintRow = () => {
      const { fill } = laidRow;
      if (fill !== undefined)
        graphic(() => page.doc.rect(page.left, page.y, page.contentWidth, laidRow.height).fill(fill));
      laidRow.laid.forEach((text, index) => {
        const width = widths[index]! - 2 * CELL_PADDING;
        tagged(cell ?? 'TD', laidRow.texts[index]!, () =>
          page.writer.draw(
            text,
            page.boxX(offsets[index]! + CELL_PADDING, width),
            page.y + CELL_PADDING,
            width,
            laidRow.cellStyle,
            page.align,
          ),
        );
      });
      page.y += laidRow.height;
      graphic(() =>
        page.doc.moveTo(page.left, page.y).lineTo(page.right, page.y).lineWidth(0.5).strokeColor(RULE).stroke(),
      );
    };
    if (tableRow === undefined) page.artifact(paintRow, 'Pagination');
    else {
      paintRow();
      tableRow.end();
    }
  };
  const header = row(
    {
      no: texts.lineNumber,
      description: texts.description,
      quantity: texts.quantity,
      unitPrice: texts.unitPrice,
      discount: texts.discount,
      lineTotal: texts.lineTotal,
      vat: texts.vat,
    },
    style(8, 'bold'),
    HEADER_FILL,
  );
  page.makeRoom(header.height, 40);
  draw(header, 'TH');
  const cellStyle = style(9);
  for (const line of view.lines) {
    const description = [line.description, line.code === null ? '' : `${texts.code}: ${line.code}`]
      .filter((part) => part !== '')
      .join('\n');
    const laidRow = row(
      {
        no: String(line.position),
        description,
        quantity: `${line.quantity}${line.unit === '' ? '' : ` ${line.unit}`}`,
        unitPrice: line.unitPrice,
        discount: line.discountPercent,
        lineTotal: line.lineTotal,
        vat: `${line.vat} (${line.vatPercent}%)`,
      },
      cellStyle,
    );
    if (page.makeRoom(laidRow.height)) draw(header);
    draw(laidRow, 'TD');
  }
  table.end();
}

function writeTotals(page: QuotePage, view: BuyerQuotation, texts: BuyerTexts): void {
  page.y += 10;
  page.makeRoom(4 * BODY.size * 1.6);
  writeField(page, texts.subtotal, `${view.totals.subtotal} ${view.currency}`, 'ltr');
  writeField(page, texts.vatTotal, `${view.totals.vat} ${view.currency}`, 'ltr');
  writeField(page, texts.total, `${view.totals.total} ${view.currency}`, 'ltr');
  page.y += page.paragraph('P', texts.vatRounding, 0, page.y, page.contentWidth, SMALL);
}

/** Renders the PDF of a sent quotation, in its buyer's language. */
export function renderQuotationPdf(view: BuyerQuotation): Promise<Buffer> {
  const texts = buyerTexts(view.language);
  // a revision replaced since says so in its heading and on every page, not only on the page it was opened from
  const mark = view.state === 'superseded' ? ` – ${texts.supersededMark}` : '';
  const doc: PdfDoc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    tagged: true,
    lang: view.language,
    displayTitle: true,
    info: {
      Title: `${texts.title} ${view.number}${mark}`,
      Author: texts.companyName,
      Subject: view.requestReference,
      CreationDate: new Date(view.sentAt),
    },
  });
  const done = documentBytes(doc);
  registerFonts(doc);
  const page = new QuotePage(doc, view.language === 'ar');
  page.y += page.paragraph('P', texts.companyName, 0, page.y, page.contentWidth, style(13, 'bold', NAVY));
  page.y += page.paragraph(
    'H1',
    `${texts.title} ${view.number}${mark}`,
    0,
    page.y,
    page.contentWidth,
    style(20, 'bold'),
  );
  page.y += 4;
  writeField(page, texts.number, view.number, 'ltr');
  writeField(page, texts.reference, view.requestReference, 'ltr');
  writeField(page, texts.date, view.sentAt.slice(0, 10), 'ltr');
  writeField(page, texts.validUntil, view.validUntil, 'ltr');
  writeField(page, texts.branch, view.branch.name);
  writeField(page, texts.phone, view.branch.phone, 'ltr');
  writeField(page, texts.currency, view.currency, 'ltr');
  page.y += 10;
  writeLines(page, view, texts);
  writeTotals(page, view, texts);
  page.y += 10;
  writeField(page, texts.paymentTerms, view.paymentTerms);
  writeField(page, texts.deliveryTerms, view.deliveryTerms);
  writeField(page, texts.note, view.buyerNote);
  writeFooters(page, (number, count) => `${texts.page(number, count)} · ${view.number}${mark}`);
  page.finish();
  doc.end();
  return done;
}
