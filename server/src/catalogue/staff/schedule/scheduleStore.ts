// Scheduling a product's draft to be published at a Dubai date and time, moving that time, cancelling it, and the list
// of what is to come. A schedule publishes the draft of the version it was made on; a draft saved or restored in the
// editor afterwards moves it on to that draft (scheduleRows.ts). Each change is audited in its transaction.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { dubaiLocalToInstant, type EditorProduct, type ScheduleList } from '@site/contracts/staff-catalogue-api';
import type { Database } from '../../../platform/db/index.js';
import { badRequest, conflict } from '../errors.js';
import type { Editor } from '../editorCalls.js';
import { lockProduct, readEditorProduct, refuseStale } from '../editorStore.js';
import { cancelledBy, changePendingSchedule, dubaiTimeWords, lockPendingSchedule } from './scheduleRows.js';

export const NO_DRAFT_TO_SCHEDULE = 'There is no draft of this product to schedule: save one first.';
export const NOT_PENDING =
  'This publish is no longer scheduled (it was published, cancelled or changed meanwhile): reload the product.';

/** The time is refused unless it is later than now. */
const pastTime = (local: string) =>
  `${dubaiTimeWords(dubaiLocalToInstant(local) ?? new Date(0))} has passed: choose a later date and time.`;

/**
 * Schedules the product's draft (of `baseVersion`, the one the editor shows) for `dueLocal`, Dubai time; a pending
 * schedule is moved to that time instead, and is then the changer's.
 */
export async function scheduleDraft(
  db: Database,
  actor: Editor,
  id: string,
  baseVersion: number,
  dueLocal: string,
  now: () => Date = () => new Date(),
): Promise<EditorProduct> {
  const due = dubaiLocalToInstant(dueLocal);
  if (due === undefined) throw badRequest('dueAt: there is no such date', ['dueAt']);
  if (due.getTime() <= now().getTime()) throw badRequest(pastTime(dueLocal), ['dueAt']);
  await db.kysely.transaction().execute(async (trx) => {
    const edits = await lockProduct(trx, id, { unpublished: 'allow' });
    refuseStale(edits, baseVersion);
    if (edits.edits?.draft == null) throw conflict(NO_DRAFT_TO_SCHEDULE);
    const pending = await lockPendingSchedule(trx, id);
    const by = { scheduled_by_id: actor.id, scheduled_by_email: actor.email };
    if (pending === undefined) {
      await trx
        .insertInto('catalogue_publish_schedules')
        .values({ id: randomUUID(), product_id: id, draft_version: edits.version, due_at: due, ...by })
        .execute();
      await actor.audit(
        trx,
        actor,
        'catalogue.schedule',
        `product:${id}`,
        `draft version ${edits.version} scheduled to publish on ${dubaiTimeWords(due)}`,
      );
      return;
    }
    await changePendingSchedule(trx, actor, id, {
      pending,
      set: { due_at: due, draft_version: edits.version, scheduled_at: sql<Date>`now()`, ...by },
      action: 'catalogue.schedule-change',
      words: ({ due_at, scheduled_by_email }) =>
        `the publish of draft version ${edits.version} moved from ${dubaiTimeWords(due_at)} (scheduled by ${scheduled_by_email}) to ${dubaiTimeWords(due)}`,
    });
  });
  return readEditorProduct(db.kysely, id);
}

/** Cancels the pending schedule the editor showed (`scheduleId`); the draft stays a draft. */
export async function cancelSchedule(
  db: Database,
  actor: Editor,
  id: string,
  scheduleId: string,
): Promise<EditorProduct> {
  await db.kysely.transaction().execute(async (trx) => {
    await lockProduct(trx, id, { unpublished: 'allow' });
    const pending = await lockPendingSchedule(trx, id);
    if (pending === undefined || pending.id !== scheduleId) throw conflict(NOT_PENDING);
    await changePendingSchedule(trx, actor, id, {
      pending,
      set: cancelledBy(actor),
      action: 'catalogue.schedule-cancel',
      words: ({ due_at, scheduled_by_email }) =>
        `the publish scheduled for ${dubaiTimeWords(due_at)} by ${scheduled_by_email} was cancelled`,
    });
  });
  return readEditorProduct(db.kysely, id);
}

/** Every pending schedule, the soonest first, with the product's name (its draft's, else the live one's). */
export async function listSchedules(db: Database): Promise<ScheduleList> {
  const rows = await db.kysely
    .selectFrom('catalogue_publish_schedules as s')
    .leftJoin('catalogue_product_edits as e', 'e.product_id', 's.product_id')
    .leftJoin('catalogue_products as p', 'p.id', 's.product_id')
    .select(['s.id', 's.product_id', 's.due_at', 's.scheduled_by_email', 'e.draft', 'p.name'])
    .where('s.state', '=', 'scheduled')
    .orderBy('s.due_at')
    .orderBy('s.id')
    .limit(500)
    .execute();
  return {
    schedules: rows.map((row) => ({
      id: row.id,
      productId: row.product_id,
      productName: (row.draft as { productName?: string } | null)?.productName ?? row.name ?? row.product_id,
      dueAt: row.due_at.toISOString(),
      scheduledBy: row.scheduled_by_email,
    })),
  };
}
