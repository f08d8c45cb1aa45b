// A sent quotation as a PDF (A4) in the buyer's language, written with the site's PDF writer and fonts (the request
// for quotation's page: quote-requests/pdf): the company, the number, the request, the date and validity, the branch and its
// phone; the seller's legal name, tax and commercial registration numbers; the buyer, the salesperson, the Incoterms
// rule and place; the lines (their names and quantities in the buyer's language, as the view gives them) with each
// part's availability when priced (header repeated on every page); the totals with "VAT rounded per line" and the
// validity beside them; the terms and the note; a signature and stamp block for each side; "Page 1 of 2" on every
// page. A fact a quotation sent before the document named it says "Not given". An Arabic quotation is laid out right
// to left (codes, amounts and dates stay left to right). The same view gives the same bytes (its creation date is the
// day it was sent), so a mail sent again carries the same file.
import PDFDocument from 'pdfkit';
import type { BuyerQuotation } from '@site/contracts/quotation-link-api';
import { registerFonts, type LaidOutText, type PdfDoc, type TextDirection, type TextStyle } from '@site/content/pdf';
import {
  BODY,
  documentBytes,
  HEADER_FILL,
  LABEL,
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

/** The file's name: Quotation-QT-AE-2026-000123.pdf. */
export const quotationPdfFileName = (number: string): string => `Quotation-${number}.pdf`;

/** A label and its value, side by side (the quotation's label column); nothing for an empty value. */
function writeField(page: QuotePage, label: string, value: string, direction: TextDirection = 'auto'): void {
  if (value !== '') writePageField(page, LABEL_WIDTH, label, value, direction);
}

type Key = 'no' | 'description' | 'quantity' | 'unitPrice' | 'discount' | 'lineTotal' | 'vat';
const COLUMNS: readonly { key: Key; width: number; direction: TextDirection }[] = [
  { key: 'no', width: 24, direction: 'ltr' },
  { key: 'description', width: 0, direction: 'auto' },
  // the quantity in its unit's words ('100 pieces', '100 قطعة'): read in the words' own direction
  { key: 'quantity', width: 62, direction: 'auto' },
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
    const availability = line.availability ?? null;
    const description = [
      line.description,
      line.code === null ? '' : `${texts.code}: ${line.code}`,
      availability === null ? '' : `${texts.availability}: ${availability}`,
    ]
      .filter((part) => part !== '')
      .join('\n');
    const laidRow = row(
      {
        no: String(line.position),
        description,
        // a view queued before lines carried their quantity in words: the figure and the unit as stored
        quantity: line.quantityText ?? `${line.quantity}${line.unit === '' ? '' : ` ${line.unit}`}`,
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
  // the validity beside the total: what the buyer weighs the total against
  writeField(page, texts.validUntil, view.validUntil, 'ltr');
  page.y += page.paragraph('P', texts.vatRounding, 0, page.y, page.contentWidth, SMALL);
}

const COLUMN_GAP = 24;
const FACT_LABEL_WIDTH = 96;

/** A column of facts: its heading and its label-value pairs. */
interface FactColumn {
  title: string;
  facts: { label: string; value: string; direction: TextDirection }[];
}

/**
 * Two columns of facts side by side (the seller beside the buyer, the salesperson beside the delivery), each with its
 * heading (H2) and its label-value pairs (a paragraph each, read label first); kept whole on one page.
 */
function writeFactColumns(page: QuotePage, columns: readonly [FactColumn, FactColumn]): void {
  const width = (page.contentWidth - COLUMN_GAP) / 2;
  const valueWidth = width - FACT_LABEL_WIDTH;
  const titleStyle = style(11, 'bold', NAVY);
  const laid = columns.map((column) => ({
    title: page.writer.layout(column.title, width, titleStyle),
    facts: column.facts.map((fact) => ({
      ...fact,
      label: page.writer.layout(fact.label, FACT_LABEL_WIDTH - 6, LABEL),
      value: page.writer.layout(fact.value, valueWidth, BODY, fact.direction),
    })),
  }));
  const heights = laid.map(
    (column) =>
      column.title.height +
      2 +
      column.facts.reduce((sum, fact) => sum + Math.max(fact.label.height, fact.value.height), 0),
  );
  page.y += 8;
  page.makeRoom(Math.max(...heights));
  const top = page.y;
  laid.forEach((column, index) => {
    const offset = index * (width + COLUMN_GAP);
    let y = top;
    const title = page.element('H2', page.structure, columns[index]!.title);
    page.content(title, 'H2', () =>
      page.writer.draw(column.title, page.boxX(offset, width), y, width, titleStyle, page.align),
    );
    title.end();
    y += column.title.height + 2;
    column.facts.forEach((fact, at) => {
      const given = columns[index]!.facts[at]!;
      const field = page.element('P', page.structure, `${given.label}: ${given.value}`);
      page.content(field, 'P', () =>
        page.writer.draw(
          fact.label,
          page.boxX(offset, FACT_LABEL_WIDTH - 6),
          y,
          FACT_LABEL_WIDTH - 6,
          LABEL,
          page.align,
        ),
      );
      page.content(field, 'P', () =>
        page.writer.draw(fact.value, page.boxX(offset + FACT_LABEL_WIDTH, valueWidth), y, valueWidth, BODY, page.align),
      );
      field.end();
      y += Math.max(fact.label.height, fact.value.height);
    });
  });
  page.y = top + Math.max(...heights);
}

/** The seller, the buyer, the salesperson and the delivery: each fact, or "Not given" where the quotation has none. */
function writeParties(page: QuotePage, view: BuyerQuotation, texts: BuyerTexts): void {
  const given = (value: string | null | undefined) =>
    value === null || value === undefined || value.trim() === '' ? texts.notGiven : value;
  const fact = (label: string, value: string | null | undefined, direction: TextDirection = 'auto') => {
    const shown = given(value);
    // a fact not given is a word of the document's language, not a code read left to right
    return { label, value: shown, direction: shown === texts.notGiven ? 'auto' : direction };
  };
  const seller = view.seller ?? null;
  const buyer = view.buyer;
  const salesperson = view.salesperson ?? null;
  const delivery = view.delivery ?? null;
  writeFactColumns(page, [
    {
      title: texts.seller,
      facts: [
        fact(texts.legalName, seller?.legalName),
        ...(seller === null
          ? []
          : [
              fact(seller.taxLabel, seller.taxNumber, 'ltr'),
              fact(texts.commercialRegistration, seller.commercialRegistration, 'ltr'),
            ]),
      ],
    },
    {
      title: texts.buyer,
      facts: [
        fact(texts.company, buyer?.company ?? view.companyName),
        fact(texts.contact, buyer?.contact),
        fact(texts.email, buyer?.email, 'ltr'),
        fact(texts.phone, buyer?.phone, 'ltr'),
        fact(texts.deliveryCity, buyer?.city),
      ],
    },
  ]);
  writeFactColumns(page, [
    {
      title: texts.salesperson,
      facts: [
        fact(texts.signature.name, salesperson?.name === '' ? salesperson.email : salesperson?.name),
        fact(texts.directPhone, salesperson?.phone, 'ltr'),
        fact(texts.email, salesperson?.email, 'ltr'),
      ],
    },
    {
      title: texts.delivery,
      facts: [
        fact(texts.incoterms, delivery === null ? null : `${delivery.incoterm} (${delivery.name})`),
        fact(texts.deliveryPlace, delivery?.place),
      ],
    },
  ]);
}

const SIGNATURE_LINE = 22;
const STAMP = 64;
const SIGNATURE_LABEL_WIDTH = 54;

/**
 * The signature and stamp block: the seller's (for its legal entity) and the buyer's acceptance side by side, each with
 * its name, signature and date lines and, beside them, a box for the company stamp. Kept whole on one page.
 */
function writeSignatures(page: QuotePage, view: BuyerQuotation, texts: BuyerTexts): void {
  const width = (page.contentWidth - COLUMN_GAP) / 2;
  const titleStyle = style(10, 'bold');
  const titles = [texts.signature.forSeller(view.seller?.legalName ?? view.companyName), texts.signature.forBuyer];
  const titleHeight = Math.max(...titles.map((title) => page.writer.layout(title, width, titleStyle).height));
  const linesHeight = 3 * SIGNATURE_LINE;
  const height = titleHeight + 4 + Math.max(linesHeight, STAMP + SMALL.size * 2);
  page.y += 14;
  page.makeRoom(height);
  const top = page.y;
  const linesWidth = width - STAMP - 12;
  titles.forEach((title, column) => {
    const offset = column * (width + COLUMN_GAP);
    page.paragraph('P', title, offset, top, width, titleStyle);
    // both columns' lines level, under the taller title
    const blockTop = top + titleHeight + 4;
    let y = blockTop;
    for (const label of [texts.signature.name, texts.signature.signature, texts.signature.date]) {
      y += SIGNATURE_LINE;
      page.paragraph('P', label, offset, y - BODY.size * 1.55, SIGNATURE_LABEL_WIDTH, LABEL);
      const lineX = page.boxX(offset + SIGNATURE_LABEL_WIDTH, linesWidth - SIGNATURE_LABEL_WIDTH);
      page.artifact(() =>
        page.doc
          .moveTo(lineX, y)
          .lineTo(lineX + linesWidth - SIGNATURE_LABEL_WIDTH, y)
          .lineWidth(0.5)
          .strokeColor(RULE)
          .stroke(),
      );
    }
    const stampOffset = offset + width - STAMP;
    const stampX = page.boxX(stampOffset, STAMP);
    page.artifact(() =>
      page.doc
        .rect(stampX, blockTop, STAMP, STAMP)
        .lineWidth(0.5)
        .dash(3, { space: 2 })
        .strokeColor(RULE)
        .stroke()
        .undash(),
    );
    page.paragraph('P', texts.signature.stamp, stampOffset, blockTop + STAMP + 2, STAMP, SMALL);
  });
  page.y = top + height;
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
  writeParties(page, view, texts);
  page.y += 10;
  writeLines(page, view, texts);
  writeTotals(page, view, texts);
  page.y += 10;
  writeField(page, texts.paymentTerms, view.paymentTerms);
  writeField(page, texts.deliveryTerms, view.deliveryTerms);
  writeField(page, texts.note, view.buyerNote);
  writeSignatures(page, view, texts);
  writeFooters(page, (number, count) => `${texts.page(number, count)} · ${view.number}${mark}`);
  page.finish();
  doc.end();
  return done;
}
