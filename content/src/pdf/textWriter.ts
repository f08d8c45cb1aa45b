// Text in any of the site's languages on a pdfkit page, in the fonts of fonts.ts, for the quote PDFs (server) and the
// datasheets and brochure (scripts/generate-pdfs.ts). Paragraphs are wrapped at spaces and each line is put in display
// order (bidi.ts), then drawn run by run: fontkit reverses a run in a right-to-left script itself, so such a run is
// handed over in reading order, everything else in display order.
import { paragraphLevel, resolveLevels, visualLine, type VisualChar } from './bidi';
import { drawable, faceOf, fontName, isInvisible, isJoiner, type Face, type PdfDoc, type Weight } from './fonts';
import { keepGlyphTextTrue } from './glyphText';

export interface TextStyle {
  size: number;
  weight: Weight;
  color: string;
  /** Line height as a multiple of the size; LINE_HEIGHT (room for Arabic's marks) unless given. */
  leading?: number;
}

/** 'auto': the paragraph's first strong character decides (else the document's direction); 'ltr' for codes, e-mails, phones. */
export type TextDirection = 'auto' | 'ltr';

/** Where lines sit in their box; 'start': at the left of a left-to-right paragraph, the right of a right-to-left one. */
export type TextAlign = 'left' | 'right' | 'center' | 'start';

/** Right-to-left scripts fontkit reverses on its own (it looks at the first letter of a script in the run). */
const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

// ---------------------------------------------------------------- layout

interface Run {
  text: string;
  font: string;
  width: number;
}

export interface LaidOutLine {
  runs: Run[];
  width: number;
  /** Its paragraph's direction: 1 (right to left) or 0. */
  level: 0 | 1;
}

export interface LaidOutText {
  lines: LaidOutLine[];
  lineHeight: number;
  height: number;
}

/** Line height as a multiple of the font size: room for Arabic's marks above and below the letters. */
export const LINE_HEIGHT = 1.55;
/** Baseline below a line's top, in font sizes, at LINE_HEIGHT (a tighter leading takes from above and below alike). */
const ASCENT = 1.1;

export class PdfTextWriter {
  constructor(
    private readonly doc: PdfDoc,
    /** The document's direction: 1 (right to left) for an Arabic document. */
    private readonly documentLevel: 0 | 1,
  ) {}

  private width(text: string, font: string, size: number): number {
    if (text === '') return 0;
    this.doc.font(font).fontSize(size);
    keepGlyphTextTrue(this.doc);
    return this.doc.widthOfString(text);
  }

  /** The width of code points in reading order, font by font. */
  private measure(cps: readonly number[], style: TextStyle): number {
    let total = 0;
    let face: Face | undefined;
    let piece = '';
    const flush = () => {
      if (face !== undefined) total += this.width(piece, fontName(face, style.weight), style.size);
      piece = '';
    };
    for (const cp of cps) {
      if (isInvisible(cp)) continue;
      const next = isJoiner(cp) ? (face ?? 'arabic') : faceOf(cp)!;
      if (next !== face) flush();
      face = next;
      piece += String.fromCodePoint(cp);
    }
    flush();
    return total;
  }

  /** Wraps `text` (paragraphs split at line breaks) to `width` and orders each line for display. */
  layout(text: string, width: number, style: TextStyle, direction: TextDirection = 'auto'): LaidOutText {
    const lineHeight = style.size * (style.leading ?? LINE_HEIGHT);
    const lines: LaidOutLine[] = [];
    for (const paragraph of text.split(/\r\n|\r|\n/)) {
      const cps = drawable(paragraph);
      const base = direction === 'ltr' ? 0 : paragraphLevel(cps, this.documentLevel);
      const levels = resolveLevels(cps, base);
      for (const [start, end] of this.wrap(cps, width, style)) {
        lines.push(this.runsOf(visualLine(cps, levels, start, end, base), style, base));
      }
    }
    return { lines, lineHeight, height: lines.length * lineHeight };
  }

