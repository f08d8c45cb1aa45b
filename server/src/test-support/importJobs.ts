// The staff app's catalogue imports are jobs (catalogue/staff/imports/): the upload answers at once with its job, whose
// progress and report are read from its own address. These send a file and follow its job to its end, as the page does.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Readable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { CSRF_HEADER, STAFF_API, staffApiPath } from '@site/contracts/staff-api';
import { IDEMPOTENCY_KEY_HEADER, type ImportJob, type ImportReport } from '@site/contracts/staff-catalogue-api';
import { multipartBody, MULTIPART_TYPE } from './multipart.js';
import { onStaffOrigin, type StaffCaller } from './staffSignIn.js';

export interface SendOptions {
  csrf?: boolean;
  idempotencyKey?: string;
}

/** POSTs a catalogue file (multipart) for a dry run or an import: the answer as sent (202 with the job, or a refusal). */
export function sendCatalogueFile(
  app: FastifyInstance,
  who: StaffCaller,
  dryRun: boolean,
  filename: string,
  content: Buffer | Readable,
  options: SendOptions = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `${STAFF_API.catalogueImport}${dryRun ? '?dryRun=1' : ''}`,
    headers: {
      ...onStaffOrigin(app),
      'content-type': MULTIPART_TYPE,
      cookie: who.cookie,
      ...(options.csrf === false ? {} : { [CSRF_HEADER]: who.csrf }),
      ...(options.idempotencyKey === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: options.idempotencyKey }),
    },
    payload: Buffer.isBuffer(content) ? multipartBody(filename, 'text/csv', content) : content,
  });
}

/** The job as its address answers it now. */
export async function readImportJob(app: FastifyInstance, who: StaffCaller, id: string): Promise<ImportJob> {
  const res = await app.inject({
    method: 'GET',
    url: staffApiPath(STAFF_API.catalogueImportJob, { id }),
    headers: { ...onStaffOrigin(app), cookie: who.cookie },
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json<ImportJob>();
}

const ENDED = new Set<ImportJob['state']>(['done', 'refused', 'failed']);

/** Reads the job until it has ended (done, refused or failed), within `timeoutMs`. */
export async function jobEnded(
  app: FastifyInstance,
  who: StaffCaller,
  id: string,
  timeoutMs = 120_000,
): Promise<ImportJob> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const job = await readImportJob(app, who, id);
    if (ENDED.has(job.state)) return job;
    assert.ok(Date.now() < until, `job ${id} still ${job.state} (${job.phase}) after ${timeoutMs} ms`);
    await sleep(50);
  }
}

/** Sends the file and follows its job to its end: the job (a 202 is asserted). */
export async function importJobOf(...sent: Parameters<typeof sendCatalogueFile>): Promise<ImportJob> {
  const [app, who] = sent;
  const res = await sendCatalogueFile(...sent);
  assert.equal(res.statusCode, 202, res.body);
  return jobEnded(app, who, res.json<ImportJob>().id);
}

/** Sends the file and follows its job: its report (the job must be done). */
export async function importReportOf(...sent: Parameters<typeof sendCatalogueFile>): Promise<ImportReport> {
  const job = await importJobOf(...sent);
  assert.equal(job.state, 'done', job.failure ?? '');
  return job.report!;
}
