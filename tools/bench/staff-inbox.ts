// `npm run bench:staff-inbox`: the staff inbox over tens of thousands of rows. A benchmark, not a test: it
// prints figures and exits 0 whatever they are (non-zero only if it could not run).
//
// It fills a fresh database with STAFF_INBOX_ROWS rows (50,000) across the four tables (contact messages 40 %,
// enquiries 25 %, registrations 20 %, requests for quotation 15 % with 1-3 lines each; branches Dubai 45 %, Oman 25 %,
// Bahrain 20 %, Saudi Arabia 10 %; 5 % spam; statuses 60 % handled, 15 % in progress, 25 % new; two years of dates;
// messages of 8-12 words from a vocabulary of ~100, some Arabic), then times the inbox's own queries
// (server/src/staff/work/inboxQuery.ts), each the median of STAFF_INBOX_RUNS runs (5) after one warm-up:
//   first page · a filtered page (branch + status) · a search · a deep page (through a cursor 40,000 rows in) ·
//   the total count · a branch's whole CSV export
// and prints EXPLAIN ANALYZE of each one's page query and count, keeping the lines that name the plan's scans (which
// index each of the four tables' branch used).
//
// Embedded PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (a fresh schema, dropped afterwards).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  freshSchema,
  openDatabase,
  runMigrations,
  withKysely,
  type Database,
  openInboxCsv,
  inboxRows,
  inboxTotal,
  listInbox,
  searchQuery,
  type RunResult,
  type InboxFilters,
} from '@site/server/test-support/server';
import { positiveNumber } from './lib/env.js';
import { median, ms, printTable } from './lib/format.js';

const TOTAL_ROWS = Math.round(positiveNumber('STAFF_INBOX_ROWS', 50_000));
const RUNS = Math.round(positiveNumber('STAFF_INBOX_RUNS', 5));
const ALL_KINDS = ['contact', 'registration', 'enquiry', 'quote'] as const;

const WORDS = [
  'armoured',
  'cable',
  'glands',
  'brass',
  'copper',
  'XLPE',
  'SWA',
  'PVC',
  'conduit',
  'trunking',
  'tray',
  'ladder',
  'breaker',
  'MCB',
  'RCBO',
  'isolator',
  'busbar',
  'lugs',
  'terminals',
  'crimp',
  'earthing',
  'rod',
  'clamp',
  'switchgear',
  'panel',
  'distribution',
  'board',
  'lighting',
  'LED',
  'floodlight',
  'emergency',
  'fire',
  'rated',
  'substation',
  'transformer',
  'metres',
  'pieces',
  'packs',
  'drums',
  'urgent',
  'delivery',
  'site',
  'project',
  'tender',
  'quotation',
  'price',
  'list',
  'datasheet',
  'certificate',
  'warranty',
  'stock',
  'available',
  'lead',
  'time',
  'weeks',
  'please',
  'send',
  'best',
  'offer',
  'discount',
  'payment',
  'terms',
  'invoice',
  'sample',
  'approval',
  'consultant',
  'contractor',
  'villa',
  'tower',
  'warehouse',
  'factory',
  'hospital',
  'school',
  'mall',
  'airport',
  'Dubai',
  'Muscat',
  'Sohar',
  'Manama',
  'Dammam',
  'Riyadh',
  'Jeddah',
  'Abu',
  'Dhabi',
  'Sharjah',
  'كابل',
  'مدرع',
  'عرض',
  'سعر',
  'توريد',
  'مشروع',
  'عاجل',
  'شكرا',
];
const FIRST = [
  'Aisha',
  'Omar',
  'Fatima',
  'Yusuf',
  'Lina',
  'Karim',
  'Salim',
  'Noor',
  'Hassan',
  'Mariam',
  'Rashid',
  'Huda',
  'Tariq',
  'Sara',
  'Khalid',
  'Layla',
  'John',
  'Priya',
  'Ravi',
  'Anna',
];
const LAST = [
  'Rahman',
  'Haddad',
  'Saleh',
  'Nasser',
  'Al Harthy',
  'Al Balushi',
  'Qasim',
  'Mansour',
  'Farouk',
  'Khoury',
  'Smith',
  'Menon',
  'Iyer',
  'Costa',
  'Al Zahrani',
  'Al Kaabi',
];
const COMPANIES = [
  'Gulf Build LLC',
  'Muscat Works',
  'Saleh Trading',
  'Desert Power',
  'Al Noor Contracting',
  'Bahrain Electric',
  'Red Sea MEP',
  'Falcon Projects',
  'Oasis Facilities',
  'Crescent Villas',
];

const sqlArray = (values: readonly string[]) =>
  `array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ')}]`;
