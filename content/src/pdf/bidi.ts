// The Unicode bidirectional algorithm (UAX #9) for the PDFs' paragraphs, from bidi-js: pdfkit draws text in the order
// it is given and fontkit only reverses a run it finds to be in a right-to-left script, so an Arabic paragraph with
// Latin words and numbers in it ("كابل 0.6/1 kV من نوع Cu/XLPE (BS 5467)") must be put in display order here. The
// whole algorithm: bracket pairs (N0), explicit embeddings and isolates (a name wrapped in U+2068…U+2069 keeps its own
// direction) included. Text is handed over as code points (textWriter.ts); bidi-js counts UTF-16 units.
// This package is CommonJS, so the default import is bidi-js's module.exports, the factory, as its types say.
import bidiFactory, { type EmbeddingLevels } from 'bidi-js';

const bidi = bidiFactory();

const textOf = (codePoints: readonly number[]): string => String.fromCodePoint(...codePoints);

/** The index of each code point's first UTF-16 unit in textOf(codePoints). */
function unitIndices(codePoints: readonly number[]): number[] {
  const at: number[] = [];
  let unit = 0;
  for (const cp of codePoints) {
    at.push(unit);
    unit += cp > 0xffff ? 2 : 1;
  }
  return at;
}

/**
 * 0 (left to right) or 1 (right to left): the first strong character's direction outside isolates (P2–P3), else
 * `fallback` (bidi-js itself falls back to left to right).
 */
export function paragraphLevel(codePoints: readonly number[], fallback: 0 | 1): 0 | 1 {
  let isolates = 0;
  for (const cp of codePoints) {
    const type = bidi.getBidiCharTypeName(String.fromCodePoint(cp));
    if (type === 'LRI' || type === 'RLI' || type === 'FSI') isolates += 1;
    else if (type === 'PDI') isolates = Math.max(0, isolates - 1);
    else if (isolates === 0 && type === 'L') return 0;
    else if (isolates === 0 && (type === 'R' || type === 'AL')) return 1;
  }
  return fallback;
}

/** The embedding level of each code point of one paragraph (no line breaks in it) at paragraph level `base`. */
export function resolveLevels(codePoints: readonly number[], base: 0 | 1): number[] {
  const { levels } = bidi.getEmbeddingLevels(textOf(codePoints), base === 1 ? 'rtl' : 'ltr');
  return unitIndices(codePoints).map((unit) => levels[unit]!);
}

/** One character of a line in display order, with the level it was resolved at. */
export interface VisualChar {
  char: string;
  level: number;
}

/**
 * One line of a paragraph (code points [start, end) of it, levels from resolveLevels) in display order, left to
 * right: trailing white space at the paragraph level (L1), runs reversed (L2), mirrored glyphs at odd levels (L4).
 */
export function visualLine(
  codePoints: readonly number[],
  levels: readonly number[],
  start: number,
  end: number,
  base: 0 | 1,
): VisualChar[] {
  const chars = codePoints.slice(start, end).map((cp) => String.fromCodePoint(cp));
  if (chars.length === 0) return [];
  // the line on its own, as one paragraph (bidi-js's L1 only resets the end of a line that starts its paragraph)
  const line = chars.join('');
  const units = new Uint8Array(line.length);
  unitIndices(codePoints.slice(start, end)).forEach((unit, i) =>
    units.fill(levels[start + i]!, unit, unit + chars[i]!.length),
  );
  const result: EmbeddingLevels = { levels: units, paragraphs: [{ start: 0, end: line.length - 1, level: base }] };
  const order = [...Array(line.length).keys()];
  for (const [from, to] of bidi.getReorderSegments(line, result))
    order.splice(from!, to! - from! + 1, ...order.slice(from, to! + 1).reverse());
  const mirrored = bidi.getMirroredCharactersMap(line, units);
  // back from UTF-16 units to characters: a surrogate pair reversed reads low unit first
  const visual: VisualChar[] = [];
  for (const unit of order) {
    const code = line.charCodeAt(unit);
    if (code >= 0xdc00 && code <= 0xdfff) continue;
    visual.push({
      char: mirrored.get(unit) ?? (code >= 0xd800 && code <= 0xdbff ? line.slice(unit, unit + 2) : line[unit]!),
      level: units[unit]!,
    });
  }
  return visual;
}

/** A whole one-line text in display order (tests, and short labels). */
export function displayOrder(text: string, fallback: 0 | 1 = 0): string {
  const codePoints = [...text].map((char) => char.codePointAt(0)!);
  const base = paragraphLevel(codePoints, fallback);
  return visualLine(codePoints, resolveLevels(codePoints, base), 0, codePoints.length, base)
    .map((c) => c.char)
    .join('');
}
