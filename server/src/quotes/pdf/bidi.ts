// The Unicode bidirectional algorithm (UAX #9), the part a PDF of plain paragraphs needs: pdfkit draws text in the
// order it is given and fontkit only reverses a run it finds to be in a right-to-left script, so an Arabic paragraph
// with Latin words and numbers in it ("كابل 0.6/1 kV من نوع Cu/XLPE (BS 5467)") must be put in display order here.
// Covered: the paragraph's direction from its first strong character (P2–P3), the weak and neutral rules (W1–W7,
// N1–N2), the implicit levels (I1–I2), the reset of trailing white space (L1), the reordering of a line (L2) and the
// mirroring of brackets at right-to-left levels (L4). Not covered: explicit embeddings, overrides and isolates (the
// forms refuse those controls in one-line fields; renderers drop them from notes) and bracket pairs (N0), whose
// effect on this site's text (a bracket between an Arabic and a Latin word) is the same as N1–N2's in most cases.

/** Bidi classes used here (UAX #9 table 4), explicit formatting classes aside. */
export type BidiClass = 'L' | 'R' | 'AL' | 'EN' | 'ES' | 'ET' | 'AN' | 'CS' | 'NSM' | 'BN' | 'S' | 'WS' | 'ON';

const inRange = (cp: number, ranges: readonly (readonly [number, number])[]): boolean => ranges.some(([from, to]) => cp >= from && cp <= to);

const ARABIC_MARKS: readonly (readonly [number, number])[] = [
  [0x0610, 0x061a],
  [0x064b, 0x065f],
  [0x0670, 0x0670],
  [0x06d6, 0x06dc],
  [0x06df, 0x06e4],
  [0x06e7, 0x06e8],
  [0x06ea, 0x06ed],
  [0x08d3, 0x08e1],
  [0x08e3, 0x08ff],
];
const ARABIC_LETTERS: readonly (readonly [number, number])[] = [
  [0x0600, 0x07bf],
  [0x0860, 0x08ff],
  [0xfb50, 0xfdff],
  [0xfe70, 0xfeff],
];
const HEBREW: readonly (readonly [number, number])[] = [
  [0x0590, 0x05ff],
  [0x07c0, 0x085f],
  [0xfb1d, 0xfb4f],
];
const EUROPEAN_DIGITS: readonly (readonly [number, number])[] = [
  [0x0030, 0x0039],
  [0x00b2, 0x00b3],
  [0x00b9, 0x00b9],
  [0x06f0, 0x06f9],
  [0x2070, 0x2070],
  [0x2074, 0x2079],
  [0x2080, 0x2089],
  [0xff10, 0xff19],
];
const TERMINATORS: readonly (readonly [number, number])[] = [
  [0x0023, 0x0025],
  [0x00a2, 0x00a5],
  [0x00b0, 0x00b1],
  [0x066a, 0x066a],
  [0x2030, 0x2034],
  [0x20a0, 0x20cf],
  [0x212e, 0x212e],
];

/** The bidi class of a code point (the character database's, for the characters this site's text uses). */
export function bidiClass(cp: number): BidiClass {
  if (cp === 0x200e) return 'L'; // LRM
  if (cp === 0x200f) return 'R'; // RLM
  if (cp === 0x061c) return 'AL'; // ALM
  if (cp === 0x09 || cp === 0x0b || cp === 0x1f) return 'S';
  if (cp === 0x20 || cp === 0x0c || (cp >= 0x2000 && cp <= 0x200a) || cp === 0x2028 || cp === 0x205f || cp === 0x3000) return 'WS';
  if ((cp >= 0x200b && cp <= 0x200d) || cp === 0x2060 || cp === 0xfeff || cp === 0x00ad || cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) return 'BN';
  if (inRange(cp, EUROPEAN_DIGITS)) return 'EN';
  if ((cp >= 0x0660 && cp <= 0x0669) || cp === 0x066b || cp === 0x066c || (cp >= 0x0600 && cp <= 0x0605) || cp === 0x06dd || cp === 0x08e2) return 'AN';
  if (cp === 0x2b || cp === 0x2d || cp === 0x2212 || cp === 0xfe62 || cp === 0xfe63 || cp === 0xff0b || cp === 0xff0d) return 'ES';
  if (inRange(cp, TERMINATORS)) return 'ET';
  if (cp === 0x2c || cp === 0x2e || cp === 0x2f || cp === 0x3a || cp === 0xa0 || cp === 0x060c || cp === 0x202f || cp === 0x2044) return 'CS';
  if (inRange(cp, ARABIC_MARKS)) return 'NSM';
  if (inRange(cp, HEBREW)) return 'R';
  if (inRange(cp, ARABIC_LETTERS)) return /\p{L}/u.test(String.fromCodePoint(cp)) || cp === 0x06e5 || cp === 0x06e6 ? 'AL' : 'ON';
  const char = String.fromCodePoint(cp);
  if (/\p{M}/u.test(char)) return 'NSM';
  if (/[\p{P}\p{S}]/u.test(char)) return 'ON';
  if (/\p{Z}/u.test(char)) return 'WS';
  return 'L';
}

