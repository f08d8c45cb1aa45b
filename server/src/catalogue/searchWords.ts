// The catalogue's vocabulary (catalogue_search_words): the words of every product's name, brands and code and of every
// category's title, in both languages, folded as the search folds them. A search term that finds nothing is offered the
// closest of them ("Did you mean …?"). Refilled in the transaction of every catalogue change (state.ts), so it is
// never behind the products it was made from.
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/index.js';

/** Words shorter than this are never corrected: too many words are one or two letters away from them. */
export const CORRECTED_WORD_MIN = 3;

const WORD_SEPARATORS = `'[[:space:],.;:()"«»،؛/+*&!?\\[\\]]+'`;

/**
 * Empties and refills the vocabulary: words split on spaces and punctuation, digits-only and short words left out
 * (a size or a rating is not misspelt, it is another product).
 */
export const SEARCH_WORDS_REFRESH: readonly string[] = [
  'delete from catalogue_search_words',
  /* sql */ `insert into catalogue_search_words (word)
select distinct word from (
  select regexp_split_to_table(own_en || ' ' || own_ar, ${WORD_SEPARATORS}) as word from catalogue_search
  union all
  select regexp_split_to_table(catalogue_fold(title || ' ' || title_ar), ${WORD_SEPARATORS}) from catalogue_categories
) words
where char_length(word) >= ${CORRECTED_WORD_MIN} and word !~ '^[0-9.x-]+$'`,
];

export async function refreshSearchWords(trx: Kysely<DatabaseSchema>): Promise<void> {
  for (const statement of SEARCH_WORDS_REFRESH) await sql.raw(statement).execute(trx);
}
