// The catalogue's vocabulary (catalogue_search_words): the words of every product's name, brands and code and of every
// category's title, in both languages, folded as the search folds them. A search term that finds nothing is offered the
// closest of them ("Did you mean …?"). Triggers add the words of a product or category in the statement that writes
// it (migration 009), so the vocabulary is never behind the catalogue and no change re-reads the whole catalogue. A
// word whose last product has gone stays: offered, it finds nothing, and the search then offers nothing.

/** Words shorter than this are never corrected: too many words are one or two letters away from them. */
export const CORRECTED_WORD_MIN = 3;

const WORD_SEPARATORS = `'[[:space:],.;:()"«»،؛/+*&!?\\[\\]]+'`;

/**
 * The SQL that adds the words of `text` (already folded) to the vocabulary: split on spaces and punctuation, digits-only
 * and short words left out (a size or a rating is not misspelt, it is another product).
 */
export const addSearchWordsSql = (text: string): string => /* sql */ `insert into catalogue_search_words (word)
  select distinct word from regexp_split_to_table(${text}, ${WORD_SEPARATORS}) as word
  where char_length(word) >= ${CORRECTED_WORD_MIN} and word !~ '^[0-9.x-]+$'
  on conflict (word) do nothing`;
