// Publishing the schedules that are due, in any process: each in one transaction under the catalogue's lock (the
// import's and a publish by hand's), the schedule read again under the product's lock and marked published with the
// publish, so two processes (or two polls) publish a schedule once. A schedule that cannot be published (the product
// archived or gone, its draft published or changed some other way, a rule it breaks now) is failed in words, in a
// transaction of its own after the publish's rolled back: never half-applied.
import { sql } from 'kysely';
import type { Database } from '../../../platform/db/index.js';
import { lockCatalogue } from '../../file/catalogueImport.js';
import type { RecordStaffAction } from '../editorCalls.js';
import { EditorError } from '../errors.js';
import { lockProduct, publishLockedDraft } from '../editorStore.js';
import { dubaiTimeWords } from './scheduleRows.js';

/** How many due schedules one poll publishes at most (the next poll takes the rest). */
const DUE_PER_POLL = 50;

const notPublished = (reason: string) => `Not published: ${reason}`;
export const CHANGED_SINCE =
  'the product was changed since the publish was scheduled (not by a draft saved in the editor): schedule it again.';
export const DRAFT_GONE = 'there was no draft to publish any more: save one and schedule it again.';

/** Publishes every schedule due at `now`; resolves to how many it published. */
export async function publishDueSchedules(db: Database, audit: RecordStaffAction, now = new Date()): Promise<number> {
  // without a lock: the cheap look of every poll (an index of the pending ones)
  const due = await db.kysely
    .selectFrom('catalogue_publish_schedules')
    .select('id')
    .where('state', '=', 'scheduled')
    .where('due_at', '<=', now)
    .orderBy('due_at')
    .limit(DUE_PER_POLL)
    .execute();
  let published = 0;
  for (const { id } of due) if (await publishOne(db, audit, id)) published += 1;
  return published;
}

class ScheduleFailed extends Error {}

async function publishOne(db: Database, audit: RecordStaffAction, scheduleId: string): Promise<boolean> {
  let failure: string | undefined;
  let published = false;
  try {
    await db.kysely.transaction().execute(async (trx) => {
      await lockCatalogue(trx);
      const seen = await trx
        .selectFrom('catalogue_publish_schedules')
        .select('product_id')
        .where('id', '=', scheduleId)
        .executeTakeFirst();
      if (seen === undefined) return;
      // the product's lock before the schedule's, as every change of the editor takes them
      const edits = await lockProduct(trx, seen.product_id, { unpublished: 'allow' });
      const schedule = await trx
        .selectFrom('catalogue_publish_schedules')
        .selectAll()
        .where('id', '=', scheduleId)
        .where('state', '=', 'scheduled')
        .forUpdate()
        .executeTakeFirst();
      // another process (or poll) published it, or it was cancelled meanwhile
      if (schedule === undefined) return;
      if (edits.edits?.draft == null) throw new ScheduleFailed(DRAFT_GONE);
      if (edits.version !== Number(schedule.draft_version)) throw new ScheduleFailed(CHANGED_SINCE);
      const actor = { id: Number(schedule.scheduled_by_id), email: schedule.scheduled_by_email, audit };
      const version = await publishLockedDraft(trx, actor, schedule.product_id, edits, {
        id: schedule.id,
        detail: `on schedule (scheduled by ${schedule.scheduled_by_email} for ${dubaiTimeWords(schedule.due_at)})`,
      });
      await trx
        .updateTable('catalogue_publish_schedules')
        .set({ state: 'published', published_version: version, ended_at: sql<Date>`now()` })
        .where('id', '=', schedule.id)
        .execute();
      published = true;
    });
  } catch (error) {
    if (error instanceof ScheduleFailed) failure = error.message;
    else if (error instanceof EditorError) failure = lowerFirst(error.message);
    else throw error;
  }
  if (failure !== undefined) await failSchedule(db, audit, scheduleId, notPublished(failure));
  return published;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** Marks a schedule failed, if it is still pending, with its audit line. */
async function failSchedule(db: Database, audit: RecordStaffAction, scheduleId: string, failure: string) {
  await db.kysely.transaction().execute(async (trx) => {
    const failed = await trx
      .updateTable('catalogue_publish_schedules')
      .set({ state: 'failed', failure, ended_at: sql<Date>`now()` })
      .where('id', '=', scheduleId)
      .where('state', '=', 'scheduled')
      .returning(['product_id', 'scheduled_by_id', 'scheduled_by_email', 'due_at'])
      .executeTakeFirst();
    if (failed === undefined) return;
    await audit(
      trx,
      { id: Number(failed.scheduled_by_id), email: failed.scheduled_by_email },
      'catalogue.schedule-failed',
      `product:${failed.product_id}`,
      `the publish scheduled for ${dubaiTimeWords(failed.due_at)}: ${failure}`,
    );
  });
}
