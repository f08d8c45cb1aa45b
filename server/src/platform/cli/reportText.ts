// What every section of the staff listing (`npm run submissions`) writes the same way: times, a mail's state, and
// visitor text made safe for a terminal.
import { LANGUAGE_NAMES } from '../mail/compose.js';
export interface MailState {
  recipient: string;
  attempts: number;
  sentAt: Date | null;
  nextAttemptAt: Date;
  lastError: string | null;
}

/** The mail columns of an outbox row joined as `o` (null when no row joined). */
export interface MailColumns {
  recipient: string | null;
  attempts: number | null;
  sent_at: Date | null;
  next_attempt_at: Date | null;
  last_error: string | null;
}

export const mailStateOf = (row: MailColumns): MailState | null =>
  row.recipient === null
    ? null
    : {
        recipient: row.recipient,
        attempts: row.attempts ?? 0,
        sentAt: row.sent_at,
        nextAttemptAt: row.next_attempt_at!,
        lastError: row.last_error,
      };

/** 2025-03-01 09:05 UTC */
export const formatTime = (date: Date): string => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Visitor text made safe for a terminal: control characters (escape sequences, CR) shown as '?'. */
// eslint-disable-next-line no-control-regex -- control characters are what this replaces
export const safe = (value: string): string => value.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '?');

/** 'sent 2025-03-01 09:05 UTC to …', 'waiting to be sent to …', 'NOT SENT to … after 2 attempts, last error: …'. */
export function describeMail(mail: MailState): string {
  if (mail.sentAt !== null) return `sent ${formatTime(mail.sentAt)} to ${mail.recipient}`;
  if (mail.attempts === 0) return `waiting to be sent to ${mail.recipient}`;
  return (
    `NOT SENT to ${mail.recipient} after ${mail.attempts} attempt${mail.attempts === 1 ? '' : 's'}` +
    `, last error: ${safe(mail.lastError ?? 'unknown')}; next try ${formatTime(mail.nextAttemptAt)}`
  );
}

/** 'ar' → 'Arabic'; a code the site does not know as it is (made safe). */
export const languageName = (code: string): string =>
  Object.hasOwn(LANGUAGE_NAMES, code) ? LANGUAGE_NAMES[code as keyof typeof LANGUAGE_NAMES] : safe(code);
