import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../../test-support/databases.js';
import type { Database } from './index.js';
import { SCHEMA_COLUMNS } from './schemaColumns.js';

/**
 * The migrated database's columns in SCHEMA_COLUMNS' notation: the SQL type, then ' generated' for a generated
 * column (information_schema calls each one nullable whatever its expression, so schema.ts's type says) or ' null'.
 */
async function migratedColumns(db: Database): Promise<Record<string, Record<string, string>>> {
  const rows = await db.query<{ table_name: string; column_name: string; entry: string }>(`
    select table_name, column_name,
      case data_type
        when 'ARRAY' then substr(udt_name, 2) || '[]'
        when 'USER-DEFINED' then udt_name
        when 'timestamp with time zone' then 'timestamptz'
        else data_type
      end || case when is_generated = 'ALWAYS' then ' generated' when is_nullable = 'YES' then ' null' else '' end as entry
    from information_schema.columns
    where table_schema = current_schema()
    order by table_name, ordinal_position`);
  const tables: Record<string, Record<string, string>> = {};
  for (const row of rows) (tables[row.table_name] ??= {})[row.column_name] = row.entry;
  return tables;
}

/** A table's entry as SCHEMA_COLUMNS writes it: what to paste when a migration changed it. */
const entry = (table: string, columns: Record<string, string> | undefined): string =>
  columns === undefined
    ? `(no table ${table})`
    : `${table}: { ${Object.entries(columns)
        .map(([name, type]) => `${name}: '${type}'`)
        .join(', ')} },`;

const sorted = (columns: Readonly<Record<string, string>> | undefined) =>
  columns === undefined
    ? undefined
    : Object.fromEntries(Object.entries(columns).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

async function schemaSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  const database = await target.fresh(); // migrated
  t.after(() => database.cleanup());
  const migrated = await migratedColumns(database.db);
  const described: Readonly<Record<string, Readonly<Record<string, string>>>> = SCHEMA_COLUMNS;

  assert.deepEqual(
    Object.keys(described).sort(),
    Object.keys(migrated).sort(),
    'the tables of schema.ts (SCHEMA_COLUMNS) and of the migrated database',
  );
  for (const table of Object.keys(migrated)) {
    assert.deepEqual(
      sorted(described[table]),
      sorted(migrated[table]),
      `${table}: schema.ts and SCHEMA_COLUMNS disagree with the migrated database, which has\n${entry(table, migrated[table])}`,
    );
  }
}

test('schema.ts declares the columns the migrations make: embedded PGlite', async (t) => {
  await schemaSuite(t, pgliteTarget);
});

test('schema.ts declares the columns the migrations make: PostgreSQL', async (t) => {
  await onPostgres(t, (target) => schemaSuite(t, target));
});
