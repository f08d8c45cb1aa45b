// What every generated PDF (datasheets, brochure) is drawn with: the page, the house colours and logo, and text
// through the site's one PDF text pipeline ('@site/content/pdf': wrapping, bidirectional order, Arabic shaping), so
// any text of the data prints as the site shows it, Arabic included. Blocks flow down the page from doc.y.
import { createWriteStream } from 'node:fs';
import PDFDocument from 'pdfkit';
import { PdfTextWriter, registerFonts, type TextAlign, type TextStyle, type Weight } from '../../src/pdf';
import type { Branch, CompanyInfo } from '../../src/types';

/** Fixed creation date of every PDF, so that the same data gives the same bytes. */
export const PDF_CREATION_DATE = new Date('2025-01-01T00:00:00Z');

export const NAVY = '#003c75';
export const ORANGE = '#f5a623';
export const INK = '#1f2a36';
export const GREY = '#5c6e82';
export const LIGHT = '#e3eef8';
export const RULE = '#c9d2dc';
export const MARGIN = 50;

/** Line height of these English documents, in font sizes: tighter than the quote PDF's, still clear of Arabic marks. */
const LEADING = 1.35;

export const style = (size: number, weight: Weight = 'regular', color = INK): TextStyle => ({
  size,
  weight,
  color,
  leading: LEADING,
});

/** A document and the writer of its text. */
export interface Pdf {
  doc: PDFKit.PDFDocument;
  writer: PdfTextWriter;
}

function newDocument(title: string, subject: string, company: CompanyInfo): Pdf {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: 78, left: MARGIN, right: MARGIN },
    bufferPages: true,
    autoFirstPage: true,
    info: {
      Title: title,
      Author: company.name,
      Subject: subject,
      Keywords: 'electrical products, datasheet, catalogue',
      Creator: `${company.name} content build`,
      CreationDate: PDF_CREATION_DATE,
    },
  });
  registerFonts(doc);
  // the documents are English: a paragraph without a strong character reads left to right
  return { doc, writer: new PdfTextWriter(doc, 0) };
}

export const contentWidth = ({ doc }: Pdf): number => doc.page.width - doc.page.margins.left - doc.page.margins.right;
const bottomLimit = ({ doc }: Pdf): number => doc.page.height - doc.page.margins.bottom;

/** Starts a new page when less than `height` points are left. */
export function ensureSpace(pdf: Pdf, height: number): void {
  if (pdf.doc.y + height > bottomLimit(pdf)) {
    pdf.doc.addPage();
    pdf.doc.y = pdf.doc.page.margins.top;
  }
}

/** The height `text` takes wrapped to `width`. */
export const textHeight = ({ writer }: Pdf, text: string, width: number, textStyle: TextStyle): number =>
  writer.layout(text, width, textStyle).height;

/** The width of a one-line text. */
export const textWidth = ({ writer }: Pdf, text: string, textStyle: TextStyle): number =>
  Math.max(0, ...writer.layout(text, Number.POSITIVE_INFINITY, textStyle).lines.map((line) => line.width));

/** Draws `text` wrapped in the box at (x, y) of `width`; returns the height used. */
export const textAt = (
  pdf: Pdf,
  text: string,
  x: number,
  y: number,
  width: number,
  textStyle: TextStyle,
  align: TextAlign = 'start',
): number => pdf.writer.write(text, x, y, width, textStyle, { align });

/** Draws `text` at doc.y across `width` from `x` (the margin and the whole width unless given) and moves doc.y below it. */
export function flow(
  pdf: Pdf,
  text: string,
  textStyle: TextStyle,
  options: { x?: number; width?: number; align?: TextAlign } = {},
): void {
  const { doc } = pdf;
  doc.y += textAt(pdf, text, options.x ?? MARGIN, doc.y, options.width ?? contentWidth(pdf), textStyle, options.align);
}

/** Moves doc.y down by `lines` lines of text of `size`. */
export const moveDown = ({ doc }: Pdf, lines: number, size = 10): void => {
  doc.y += lines * size * LEADING;
};

/** The crescent-and-bolt mark of the logo (content/public/images/logo.svg), drawn at (x, y) with a scale. */
export function drawLogoMark({ doc }: Pdf, x: number, y: number, scale: number, crescent = NAVY): void {
  doc.save();
  doc.translate(x, y).scale(scale);
  doc.path('M25.5 6.1A22 22 0 1 0 49.4 33A18 18 0 0 1 25.5 6.1z').fill(crescent);
  doc.path('M41 9L31 28h8l-4 17 14-22h-8l5-14z').fill(ORANGE);
  doc.restore();
}

export function sectionHeading(pdf: Pdf, text: string): void {
  ensureSpace(pdf, 60);
  moveDown(pdf, 0.6);
  const y = pdf.doc.y;
  pdf.doc.rect(MARGIN, y, 4, 16).fill(ORANGE);
  pdf.doc.y = y - 1;
  flow(pdf, text, style(13, 'bold', NAVY), { x: MARGIN + 12, width: contentWidth(pdf) - 12 });
  moveDown(pdf, 0.3);
}

