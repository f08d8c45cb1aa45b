// The account's audit log (migration 055): what was done to the account and from which device. The devices page shows
// the latest; the data download carries them all; the staff app's admins read them (buyerAuditPage.ts). A closed
// account's rows stay, with its address.
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/index.js';
import type { BuyerAccountEventKind } from '../../platform/db/schema.js';

export type { BuyerAccountEventKind } from '../../platform/db/schema.js';

export interface AccountEvent {
  kind: BuyerAccountEventKind;
  /** The browser and system ("Chrome — Android"), '' when not told. */
  device: string;
  at: Date;
  /** A company's change: the company's domain or the colleague's address; '' otherwise. */
  detail: string;
}

/** How many the devices page shows. */
export const RECENT_EVENTS = 10;

export async function recordAccountEvent(
  db: Kysely<DatabaseSchema>,
  event: { accountId: number | null; email: string; kind: BuyerAccountEventKind; device: string; detail?: string },
  now: number,
): Promise<void> {
  await db
    .insertInto('buyer_account_events')
    .values({
      account_id: event.accountId,
      email: event.email,
      kind: event.kind,
      device: event.device.slice(0, 100),
      detail: (event.detail ?? '').slice(0, 254),
      at: sql<Date>`${new Date(now).toISOString()}::timestamptz`,
    })
    .execute();
}

/** The account's events, the latest first; `limit` of them, or all. */
export async function eventsOfAccount(
  db: Kysely<DatabaseSchema>,
  accountId: number,
  limit?: number,
): Promise<AccountEvent[]> {
  let query = db
    .selectFrom('buyer_account_events')
    .select(['kind', 'device', 'at', 'detail'])
    .where('account_id', '=', accountId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc');
  if (limit !== undefined) query = query.limit(limit);
  const rows = await query.execute();
  return rows.map((row) => ({ kind: row.kind, device: row.device, at: new Date(row.at), detail: row.detail }));
}
