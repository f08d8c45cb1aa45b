// What every mail of the outbox is made of (a row, a composed mail) and the means to write it safely. Visitor text is
// untrusted: it goes into header values only with line breaks and control characters removed, and into the HTML body
// only escaped. Each feature composes its own mails (submissions/formMail.ts, quote-requests/quoteMail.ts...).
import { cutText, withoutDisallowedCharacters } from '@site/content/validation';
import type { Locale } from '@site/contracts/locale';

export interface OutboxRow {
  id: number;
  kind: string;
  ref_id: number | null;
  recipient: string;
  payload: unknown;
}

/** A file sent with a mail (nodemailer's `attachments`). */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface ComposedMail {
  from: string;
  to: string;
  replyTo: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

/** The language of the visitor's page, named for the branch's staff. */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', ar: 'Arabic' };

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

/**
 * One line for a header value: CR, LF and other control characters (C0, DEL, C1, line and paragraph separators)
 * become spaces, and what else the shared character rule refuses in one-line text (text-direction controls: the
 * forms refuse them, older rows may hold them) is dropped; at most `max` characters, never half an emoji.
 */
export function headerText(value: string, max = 200): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const spaced = value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
  const line = withoutDisallowedCharacters(spaced, 'line').replace(/\s+/g, ' ').trim();
  return line.length > max ? `${cutText(line, max - 1)}…` : line;
}