const isStrong = (type: BidiClass): boolean => type === 'L' || type === 'R' || type === 'AL';
const isNeutral = (type: BidiClass): boolean => type === 'WS' || type === 'S' || type === 'ON';

/** 0 (left to right) or 1 (right to left): the first strong character's direction (P2–P3), else `fallback`. */
export function paragraphLevel(codePoints: readonly number[], fallback: 0 | 1): 0 | 1 {
  for (const cp of codePoints) {
    const type = bidiClass(cp);
    if (type === 'L') return 0;
    if (type === 'R' || type === 'AL') return 1;
  }
  return fallback;
}

/** The embedding level of each code point of one paragraph (no line breaks in it) at paragraph level `base`. */
export function resolveLevels(codePoints: readonly number[], base: 0 | 1): number[] {
  const sos: BidiClass = base === 1 ? 'R' : 'L';
  const types = codePoints.map(bidiClass);
  const n = types.length;
  // BN (zero-width joiners, soft hyphens) take the class of what they follow, as NSM do (X9 removes them; W1 then)
  // W1: a mark takes the class of the character before it
  for (let i = 0; i < n; i += 1) {
    if (types[i] === 'NSM') types[i] = i === 0 ? sos : types[i - 1]!;
    else if (types[i] === 'BN') types[i] = i === 0 ? 'ON' : types[i - 1]!;
  }
  // W2: European digits after Arabic letters are Arabic digits; W3: AL is R
  let lastStrong: BidiClass = sos;
  for (let i = 0; i < n; i += 1) {
    const type = types[i]!;
    if (type === 'EN' && lastStrong === 'AL') types[i] = 'AN';
    if (isStrong(type)) lastStrong = type;
  }
  for (let i = 0; i < n; i += 1) if (types[i] === 'AL') types[i] = 'R';
  // W4: one separator between two numbers of a kind joins them (1.5, 1,000, 2/3)
  for (let i = 1; i < n - 1; i += 1) {
    const before = types[i - 1];
    const after = types[i + 1];
    if (types[i] === 'ES' && before === 'EN' && after === 'EN') types[i] = 'EN';
    else if (types[i] === 'CS' && before === after && (before === 'EN' || before === 'AN')) types[i] = before!;
  }
  // W5: terminators (%, °, currency signs) next to European digits go with them
  for (let i = 0; i < n; i += 1) {
    if (types[i] !== 'ET') continue;
    let end = i;
    while (end < n && types[end] === 'ET') end += 1;
    if ((i > 0 && types[i - 1] === 'EN') || (end < n && types[end] === 'EN')) for (let j = i; j < end; j += 1) types[j] = 'EN';
    i = end - 1;
  }
  // W6: the remaining separators and terminators are neutral
  for (let i = 0; i < n; i += 1) if (types[i] === 'ES' || types[i] === 'ET' || types[i] === 'CS') types[i] = 'ON';
  // W7: European digits in left-to-right text are left to right
  lastStrong = sos;
  for (let i = 0; i < n; i += 1) {
    const type = types[i]!;
    if (type === 'EN' && lastStrong === 'L') types[i] = 'L';
    if (type === 'L' || type === 'R') lastStrong = type;
  }
  resolveBracketPairs(codePoints, types, sos);
  // N1–N2: neutrals between two of one direction take it (numbers count as right to left), else the paragraph's
  const direction = (type: BidiClass): 'L' | 'R' => (type === 'L' ? 'L' : 'R');
  for (let i = 0; i < n; i += 1) {
    if (!isNeutral(types[i]!)) continue;
    let end = i;
    while (end < n && isNeutral(types[end]!)) end += 1;
    const before = i === 0 ? direction(sos) : direction(types[i - 1]!);
    const after = end === n ? direction(sos) : direction(types[end]!);
    const resolved: BidiClass = before === after ? before : sos;
    for (let j = i; j < end; j += 1) types[j] = resolved;
    i = end - 1;
  }
  // I1–I2
  return types.map((type) => {
    if (base === 0) return type === 'R' ? 1 : type === 'AN' || type === 'EN' ? 2 : 0;
    return type === 'L' || type === 'EN' || type === 'AN' ? 2 : 1;
  });
}

const OPENING: Readonly<Record<number, number>> = { 0x28: 0x29, 0x5b: 0x5d, 0x7b: 0x7d };

/**
 * N0: a pair of brackets takes the paragraph's direction when the text inside has a strong character of it, else the
 * direction inside when the text before the pair has it too ("Cu/XLPE (BS 5467)" in Arabic stays one left-to-right
 * piece, its closing bracket included). `types` are the classes after W1–W7; changed in place.
 */
