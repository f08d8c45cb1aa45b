// Each table has one owning feature, and only that feature's code writes it: another feature asks the owner (through
// its index.ts) or is handed the capability, as the staff feature hands its session and audit log to the catalogue
// editor. This test reads every non-test .ts file under server/src, finds the writes (Kysely's insertInto, updateTable,
// deleteFrom and mergeInto on a table named in the code; `insert into`, `update … set`, `delete from`, `merge into`
// and `truncate` in SQL text) and checks each written table against OWNERS. The migrations are exempt: they make the
// tables. A table the schema declares must have an owner here, so a new table gets one when it is made.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const SRC = import.meta.dirname;

/** Table -> the folder(s) of server/src whose code may write it. One owner each, but for the recorded exceptions. */
const OWNERS: Readonly<Record<string, readonly string[]>> = {
  // the catalogue, its editor (catalogue/staff/) and its search
  catalogue_categories: ['catalogue'],
  catalogue_brands: ['catalogue'],
  catalogue_products: ['catalogue'],
  catalogue_search_en: ['catalogue'],
  catalogue_search_ar: ['catalogue'],
  catalogue_search_words: ['catalogue'],
  catalogue_search_broad: ['catalogue'],
  catalogue_search_broad_rows: ['catalogue'],
  catalogue_search_broad_pairs: ['catalogue'],
  catalogue_facet_sets: ['catalogue'],
  catalogue_state: ['catalogue'],
  catalogue_product_edits: ['catalogue'],
  catalogue_product_history: ['catalogue'],
  catalogue_archived_products: ['catalogue'],
  catalogue_product_variants: ['catalogue'],
  catalogue_import_jobs: ['catalogue'],
  catalogue_publish_schedules: ['catalogue'],
  // the buyer's account (accounts/)
  buyer_accounts: ['accounts'],
  buyer_sign_in_links: ['accounts'],
  buyer_sessions: ['accounts'],
  buyer_passkeys: ['accounts'],
  buyer_passkey_challenges: ['accounts'],
  buyer_account_events: ['accounts'],
  buyer_lists: ['accounts'],
  buyer_baskets: ['accounts'],
  buyer_basket_handoffs: ['accounts'],
  buyer_basket_browsers: ['accounts'],
  buyer_list_lines: ['accounts'],
  buyer_companies: ['accounts'],
  buyer_company_members: ['accounts'],
  buyer_company_invitations: ['accounts'],
  buyer_company_kept_addresses: ['accounts'],
  // the public forms; the staff inbox changes and deletes their rows through the feature (submissions/handling.ts)
  contact_messages: ['submissions'],
  registrations: ['submissions'],
  inquiries: ['submissions'],
  // requests for quotation; the staff inbox's changes through the feature (quote-requests/quoteHandling.ts)
  quote_requests: ['quote-requests'],
  quote_request_lines: ['quote-requests'],
  reviews: ['reviews'],
  // the mail queue of platform/mail: every feature queues, re-queues and drops its mails through platform/mail/outbox.ts,
  // and the worker marks them sent or failed
  outbox: ['platform'],
  schema_migrations: ['platform'],
  staff_accounts: ['staff'],
  staff_recovery_codes: ['staff'],
  staff_sessions: ['staff'],
  staff_sign_in_failures: ['staff'],
  staff_audit_log: ['staff'],
  staff_notes: ['staff'],
  staff_settings: ['staff'],
  remote_releases: ['releases'],
  remote_pointers: ['releases'],
  remote_registry_state: ['releases'],
  release_tokens: ['releases'],
  release_audit: ['releases'],
  remote_release_health: ['releases'],
  remote_load_outcomes: ['releases'],
  quotation_currency_rates: ['quotations'],
  quotation_vat_rates: ['quotations'],
  quotation_number_counters: ['quotations'],
  quotations: ['quotations'],
  quotation_lines: ['quotations'],
  quotation_acceptances: ['quotations'],
  quotation_change_requests: ['quotations'],
  quotation_branch_settings: ['quotations'],
  quotation_late_purchase_orders: ['quotations'],
  quotation_expiry_reminders: ['quotations'],
  orders: ['quotations'],
  vitals_histograms: ['vitals'],
  vitals_sessions: ['vitals'],
  stock_levels: ['stock'],
  stock_state: ['stock'],
  stock_feeds: ['stock'],
};

/**
 * The files that write a table named by a variable (no literal to read), with the tables it can name. Any other file
 * writing through a variable fails the test: name the table, or list the file here.
 */
