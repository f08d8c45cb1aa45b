// Arabic words as the knowledge base's matcher compares them: letters normalised (no short vowels or
// tatweel, hamza forms folded: أ إ آ → ا, ؤ → و, ئ → ي; ى → ي, ة → ه) and a light stem (the article and a leading
// "و", then common suffixes: plurals, the feminine ending, possessive pronouns), after Larkey's "light10" stemmer.
// The same function stems the knowledge base's Arabic texts and the question, so they meet on the same stems.

/** An Arabic letter (not a digit or punctuation). */
export const ARABIC_LETTER = /[\u0621-\u063a\u0641-\u064a\u066e-\u06d3\u06fa-\u06ff]/;

/** Whether a text is written (at least partly) in Arabic letters. */
export const hasArabicLetters = (text: string): boolean => ARABIC_LETTER.test(text);

/** A run of Arabic letters (in normalised text: no marks or tatweel left between them). */
const ARABIC_WORD = /[\u0621-\u063a\u0641-\u064a\u066e-\u06d3\u06fa-\u06ff]+/g;

/** Text with Arabic letters normalised: marks and tatweel removed, hamza seats folded, ى → ي, ة → ه. Other text unchanged. */
export function normalizeArabic(text: string): string {
  return (
    text
      // NFKD splits أ into ا + hamza mark (and presentation forms into letters); the marks then go
      .normalize('NFKD')
      .replace(/[\u064b-\u065f\u0670\u0640]/g, '')
      .replace(/\u0649/g, '\u064a')
      .replace(/\u0629/g, '\u0647')
  );
}

/** Articles and conjunctions a word may start with, longest first. */
const PREFIXES = ['وال', 'بال', 'كال', 'فال', 'لل', 'ال'];
/** Endings removed in this order, each once: possessive pronouns, dual and plural endings, the feminine and adjective endings. */
const SUFFIXES = ['كم', 'نا', 'هم', 'ها', 'ان', 'ات', 'ون', 'ين', 'يه', 'ه', 'ي'];

/** The light stem of one normalised Arabic word ('الكابلات' → 'كابل', 'منتجاتكم' → 'منتج', 'الصناعية' → 'صناع'). */
export function arabicStem(word: string): string {
  let stem = word;
  if (stem.length > 3 && stem.startsWith('و')) stem = stem.slice(1);
  const prefix = PREFIXES.find((p) => stem.startsWith(p) && stem.length - p.length >= 2);
  if (prefix) stem = stem.slice(prefix.length);
  for (const suffix of SUFFIXES) {
    if (stem.endsWith(suffix) && stem.length - suffix.length >= 2) stem = stem.slice(0, -suffix.length);
  }
  return stem;
}

/** The stems of the Arabic words of a text (other scripts left out). */
export function arabicStems(text: string): string[] {
  return [...normalizeArabic(text).matchAll(ARABIC_WORD)].map(([word]) => arabicStem(word));
}
