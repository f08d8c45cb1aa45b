// The rows of catalogue_publish_schedules the editor's other changes touch: a draft saved or restored moves a pending
// schedule on to it (the schedule publishes the draft the editor last saved), a publish by hand ends it, and the
// editor is answered the schedule to show. Each runs in the caller's transaction, which holds the product's lock.
import { sql, type Kysely, type UpdateObject } from 'kysely';
import { formatDubaiTime, type PublishSchedule } from '@site/contracts/staff-catalogue-api';
import type { DatabaseSchema } from '../../../platform/db/index.js';
import type { Editor } from '../editorCalls.js';

/** The product's pending schedule, locked for the caller's transaction. */
export const lockPendingSchedule = (trx: Kysely<DatabaseSchema>, productId: string) =>
  trx
    .selectFrom('catalogue_publish_schedules')
    .selectAll()
    .where('product_id', '=', productId)
    .where('state', '=', 'scheduled')
    .forUpdate()
    .executeTakeFirst();

type Pending = NonNullable<Awaited<ReturnType<typeof lockPendingSchedule>>>;

/** Changes the pending schedule and says so in the audit log (`words` of it), in the caller's transaction. */
export async function changePendingSchedule(
  trx: Kysely<DatabaseSchema>,
  actor: Editor,
  productId: string,
  change: {
    pending: Pending;
    set: UpdateObject<DatabaseSchema, 'catalogue_publish_schedules'>;
    action: string;
    words: (pending: Pending) => string;
  },
): Promise<void> {
  await trx.updateTable('catalogue_publish_schedules').set(change.set).where('id', '=', change.pending.id).execute();
  await actor.audit(trx, actor, change.action, `product:${productId}`, change.words(change.pending));
}

/** The schedule's end by `actor`: cancelled (by them, or by a publish by hand). */
export const cancelledBy = (actor: Editor): UpdateObject<DatabaseSchema, 'catalogue_publish_schedules'> => ({
  state: 'cancelled',
  ended_at: sql<Date>`now()`,
  ended_by_email: actor.email,
});

/** "1 Jan 2027, 00:00 (Dubai time)" */
export const dubaiTimeWords = (at: Date | string): string => `${formatDubaiTime(at)} (Dubai time)`;

/**
 * A draft saved (or restored) while a publish is scheduled: the schedule publishes this draft now. Said in the audit
 * log, and the editor keeps showing the schedule, so the one who saved sees what will go live.
 */
export async function scheduleFollowsDraft(
  trx: Kysely<DatabaseSchema>,
  actor: Editor,
  productId: string,
  version: number,
): Promise<void> {
  const pending = await lockPendingSchedule(trx, productId);
  if (pending === undefined) return;
  await changePendingSchedule(trx, actor, productId, {
    pending,
    set: { draft_version: version },
    action: 'catalogue.schedule-follow',
    words: ({ due_at, scheduled_by_email }) =>
      `the publish scheduled for ${dubaiTimeWords(due_at)} by ${scheduled_by_email} now publishes draft version ${version}`,
  });
}

/** A publish by hand while one is scheduled: the schedule is over (cancelled), its draft being live already. */
export async function endScheduleByHand(
  trx: Kysely<DatabaseSchema>,
  actor: Editor,
  productId: string,
  version: number,
): Promise<void> {
  const pending = await lockPendingSchedule(trx, productId);
  if (pending === undefined) return;
  await changePendingSchedule(trx, actor, productId, {
    pending,
    set: cancelledBy(actor),
    action: 'catalogue.schedule-cancel',
    words: ({ due_at, scheduled_by_email }) =>
      `the publish scheduled for ${dubaiTimeWords(due_at)} by ${scheduled_by_email} is over: the draft was published by hand (version ${version})`,
  });
}

/**
 * The schedule the editor shows: the latest one (a change of time makes it the latest again), if it is pending or
 * failed after the product's last change in the editor (a save or a publish since has seen to the failure).
 */
export async function scheduleShown(
  db: Kysely<DatabaseSchema>,
  productId: string,
  lastChange: Date | undefined,
): Promise<PublishSchedule | null> {
  const row = await db
    .selectFrom('catalogue_publish_schedules')
    .selectAll()
    .where('product_id', '=', productId)
    .orderBy('scheduled_at', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (row === undefined || row.state === 'published' || row.state === 'cancelled') return null;
  if (row.state === 'failed' && lastChange !== undefined && row.ended_at !== null && row.ended_at < lastChange)
    return null;
  const state = row.state;
  return {
    id: row.id,
    state,
    dueAt: row.due_at.toISOString(),
    scheduledBy: row.scheduled_by_email,
    scheduledAt: row.scheduled_at.toISOString(),
    ...(row.failure === null ? {} : { failure: row.failure }),
  };
}
