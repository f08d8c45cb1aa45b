// The text a PDF's glyphs stand for, true letter by letter. A PDF reader gets a glyph's characters from the font's
// ToUnicode map, which pdfkit writes by glyph: the characters of the glyph object fontkit's layout hands it. fontkit
// keeps one glyph object per glyph id, with the characters of its first use, and Noto Sans Arabic draws several
// letters with one glyph (the initial and medial forms of beh, teh, noon, yeh and yeh with hamza share one dotless
// shape, their dots being marks of their own). So copying, search, screen readers and pdftotext read whichever of
// those letters came first: "الكهربابتة" for "الكهربائية". Here fontkit answers each use with the glyph's characters
// of that use, and a glyph drawn for other characters than before gets a copy of its own in the font's subset, whose
// ToUnicode entry is its own characters. The subset grows by those copies only (a few glyphs per document).

/** A fontkit glyph: what is read of it here. */
interface Glyph {
  id: number;
  codePoints: number[];
  advanceWidth: number;
}

/** What is read and replaced of pdfkit's EmbeddedFont and its fontkit font (internals that have no types). */
interface EmbeddedFontParts {
  font: { getGlyph(id: number, characters?: number[]): Glyph | null };
  layout(text: string, features?: unknown): { glyphs: Glyph[]; positions: unknown[] };
  subset: { glyphs: number[]; includeGlyph(id: number): number };
  widths: number[];
  unicode: number[][];
  scale: number;
  encode(text: string, features?: unknown): [string[], unknown[]];
}

/** An Arabic mark (harakat, shadda, tanween, superscript alef, Quranic marks): drawn as a glyph of its own. */
const ARABIC_MARK = /^[\u064B-\u065F\u0670\u06D6-\u06ED]+$/u;

/**
 * The glyphs with each Arabic mark's characters read as part of its letter's glyph, and the mark's glyph as none: a
 * mark is a glyph of its own, with no width, placed over its letter; a reader that meets it as a character of its own
 * puts it apart from its letter ("مد ّرع" for "مدرّع", "لاحقا ً"). fontkit hands a right-to-left run in display order,
 * a mark before its letter: the letter is the next glyph that is not a mark.
 */
function withMarksOnTheirLetters(glyphs: readonly Glyph[]): Glyph[] {
  const out = [...glyphs];
  for (let at = out.length - 1; at >= 0; at -= 1) {
    const mark = out[at]!;
    if (mark.advanceWidth !== 0 || !ARABIC_MARK.test(String.fromCodePoint(...mark.codePoints))) continue;
    let letter = at + 1;
    while (letter < out.length && out[letter]!.advanceWidth === 0) letter += 1;
    const base = out[letter];
    if (base === undefined) continue;
    out[letter] = Object.create(base, { codePoints: { value: [...base.codePoints, ...mark.codePoints] } }) as Glyph;
    out[at] = Object.create(mark, { codePoints: { value: [] } }) as Glyph;
  }
  return out;
}

const sameCharacters = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((cp, at) => cp === b[at]);

const patched = new WeakSet<object>();

/**
 * Makes the document's current font, if an embedded one (a standard font has no subset), map each glyph it draws to
 * that use's characters. Call it as the font is selected, before it lays out any text.
 */
export function keepGlyphTextTrue(doc: PDFKit.PDFDocument): void {
  // pdfkit's current font; not in its types
  const font = (doc as unknown as { _font?: Partial<EmbeddedFontParts> })._font;
  if (font === undefined || font.subset === undefined || font.font === undefined || patched.has(font)) return;
  const embedded = font as EmbeddedFontParts;
  patched.add(embedded);

  const fontkit = embedded.font;
  const getGlyph = fontkit.getGlyph;
  fontkit.getGlyph = function glyphOfThisUse(id, characters = []) {
    const glyph = getGlyph.call(this, id, characters);
    if (glyph === null || sameCharacters(glyph.codePoints, characters)) return glyph;
    // the cached glyph with these characters: everything else (outline, metrics) read through to it
    return Object.create(glyph, { codePoints: { value: characters } }) as Glyph;
  };

  /** Subset glyph by font glyph and the characters it stands for. */
  const slots = new Map<string, number>();
  embedded.encode = function encode(text, features) {
    const { glyphs, positions } = this.layout(text, features);
    const hex = withMarksOnTheirLetters(glyphs).map((glyph) => {
      const key = `${glyph.id}:${glyph.codePoints.join(',')}`;
      let gid = slots.get(key);
      if (gid === undefined) {
        gid = this.subset.includeGlyph(glyph.id);
        const shown = this.unicode[gid];
        if (shown !== undefined && !sameCharacters(shown, glyph.codePoints)) {
          // this glyph already stands for other characters: a copy of it stands for these
          this.subset.glyphs.push(glyph.id);
          gid = this.subset.glyphs.length - 1;
        }
        slots.set(key, gid);
        this.widths[gid] ??= glyph.advanceWidth * this.scale;
        this.unicode[gid] ??= glyph.codePoints;
      }
      return `0000${gid.toString(16)}`.slice(-4);
    });
    return [hex, positions];
  };
}
