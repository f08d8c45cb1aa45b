// The staff settings (table staff_settings, one row: migration 006). The public review call reads holdNewReviews as
// it stores a review (reviews/reviewStore.ts), in the same transaction: the reading is the reviews' (reviewSettings.ts).
import { sql } from 'kysely';
import type { StaffAccountSummary } from '@site/contracts/staff-api';
import type { StaffSettings } from '@site/contracts/staff-api-schemas';
import type { Database } from '../../platform/db/index.js';
import { recordStaffAction } from '../audit.js';
import { readSettings } from '../../reviews/index.js';

export { readSettings };

export function writeSettings(
  db: Database,
  actor: StaffAccountSummary,
  settings: StaffSettings,
): Promise<StaffSettings> {
  return db.kysely.transaction().execute(async (trx) => {
    const before = await readSettings(trx);
    // the row exists since the migration; the upsert only guards against it having been deleted by hand
    await trx
      .insertInto('staff_settings')
      .values({ id: true, hold_new_reviews: settings.holdNewReviews, updated_at: sql<Date>`now()` })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          hold_new_reviews: eb.ref('excluded.hold_new_reviews'),
          updated_at: sql<Date>`now()`,
        })),
      )
      .execute();
    await recordStaffAction(
      trx,
      actor,
      'settings.update',
      'settings',
      `holdNewReviews: ${before.holdNewReviews} → ${settings.holdNewReviews}`,
    );
    return readSettings(trx);
  });
}
