// The site's one PDF text pipeline (Node only: fonts from disk, pdfkit): the server's quote PDFs and the content
// build's datasheets and brochure write their text through it. Import it as '@site/content/pdf'.
export { registerFonts, type PdfDoc, type Weight } from './fonts';
export {
  LINE_HEIGHT,
  PdfTextWriter,
  type LaidOutLine,
  type LaidOutText,
  type TextAlign,
  type TextDirection,
  type TextStyle,
} from './textWriter';
export { displayOrder } from './bidi';
