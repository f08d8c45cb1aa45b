// The inbox's filtered view as CSV, the whole of it (not one page), made as it is sent: rows are read a batch at a
// time, so tens of thousands of rows never sit in memory at once.
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/index.js';
import { CSV_BOM, csvRows } from '../../platform/spreadsheet/csv.js';
import type { InboxFilters } from './inboxFilters.js';
import { allInboxRows, type InboxRow } from './inboxQuery.js';

const HEADER = [
  'Kind',
  'ID',
  'Reference',
  'Received (UTC)',
  'Branch',
  'Status',
  'Assignee',
  'Name',
  'Email',
  'Phone',
  'Company',
  'Message',
];

/** 2025-03-01 09:05:07 */
const utc = (date: Date): string => date.toISOString().slice(0, 19).replace('T', ' ');

const cellsOf = (row: InboxRow) => [
  row.kind,
  row.id,
  row.reference,
  utc(row.created_at),
  row.branch,
  row.status,
  row.account_email,
  row.name,
  row.email,
  row.phone,
  row.company,
  row.message,
];

/** Rows written at a time (one CSV writer's work per batch, not per row). */
const LINES_PER_WRITE = 500;

/**
 * The CSV as a stream. Resolves once the first batch is read, so a database that is down is an error the caller
 * answers (503), not a download cut short.
 */
export async function openInboxCsv(db: Kysely<DatabaseSchema>, filters: InboxFilters): Promise<Readable> {
  const rows = allInboxRows(db, filters);
  const first = await rows.next();
  async function* lines(): AsyncGenerator<string> {
    yield CSV_BOM + csvRows([HEADER]);
    if (first.done === true) return;
    let batch = [cellsOf(first.value)];
    for await (const row of rows) {
      batch.push(cellsOf(row));
      if (batch.length < LINES_PER_WRITE) continue;
      yield csvRows(batch);
      batch = [];
    }
    if (batch.length > 0) yield csvRows(batch);
  }
  return Readable.from(lines());
}

/** inbox-2025-03-01.csv */
export const inboxCsvFileName = (now = new Date()): string => `inbox-${now.toISOString().slice(0, 10)}.csv`;
