// A visitor's text (folded: searchNeedle) as the search's terms: a phrase of the trade's synonym list
// (@site/content/search-synonyms) is one term that any phrase of its group satisfies, and a size or rating typed as
// one word ("16mm", "32a") is also looked for with a space ("16 mm").
import { SEARCH_SYNONYMS } from '@site/content/search-synonyms';
import { foldSearchText } from '@site/content/search-text';

/** Terms past this many are not looked for (a 200-character text has at most a few dozen; eight narrow enough). */
export const SEARCH_TERMS_MAX = 8;

/** A term: the phrases any of which satisfies it, the one typed first. */
export type SearchTerm = readonly [string, ...string[]];

/** Every synonym phrase, folded, to the folded phrases of its group. */
export const SYNONYMS: ReadonlyMap<string, readonly string[]> = new Map(
  SEARCH_SYNONYMS.flatMap((group) => {
    const phrases = group.map(foldSearchText);
    return phrases.map((phrase) => [phrase, phrases] as const);
  }),
);
/** The most words a synonym phrase has: how far ahead the text is read for one. */
export const SYNONYM_WORDS_MAX = Math.max(...[...SYNONYMS.keys()].map((phrase) => phrase.split(' ').length));

/** A number glued to its unit, as a size or rating is typed ("16mm", "32a", "2.5mm2", "600v"). */
export const NUMBER_WITH_UNIT = /^(\d+(?:[.,]\d+)?)([a-z]{1,3}2?)$/u;

/** The text's terms, in the order typed, each once: synonym phrases (longest first) and words. */
export function searchTerms(needle: string): SearchTerm[] {
  const words = needle.split(/\s+/u).filter(Boolean);
  const terms: SearchTerm[] = [];
  const seen = new Set<string>();
  for (let at = 0; at < words.length && terms.length < SEARCH_TERMS_MAX; ) {
    let length = Math.min(SYNONYM_WORDS_MAX, words.length - at);
    let group: readonly string[] | undefined;
    for (; length > 1; length -= 1) {
      group = SYNONYMS.get(words.slice(at, at + length).join(' '));
      if (group !== undefined) break;
    }
    const typed = words.slice(at, at + length).join(' ');
    group ??= SYNONYMS.get(typed);
    at += length;
    if (seen.has(typed)) continue;
    seen.add(typed);
    const unit = NUMBER_WITH_UNIT.exec(typed);
    const others = group ?? (unit ? [`${unit[1]} ${unit[2]}`] : []);
    terms.push([typed, ...others.filter((phrase) => phrase !== typed)]);
  }
  return terms;
}
