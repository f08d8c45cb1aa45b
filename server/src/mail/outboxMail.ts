// The mail of any outbox row: a request for quotation's (with its PDF: quotes/quoteMail.ts), a release rollback's
// (releases/releaseMail.ts), or a form's (compose.ts).
import { composeQuoteMail, isQuoteMail } from '../quotes/quoteMail.js';
import { composeReleaseMail, isReleaseMail } from '../releases/releaseMail.js';
import { composeMail, type ComposedMail, type OutboxRow } from './compose.js';

export async function composeOutboxMail(row: OutboxRow, from: string): Promise<ComposedMail> {
  if (isReleaseMail(row)) return composeReleaseMail(row, from);
  return isQuoteMail(row) ? composeQuoteMail(row, from) : composeMail(row, from);
}
