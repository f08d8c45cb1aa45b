// NOTIFY channels belong to the whole database, not to a schema. A server whose DATABASE_URL selects another schema
// than `public` (search_path) shares the database with whatever lives in the others (another site, each test's own
// schema), and would take their versions for its own. So outside `public` a channel is named after its schema too:
// `<channel>.<the schema's oid>` (an oid, not the name: a name could make the channel longer than PostgreSQL's 63
// bytes). In `public` it keeps its bare name, the one earlier releases listen on.
import { CompiledQuery, type Kysely } from 'kysely';
import type { DatabaseSchema } from './schema.js';
import type { Queryable } from './types.js';

/** The name of channel `$1` for the session's schema (the first of its search_path that exists). */
const NAME = `coalesce(
  (select case when nspname = 'public' then $1::text else $1::text || '.' || oid::text end from pg_namespace where nspname = current_schema()),
  $1::text)`;

/** Answers one row, `name`: channel `$1` as this session names it. The listening side runs it on its own connection. */
export const CHANNEL_NAME_SQL = `select ${NAME} as name`;

/** `channel` as the sessions of `db` name it (what they LISTEN on and NOTIFY). */
export async function channelName(db: Queryable, channel: string): Promise<string> {
  const [row] = await db.query<{ name: string }>(CHANNEL_NAME_SQL, [channel]);
  if (row === undefined) throw new Error(`no name for channel ${channel}`);
  return row.name;
}

/** NOTIFY `payload` on `channel` of the schema `db` works in; inside a transaction, it is sent when that commits. */
export async function notifyChannel(db: Kysely<DatabaseSchema>, channel: string, payload: string): Promise<void> {
  await db.executeQuery(CompiledQuery.raw(`select pg_notify(${NAME}, $2)`, [channel, payload]));
}