function resolveBracketPairs(codePoints: readonly number[], types: BidiClass[], sos: BidiClass): void {
  const strong = (type: BidiClass): 'L' | 'R' | undefined => (type === 'L' ? 'L' : type === 'R' || type === 'EN' || type === 'AN' ? 'R' : undefined);
  const pairs: [number, number][] = [];
  const open: { at: number; closer: number }[] = [];
  codePoints.forEach((cp, i) => {
    if (types[i] !== 'ON') return;
    const closer = OPENING[cp];
    if (closer !== undefined) {
      if (open.length < 63) open.push({ at: i, closer });
      return;
    }
    const match = open.findLastIndex((entry) => entry.closer === cp);
    if (match === -1) return;
    pairs.push([open[match]!.at, i]);
    open.length = match;
  });
  pairs.sort((a, b) => a[0] - b[0]);
  const embedding = strong(sos)!;
  for (const [from, to] of pairs) {
    let inside: 'L' | 'R' | undefined;
    for (let i = from + 1; i < to; i += 1) {
      const direction = strong(types[i]!);
      if (direction === undefined) continue;
      inside = direction;
      if (direction === embedding) break;
    }
    if (inside === undefined) continue;
    let resolved = embedding;
    if (inside !== embedding) {
      let before: 'L' | 'R' = embedding;
      for (let i = from - 1; i >= 0; i -= 1) {
        const direction = strong(types[i]!);
        if (direction !== undefined) {
          before = direction;
          break;
        }
      }
      if (before === inside) resolved = inside;
    }
    types[from] = resolved;
    types[to] = resolved;
  }
}

/** Characters whose glyph is mirrored at a right-to-left level (the common part of BidiMirroring.txt). */
const MIRRORED: Readonly<Record<string, string>> = {
  '(': ')',
  ')': '(',
  '[': ']',
  ']': '[',
  '{': '}',
  '}': '{',
  '<': '>',
  '>': '<',
  '«': '»',
  '»': '«',
  '‹': '›',
  '›': '‹',
  '≤': '≥',
  '≥': '≤',
};

/** One character of a line in display order, with the level it was resolved at. */
export interface VisualChar {
  char: string;
  level: number;
}

/**
 * One line of a paragraph (code points [start, end) of it, levels from resolveLevels) in display order, left to
 * right: trailing white space reset to the paragraph level (L1), runs reversed from the highest level down (L2),
 * brackets mirrored at odd levels (L4).
 */
export function visualLine(codePoints: readonly number[], levels: readonly number[], start: number, end: number, base: 0 | 1): VisualChar[] {
  const line: VisualChar[] = [];
  for (let i = start; i < end; i += 1) line.push({ char: String.fromCodePoint(codePoints[i]!), level: levels[i]! });
  // L1: white space (and tabs) at the end of the line, and before a tab, go back to the paragraph level
  for (let i = line.length - 1; i >= 0; i -= 1) {
    const type = bidiClass(line[i]!.char.codePointAt(0)!);
    if (type !== 'WS' && type !== 'S' && type !== 'BN') break;
    line[i]!.level = base;
  }
  for (let i = 0; i < line.length; i += 1) {
    if (bidiClass(line[i]!.char.codePointAt(0)!) !== 'S') continue;
    line[i]!.level = base;
    for (let j = i - 1; j >= 0 && bidiClass(line[j]!.char.codePointAt(0)!) === 'WS'; j -= 1) line[j]!.level = base;
  }
  // L2
  const highest = Math.max(0, ...line.map((c) => c.level));
  const lowestOdd = Math.min(...line.map((c) => (c.level % 2 === 1 ? c.level : Infinity)), highest + 1);
  for (let level = highest; level >= lowestOdd; level -= 1) {
    for (let i = 0; i < line.length; i += 1) {
      if (line[i]!.level < level) continue;
      let runEnd = i;
      while (runEnd < line.length && line[runEnd]!.level >= level) runEnd += 1;
      const reversed = line.slice(i, runEnd).reverse();
      line.splice(i, runEnd - i, ...reversed);
      i = runEnd - 1;
    }
  }
  // L4
  for (const c of line) {
    const mirrored = MIRRORED[c.char];
    if (c.level % 2 === 1 && mirrored !== undefined) c.char = mirrored;
  }
  return line;
}

/** A whole one-line text in display order (tests, and short labels). */
export function displayOrder(text: string, fallback: 0 | 1 = 0): string {
  const codePoints = [...text].map((char) => char.codePointAt(0)!);
  const base = paragraphLevel(codePoints, fallback);
  const levels = resolveLevels(codePoints, base);
  return visualLine(codePoints, levels, 0, codePoints.length, base)
    .map((c) => c.char)
    .join('');
}
