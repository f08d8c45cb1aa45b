// Whether new reviews wait for a moderator (staff_settings.hold_new_reviews, which the staff pages set:
// staff/work/settingsStore.ts). Read here, by the reviews, so that they do not import the staff pages' code.
import type { Kysely } from 'kysely';
import type { StaffSettings } from '@site/contracts/staff-api-schemas';
import type { DatabaseSchema } from '../platform/db/index.js';

/** `db`: Kysely or one of its transactions (the review store reads it inside the transaction that stores a review). */
export async function readSettings(db: Kysely<DatabaseSchema>): Promise<StaffSettings> {
  const row = await db.selectFrom('staff_settings').select('hold_new_reviews').executeTakeFirst();
  return { holdNewReviews: row?.hold_new_reviews ?? false };
}