const pick = (array: string, r: string) => `(${array})[1 + floor(${r} * array_length(${array}, 1))::int]`;

/** Per generated row g: r1..r4 uniform in [0, 1), and the columns every table shares. */
function source(count: number, start: number): string {
  return `with src as (
    select g, random() as r1, random() as r2, random() as r3, random() as r4, random() as r5
      from generate_series(${start}, ${start + count - 1}) g
  ), rows as (
    select g,
      ${pick(sqlArray(FIRST), 'r1')} || ' ' || ${pick(sqlArray(LAST), 'r2')} as name,
      lower(replace(${pick(sqlArray(FIRST), 'r1')} || '.' || ${pick(sqlArray(LAST), 'r2')}, ' ', '')) || g || '@' || (array['example.com', 'gulfbuild.example', 'mail.example', 'muscat.example'])[1 + g % 4] as email,
      case when r3 < 0.45 then 'Dubai' when r3 < 0.70 then 'Oman' when r3 < 0.90 then 'Bahrain' else 'Saudi Arabia' end as branch,
      case when r4 < 0.60 then 'handled' when r4 < 0.75 then 'in_progress' else 'new' end as status,
      r5 < 0.05 as spam,
      now() - make_interval(secs => random() * 730 * 86400) as created_at,
      ${pick(sqlArray(COMPANIES), 'r4')} as company,
      (select string_agg(${pick(sqlArray(WORDS), 'random()')}, ' ') from generate_series(1, 8 + g % 5)) as message
    from src
  )`;
}

async function fill(db: Database): Promise<void> {
  const shares = { contact: 0.4, enquiry: 0.25, registration: 0.2, quote: 0.15 };
  const batch = 5_000;
  let start = 1;
  for (const [kind, share] of Object.entries(shares)) {
    const count = Math.round(TOTAL_ROWS * share);
    for (let done = 0; done < count; done += batch) {
      const n = Math.min(batch, count - done);
      const from = source(n, start);
      start += n;
      if (kind === 'contact') {
        await db.query(`${from} insert into contact_messages (name, email, phone, message, country, company_name, company_location, spam, status, created_at)
          select name, email, '+971 50 ' || lpad(g::text, 7, '0'), message, branch, company, 'Dubai', spam, status, created_at from rows`);
      } else if (kind === 'enquiry') {
        await db.query(`${from} insert into inquiries (user_name, user_email, user_country, phone, message, company_name, spam, status, created_at)
          select name, email, branch, null, message, company, spam, status, created_at from rows`);
      } else if (kind === 'registration') {
        await db.query(`${from} insert into registrations (user_name, user_email, user_country, spam, status, created_at)
          select name, email, branch, spam, status, created_at from rows`);
      } else {
        await db.query(`${from} insert into quote_requests (reference, company_name, name, email, phone, branch, notes, pdf_key_hash, spam, status, created_at)
          select 'RFQ-BENCH-' || lpad(g::text, 7, '0'), company, name, email, '+971 4 000 0000', branch, case when g % 3 = 0 then null else message end,
                 md5(g::text), spam, status, created_at from rows`);
      }
    }
  }
  await db.query(`insert into quote_request_lines (request_id, line_no, product_id, product_code, product_name, product_name_ar, unit, quantity)
    select q.id, n, 'product_' || n, 'CODE-' || n, 'Product ' || n, 'منتج ' || n, 'piece', 10 * n
      from quote_requests q, generate_series(1, 1 + (q.id % 3)::int) n`);
  await db.query('analyze');
}

