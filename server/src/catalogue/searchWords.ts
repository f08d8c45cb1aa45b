// The catalogue's vocabulary (catalogue_search_words): every word of the products' names, brands and specifications
// and of the categories' titles, in both languages, folded as the search folds them and split as the database's
// full-text parser splits them, of three letters or more and without digits (codes and sizes are found by their start).
// A fragment typed inside a word is looked up here ('mour' → 'armoured'), and a search term that finds nothing is
// offered the closest word ("Did you mean …?"), a name's, brand's or title's (`named`) first. Triggers add the words of
// a product or category in the statement that writes it (migration 011's; migration 009's first vocabulary is that
// migration's own literal SQL), so the vocabulary is never behind the catalogue and no change re-reads the whole
// catalogue. A word whose last product has gone stays: offered, it finds nothing, and the search then offers nothing.

/** Words shorter than this are never corrected: too many words are one or two letters away from them. */
export const CORRECTED_WORD_MIN = 3;
