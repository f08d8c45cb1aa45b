// The fonts of the site's PDFs and which one draws each character: Latin in Helvetica (pdfkit's built-in font,
// WinAnsi), Arabic in Noto Sans Arabic (embedded, shaped by fontkit), extended Latin (ā, ł, ş...) in Noto's latin-ext
// cut. A few symbols of the data none of them has are spelled out (Ω as "ohm"); any other character (CJK, emoji...)
// is drawn as '?'.
import { readFileSync } from 'node:fs';
import { woffToSfnt } from './woff';

export type Weight = 'regular' | 'bold';

export type Face = 'latin' | 'arabic' | 'latinExt';

/** What pdfkit needs of a document here (PDFKit.PDFDocument fits). */
export type PdfDoc = PDFKit.PDFDocument;

/**
 * The @fontsource files with the Arabic and extended Latin glyphs (fontkit reads WOFF). `require` is this CommonJS
 * package's own, and the one the server's ESM bundle defines in its banner (server/scripts/build.mjs).
 */
const fontFile = (subset: 'arabic' | 'latin-ext', weight: Weight): string =>
  require.resolve(
    `@fontsource/noto-sans-arabic/files/noto-sans-arabic-${subset}-${weight === 'bold' ? 700 : 400}-normal.woff`,
  );

let fontData: Record<`${'arabic' | 'latinExt'}-${Weight}`, Buffer> | undefined;

/** The embedded fonts, read and unwrapped (woff.ts) once. Throws when the package is missing. */
function embeddedFonts(): NonNullable<typeof fontData> {
  const read = (file: string) => woffToSfnt(readFileSync(file));
  fontData ??= {
    'arabic-regular': read(fontFile('arabic', 'regular')),
    'arabic-bold': read(fontFile('arabic', 'bold')),
    'latinExt-regular': read(fontFile('latin-ext', 'regular')),
    'latinExt-bold': read(fontFile('latin-ext', 'bold')),
  };
  return fontData;
}

/** Registers the fonts with a new document (the embedded ones are subset into it as they are used). */
export function registerFonts(doc: PdfDoc): void {
  for (const [name, data] of Object.entries(embeddedFonts())) doc.registerFont(name, data);
}

export const fontName = (face: Face, weight: Weight): string =>
  face === 'latin' ? (weight === 'bold' ? 'Helvetica-Bold' : 'Helvetica') : `${face}-${weight}`;

/** The characters of WinAnsiEncoding beyond Latin-1 (its 0x80–0x9F row). */
const WIN_ANSI_EXTRA = new Set([...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'].map((char) => char.codePointAt(0)!));

/** The face that draws a code point, none for one no font here has. */
export function faceOf(cp: number): Face | undefined {
  if ((cp >= 0x20 && cp <= 0x7e) || (cp >= 0xa0 && cp <= 0xff && cp !== 0xad) || WIN_ANSI_EXTRA.has(cp)) return 'latin';
  if (
    (cp >= 0x0600 && cp <= 0x06ff) ||
    (cp >= 0x0750 && cp <= 0x077f) ||
    (cp >= 0x0870 && cp <= 0x08ff) ||
    (cp >= 0xfb50 && cp <= 0xfdff) ||
    (cp >= 0xfe70 && cp <= 0xfefc)
  ) {
    return 'arabic';
  }
  if ((cp >= 0x0100 && cp <= 0x024f) || (cp >= 0x1e00 && cp <= 0x1eff)) return 'latinExt';
  return undefined;
}

/**
 * Invisible characters that only steer the order (marks, embeddings, isolates) or the joining of letters: read by
 * bidi.ts, never drawn.
 */
export const isInvisible = (cp: number): boolean =>
  cp === 0x200e ||
  cp === 0x200f ||
  cp === 0x061c ||
  cp === 0x200b ||
  cp === 0x00ad ||
  cp === 0xfeff ||
  cp === 0x2060 ||
  (cp >= 0x202a && cp <= 0x202e) ||
  (cp >= 0x2066 && cp <= 0x2069);
/** Kept for fontkit (they decide whether two Arabic letters join). */
export const isJoiner = (cp: number): boolean => cp === 0x200c || cp === 0x200d;

/** Symbols of the catalogue's data that no font here has, in words a reader of the PDF understands. */
const SPELLED_OUT: Record<string, string> = { Ω: 'ohm', '≤': '<=', '≥': '>=', '→': '->', '✓': 'yes' };

/** A paragraph as drawable code points: tabs and odd spaces as spaces, known symbols spelled out, the unknown as '?'. */
export function drawable(paragraph: string): number[] {
  const out: number[] = [];
  for (const char of paragraph) {
    const cp = char.codePointAt(0)!;
    const spelled = SPELLED_OUT[char];
    if (spelled !== undefined) out.push(...[...spelled].map((c) => c.codePointAt(0)!));
    else if (
      cp === 0x09 ||
      cp === 0x2028 ||
      cp === 0x2029 ||
      (cp >= 0x2000 && cp <= 0x200a) ||
      cp === 0x202f ||
      cp === 0x205f ||
      cp === 0x3000
    )
      out.push(0x20);
    else if (isInvisible(cp) || faceOf(cp) !== undefined) out.push(cp);
    else if (isJoiner(cp)) out.push(cp);
    else if (/\p{M}/u.test(char))
      continue; // a mark on a character drawn as '?'
    else out.push(0x3f);
  }
  return out;
}
