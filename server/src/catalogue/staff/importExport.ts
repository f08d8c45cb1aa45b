// The whole catalogue as a file from the staff app: the export and import of `npm run catalogue` (the same functions,
// server/src/catalogue/file/), for admins and the catalogue role. The export is written to a temp file a batch at a
// time and streamed from it; an import's file is an upload (uploads.ts's streaming, at the CLI's 50 MB), its type
// decided by its content, checked (a dry run: nothing written) or imported in one transaction that bumps and announces
// the catalogue's version, its audit line committed with it. Both are jobs (imports/): the upload is answered at
// once with its job (202), which the page follows (its progress, then its report); sent twice (the same
// Idempotency-Key, or the same file still waiting or running) it is the same job, and an import sent while another
// runs is told which (409). The import is sent again rather than kept between the dry run and the import: the browser
// still holds the file, and the import checks every row again anyway (the catalogue may have changed).
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF_API } from '@site/contracts/staff-api';
import {
  editorErrorSchema,
  exportQuerySchema,
  IMPORT_MAX_BYTES,
  importJobListSchema,
  importJobSchema,
  importQuerySchema,
} from '@site/contracts/staff-catalogue-api';
import type { Database } from '../../platform/db/index.js';
import { CatalogueFileWriteError } from '../file/catalogueFiles.js';
import { exportCatalogueFile, ExportMovedError } from '../file/catalogueImport.js';
import { activeImport, activeJobOfFile, jobAnswer, latestJobs, makeJob, readJob } from './imports/jobRows.js';
import { ImportJobRunner } from './imports/jobRunner.js';
import { busyAnswer, JOB_ANSWERS, keyAndJobSent } from './imports/jobReplies.js';
import { bulkEditRoute } from './bulk/bulkEditRoute.js';
import { discardTemp, type MediaStore } from '../media/mediaStore.js';
import { EditorError } from './errors.js';
import { editorOf, type StaffCatalogueSide } from './editorCalls.js';
import { receiveOneFile } from './uploads.js';

export interface ImportExportOptions extends StaffCatalogueSide {
  db: Database;
  /** Its temp folder holds the files on their way (swept of a killed process's at the next start). */
  store: MediaStore;
}

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** catalogue-2026-11-26.csv */
export const catalogueFileName = (format: 'csv' | 'xlsx', now = new Date()): string =>
  `catalogue-${now.toISOString().slice(0, 10)}.${format}`;

