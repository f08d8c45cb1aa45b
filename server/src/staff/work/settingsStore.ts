// The staff settings (table staff_settings, one row: migration 006). The public review call reads holdNewReviews as
// it stores a review (reviews/reviewStore.ts), in the same transaction.
import { sql, type Kysely } from 'kysely';
import type { StaffAccountSummary, StaffSettings } from '@site/contracts/staff-api';
import type { Database, DatabaseSchema } from '../../db/index.js';
import { recordStaffAction } from '../audit.js';

/** `db`: Kysely or one of its transactions (the review store reads it inside the transaction that stores a review). */
export async function readSettings(db: Kysely<DatabaseSchema>): Promise<StaffSettings> {
  const row = await db.selectFrom('staff_settings').select('hold_new_reviews').executeTakeFirst();
  return { holdNewReviews: row?.hold_new_reviews ?? false };
}

export function writeSettings(db: Database, actor: StaffAccountSummary, settings: StaffSettings): Promise<StaffSettings> {
  return db.kysely.transaction().execute(async (trx) => {
    const before = await readSettings(trx);
    // the row exists since the migration; the upsert only guards against it having been deleted by hand
    await trx
      .insertInto('staff_settings')
      .values({ id: true, hold_new_reviews: settings.holdNewReviews, updated_at: sql<Date>`now()` })
      .onConflict((oc) => oc.column('id').doUpdateSet((eb) => ({ hold_new_reviews: eb.ref('excluded.hold_new_reviews'), updated_at: sql<Date>`now()` })))
      .execute();
    await recordStaffAction(trx, actor, 'settings.update', 'settings', `holdNewReviews: ${before.holdNewReviews} → ${settings.holdNewReviews}`);
    return readSettings(trx);
  });
}