/** Times `run`: one warm-up, then the median of RUNS runs. */
async function time(run: () => Promise<unknown>): Promise<{ median: number; max: number }> {
  await run();
  const times: number[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return { median: median(times), max: Math.max(...times) };
}

/** Kysely over `db` that runs EXPLAIN ANALYZE of each query instead, and keeps the plan's scan lines. */
function explaining(db: Database, lines: string[]): Database['kysely'] {
  const run = async <T>(sql: string, params: readonly unknown[] = []): Promise<RunResult<T>> => {
    const plan = await db.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, costs off, timing off, summary off) ${sql}`,
      params,
    );
    for (const { 'QUERY PLAN': line } of plan) {
      if (/Scan|Index Cond|Recheck Cond|Sort Method|Limit/.test(line) && !/^\s*Filter/.test(line))
        lines.push(line.replace(/\s+$/, ''));
    }
    // what the caller gets is the plan, not rows: the bench reads only `lines`
    return { rows: [] };
  };
  return withKysely({
    kind: db.kind,
    location: db.location,
    run,
    query: async <T>(sql: string, params?: readonly unknown[]) => (await run<T>(sql, params)).rows,
    transaction: (fn) => db.transaction(fn),
    listen: (channel, onNotify) => db.listen(channel, onNotify),
    close: async () => undefined,
  }).kysely;
}

interface Case {
  name: string;
  filters: InboxFilters;
}

async function benchOne(label: string, db: Database): Promise<void> {
  const filled = performance.now();
  await runMigrations(db);
  await fill(db);
  const [counts] = await db.query<Record<string, number>>(
    `select (select count(*) from contact_messages)::int as contact, (select count(*) from inquiries)::int as enquiry,
            (select count(*) from registrations)::int as registration, (select count(*) from quote_requests)::int as quote,
            (select count(*) from quote_request_lines)::int as lines`,
  );
  console.log(`\n${label}: filled in ${ms(performance.now() - filled)}: ${JSON.stringify(counts)}`);

  const base: InboxFilters = { kinds: ALL_KINDS, limit: 50 };
  // a cursor 40,000 rows in: the last row of the page that ends there
  const deep = await inboxRows(db.kysely, base, undefined, { message: 'summary', limit: 40_000 });
  const last = deep.at(-1)!;
  const cases: Case[] = [
    { name: 'first page (all kinds, all branches)', filters: base },
    { name: 'filtered page (branch Oman + status new)', filters: { ...base, branch: 'Oman', status: 'new' } },
    { name: 'branch page (Dubai, as branch staff see it)', filters: { ...base, branch: 'Dubai' } },
    { name: 'search "armoured cable"', filters: { ...base, q: 'armoured cable' } },
    { name: 'search a name prefix "aish" in Bahrain', filters: { ...base, q: 'aish', branch: 'Bahrain' } },
    { name: 'search a common word "cable"', filters: { ...base, q: 'cable' } },
    { name: 'spam page', filters: { ...base, status: 'spam' } },
    {
      name: `deep page (cursor ${deep.length.toLocaleString('en')} rows in)`,
      filters: { ...base, cursor: { at: last.at_key, rank: last.rank, id: last.id } },
    },
  ];

  const rows: string[][] = [['query', 'page + count: median', 'max', 'page alone', 'count alone', 'total']];
  const plans: string[] = [];
  for (const { name, filters } of cases) {
    const tsquery = filters.q === undefined ? undefined : ((await searchQuery(db.kysely, filters.q)) ?? undefined);
    const page = await time(() => listInbox(db.kysely, filters));
    const pageOnly = await time(() =>
      inboxRows(db.kysely, filters, tsquery, { message: 'summary', cursor: filters.cursor, limit: filters.limit + 1 }),
    );
    const countOnly = await time(() => inboxTotal(db.kysely, filters, tsquery));
    const total = await inboxTotal(db.kysely, filters, tsquery);
    rows.push([
      name,
      ms(page.median),
      ms(page.max),
      ms(pageOnly.median),
      ms(countOnly.median),
      total.toLocaleString('en'),
    ]);
    const lines: string[] = [];
    await inboxRows(explaining(db, lines), filters, tsquery, {
      message: 'summary',
      cursor: filters.cursor,
      limit: filters.limit + 1,
    });
    lines.push('  -- count:');
    await inboxTotal(explaining(db, lines), filters, tsquery);
    plans.push(`\n${name}:`, ...lines.map((line) => `  ${line}`));
  }
  const csv = await time(async () => {
    const stream = await openInboxCsv(db.kysely, { ...base, branch: 'Dubai' });
    let bytes = 0;
    for await (const chunk of stream) bytes += Buffer.byteLength(chunk as string);
    return bytes;
  });
  rows.push([
    'CSV export of Dubai (every row)',
    ms(csv.median),
    ms(csv.max),
    '',
    '',
    (await inboxTotal(db.kysely, { ...base, branch: 'Dubai' }, undefined)).toLocaleString('en'),
  ]);
  printTable(`${label}: the inbox over ${TOTAL_ROWS.toLocaleString('en')} rows (median of ${RUNS} runs)`, rows);
  console.log(`\n${label}: EXPLAIN ANALYZE (scan lines)`);
  console.log(plans.join('\n'));
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'staff-inbox-bench-'));
  const embedded = await openDatabase({ dataDir, databaseUrl: undefined });
  try {
    await benchOne('embedded PGlite', embedded);
  } finally {
    await embedded.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  const url = process.env.TEST_DATABASE_URL?.trim();
  if (url === undefined || url === '') {
    console.log('\nPostgreSQL: skipped (set TEST_DATABASE_URL to bench it too)');
    return;
  }
  const schema = await freshSchema(url);
  const postgres = await openDatabase({ databaseUrl: schema.url, dataDir: os.tmpdir() });
  try {
    await benchOne('PostgreSQL', postgres);
  } finally {
    await postgres.close();
    await schema.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
