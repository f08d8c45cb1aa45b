// A broad text's matches kept beside the search rows (migration 025): its match condition and rank written as SQL
// text, found again by their key, the matches and their counts by pair of brands and values written once, after the
// search that found them has answered, and kept up to date by the trigger that runs the condition on each row written.
import { createHash } from 'node:crypto';
import type { Locale } from '@site/contracts/locale';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { DatabaseSchema } from '../platform/db/index.js';
import type { FacetRows } from './listingFilters.js';

/**
 * A text that matches this many products or more has its matches kept (migration 025): each match costs about half
 * a microsecond per step of the search (find, rank, count by pair, sort), so the results page of a text with 5,000
 * matches (`armoured cable` at 100,000 products) nears 50 ms at p95; kept, it reads a page and a few hundred pairs'
 * counts. BROAD_CONDITIONS_MAX bounds what the writes pay for it.
 */
export const BROAD_MATCHES_MIN = 5_000;

/** The most broad conditions kept per language: a write runs each one's condition on the rows it writes. */
export const BROAD_CONDITIONS_MAX = 8;

/** A language's search rows. */
export type SearchTable = 'catalogue_search_en' | 'catalogue_search_ar';

/** A SQL value written as a literal (a broad condition is kept as text, to be run by the trigger on each row written). */
function literal(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return `E'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
  if (Array.isArray(value)) return `array[${value.map(literal).join(', ')}]::text[]`;
  throw new Error(`A search condition holds a value it cannot write as SQL: ${typeof value}`);
}

/** `builder` as one SQL text, its parameters written in as literals. */
function inlined(builder: RawBuilder<unknown>, db: Kysely<DatabaseSchema>): string {
  const { sql: text, parameters } = builder.compile(db);
  return text.replace(/\$(\d+)/g, (_, at: string) => literal(parameters[Number(at) - 1]));
}

/** A text's match condition and rank on a search row `s`, as kept (migration 025), and the key it is found by. */
export interface BroadCondition {
  locale: Locale;
  key: string;
  condition: string;
  rank: string;
}

export function broadCondition(
  locale: Locale,
  matches: RawBuilder<boolean>,
  rank: RawBuilder<number>,
  db: Kysely<DatabaseSchema>,
): BroadCondition {
  const condition = inlined(matches, db);
  const rankText = inlined(rank, db);
  const key = createHash('sha256').update(`${locale}\n${condition}\n${rankText}`).digest('hex');
  return { locale, key, condition, rank: rankText };
}

/** A kept condition's matches as the results page's filters count them: by pair, and without a price range from its pairs' counts. */
export function broadFacetRows(id: number): FacetRows {
  return {
    from: sql`catalogue_search_broad_rows as s`,
    brands: sql<string[]>`(select pair.brands from catalogue_facet_sets as pair where pair.id = s.facet_set)`,
    values: sql<string[]>`(select pair.filter_values from catalogue_facet_sets as pair where pair.id = s.facet_set)`,
    price: sql`s.price`,
    productId: sql<string>`s.product_id`,
    set: sql<number>`s.facet_set`,
    pairs: sql`select facet_set as pair_id, count as in_range, min, max from catalogue_search_broad_pairs where broad_id = ${id}`,
  };
}

/** PostgreSQL's "lock not available" (a NOWAIT lock refused). */
const LOCK_NOT_AVAILABLE = '55P03';

/**
 * Keeps a broad condition's matches: in one transaction that holds the language's search rows still (SHARE: writers
 * wait, readers do not), so no write falls between the matches read here and the trigger that keeps them from then
 * on. Skipped when a write is under way (NOWAIT): the search is answered all the same, and kept on a later one. The
 * oldest condition of the language gives way past BROAD_CONDITIONS_MAX.
 */
async function keepBroad(db: Kysely<DatabaseSchema>, table: SearchTable, broad: BroadCondition): Promise<void> {
  try {
    await db.transaction().execute(async (trx: Transaction<DatabaseSchema>) => {
      await sql`lock table ${sql.table(table)} in share mode nowait`.execute(trx);
      await sql`delete from catalogue_search_broad where id in (
        select id from catalogue_search_broad where locale = ${broad.locale} order by id desc offset ${BROAD_CONDITIONS_MAX - 1})`.execute(
        trx,
      );
      const added = await trx
        .insertInto('catalogue_search_broad')
        .values({ locale: broad.locale, key: broad.key, condition: broad.condition, rank: broad.rank })
        .onConflict((conflict) => conflict.column('key').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (added === undefined) return;
      // the pairs counted from the rows as they are written (read back from the table, unanalysed, they were scanned whole)
      await sql`with kept as (
          insert into catalogue_search_broad_rows (broad_id, product_id, rank, position, facet_set, price)
          select ${added.id}, s.product_id, (${sql.raw(broad.rank)})::integer, s.position, s.facet_set, s.price
          from ${sql.table(table)} as s where ${sql.raw(broad.condition)}
          returning facet_set, price)
        insert into catalogue_search_broad_pairs (broad_id, facet_set, count, min, max)
        select ${added.id}, facet_set, count(*), min(price), max(price) from kept group by facet_set`.execute(trx);
    });
  } catch (error) {
    if ((error as { code?: unknown }).code !== LOCK_NOT_AVAILABLE) throw error;
  }
}

/** The keeps started by searches that have already answered, by their condition's key. */
const keepsUnderWay = new Map<string, Promise<void>>();

/**
 * Keeps a broad condition after the search that found it has answered: keeping `cable`'s 36,855 matches takes about a
 * second, which that visitor would otherwise wait for. Until it is kept, searches of the text read the search rows
 * as before. A keep that fails only leaves the text read afresh (and tried again by its next search).
 */
export function keepAfterAnswer(db: Kysely<DatabaseSchema>, table: SearchTable, broad: BroadCondition): void {
  if (keepsUnderWay.has(broad.key)) return;
  const keeping = keepBroad(db, table, broad)
    .catch((error: unknown) =>
      console.warn(`A broad search's matches were not kept (read afresh until they are): ${String(error)}`),
    )
    .finally(() => keepsUnderWay.delete(broad.key));
  keepsUnderWay.set(broad.key, keeping);
}

/** Resolves once every keep started so far has ended (tests, and the app as it closes, before its database). */
export async function broadKeepsSettled(): Promise<void> {
  while (keepsUnderWay.size > 0) await Promise.all(keepsUnderWay.values());
}