const DYNAMIC_WRITES: Readonly<Record<string, readonly string[]>> = {
  // insertInChunks: the seed's three tables
  'catalogue/seed.ts': ['catalogue_categories', 'catalogue_brands', 'catalogue_products'],
  // changeSubmission, deleteSubmission: the forms' three tables, the one the staff inbox names
  'submissions/handling.ts': ['contact_messages', 'registrations', 'inquiries'],
};

/** Test code and what only tests run: they set up rows of every feature. */
const isTestCode = (file: string) =>
  /\.test\.ts$/.test(file) || file.startsWith('test-support/') || file.startsWith('fuzz/');
const EXEMPT_DIRS = ['platform/db/migrations/'];

function sourceFiles(dir: string, under = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const relative = under === '' ? entry.name : `${under}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path.join(dir, entry.name), relative);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [relative] : [];
  });
}

/** The folder a file belongs to: its first folder under server/src, or the assembly for the top-level files. */
const featureOf = (file: string) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : 'app');

/** The code without its comments (whole-line and trailing `// `, and /* … *\/ blocks), so prose is not read as SQL. */
const withoutComments = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .split('\n')
    .map((line) => (line.trimStart().startsWith('//') ? '' : line.replace(/\s\/\/\s.*$/, '')))
    .join('\n');

const KYSELY_WRITE = /\.(insertInto|updateTable|deleteFrom|mergeInto)\(\s*(['"`])([a-z_][a-z0-9_]*)(?: as [a-z_]+)?\2/g;
const KYSELY_DYNAMIC_WRITE = /\.(insertInto|updateTable|deleteFrom|mergeInto)\(\s*(?!['"`\s])/g;
const SQL_WRITES = [
  /\binsert\s+into\s+([a-z_][a-z0-9_]*)/gi,
  /\bdelete\s+from\s+(?:only\s+)?([a-z_][a-z0-9_]*)/gi,
  /\bmerge\s+into\s+([a-z_][a-z0-9_]*)/gi,
  /\btruncate\s+(?:table\s+)?([a-z_][a-z0-9_]*)/gi,
  /\bupdate\s+(?:only\s+)?([a-z_][a-z0-9_]*)(?:\s+(?:as\s+)?[a-z_][a-z0-9_]*)?\s+set\b/gi,
];

/** The tables the schema declares (DatabaseSchema's keys, platform/db/schema.ts). */
function schemaTables(): Set<string> {
  const schema = readFileSync(path.join(SRC, 'platform/db/schema.ts'), 'utf8');
  const body = /export interface DatabaseSchema \{([^}]*)\}/.exec(schema)?.[1];
  assert.ok(body !== undefined, 'DatabaseSchema is not where this test reads it (platform/db/schema.ts)');
  return new Set([...body.matchAll(/^\s*([a-z_][a-z0-9_]*)\s*:/gm)].map((match) => match[1]!));
}

interface TableWrite {
  file: string;
  table: string;
  how: string;
}

/** Every write of a file's code to a table of `tables` (SQL text naming anything else, a temp table or prose, is left). */
function writesOf(
  file: string,
  text: string,
  tables: ReadonlySet<string>,
): { writes: TableWrite[]; dynamic: string[] } {
  const code = withoutComments(text);
  const writes: TableWrite[] = [];
  for (const match of code.matchAll(KYSELY_WRITE))
    writes.push({ file, table: match[3]!, how: `${match[1]}('${match[3]}')` });
  for (const pattern of SQL_WRITES) {
    for (const match of code.matchAll(pattern)) {
      const table = match[1]!.toLowerCase();
      if (tables.has(table)) writes.push({ file, table, how: match[0].replace(/\s+/g, ' ') });
    }
  }
  const dynamic = [...code.matchAll(KYSELY_DYNAMIC_WRITE)].map((match) => `${match[1]}(…)`);
  return { writes, dynamic };
}

function serverWrites() {
  const tables = schemaTables();
  const writes: TableWrite[] = [];
  const dynamic: { file: string; how: string }[] = [];
  for (const file of sourceFiles(SRC)) {
    if (isTestCode(file) || EXEMPT_DIRS.some((dir) => file.startsWith(dir))) continue;
    const found = writesOf(file, readFileSync(path.join(SRC, file), 'utf8'), tables);
    writes.push(...found.writes);
    dynamic.push(...found.dynamic.map((how) => ({ file, how })));
  }
  return { tables, writes, dynamic };
}

const wrongWrites = (writes: readonly TableWrite[]) =>
  writes
    .filter(({ file, table }) => !(OWNERS[table] ?? []).includes(featureOf(file)))
    .map(
      ({ file, table, how }) =>
        `${file} writes ${table} (${how}); its owner: ${(OWNERS[table] ?? ['none']).join(', ')}`,
    );

test('every table of the schema has an owner, and the map names no other', () => {
  const tables = schemaTables();
  assert.deepEqual(
    [...tables].filter((table) => OWNERS[table] === undefined),
    [],
    'give these tables an owner in OWNERS',
  );
  assert.deepEqual(
    Object.keys(OWNERS).filter((table) => !tables.has(table)),
    [],
    'OWNERS names tables the schema does not have',
  );
});

test('each table is written only by its owning feature', () => {
  const { writes } = serverWrites();
  // the test finds the writes at all (a pattern that stopped matching would pass everything)
  assert.ok(
    writes.some(({ table, file }) => table === 'catalogue_products' && file.startsWith('catalogue/')),
    'no write of catalogue_products found: the patterns are broken',
  );
  assert.ok(
    writes.some(({ how }) => /^insert into/i.test(how)),
    'no SQL insert found: the patterns are broken',
  );
  assert.deepEqual(wrongWrites(writes), []);
});

test('a write to a table named by a variable is only in the files listed, and they name only tables of their feature', () => {
  const { dynamic } = serverWrites();
  assert.deepEqual(
    dynamic.filter(({ file }) => DYNAMIC_WRITES[file] === undefined).map(({ file, how }) => `${file}: ${how}`),
    [],
    'name the table, or list the file in DYNAMIC_WRITES with the tables it can write',
  );
  const listed = Object.entries(DYNAMIC_WRITES).flatMap(([file, tables]) =>
    tables.map((table) => ({ file, table, how: 'a table named by a variable' })),
  );
  assert.deepEqual(wrongWrites(listed), []);
});

test('the staff feature writes no catalogue table (and the check would see it if it did)', () => {
  const { writes } = serverWrites();
  assert.deepEqual(
    writes.filter(({ file, table }) => file.startsWith('staff/') && table.startsWith('catalogue_')),
    [],
  );
  // what the check reads: a staff file writing the catalogue's tables, as staff/work/catalogue/ did, fails it
  const tables = schemaTables();
  const planted = writesOf(
    'staff/work/planted.ts',
    "await trx.updateTable('catalogue_products').set({ published: true }).execute();\n" +
      'await sql`insert into catalogue_product_history (product_id) values (${id})`.execute(trx);\n' +
      "await trx.deleteFrom('catalogue_archived_products').where('id', '=', id).execute();\n" +
      'await sql`update catalogue_categories as c set state = ${state} where c.id = ${id}`.execute(trx);\n' +
      '// delete from catalogue_product_edits: prose in a comment is no write\n',
    tables,
  );
  assert.deepEqual(wrongWrites(planted.writes), [
    "staff/work/planted.ts writes catalogue_products (updateTable('catalogue_products')); its owner: catalogue",
    "staff/work/planted.ts writes catalogue_archived_products (deleteFrom('catalogue_archived_products')); its owner: catalogue",
    'staff/work/planted.ts writes catalogue_product_history (insert into catalogue_product_history); its owner: catalogue',
    'staff/work/planted.ts writes catalogue_categories (update catalogue_categories as c set); its owner: catalogue',
  ]);
});

test('the staff inbox writes none of the rows it shows nor their mails: their owners do (and the check would see it)', () => {
  const ownedElsewhere = ['contact_messages', 'registrations', 'inquiries', 'quote_requests', 'outbox'];
  const { writes, dynamic } = serverWrites();
  assert.deepEqual(
    writes.filter(({ file, table }) => file.startsWith('staff/') && ownedElsewhere.includes(table)),
    [],
  );
  assert.deepEqual(
    dynamic.filter(({ file }) => file.startsWith('staff/')),
    [],
  );
  // what the check reads: the writes staff/work/inboxActions.ts made itself fail it
  const planted = writesOf(
    'staff/work/planted.ts',
    "await trx.updateTable('quote_requests').set({ spam: true }).where('id', '=', id).execute();\n" +
      "await trx.deleteFrom('outbox').where('kind', 'in', kinds).where('ref_id', '=', id).execute();\n" +
      'await sql`update inquiries set assignee_id = ${assigneeId} where id = ${id}`.execute(trx);\n' +
      "await trx.updateTable(trx.dynamic.table(table).as('t')).set({ updated_at: NOW }).execute();\n",
    schemaTables(),
  );
  assert.deepEqual(wrongWrites(planted.writes), [
    "staff/work/planted.ts writes quote_requests (updateTable('quote_requests')); its owner: quote-requests",
    "staff/work/planted.ts writes outbox (deleteFrom('outbox')); its owner: platform",
    'staff/work/planted.ts writes inquiries (update inquiries set); its owner: submissions',
  ]);
  assert.deepEqual(planted.dynamic, ['updateTable(…)']);
});
