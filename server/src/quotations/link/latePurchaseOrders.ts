// The reader of the PO files later submissions kept (quotation_late_purchase_orders), for the outbox's composer of
// their mail to the branch (outboxMail.ts): the file is read when the mail is composed, not copied into the outbox row.
import type { Database } from '../../platform/db/index.js';
import type { LatePurchaseOrderFiles } from './buyerMail.js';
import { latePurchaseOrderFile } from './buyerStore.js';

export const latePurchaseOrderFiles =
  (db: Database): LatePurchaseOrderFiles =>
  (lateId) =>
    latePurchaseOrderFile(db.kysely, lateId);
