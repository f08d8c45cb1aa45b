// An undo job's work (kinds undo-check and undo): the plan (undoPlan.ts) read inside one transaction under the
// catalogue's lock; a check ends with it as its report, an undo that meets no later change writes it there and then:
// the products set back written as the editor's publish writes a product (importRowsIn), a version of each kept
// ('undo-import'), the products the import added withdrawn (archived, as the editor does), the import marked undone,
// the audit line and the job's end, all in that one transaction.
import { sql } from 'kysely';
import { IMPORT_PROBLEMS_LISTED, type ImportReport } from '@site/contracts/staff-catalogue-api';
import { importRowsIn, lockCatalogue } from '../../file/catalogueImport.js';
import { readCatalogueVersion } from '../../state.js';
import { archiveIn } from '../archive.js';
import { rowsOfContent } from '../content.js';
import type { Editor } from '../editorCalls.js';
import { lockProduct } from '../editorStore.js';
import { recordImportVersions } from './importVersions.js';
import { endJob, readJob, type JobRow, type Progress } from './jobRows.js';
import type { JobWorkOptions } from './jobWork.js';
import { planUndo } from './undoPlan.js';

/** Thrown inside the undo's transaction when the set-back rows break a catalogue rule (a code taken meanwhile). */
class UndoRefused extends Error {}

export async function runUndo(
  { db, audit }: JobWorkOptions,
  job: JobRow,
  runner: string,
  progress: Progress,
  onPhase: () => void,
): Promise<void> {
  const write = job.kind === 'undo';
  const importJob = job.undo_of === null ? undefined : await readJob(db.kysely, job.undo_of);
  if (importJob === undefined)
    return endJob(db.kysely, job.id, runner, { state: 'failed', failure: 'The import to undo is not there any more.' });
  const actor: Editor = { id: job.staff_id, email: job.staff_email, audit };
  try {
    await db.kysely.transaction().execute(async (trx) => {
      await lockCatalogue(trx);
      progress.phase = 'checking';
      onPhase();
      const plan = await planUndo(trx, importJob.id);
      progress.rowsTotal = plan.products;
      progress.rowsChecked = plan.products;
      const refused = plan.conflicts.length > 0;
      let version: number | null = null;
      if (write && !refused) {
        progress.phase = 'writing';
        onPhase();
        const rows = plan.restore.flatMap(({ id, content }) => rowsOfContent(id, content));
        const outcome = await importRowsIn(
          trx,
          rows.map((row, index) => ({ line: index + 1, row })),
          { dryRun: false },
        );
        if (outcome.problems.length > 0) throw new UndoRefused(outcome.problems.slice(0, 5).join('; '));
        const restored = plan.restore.map(({ id }) => id);
        if (restored.length > 0)
          await trx
            .updateTable('catalogue_product_edits')
            .set({ version: sql<number>`version + 1` })
            .where(sql<boolean>`product_id = any(${sql.val(restored)}::text[])`)
            .execute();
        await recordImportVersions(
          trx,
          { changed: restored, added: [] },
          { by: actor, fileName: `undo of ${importJob.file_name}`, jobId: job.id, action: 'undo-import' },
        );
        for (const id of plan.withdraw) await archiveIn(trx, actor, id, await lockProduct(trx, id));
        await trx
          .updateTable('catalogue_import_jobs')
          .set({ undone_by: job.id })
          .where('id', '=', importJob.id)
          .execute();
        version = Number(await readCatalogueVersion(trx));
        progress.rowsWritten = restored.length + plan.withdraw.length;
      }
      const written = write && !refused;
      await audit(
        trx,
        actor,
        write ? 'catalogue.import-undo' : 'catalogue.import-undo-check',
        'catalogue',
        `${written ? 'undone' : write ? 'refused' : 'checked'}: import job ${importJob.id} ("${importJob.file_name}"); ${plan.restore.length} set back, ${plan.withdraw.length} withdrawn, ${plan.conflicted} changed again since`,
      );
      const report: ImportReport = {
        dryRun: !write,
        written,
        format: 'csv',
        rows: plan.products,
        added: 0,
        changed: plan.restore.length + plan.withdraw.length,
        unchanged: plan.unchanged,
        badRows: plan.conflicted,
        problems: plan.conflicts.slice(0, IMPORT_PROBLEMS_LISTED),
        problemCount: plan.conflicts.length,
        version,
        changes: plan.changes.slice(0, IMPORT_PROBLEMS_LISTED),
        changeCount: plan.changes.length,
      };
      await endJob(trx, job.id, runner, {
        state: 'done',
        report,
        progress: {
          rowsTotal: progress.rowsTotal,
          rowsChecked: progress.rowsChecked,
          rowsWritten: progress.rowsWritten,
        },
      });
    });
  } catch (error) {
    if (!(error instanceof UndoRefused)) throw error;
    await endJob(db.kysely, job.id, runner, {
      state: 'refused',
      failure: `The import could not be undone: the products set back break the catalogue's rules (${error.message}). Nothing was changed.`,
    });
  }
}
