// The mail of any outbox row: a request for quotation's (with its PDF: quotes/quoteMail.ts), or a form's (compose.ts).
import { composeQuoteMail, isQuoteMail } from '../quotes/quoteMail.js';
import { composeMail, type ComposedMail, type OutboxRow } from './compose.js';

export async function composeOutboxMail(row: OutboxRow, from: string): Promise<ComposedMail> {
  return isQuoteMail(row) ? composeQuoteMail(row, from) : composeMail(row, from);
}