  /**
   * Line breaks: after spaces, as many words as fit; a word wider than the line is cut between characters (never
   * between a letter and its mark). Words are measured one by one: a space ends any joining or kerning anyway.
   */
  private wrap(cps: readonly number[], width: number, style: TextStyle): [number, number][] {
    if (cps.length === 0) return [[0, 0]];
    const space = this.measure([0x20], style);
    const words: { start: number; end: number; width: number; spaces: number }[] = [];
    for (let start = 0; start < cps.length; ) {
      let end = start;
      while (end < cps.length && cps[end] !== 0x20) end += 1;
      const wordEnd = end;
      while (end < cps.length && cps[end] === 0x20) end += 1;
      words.push({
        start,
        end,
        width: this.measure(cps.slice(start, wordEnd), style),
        spaces: (end - wordEnd) * space,
      });
      start = end;
    }
    const lines: [number, number][] = [];
    let lineStart = 0;
    let lineEnd = 0;
    /** Width of the line so far with its trailing spaces. */
    let used = 0;
    for (const word of words) {
      if (lineEnd > lineStart && used + word.width > width) {
        lines.push([lineStart, lineEnd]);
        lineStart = word.start;
        lineEnd = word.start;
        used = 0;
      }
      if (lineEnd > lineStart || word.width <= width) {
        lineEnd = word.end;
        used += word.width + word.spaces;
        continue;
      }
      // a word longer than the line: as many characters as fit on each line
      let cut = word.start;
      let cutWidth = 0;
      for (let i = word.start; i < word.end; i += 1) {
        const cp = cps[i]!;
        const charWidth = cp === 0x20 ? space : this.measure([cp], style);
        const isMark = /\p{M}/u.test(String.fromCodePoint(cp));
        if (i > cut && !isMark && cp !== 0x20 && cutWidth + charWidth > width) {
          lines.push([cut, i]);
          cut = i;
          cutWidth = 0;
        }
        cutWidth += charWidth;
      }
      lineStart = cut;
      lineEnd = word.end;
      used = cutWidth;
    }
    if (lineEnd > lineStart || lines.length === 0) lines.push([lineStart, lineEnd]);
    return lines;
  }

  /** A line in display order as runs of one font and one level, each as fontkit must be handed it. */
  private runsOf(visual: readonly VisualChar[], style: TextStyle, level: 0 | 1): LaidOutLine {
    // the spaces a line was broken after (and any before its first word) take no room at its ends
    let from = 0;
    let to = visual.length;
    while (from < to && visual[from]!.char === ' ') from += 1;
    while (to > from && visual[to - 1]!.char === ' ') to -= 1;
    const runs: Run[] = [];
    let current: { face: Face; level: number; chars: string[] } | undefined;
    const flush = () => {
      if (current === undefined) return;
      const shown = current.chars.join('');
      const text = current.face !== 'latin' && RTL_SCRIPT.test(shown) ? [...shown].reverse().join('') : shown;
      const font = fontName(current.face, style.weight);
      runs.push({ text, font, width: this.width(text, font, style.size) });
      current = undefined;
    };
    for (const { char, level } of visual.slice(from, to)) {
      const cp = char.codePointAt(0)!;
      if (isInvisible(cp)) continue;
      const face = isJoiner(cp) ? (current?.face ?? 'arabic') : faceOf(cp)!;
      if (current === undefined || current.face !== face || current.level !== level) {
        flush();
        current = { face, level, chars: [] };
      }
      current.chars.push(char);
    }
    flush();
    return { runs, width: runs.reduce((sum, run) => sum + run.width, 0), level };
  }

  /**
   * Draws laid-out text in the box starting at (x, top) of `width`, each line placed as `align` says. Returns the
   * height used.
   */
  draw(text: LaidOutText, x: number, top: number, width: number, style: TextStyle, align: TextAlign): number {
    const { doc } = this;
    doc.fillColor(style.color);
    const ascent = style.size * (ASCENT - (LINE_HEIGHT - (style.leading ?? LINE_HEIGHT)) / 2);
    text.lines.forEach((line, index) => {
      const side = align === 'start' ? (line.level === 1 ? 'right' : 'left') : align;
      let cursor = side === 'left' ? x : side === 'right' ? x + width - line.width : x + (width - line.width) / 2;
      const baseline = top + index * text.lineHeight + ascent;
      for (const run of line.runs) {
        if (run.text.trim() !== '') {
          doc.font(run.font).fontSize(style.size);
          keepGlyphTextTrue(doc);
          doc.text(run.text, cursor, baseline, { lineBreak: false, baseline: 'alphabetic' });
        }
        cursor += run.width;
      }
    });
    return text.height;
  }

  /** Lays out and draws in one go; returns the height used. */
  write(
    text: string,
    x: number,
    top: number,
    width: number,
    style: TextStyle,
    options: { align: TextAlign; direction?: TextDirection },
  ): number {
    return this.draw(this.layout(text, width, style, options.direction), x, top, width, style, options.align);
  }
}
