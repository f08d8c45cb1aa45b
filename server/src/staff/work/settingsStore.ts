// The staff settings (table staff_settings, one row: migration 006). The public review call reads holdNewReviews as
// it stores a review (reviews/reviewStore.ts), in the same transaction.
import type { StaffAccountSummary, StaffSettings } from '@site/contracts/staff-api';
import type { Database, Queryable } from '../../db/index.js';
import { recordStaffAction } from '../audit.js';

export async function readSettings(q: Queryable): Promise<StaffSettings> {
  const [row] = await q.query<{ hold_new_reviews: boolean }>('select hold_new_reviews from staff_settings');
  return { holdNewReviews: row?.hold_new_reviews ?? false };
}

export function writeSettings(db: Database, actor: StaffAccountSummary, settings: StaffSettings): Promise<StaffSettings> {
  return db.transaction(async (tx) => {
    const before = await readSettings(tx);
    // the row exists since the migration; the upsert only guards against it having been deleted by hand
    await tx.query(
      `insert into staff_settings (id, hold_new_reviews, updated_at) values (true, $1, now())
       on conflict (id) do update set hold_new_reviews = excluded.hold_new_reviews, updated_at = now()`,
      [settings.holdNewReviews],
    );
    await recordStaffAction(tx, actor, 'settings.update', 'settings', `holdNewReviews: ${before.holdNewReviews} → ${settings.holdNewReviews}`);
    return readSettings(tx);
  });
}
