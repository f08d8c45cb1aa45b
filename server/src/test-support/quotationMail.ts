// The buyer's link a sent quotation's mail carries, as the mail worker opens it: the tests' key, the quotation's own row.
import type { Database } from '../platform/db/index.js';
import { QUOTATION_OUTBOX_KIND } from '../quotations/link/buyerMail.js';
import { linkBinding } from '../quotations/link/linkSeal.js';
import { TEST_LINK_SEALER } from './staffWorkApp.js';

/** The link of quotation `id`'s first "sent" mail, unsealed; undefined when no such mail is queued. */
export async function mailedQuotationLink(db: Database, id: number): Promise<string | undefined> {
  const [mail] = await db.query<{ payload: { sealedLink?: string } }>(
    'select payload from outbox where kind = $1 and ref_id = $2 order by id',
    [QUOTATION_OUTBOX_KIND.sent, id],
  );
  const sealed = mail?.payload.sealedLink;
  return sealed === undefined ? undefined : TEST_LINK_SEALER.open(sealed, linkBinding(id));
}