export async function catalogueFileRoutes(parent: FastifyInstance, options: ImportExportOptions): Promise<void> {
  const { db, store } = options;
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(STAFF_API.catalogueExport, { schema: { querystring: exportQuerySchema } }, async (request, reply) => {
    const actor = editorOf(request, options);
    const { format } = request.query;
    const file = `${await store.tempFile()}.${format}`;
    let rows: number;
    let version: number;
    try {
      ({ products: rows, version } = await exportCatalogueFile(db.kysely, file, format));
    } catch (error) {
      await discardTemp(file);
      if (error instanceof CatalogueFileWriteError) throw new EditorError(409, error.message);
      if (error instanceof ExportMovedError) throw new EditorError(409, error.message);
      throw error;
    }
    await db.kysely
      .transaction()
      .execute((trx) =>
        actor.audit(
          trx,
          actor,
          'catalogue.export',
          'catalogue',
          `${rows} rows (a row per variant) as ${format} (catalogue version ${version})`,
        ),
      );
    const stream = createReadStream(file);
    // the temp file goes once it is sent, or the client went away
    stream.once('close', () => void discardTemp(file));
    return reply
      .header('content-type', CONTENT_TYPES[format])
      .header('content-disposition', `attachment; filename="${catalogueFileName(format)}"`)
      .header('x-content-type-options', 'nosniff')
      .send(stream);
  });

  const runner = new ImportJobRunner({ db, store, audit: options.recordStaffAction, log: parent.log });
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => runner.close());

  app.post(
    STAFF_API.catalogueImport,
    {
      schema: {
        querystring: importQuerySchema,
        response: JOB_ANSWERS,
      },
    },
    async (request, reply) => {
      const actor = editorOf(request, options);
      const kind = request.query.dryRun === '1' ? 'check' : 'import';
      // sent before (a retry, a second click): the same job, its file not read again
      const { key, sent } = await keyAndJobSent(db.kysely, actor.id, request.headers);
      if (sent !== undefined) return reply.code(200).send(jobAnswer(sent));
      if (kind === 'import') {
        const running = await activeImport(db.kysely);
        if (running !== undefined) return reply.code(409).send(busyAnswer(running));
      }
      const received = await receiveOneFile(request, store, 'catalogue file', IMPORT_MAX_BYTES);
      let held = false;
      try {
        const same = await activeJobOfFile(db.kysely, { kind, sha256: received.hash, staffId: actor.id });
        if (same !== undefined) return reply.code(200).send(jobAnswer(same));
        // the file is held before its job exists: a runner of another process may take the job at once
        const id = randomUUID();
        await store.hold(received.file, id);
        held = true;
        const made = await makeJob(db.kysely, {
          id,
          kind,
          fileName: shownFileName(received.sentName),
          bytes: received.bytes,
          sha256: received.hash,
          idempotencyKey: key,
          staffId: actor.id,
          staffEmail: actor.email,
        });
        if (!('made' in made)) {
          // a twin sent at the same moment was made first (the same key), or an import began meanwhile
          await store.release(id);
          held = false;
          return 'twin' in made
            ? reply.code(200).send(jobAnswer(made.twin))
            : reply.code(409).send(busyAnswer(made.running));
        }
        runner.submitted(id);
        return reply.code(202).send(jobAnswer(made.made));
      } finally {
        if (!held) await discardTemp(received.file);
      }
    },
  );

  bulkEditRoute(app, options, runner);

  app.get(STAFF_API.catalogueImportJobs, { schema: { response: { 200: importJobListSchema } } }, async (request) => {
    editorOf(request, options);
    const [running, jobs] = await Promise.all([activeImport(db.kysely), latestJobs(db.kysely, LATEST_JOBS)]);
    return {
      running: running === undefined ? null : jobAnswer(running, false),
      jobs: jobs.map((job) => jobAnswer(job, false)),
    };
  });

  app.get(
    STAFF_API.catalogueImportJob,
    {
      schema: {
        params: z.strictObject({ id: z.string().regex(JOB_ID, 'There is no such import job.') }),
        response: { 200: importJobSchema, '4xx': editorErrorSchema },
      },
    },
    async (request) => {
      editorOf(request, options);
      const job = await readJob(db.kysely, request.params.id);
      if (job === undefined) throw new EditorError(404, 'There is no such import job.');
      return jobAnswer(job);
    },
  );

  app.post(
    STAFF_API.catalogueImportUndo,
    {
      schema: {
        params: z.strictObject({ id: z.string().regex(JOB_ID, 'There is no such import job.') }),
        querystring: importQuerySchema,
        response: JOB_ANSWERS,
      },
    },
    async (request, reply) => {
      const actor = editorOf(request, options);
      const kind = request.query.dryRun === '1' ? 'undo-check' : 'undo';
      const { key, sent } = await keyAndJobSent(db.kysely, actor.id, request.headers);
      if (sent !== undefined) return reply.code(200).send(jobAnswer(sent));
      const imported = await readJob(db.kysely, request.params.id);
      if (imported === undefined) throw new EditorError(404, 'There is no such import job.');
      if (
        (imported.kind !== 'import' && imported.kind !== 'bulk') ||
        imported.state !== 'done' ||
        imported.report?.written !== true
      )
        throw new EditorError(409, NOT_UNDOABLE);
      if (imported.undone_by !== null)
        throw new EditorError(409, `This import was undone already (job ${imported.undone_by}).`);
      if (kind === 'undo') {
        const running = await activeImport(db.kysely);
        if (running !== undefined) return reply.code(409).send(busyAnswer(running));
      }
      const made = await makeJob(db.kysely, {
        id: randomUUID(),
        kind,
        fileName: imported.file_name,
        bytes: 0,
        sha256: '',
        idempotencyKey: key,
        staffId: actor.id,
        staffEmail: actor.email,
        undoOf: imported.id,
      });
      if ('twin' in made) return reply.code(200).send(jobAnswer(made.twin));
      if ('running' in made) return reply.code(409).send(busyAnswer(made.running));
      runner.submitted(made.made.id);
      return reply.code(202).send(jobAnswer(made.made));
    },
  );
}

/**
 * The sender's file name as the job keeps and shows it: its last path part, without control or direction characters
 * (a name is shown to colleagues and in the audit log: "\u202Egpj.csv" must not read as another file), at most 200
 * characters; "catalogue file" when nothing is left.
 */
export function shownFileName(sent: string): string {
  const name = (sent.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex -- the control characters are what is removed
    .replace(/[\u0000-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g, '')
    .trim()
    .slice(0, 200);
  return name === '' ? 'catalogue file' : name;
}

/** The latest jobs the list shows. */
export const NOT_UNDOABLE =
  'Only an import or bulk edit that wrote can be undone: this job is a dry run, or wrote nothing.';
const LATEST_JOBS = 20;
const JOB_ID = /^[a-f0-9-]{36}$/;
