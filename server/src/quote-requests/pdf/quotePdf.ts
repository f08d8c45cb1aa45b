// A request for quotation as a PDF (A4), in the buyer's language: the company, the reference and date, the buyer's
// details, the table of lines (repeated header on every page: quoteLinesTable.ts) and the notes; an Arabic request is
// laid out right to left, its products named in Arabic with the English name under it (the branch reads both). The
// same snapshot gives the same bytes (the creation date is the request's): a mail sent again, or the download,
// carries the same file.
import PDFDocument from 'pdfkit';
import type { QuoteSnapshot } from '../quoteSnapshot.js';
import { quoteDate } from '../quoteSnapshot.js';
import { quoteTexts, type QuoteTexts } from '../quoteTexts.js';
import { registerFonts, type PdfDoc, type TextDirection } from '@site/content/pdf';
import { writeLinesTable } from './quoteLinesTable.js';
import {
  BODY,
  documentBytes,
  MARGIN,
  NAVY,
  QuotePage,
  style,
  writeField as writePageField,
  writeFooters,
} from './quotePage.js';

/** The labels' column of the heading's fields. */
const LABEL_WIDTH = 110;

/** The document, its metadata the request's: the creation date too, so that the same request gives the same bytes. */
function quoteDocument(snapshot: QuoteSnapshot, texts: QuoteTexts): PdfDoc {
  return new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    tagged: true,
    lang: snapshot.language,
    displayTitle: true,
    info: {
      Title: `${texts.title} ${snapshot.reference}`,
      Author: texts.companyName,
      Subject: `${snapshot.companyName} (${snapshot.branch})`,
      CreationDate: new Date(snapshot.createdAt),
    },
  });
}

/** A label and its value, side by side (the quote's label column). */
const writeField = (page: QuotePage, label: string, value: string, direction: TextDirection = 'auto'): void =>
  writePageField(page, LABEL_WIDTH, label, value, direction);

/** The company, the title, the reference and date, then the buyer's details. */
function writeHeading(page: QuotePage, snapshot: QuoteSnapshot, texts: QuoteTexts): void {
  page.y += page.paragraph('P', texts.companyName, 0, page.y, page.contentWidth, style(13, 'bold', NAVY));
  page.y += page.paragraph('H1', texts.title, 0, page.y, page.contentWidth, style(20, 'bold'));
  page.y += 4;
  writeField(page, texts.reference, snapshot.reference, 'ltr');
  writeField(page, texts.date, quoteDate(snapshot), 'ltr');
  page.y += 8;
  writeField(page, texts.company, snapshot.companyName);
  writeField(page, texts.name, snapshot.name);
  writeField(page, texts.email, snapshot.email, 'ltr');
  writeField(page, texts.phone, snapshot.phone, 'ltr');
  writeField(page, texts.branch, texts.branchName(snapshot.branch));
  if (snapshot.deliveryCity !== null) writeField(page, texts.deliveryCity, snapshot.deliveryCity);
  if (snapshot.neededBy !== null) writeField(page, texts.neededBy, snapshot.neededBy, 'ltr');
  page.y += 14;
}

/** The buyer's notes under their heading, line by line, so that long notes go on over the next pages. */
function writeNotes(page: QuotePage, notesText: string, texts: QuoteTexts): void {
  page.y += 16;
  const notes = page.writer.layout(notesText, page.contentWidth, BODY);
  const heading = page.writer.layout(texts.notes, page.contentWidth, style(13, 'bold', NAVY));
  page.makeRoom(heading.height, notes.lineHeight);
  const title = page.element('H2', page.structure, texts.notes);
  page.y += page.content(title, 'H2', () =>
    page.writer.draw(heading, page.left, page.y, page.contentWidth, style(13, 'bold', NAVY), page.align),
  );
  title.end();
  // one paragraph, line by line over as many pages as it takes
  const paragraph = page.element('P', page.structure, notesText);
  for (const line of notes.lines) {
    page.makeRoom(notes.lineHeight);
    page.y += page.content(paragraph, 'P', () =>
      page.writer.draw(
        { lines: [line], lineHeight: notes.lineHeight, height: notes.lineHeight },
        page.left,
        page.y,
        page.contentWidth,
        BODY,
        page.align,
      ),
    );
  }
  paragraph.end();
}

/** Renders the PDF of a request. */
export function renderQuotePdf(snapshot: QuoteSnapshot): Promise<Buffer> {
  const texts = quoteTexts(snapshot.language);
  const doc = quoteDocument(snapshot, texts);
  const done = documentBytes(doc);
  registerFonts(doc);
  const page = new QuotePage(doc, snapshot.language === 'ar');
  writeHeading(page, snapshot, texts);
  writeLinesTable(page, snapshot, texts);
  if (snapshot.notes !== null) writeNotes(page, snapshot.notes, texts);
  // the page number and the reference at the foot of every page
  writeFooters(page, (number, count) => `${texts.page(number, count)} · ${snapshot.reference}`);
  page.finish();
  doc.end();
  return done;
}
