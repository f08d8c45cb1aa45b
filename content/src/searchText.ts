// Text as the catalogue's search compares it, shared by the server (which finds) and the pages (which mark what was
// found). foldSearchText folds exactly as the database's catalogue_fold does (server migration 009 builds it from
// SEARCH_FOLD_SQL; a server test compares the two over every product name): ASCII letters lowered (only those: the
// same in every database locale), the Arabic letter forms a writer uses interchangeably made one
// (alef with hamza or madda and alef wasla → alef, alef maqsura → yaa, taa marbuta → haa), diacritics and tatweel
// dropped, Arabic-Indic and Persian digits made Western, ² made 2 (mm² is typed mm2).

const FOLDED_FROM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZأإآٱىة٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹²';
const FOLDED_TO = 'abcdefghijklmnopqrstuvwxyzاااايه012345678901234567892';
/** Dropped: the Arabic diacritics (tanween, harakat, shadda, sukun, dagger alef) and tatweel. */
const DROPPED = 'ًٌٍَُِّْٰـ';

const FOLDS: ReadonlyMap<string, string> = new Map([
  ...[...FOLDED_FROM].map((character, index) => [character, FOLDED_TO[index] ?? ''] as const),
  ...[...DROPPED].map((character) => [character, ''] as const),
]);

/** The characters translate() takes as its from and to lists in SQL: the same table as foldSearchText's. */
export const SEARCH_FOLD_SQL = { from: FOLDED_FROM + DROPPED, to: FOLDED_TO } as const;

/** One character folded: '' when it is dropped. */
const foldCharacter = (character: string): string => FOLDS.get(character) ?? character;

export function foldSearchText(text: string): string {
  let folded = '';
  for (const character of text) folded += foldCharacter(character);
  return folded;
}

/** A part of a shown text: marked when it is (part of) what the search found. */
export interface HighlightSegment {
  text: string;
  marked: boolean;
}

/**
 * `text` cut into marked and unmarked parts: marked where one of `phrases` (folded, as the search answered them) is
 * found in the folded text. Overlapping finds are merged. Text only: the caller draws each part as text, never HTML.
 */
export function highlightSegments(text: string, phrases: readonly string[]): HighlightSegment[] {
  // the folded text, and for each of its characters the index in `text` of the character it came from
  const characters = [...text];
  let folded = '';
  const origin: number[] = [];
  characters.forEach((character, index) => {
    const part = foldCharacter(character);
    folded += part;
    // one entry per UTF-16 unit: indexOf counts those
    for (let unit = 0; unit < part.length; unit += 1) origin.push(index);
  });
  const marked = new Array<boolean>(characters.length).fill(false);
  for (const phrase of new Set(phrases)) {
    if (phrase === '') continue;
    for (let at = folded.indexOf(phrase); at !== -1; at = folded.indexOf(phrase, at + 1)) {
      const first = origin[at] ?? 0;
      const last = origin[at + phrase.length - 1] ?? first;
      for (let index = first; index <= last; index += 1) marked[index] = true;
    }
  }
  const segments: HighlightSegment[] = [];
  characters.forEach((character, index) => {
    const isMarked = marked[index] ?? false;
    const previous = segments.at(-1);
    if (previous !== undefined && previous.marked === isMarked) previous.text += character;
    else segments.push({ text: character, marked: isMarked });
  });
  return segments;
}