export function paragraph(
  pdf: Pdf,
  text: string,
  options: { size?: number; color?: string; bold?: boolean } = {},
): void {
  const clean = text.trim();
  if (!clean) return;
  const textStyle = style(options.size ?? 10, options.bold ? 'bold' : 'regular', options.color ?? INK);
  const height = textHeight(pdf, clean, contentWidth(pdf), textStyle);
  // a long paragraph starts where it is and goes on over the page; a short one moves whole
  if (height > 200) return flowOverPages(pdf, clean, textStyle);
  ensureSpace(pdf, height + 4);
  flow(pdf, clean, textStyle);
  moveDown(pdf, 0.3);
}

/** A paragraph taller than what is left of the page: as many lines as fit, then the rest on the next pages. */
function flowOverPages(pdf: Pdf, text: string, textStyle: TextStyle): void {
  const { doc, writer } = pdf;
  const laid = writer.layout(text, contentWidth(pdf), textStyle);
  for (const line of laid.lines) {
    ensureSpace(pdf, laid.lineHeight);
    doc.y += writer.draw(
      { lines: [line], lineHeight: laid.lineHeight, height: laid.lineHeight },
      MARGIN,
      doc.y,
      contentWidth(pdf),
      textStyle,
      'start',
    );
  }
  moveDown(pdf, 0.3);
}

export function bullet(pdf: Pdf, text: string): void {
  const clean = text.trim();
  if (!clean) return;
  const textStyle = style(10);
  ensureSpace(pdf, textHeight(pdf, clean, contentWidth(pdf) - 14, textStyle) + 4);
  pdf.doc.circle(MARGIN + 4, pdf.doc.y + 7.5, 1.8).fill(NAVY);
  flow(pdf, clean, textStyle, { x: MARGIN + 14, width: contentWidth(pdf) - 14 });
}

/** A two-column key / value list (description rows, spec rows). */
export function keyValueTable(pdf: Pdf, rows: [string, string][]): void {
  const { doc } = pdf;
  const width = contentWidth(pdf);
  const keyWidth = Math.round(width * 0.36);
  const valueWidth = width - keyWidth;
  const keyStyle = style(9.5, 'bold', NAVY);
  const valueStyle = style(9.5);
  rows.forEach(([key, value], index) => {
    const height =
      Math.max(textHeight(pdf, key, keyWidth - 12, keyStyle), textHeight(pdf, value, valueWidth - 12, valueStyle)) + 6;
    ensureSpace(pdf, height);
    const y = doc.y;
    if (index % 2 === 0) doc.rect(MARGIN, y, width, height).fill(LIGHT);
    textAt(pdf, key, MARGIN + 6, y + 3, keyWidth - 12, keyStyle);
    textAt(pdf, value, MARGIN + keyWidth + 6, y + 3, valueWidth - 12, valueStyle);
    doc.y = y + height;
  });
  moveDown(pdf, 0.4);
}

function footerLines(company: CompanyInfo, branches: Branch[]): string[] {
  return [
    `${company.name}  |  ${company.address}  |  Tel ${company.mainPhone}  |  ${company.generalEmail}`,
    branches.map((b) => `${b.name} ${b.mobileNo}`).join('   |   '),
    branches.map((b) => b.email).join('   |   '),
  ];
}

/** Writes the footer (contact details and page x of y) on every buffered page. */
function addFooters(pdf: Pdf, company: CompanyInfo, branches: Branch[], skipFirst = false): void {
  const { doc } = pdf;
  const range = doc.bufferedPageRange();
  const lines = footerLines(company, branches);
  for (let i = range.start; i < range.start + range.count; i++) {
    if (skipFirst && i === range.start) continue;
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - 60;
    const width = doc.page.width - 2 * MARGIN;
    doc
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + width, y)
      .lineWidth(0.8)
      .stroke(NAVY);
    lines.forEach((line, n) => {
      let size = 6.5;
      while (size > 4.5 && textWidth(pdf, line, style(size, 'regular', GREY)) > width - 2) size -= 0.25;
      textAt(pdf, line, MARGIN, y + 3 + n * 9, width, style(size, 'regular', GREY), 'center');
    });
    const last = y + 5 + lines.length * 9;
    textAt(pdf, company.copyright, MARGIN, last, width / 2, style(6.5, 'regular', GREY), 'left');
    textAt(
      pdf,
      `Page ${i - range.start + 1} of ${range.count}`,
      MARGIN + width / 2,
      last,
      width / 2,
      style(6.5, 'regular', GREY),
      'right',
    );
    doc.page.margins.bottom = bottom;
  }
}

function writeDocument({ doc }: Pdf, file: string): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const stream = createWriteStream(file);
    stream.on('finish', () => resolvePromise());
    stream.on('error', reject);
    doc.pipe(stream);
    doc.end();
  });
}

export interface DocumentOptions {
  title: string;
  subject: string;
  /** Whose document: its info and every page's footer. */
  company: CompanyInfo;
  branches: Branch[];
  /** The first page is a cover: no footer on it. */
  cover?: boolean;
}

/**
 * A document of every generator: opened with its info, drawn by `draw`, a footer on each page (the cover's aside),
 * written to `file`. Resolves to its page count.
 */
export async function writePdf(
  file: string,
  { title, subject, company, branches, cover = false }: DocumentOptions,
  draw: (pdf: Pdf) => void,
): Promise<number> {
  const pdf = newDocument(title, subject, company);
  draw(pdf);
  const pages = pdf.doc.bufferedPageRange().count;
  addFooters(pdf, company, branches, cover);
  await writeDocument(pdf, file);
  return pages;
}
