// POST STAFF_API.catalogueBulkEdit: a bulk edit of the product list sent as a job (bulkWork.ts runs it), answered at
// once (202) as an import's upload is; registered beside the import's routes (importExport.ts), under the same
// session, CSRF and role checks, and run by the same runner, one writing job at a time. Its products are fixed when it
// is sent (bulkSelection.ts); "Apply" after a check sends the check's job, so that what is written is what was checked
// (its rows made again from the catalogue as it is then, and checked again).
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STAFF_API } from '@site/contracts/staff-api';
import { bulkEditBodySchema, importQuerySchema } from '@site/contracts/staff-catalogue-api';
import type { BulkEditInput } from '../../../platform/db/schema.js';
import type { Database } from '../../../platform/db/index.js';
import { editorOf, type StaffCatalogueSide } from '../editorCalls.js';
import { badRequest, EditorError } from '../errors.js';
import { busyAnswer, JOB_ANSWERS, keyAndJobSent } from '../imports/jobReplies.js';
import { activeImport, jobAnswer, makeJob, readJob } from '../imports/jobRows.js';
import type { ImportJobRunner } from '../imports/jobRunner.js';
import { bulkDescription } from './bulkDescription.js';
import { chosenRowsOf, SelectionRefused } from './bulkSelection.js';

export const NOT_APPLICABLE =
  'Only a bulk edit checked without problems can be applied: check the edit again and read its report.';

/** The write of check `id` not refused or failed (queued, running or done), if any. */
const applicationOf = (db: Database, id: string) =>
  db.kysely
    .selectFrom('catalogue_import_jobs')
    .select(['id', 'state'])
    .where('kind', '=', 'bulk')
    .where('state', 'not in', ['refused', 'failed'])
    .where(sql<boolean>`bulk_edit->>'appliedCheck' = ${id}`)
    .executeTakeFirst();

export function bulkEditRoute(
  parent: FastifyInstance,
  options: StaffCatalogueSide & { db: Database },
  runner: ImportJobRunner,
): void {
  const { db } = options;
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.post(
    STAFF_API.catalogueBulkEdit,
    {
      schema: {
        querystring: importQuerySchema,
        body: bulkEditBodySchema,
        response: JOB_ANSWERS,
      },
    },
    async (request, reply) => {
      const actor = editorOf(request, options);
      const kind = request.query.dryRun === '1' ? 'bulk-check' : 'bulk';
      const { key, sent } = await keyAndJobSent(db.kysely, actor.id, request.headers);
      if (sent !== undefined) return reply.code(200).send(jobAnswer(sent));
      const body = request.body;
      let input: BulkEditInput;
      if ('check' in body) {
        const check = await readJob(db.kysely, body.check);
        if (check === undefined) throw new EditorError(404, 'There is no such bulk edit.');
        if (
          check.kind !== 'bulk-check' ||
          check.state !== 'done' ||
          check.bulk_edit === null ||
          (check.report?.problemCount ?? 1) > 0
        )
          throw new EditorError(409, NOT_APPLICABLE);
        // applied once: a second "Apply" (the page opened again later) would add the change twice
        const applied = kind === 'bulk' ? await applicationOf(db, check.id) : undefined;
        if (applied !== undefined)
          throw new EditorError(409, `This check was applied already (job ${applied.id}, ${applied.state}).`);
        input = { ...check.bulk_edit, ...(kind === 'bulk' ? { appliedCheck: check.id } : {}) };
      } else {
        try {
          const chosen = await chosenRowsOf(db.kysely, body.selection);
          input = { ...chosen, changes: body.changes, description: bulkDescription(chosen, body.changes) };
        } catch (error) {
          if (error instanceof SelectionRefused) throw badRequest(error.message);
          throw error;
        }
      }
      if (kind === 'bulk') {
        const running = await activeImport(db.kysely);
        if (running !== undefined) return reply.code(409).send(busyAnswer(running));
      }
      const made = await makeJob(db.kysely, {
        id: randomUUID(),
        kind,
        fileName: input.description,
        bytes: 0,
        sha256: '',
        idempotencyKey: key,
        staffId: actor.id,
        staffEmail: actor.email,
        bulkEdit: input,
      });
      if ('twin' in made) return reply.code(200).send(jobAnswer(made.twin));
      if ('running' in made) return reply.code(409).send(busyAnswer(made.running));
      runner.submitted(made.made.id);
      return reply.code(202).send(jobAnswer(made.made));
    },
  );
}
