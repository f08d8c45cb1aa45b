// The mail of a form's outbox row: a contact message or a chat enquiry, to the branch, Reply-To the visitor.
import { DEFAULT_LOCALE, isLocale } from '@site/contracts/locale';
import { escapeHtml, headerText, LANGUAGE_NAMES, type ComposedMail, type OutboxRow } from '../platform/mail/compose.js';
import type { MailComposers } from '../platform/mail/composers.js';
import { OUTBOX_KIND } from './store.js';

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

/** The payload's `language`: rows stored before it existed came from the English site (the only one then). */
function languageOf(value: unknown): string {
  if (value === undefined || value === null) return LANGUAGE_NAMES[DEFAULT_LOCALE];
  if (isLocale(value)) return LANGUAGE_NAMES[value];
  // never written by the server's schemas: shown as it is, on one short line
  return headerText(typeof value === 'string' ? value : JSON.stringify(value), 20);
}

const str = (record: Record<string, unknown>, key: string): string | null => {
  const value = record[key];
  return typeof value === 'string' && value !== '' ? value : null;
};

function fieldsOf(row: OutboxRow): MailFields {
  if (typeof row.payload !== 'object' || row.payload === null)
    throw new Error(`outbox ${row.id}: payload is not an object`);
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
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:2px 12px 2px 0">${label}</th><td>${escapeHtml(value)}</td></tr>`,
    )
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

/** Registers the forms' mails with the outbox. */
export function registerFormMail(composers: MailComposers): void {
  composers.register([OUTBOX_KIND.contactMessage, OUTBOX_KIND.inquiry], composeMail);
}
