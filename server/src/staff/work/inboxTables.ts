// The four tables behind the staff inbox, described once: which columns hold the name, e-mail, branch, company and
// message of each, what the visitor's form called each field (the detail view lists them in the form's order), and
// which outbox mails belong to a row.
import { INBOX_KINDS, type InboxKind } from '@site/contracts/staff-api';
import { OUTBOX_KIND } from '../../submissions/store.js';

export interface InboxField {
  label: string;
  /** A SQL expression over the table (alias t) giving text or null. */
  sql: string;
}

export interface InboxTable {
  kind: InboxKind;
  table: 'contact_messages' | 'registrations' | 'inquiries' | 'quote_requests';
  /**
   * The kind's place in the inbox's order among rows of the same instant (created_at desc, rank desc, id desc): the
   * keyset cursor carries it.
   */
  rank: number;
  branch: string;
  name: string;
  email: string;
  /** SQL over t, or 'null'. */
  company: string;
  phone: string;
  /** The whole message as text (SQL over t); the list shows its start. */
  message: string;
  /** Outbox kinds of the mails about a row (ref_id = the row's id). */
  mailKinds: readonly string[];
  /** Every field of the form, in its order, with the form's label. */
  fields: readonly InboxField[];
}

const rankOf = (kind: InboxKind): number => INBOX_KINDS.indexOf(kind) + 1;

/** The language of the page a contact message or enquiry came from: only its mail's payload keeps it. */
const mailLanguage = (outboxKind: string) =>
  `(select case coalesce(o.payload->>'language', 'en') when 'ar' then 'Arabic' else 'English' end
      from outbox o where o.kind = '${outboxKind}' and o.ref_id = t.id order by o.id limit 1)`;

export const INBOX_TABLES: Readonly<Record<InboxKind, InboxTable>> = {
  contact: {
    kind: 'contact',
    table: 'contact_messages',
    rank: rankOf('contact'),
    branch: 't.country',
    name: 't.name',
    email: 't.email',
    company: 't.company_name',
    phone: 't.phone',
    message: 't.message',
    mailKinds: [OUTBOX_KIND.contactMessage],
    fields: [
      { label: 'Name', sql: 't.name' },
      { label: 'Email', sql: 't.email' },
      { label: 'Phone', sql: 't.phone' },
      { label: 'Country', sql: 't.country' },
      { label: 'Company Name', sql: 't.company_name' },
      { label: 'Company Location', sql: 't.company_location' },
      { label: 'Message', sql: 't.message' },
      { label: 'Language', sql: mailLanguage(OUTBOX_KIND.contactMessage) },
    ],
  },
  registration: {
    kind: 'registration',
    table: 'registrations',
    rank: rankOf('registration'),
    branch: 't.user_country',
    name: 't.user_name',
    email: 't.user_email',
    company: 'null',
    phone: 'null',
    message: `''`,
    mailKinds: [],
    fields: [
      { label: 'Full Name', sql: 't.user_name' },
      { label: 'Email Address', sql: 't.user_email' },
      { label: 'Region/Branch', sql: 't.user_country' },
    ],
  },
  enquiry: {
    kind: 'enquiry',
    table: 'inquiries',
    rank: rankOf('enquiry'),
    branch: 't.user_country',
    name: 't.user_name',
    email: 't.user_email',
    company: 't.company_name',
    phone: 't.phone',
    message: 't.message',
    mailKinds: [OUTBOX_KIND.inquiry],
    fields: [
      { label: 'Full Name', sql: 't.user_name' },
      { label: 'Email Address', sql: 't.user_email' },
      { label: 'Phone Number', sql: 't.phone' },
      { label: 'Region/Branch', sql: 't.user_country' },
      { label: 'Company Name', sql: 't.company_name' },
      { label: 'Company Location', sql: 't.company_location' },
      { label: 'Your Inquiry', sql: 't.message' },
      { label: 'Language', sql: mailLanguage(OUTBOX_KIND.inquiry) },
    ],
  },
  quote: {
    kind: 'quote',
    table: 'quote_requests',
    rank: rankOf('quote'),
    branch: 't.branch',
    name: 't.name',
    email: 't.email',
    company: 't.company_name',
    phone: 't.phone',
    // the notes, or what was asked for when there are none
    message: `coalesce(t.notes, (select count(*) from quote_request_lines l where l.request_id = t.id)::text || ' product lines')`,
    mailKinds: [OUTBOX_KIND.quoteRequest, OUTBOX_KIND.quoteConfirmation],
    fields: [
      { label: 'Reference', sql: 't.reference' },
      { label: 'Company', sql: 't.company_name' },
      { label: 'Your name', sql: 't.name' },
      { label: 'Email', sql: 't.email' },
      { label: 'Phone', sql: 't.phone' },
      { label: 'Branch', sql: 't.branch' },
      { label: 'Delivery city', sql: 't.delivery_city' },
      { label: 'Needed by', sql: `to_char(t.needed_by, 'YYYY-MM-DD')` },
      { label: 'Notes', sql: 't.notes' },
      { label: 'Language', sql: `case t.language when 'ar' then 'Arabic' else 'English' end` },
    ],
  },
};

/** The inbox kind of a path segment, or undefined. */
export const inboxKindOf = (value: string): InboxKind | undefined => (INBOX_KINDS as readonly string[]).includes(value) ? (value as InboxKind) : undefined;

/** 'contact:12': how the audit log names a row. */
export const inboxTarget = (kind: InboxKind, id: number): string => `${kind}:${id}`;
