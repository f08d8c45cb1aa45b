// Turns an outbox row into an e-mail. Visitor text is untrusted: it goes into header values only
// with line breaks and control characters removed, and into the HTML body only escaped.
import { cutText, withoutDisallowedCharacters } from '@site/content/validation';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@site/contracts/locale';
import { OUTBOX_KIND } from '../submissions/store.js';

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

/** The fields every mailed submission has, whatever form it came from. */
interface MailFields {
  title: string;
  name: string;
  email: string;
  branch: string;
  phone: string | null;
  companyName: string | null;
  companyLocation: string | null;
  message: string;
  /** The language of the page the visitor wrote from, in words ('Arabic'). */
  language: string;
}

/** The language of the visitor's page, named for the branch's staff. */
export const LANGUAGE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', ar: 'Arabic' };

/** The payload's `language`: rows stored before it existed came from the English site (the only one then). */
function languageOf(value: unknown): string {
  if (value === undefined || value === null) return LANGUAGE_NAMES[DEFAULT_LOCALE];
  if (isLocale(value)) return LANGUAGE_NAMES[value];
  // never written by the server's schemas: shown as it is, on one short line
  return headerText(typeof value === 'string' ? value : JSON.stringify(value), 20);
}

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

const str = (record: Record<string, unknown>, key: string): string | null => {
  const value = record[key];
  return typeof value === 'string' && value !== '' ? value : null;
};

function fieldsOf(row: OutboxRow): MailFields {
  if (typeof row.payload !== 'object' || row.payload === null) throw new Error(`outbox ${row.id}: payload is not an object`);
  const p = row.payload as Record<string, unknown>;
  const required = (key: string): string => {
    const value = str(p, key);
    if (value === null) throw new Error(`outbox ${row.id}: payload has no ${key}`);
    return value;
  };
  switch (row.kind) {
    case OUTBOX_KIND.contactMessage:
      return {
        title: 'Contact message from the website',
        name: required('name'),
        email: required('email'),
        branch: required('country'),
        phone: str(p, 'phone'),
        companyName: str(p, 'companyName'),
        companyLocation: str(p, 'companyLocation'),
        message: required('message'),
        language: languageOf(p.language),
      };
    case OUTBOX_KIND.inquiry:
      return {
        title: 'Enquiry from the website chat',
        name: required('userName'),
        email: required('userEmail'),
        branch: required('userCountry'),
        phone: str(p, 'inquiryPhone'),
        companyName: str(p, 'companyName'),
        companyLocation: str(p, 'companyLocation'),
        message: required('inquiryMessage'),
        language: languageOf(p.language),
      };
    default:
      throw new Error(`outbox ${row.id}: unknown kind "${row.kind}"`);
  }
}

/**
 * The mail for one outbox row: to the branch address stored with it, Reply-To the visitor,
 * a plain-text body and an HTML body with every visitor value escaped, saying which language the visitor used.
 */
export function composeMail(row: OutboxRow, from: string): ComposedMail {
  const f = fieldsOf(row);
  const details: [string, string | null][] = [
    ['Name', f.name],
    ['Email', f.email],
    ['Phone', f.phone],
    ['Company', f.companyName],
    ['Company location', f.companyLocation],
    ['Branch', f.branch],
    // which language the visitor used (the Arabic or the English site), so the branch can answer in it
    ['Language', f.language],
  ];
  const shown = details.filter((entry): entry is [string, string] => entry[1] !== null);
  const reference = `${row.kind.replace('_', ' ')} #${row.ref_id ?? row.id}`;

  const text = [
    `${f.title} (${f.branch}).`,
    '',
    ...shown.map(([label, value]) => `${label}: ${value}`),
    '',
    'Message:',
    f.message,
    '',
    '--',
    `Reply to this e-mail to answer ${f.name}. Reference: ${reference}.`,
  ].join('\n');

  const rows = shown
    .map(([label, value]) => `<tr><th align="left" style="padding:2px 12px 2px 0">${label}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('');
  const html =
    `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1b2430">` +
    `<p>${escapeHtml(f.title)} (${escapeHtml(f.branch)}).</p>` +
    `<table>${rows}</table>` +
    `<p><strong>Message:</strong></p>` +
    // dir="auto": an Arabic message reads right to left in the mail
    `<div dir="auto" style="white-space:pre-wrap">${escapeHtml(f.message)}</div>` +
    `<hr><p style="color:#4a5563">Reply to this e-mail to answer ${escapeHtml(f.name)}. Reference: ${escapeHtml(reference)}.</p>` +
    `</body></html>`;

  return {
    from,
    to: row.recipient,
    replyTo: { name: headerText(f.name, 100), address: headerText(f.email, 254) },
    subject: headerText(`${f.title}: ${f.name} (${f.branch})`, 150),
    text,
    html,
  };
}
