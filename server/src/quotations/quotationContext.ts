// What the quotation store needs besides the database, in a module of its own: the store and the part lines both
// take it, and neither imports the other for it.
import type { Kysely } from 'kysely';
import type { StaffAccountSummary } from '@site/contracts/staff-api';
import type { DatabaseSchema } from '../platform/db/index.js';
import type { RecordStaffAction } from './staffSide.js';

/** The branch rule, the audit log, the clock and the default validity. */
export interface QuotationContext {
  canSeeBranch: (account: StaffAccountSummary, branch: string | null) => boolean;
  record: RecordStaffAction;
  now: () => Date;
  /** QUOTATION_VALID_DAYS: a new draft is valid this many days from today. */
  validDays: number;
  /** In the send's transaction, once it is numbered: the buyer's link and mail (link/sendLink.ts). */
  afterSend?: ((trx: Kysely<DatabaseSchema>, id: number) => Promise<void>) | undefined;
}
