// The answers the catalogue's job routes share (importExport.ts, bulk/bulkEditRoute.ts): the Idempotency-Key read, and
// the 409 naming the import, undo or bulk edit that runs now.
import type { ImportBusy } from '@site/contracts/staff-catalogue-api';
import { IDEMPOTENCY_KEY_PATTERN } from '@site/contracts/staff-catalogue-api';
import { badRequest } from '../errors.js';
import { jobAnswer, type JobRow } from './jobRows.js';

const BUSY_WORDS: Partial<Record<JobRow['kind'], string>> = {
  undo: 'An undo of an import is running',
  bulk: 'A bulk edit is running',
};

/** The header's key: absent, or one of IDEMPOTENCY_KEY_PATTERN (a 400 otherwise: a client's mistake, said). */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header))
    throw badRequest('The Idempotency-Key header must be 8 to 100 letters, digits, dashes or underscores.');
  return header;
}

const WHEN = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Dubai',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** What the running job is doing, in words. */
function progressWords(job: JobRow): string {
  const of = job.rows_total === null ? '' : ` of ${job.rows_total.toLocaleString('en')}`;
  if (job.state === 'queued') return 'it is waiting to start';
  if (job.phase === 'writing') return `${job.rows_written.toLocaleString('en')}${of} rows written`;
  if (job.phase === 'checking') return `${job.rows_checked.toLocaleString('en')}${of} rows checked`;
  return 'its file is being read';
}

/** 409: the import queued or running, to wait for. */
export function busyAnswer(job: JobRow): ImportBusy {
  return {
    error: `${BUSY_WORDS[job.kind] ?? 'Another import is running'}: "${job.file_name}", sent by ${job.staff_email} on ${WHEN.format(job.created_at)} (Dubai time); ${progressWords(job)}. Wait for it to finish, then send this file again.`,
    job: jobAnswer(job, false),
  };
}
