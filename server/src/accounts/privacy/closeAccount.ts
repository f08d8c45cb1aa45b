// Closing an account at its buyer's word: the account goes with its lists, sessions, passkeys and challenges (their rows
// cascade), and the address's sign-in links. The records sent from the address (requests, quotations) are the
// branches' business records and stay (in a company, its colleagues keep seeing them; its last administrator hands the
// company on); the account's activity stays with its address, its last event the closing.
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/index.js';
import { recordAccountEvent } from '../activity/accountEvents.js';
import { companyOnClosing } from '../company/companyStore.js';

export async function closeAccount(
  db: Kysely<DatabaseSchema>,
  account: { accountId: number; email: string; device: string },
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await recordAccountEvent(trx, { ...account, kind: 'closed' }, now);
    await companyOnClosing(trx, account.accountId, account.email, now);
    await trx.deleteFrom('buyer_sign_in_links').where('email', '=', account.email).execute();
    await trx.deleteFrom('buyer_accounts').where('id', '=', account.accountId).execute();
  });
}
