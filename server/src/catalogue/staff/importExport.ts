// The whole catalogue as a file from the staff app: the export and import of `npm run catalogue` (the same functions,
// server/src/catalogue/file/), for admins and the catalogue role. The export is written to a temp file a batch at a
// time and streamed from it; an import's file is an upload (uploads.ts's streaming, at the CLI's 50 MB), its type
// decided by its content, checked (a dry run: nothing written) or imported in one transaction that bumps and announces
// the catalogue's version, its audit line committed with it. The import is sent again rather than kept between the
// dry run and the import: the browser still holds the file, so nothing lingers on the server's disk, any process
// behind a load balancer can take it, and the import checks every row again anyway (the catalogue may have changed).
import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { STAFF_API } from '@site/contracts/staff-api';
import {
  editorErrorSchema,
  exportQuerySchema,
  IMPORT_MAX_BYTES,
  IMPORT_PROBLEMS_LISTED,
  importQuerySchema,
  importReportSchema,
  type ImportProblem,
  type ImportReport,
} from '@site/contracts/staff-catalogue-api';
import type { Database } from '../../platform/db/index.js';
import { CatalogueFileWriteError } from '../file/catalogueFiles.js';
import {
  exportCatalogueFile,
  ExportMovedError,
  importCatalogueRows,
  type ImportOutcome,
  readCategories,
} from '../file/catalogueImport.js';
import { problemColumn } from '../file/columns.js';
import { checkCatalogueFile } from '../file/importWorkerClient.js';
import { discardTemp, type MediaStore } from '../media/mediaStore.js';
import { badRequest, EditorError } from './errors.js';
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

/** The outcome's problems as the report's rows, the first IMPORT_PROBLEMS_LISTED of them. */
function problemRows(outcome: ImportOutcome, idOf: ReadonlyMap<number, string>): ImportProblem[] {
  const rows: ImportProblem[] = [];
  for (const [line, reasons] of [...outcome.problemsByLine].sort(([a], [b]) => a - b)) {
    for (const { path, message } of reasons) {
      if (rows.length >= IMPORT_PROBLEMS_LISTED) return rows;
      rows.push({ line, id: idOf.get(line) ?? '', column: problemColumn(path), reason: message });
    }
  }
  return rows;
}

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

  app.post(
    STAFF_API.catalogueImport,
    {
      schema: {
        querystring: importQuerySchema,
        response: { 200: importReportSchema, '4xx': editorErrorSchema, '5xx': editorErrorSchema },
      },
    },
    async (request): Promise<ImportReport> => {
      const actor = editorOf(request, options);
      const dryRun = request.query.dryRun === '1';
      const received = await receiveOneFile(request, store, 'catalogue file', IMPORT_MAX_BYTES);
      const { file } = received;
      try {
        // its type told by its content, read within the import's limits and every row checked on its own, all in a
        // worker thread (importWorkerClient.ts): the server's thread goes on answering meanwhile
        const checked = await checkCatalogueFile(file, await readCategories(db.kysely));
        if ('refused' in checked) {
          const { status, problems } = checked.refused;
          const said = problems.map((problem) => problem.replace(`${file}: `, '').replace(file, 'The file'));
          if (status === 400) throw badRequest(`The file could not be read: ${said.join('; ')}. Nothing was imported.`);
          throw new EditorError(status, `${said.join(' ')} Nothing was imported.`);
        }
        const { format, rows } = checked;
        if (rows.checks.length === 0)
          throw badRequest('The file has its header but no product rows: nothing to import.');
        const idOf = new Map(rows.checks.map(({ line, id }) => [line, id]));
        let version: number | null = null;
        const outcome = await importCatalogueRows(db, rows, {
          dryRun,
          countUnchanged: true,
          alsoInTransaction: async (trx, result) => {
            const counts = `${rows.checks.length} rows: ${result.added} new, ${result.updated - result.unchanged} changed, ${result.unchanged} unchanged, ${result.badRows} with problems`;
            const what = dryRun ? 'dry run' : result.written ? 'imported' : 'refused';
            await actor.audit(
              trx,
              actor,
              dryRun ? 'catalogue.import-check' : 'catalogue.import',
              'catalogue',
              `${what}, ${format} of ${received.bytes} bytes (sha256 ${received.hash}); ${counts}`,
            );
            if (result.written)
              version = Number(
                (
                  await trx
                    .selectFrom('catalogue_state')
                    .select(sql<string>`version`.as('version'))
                    .executeTakeFirstOrThrow()
                ).version,
              );
          },
        });
        return {
          dryRun,
          written: outcome.written,
          format,
          rows: rows.checks.length,
          added: outcome.added,
          changed: outcome.updated - outcome.unchanged,
          unchanged: outcome.unchanged,
          badRows: outcome.badRows,
          problems: problemRows(outcome, idOf),
          problemCount: outcome.problems.length,
          version,
          changes: outcome.changes.slice(0, IMPORT_PROBLEMS_LISTED),
          changeCount: outcome.changes.length,
        };
      } finally {
        await discardTemp(file);
      }
    },
  );
}
