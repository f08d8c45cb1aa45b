// A sent quotation past its validity date is marked expired on the day after it, without waiting for its buyer: the
// staff's reads of quotations sweep first (so what they see is never stale), and the quotation calls sweep every
// EXPIRY_SWEEP_MS besides (so the audit log dates it within that). Each one marked has its audit line in the sweep's
// transaction, as when the buyer's link finds it expired; a quotation is marked once, whichever comes first (the
// update keeps to the answerable states, and the buyer's side locks the row).
import { sql, type Kysely } from 'kysely';
import { STAFF_BRANCHES } from '@site/contracts/staff-api';
import type { DatabaseSchema } from '../../platform/db/index.js';
import { branchDay } from '../days.js';
import type { RecordStaffAction } from '../staffSide.js';
import { ANSWERABLE } from './buyerView.js';

/** How often the quotation calls sweep besides their reads. */
export const EXPIRY_SWEEP_MS = 15 * 60_000;

/** The audit line's detail of a quotation found expired. */
export const expiryDetail = (number: string | null, validUntil: string): string =>
  `${number ?? ''} was valid until ${validUntil}`;

/** Marks expired every answerable quotation whose validity ended before its branch's today; how many it marked. */
export async function expireOverdueQuotations(
  db: Kysely<DatabaseSchema>,
  record: RecordStaffAction,
  now: Date,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const expired = await trx
      .updateTable('quotations')
      .set({ state: 'expired' })
      .where('state', 'in', ANSWERABLE)
      // each branch's own day: at 20:30 UTC it is already tomorrow in Dubai, still today in Bahrain
      .where((eb) =>
        eb.or(
          STAFF_BRANCHES.map((branch) =>
            eb.and([eb('branch', '=', branch), eb('valid_until', '<', branchDay(branch, now))]),
          ),
        ),
      )
      .returning(['id', 'number', sql<string>`to_char(valid_until, 'YYYY-MM-DD')`.as('valid_until')])
      .execute();
    for (const row of expired)
      await record(trx, null, 'quotation.expire', `quotation:${row.id}`, expiryDetail(row.number, row.valid_until));
    return expired.length;
  });
}
