// A buyer's saved lists in the database (migration 056). Every read and change names the accounts whose lists the
// buyer sees (their own, and in a company every colleague's: lists are shared within it): a list of anyone else is,
// to every route, a list that does not exist.
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/index.js';
import { asDate } from '../accountTokens.js';

/** Lists one account keeps. */
export const LISTS_PER_ACCOUNT = 50;
/** Characters of a list's name. */
export const LIST_NAME_MAX = 80;
/** Characters of the uploaded file's name, kept beside the list. */
export const LIST_FILE_NAME_MAX = 120;

export interface SavedListLine {
  position: number;
  reference: string;
  quantity: string;
  /** The variant code it is matched to; null: none. */
  code: string | null;
}

export interface SavedListSummary {
  id: number;
  name: string;
  fileName: string;
  lines: number;
  updatedAt: Date;
}

export interface SavedList extends SavedListSummary {
  createdAt: Date;
  lineList: SavedListLine[];
}

/** The accounts whose lists a buyer sees (never none: an empty `in` is not SQL). */
type Owners = readonly number[];
const ownersOf = (owners: Owners): number[] => (owners.length === 0 ? [0] : [...owners]);

export async function listsOfAccount(db: Kysely<DatabaseSchema>, owners: Owners): Promise<SavedListSummary[]> {
  const rows = await db
    .selectFrom('buyer_lists as l')
    .select(['l.id', 'l.name', 'l.file_name', 'l.updated_at'])
    .select((eb) =>
      eb
        .selectFrom('buyer_list_lines')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .whereRef('buyer_list_lines.list_id', '=', 'l.id')
        .as('lines'),
    )
    .where('l.account_id', 'in', ownersOf(owners))
    .orderBy('l.updated_at', 'desc')
    .orderBy('l.id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    fileName: row.file_name,
    lines: Number(row.lines ?? 0),
    updatedAt: asDate(row.updated_at),
  }));
}

/** The list with this id of one of `owners`, or undefined (none, or someone else's). */
export async function listOfAccount(
  db: Kysely<DatabaseSchema>,
  owners: Owners,
  listId: number,
): Promise<SavedList | undefined> {
  const list = await db
    .selectFrom('buyer_lists')
    .selectAll()
    .where('id', '=', listId)
    .where('account_id', 'in', ownersOf(owners))
    .executeTakeFirst();
  if (list === undefined) return undefined;
  const lines = await db
    .selectFrom('buyer_list_lines')
    .select(['position', 'reference', 'quantity', 'code'])
    .where('list_id', '=', listId)
    .orderBy('position')
    .execute();
  return {
    id: list.id,
    name: list.name,
    fileName: list.file_name,
    lines: lines.length,
    updatedAt: asDate(list.updated_at),
    createdAt: asDate(list.created_at),
    lineList: lines,
  };
}

export type SaveListResult = { ok: true; id: number } | { ok: false; problem: 'tooManyLists' };

/** Saves a new list of the account with its lines (stored before the buyer is told), in one transaction. */
export async function saveList(
  db: Kysely<DatabaseSchema>,
  accountId: number,
  list: { name: string; fileName: string; lines: readonly Omit<SavedListLine, 'position'>[] },
  now: number,
): Promise<SaveListResult> {
  return db.transaction().execute(async (trx) => {
    // the account's row locked: two uploads at once cannot both pass the count
    await trx.selectFrom('buyer_accounts').select('id').where('id', '=', accountId).forUpdate().executeTakeFirst();
    const held = await trx
      .selectFrom('buyer_lists')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    if (Number(held.n) >= LISTS_PER_ACCOUNT) return { ok: false, problem: 'tooManyLists' } as const;
    const at = new Date(now).toISOString();
    const { id } = await trx
      .insertInto('buyer_lists')
      .values({
        account_id: accountId,
        name: list.name.slice(0, LIST_NAME_MAX),
        file_name: list.fileName.slice(0, LIST_FILE_NAME_MAX),
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (list.lines.length > 0)
      await trx
        .insertInto('buyer_list_lines')
        .values(list.lines.map((line, index) => ({ list_id: id, position: index + 1, ...line })))
        .execute();
    return { ok: true, id } as const;
  });
}

/** Matches one line of a list of `owners` to a part; false when they have no such list or line. */
export async function setListLineCode(
  db: Kysely<DatabaseSchema>,
  owners: Owners,
  target: { listId: number; position: number; code: string },
  now: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const list = await trx
      .updateTable('buyer_lists')
      .set({ updated_at: new Date(now).toISOString() })
      .where('id', '=', target.listId)
      .where('account_id', 'in', ownersOf(owners))
      .returning('id')
      .executeTakeFirst();
    if (list === undefined) return false;
    const line = await trx
      .updateTable('buyer_list_lines')
      .set({ code: target.code })
      .where('list_id', '=', target.listId)
      .where('position', '=', target.position)
      .executeTakeFirst();
    return Number(line.numUpdatedRows) === 1;
  });
}

/** Renames a list of `owners` (its name checked by the caller); false when they have none with this id. */
export async function renameList(
  db: Kysely<DatabaseSchema>,
  owners: Owners,
  target: { listId: number; name: string },
  now: number,
): Promise<boolean> {
  const renamed = await db
    .updateTable('buyer_lists')
    .set({ name: target.name, updated_at: new Date(now).toISOString() })
    .where('id', '=', target.listId)
    .where('account_id', 'in', ownersOf(owners))
    .executeTakeFirst();
  return Number(renamed.numUpdatedRows) === 1;
}

/** Deletes a list of `owners`; false when they have none with this id. */
export async function deleteList(db: Kysely<DatabaseSchema>, owners: Owners, listId: number): Promise<boolean> {
  const deleted = await db
    .deleteFrom('buyer_lists')
    .where('id', '=', listId)
    .where('account_id', 'in', ownersOf(owners))
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) === 1;
}
