// The answers the catalogue's job routes share (importExport.ts, bulk/bulkEditRoute.ts): their response schemas, the
// Idempotency-Key read with the job it already made, and the 409 naming the import, undo or bulk edit that runs now.
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { ImportBusy } from '@site/contracts/staff-catalogue-api';
import {
  editorErrorSchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  importBusySchema,
  importJobSchema,
} from '@site/contracts/staff-catalogue-api';
import type { DatabaseSchema } from '../../../platform/db/index.js';
import { badRequest } from '../errors.js';
import { jobAnswer, jobOfKey, type JobRow } from './jobRows.js';

/** A route that makes a job answers it made (202), or made before under the same key (200), or who runs now (409). */
export const JOB_ANSWERS = {
  200: importJobSchema,
  202: importJobSchema,
  409: z.union([importBusySchema, editorErrorSchema]),
  '4xx': editorErrorSchema,
  '5xx': editorErrorSchema,
};

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

/**
 * The request's Idempotency-Key, and the job this account already made with it (a retry, a second click: the same job
 * answered again, its work not started twice).
 */
export async function keyAndJobSent(
  db: Kysely<DatabaseSchema>,
  staffId: number,
  headers: Record<string, string | string[] | undefined>,
): Promise<{ key: string | undefined; sent: JobRow | undefined }> {
  const key = idempotencyKeyOf(headers[IDEMPOTENCY_KEY_HEADER]);
  return { key, sent: key === undefined ? undefined : await jobOfKey(db, staffId, key) };
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
