// The quote PDF's page: its margins, colours and text styles, and where the next text goes. Text is written down the
// page from the top margin; a block that would reach the footer's room starts a new page. In a right-to-left document
// every box is mirrored, so the same offsets lay out both. The document is tagged (PDF/UA's way): its text sits in a
// structure tree (headings, paragraphs, a table's rows and cells) that a screen reader reads in order and in the
// document's language; rules, fills, repeated table headers and page footers are marked artifacts, which it skips.
import { PdfTextWriter, type PdfDoc, type TextDirection, type TextStyle } from '@site/content/pdf';

export const NAVY = '#003c75';
const INK = '#1f2a36';
const GREY = '#5c6e82';
export const RULE = '#c9d2dc';
export const HEADER_FILL = '#e3eef8';
export const MARGIN = 50;
/** Room kept at the bottom of every page for its footer. */
export const FOOTER = 30;

export const style = (size: number, weight: TextStyle['weight'] = 'regular', color = INK): TextStyle => ({
  size,
  weight,
  color,
});
export const BODY = style(10);
export const LABEL = style(10, 'bold', GREY);
export const SMALL = style(8, 'regular', GREY);

export class QuotePage {
  /** The top of the next text on the current page. */
  y = MARGIN;
  readonly left = MARGIN;
  readonly right: number;
  readonly contentWidth: number;
  readonly align: 'right' | 'left';
  readonly writer: PdfTextWriter;
  /** The structure tree's root: every element of the document is under it. */
  readonly structure: PDFKit.PDFStructureElement;

  constructor(
    readonly doc: PdfDoc,
    private readonly rtl: boolean,
  ) {
    this.writer = new PdfTextWriter(doc, rtl ? 1 : 0);
    this.structure = doc.struct('Document');
    doc.addStructure(this.structure);
    this.right = doc.page.width - MARGIN;
    this.contentWidth = this.right - this.left;
    this.align = rtl ? 'right' : 'left';
  }

  /** The lowest a text may reach on this page: the footer's room is below it. */
  bottom(): number {
    return this.doc.page.height - MARGIN - FOOTER;
  }

  /** A box from the reading start: its x on the page (mirrored in a right-to-left document). */
  boxX(offset: number, width: number): number {
    return this.rtl ? this.right - offset - width : this.left + offset;
  }

  /** Writes `text` in the box `offset` from the reading start; returns the height it took. */
  write(
    text: string,
    offset: number,
    top: number,
    width: number,
    textStyle: TextStyle,
    direction: TextDirection = 'auto',
  ): number {
    return this.writer.write(text, this.boxX(offset, width), top, width, textStyle, { align: this.align, direction });
  }

  /**
   * A structure element of `type` (P, H1, Table, TR, TH, TD…) under `parent`; the caller ends it once it is whole.
   * `text` is what it says in reading order (its ActualText): the drawn glyphs are in display order, Arabic reversed
   * and spaces left as gaps, so a screen reader would read them backwards and run together.
   */
  element(
    type: string,
    parent: PDFKit.PDFStructureElement = this.structure,
    text?: string,
  ): PDFKit.PDFStructureElement {
    const element = this.doc.struct(type, text === undefined ? {} : { actual: text });
    parent.add(element);
    return element;
  }

  /** Draws as content of `element` (a screen reader reads it there); returns what `draw` returns. */
  content<T>(element: PDFKit.PDFStructureElement, type: string, draw: () => T): T {
    const marked = this.doc.markStructureContent(type);
    const result = draw();
    this.doc.endMarkedContent();
    element.add(marked);
    return result;
  }

  /** Draws a paragraph (or a heading: `type` H1, H2) of its own; returns the height it took. */
  paragraph(
    type: string,
    text: string,
    offset: number,
    top: number,
    width: number,
    textStyle: TextStyle,
    direction: TextDirection = 'auto',
  ): number {
    const element = this.element(type, this.structure, text);
    const height = this.content(element, type, () => this.write(text, offset, top, width, textStyle, direction));
    element.end();
    return height;
  }

  /** Draws what a reader skips: a rule, a fill, a repeated header, a footer. */
  artifact<T>(draw: () => T, type: 'Layout' | 'Pagination' = 'Layout'): T {
    this.doc.markContent('Artifact', { type });
    const result = draw();
    this.doc.endMarkedContent();
    return result;
  }

  /** Ends the structure tree: call before the document ends. */
  finish(): void {
    this.structure.end();
  }

  /**
   * Starts a new page when what comes next, `heights` one below the other from `y`, would pass the bottom of this one.
   * Says whether it did (a table then repeats its header).
   */
  makeRoom(...heights: number[]): boolean {
    const reached = heights.reduce((sum, height) => sum + height, this.y);
    if (reached > this.bottom()) {
      this.doc.addPage();
      this.y = MARGIN;
      return true;
    }
    return false;
  }
}

/**
 * The footer of every page, written once the pages are all there: `footer(number, count)` ("Page 1 of 2 · RFQ-…"), an
 * artifact (a screen reader skips it).
 */
export function writeFooters(page: QuotePage, footer: (number: number, count: number) => string): void {
  const { doc } = page;
  const range = doc.bufferedPageRange();
  for (let at = range.start; at < range.start + range.count; at += 1) {
    doc.switchToPage(at);
    const footerTop = doc.page.height - MARGIN - FOOTER / 2;
    page.artifact(
      () => page.write(footer(at - range.start + 1, range.count), 0, footerTop, page.contentWidth, SMALL),
      'Pagination',
    );
  }
}

/** The document's bytes once it has ended. */
export function documentBytes(doc: PdfDoc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** A label (`labelWidth` wide) and its value beside it; on a new page when the value would reach the footer. */
export function writeField(
  page: QuotePage,
  labelWidth: number,
  label: string,
  value: string,
  direction: TextDirection = 'auto',
): void {
  const valueWidth = page.contentWidth - labelWidth;
  const laid = page.writer.layout(value, valueWidth, BODY, direction);
  page.makeRoom(laid.height);
  // one paragraph: the label read first, then its value
  const field = page.element('P', page.structure, `${label}: ${value}`);
  page.content(field, 'P', () => page.write(label, 0, page.y, labelWidth - 8, LABEL));
  page.content(field, 'P', () =>
    page.writer.draw(laid, page.boxX(labelWidth, valueWidth), page.y, valueWidth, BODY, page.align),
  );
  field.end();
  page.y += Math.max(laid.height, BODY.size * 1.55);
}
