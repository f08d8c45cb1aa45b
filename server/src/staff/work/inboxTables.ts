// The four tables behind the staff inbox, described once: which columns hold the name, e-mail, branch, company and
// message of each, what the visitor's form called each field (the detail view lists them in the form's order), and
// which outbox mails belong to a row. Each is an SQL expression over the row (alias t), typed by db/schema.ts.
import { sql, type RawBuilder, type SelectType } from 'kysely';
import { INBOX_KINDS, type InboxKind } from '@site/contracts/staff-api';
import type { DatabaseSchema } from '../../platform/db/index.js';
import { OUTBOX_KIND } from '../../submissions/index.js';

/** The four inbox tables: they share the inbox's columns (id, created_at, spam, status, assignee_id, updated_at, search). */
export type InboxTableName = 'contact_messages' | 'registrations' | 'inquiries' | 'quote_requests';

/** An SQL expression over one row of an inbox table, aliased t in every inbox query. */
export type RowExpression<T> = RawBuilder<T>;

export interface InboxField {
  label: string;
  /** Text or null. */
  value: RowExpression<string | null>;
}

export interface InboxTable {
  kind: InboxKind;
  table: InboxTableName;
  /**
   * The kind's place in the inbox's order among rows of the same instant (created_at desc, rank desc, id desc): the
   * keyset cursor carries it.
   */
  rank: number;
  branch: RowExpression<string | null>;
  name: RowExpression<string>;
  email: RowExpression<string>;
  company: RowExpression<string | null>;
  phone: RowExpression<string | null>;
  /** The whole message as text; the list shows its start. */
  message: RowExpression<string>;
  /** A quote's reference; null for the other kinds. */
  reference: RowExpression<string | null>;
  /** Outbox kinds of the mails about a row (ref_id = the row's id). */
  mailKinds: readonly string[];
  /** Every field of the form, in its order, with the form's label. */
  fields: readonly InboxField[];
}

const rankOf = (kind: InboxKind): number => INBOX_KINDS.indexOf(kind) + 1;

/** The columns of table T as t.<column>, typed as the schema declares them (a name T lacks does not compile). */
const columnsOf =
  <T extends InboxTableName>() =>
  <C extends keyof DatabaseSchema[T] & string>(column: C): RowExpression<SelectType<DatabaseSchema[T][C]>> =>
    sql.ref(`t.${column}`);

const contact = columnsOf<'contact_messages'>();
const registration = columnsOf<'registrations'>();
const enquiry = columnsOf<'inquiries'>();
const quote = columnsOf<'quote_requests'>();

const NULL_TEXT = sql<string | null>`null::text`;

/** The language of the page a contact message or enquiry came from: only its mail's payload keeps it. */
const mailLanguage = (outboxKind: string) =>
  sql<string>`(select case coalesce(o.payload->>'language', 'en') when 'ar' then 'Arabic' else 'English' end
      from outbox o where o.kind = ${outboxKind} and o.ref_id = t.id order by o.id limit 1)`;

export const INBOX_TABLES: Readonly<Record<InboxKind, InboxTable>> = {
  contact: {
    kind: 'contact',
    table: 'contact_messages',
    rank: rankOf('contact'),
    branch: contact('country'),
    name: contact('name'),
    email: contact('email'),
    company: contact('company_name'),
    phone: contact('phone'),
    message: contact('message'),
    reference: NULL_TEXT,
    mailKinds: [OUTBOX_KIND.contactMessage],
    fields: [
      { label: 'Name', value: contact('name') },
      { label: 'Email', value: contact('email') },
      { label: 'Phone', value: contact('phone') },
      { label: 'Country', value: contact('country') },
      { label: 'Company Name', value: contact('company_name') },
      { label: 'Company Location', value: contact('company_location') },
      { label: 'Message', value: contact('message') },
      { label: 'Language', value: mailLanguage(OUTBOX_KIND.contactMessage) },
    ],
  },
  registration: {
    kind: 'registration',
    table: 'registrations',
    rank: rankOf('registration'),
    branch: registration('user_country'),
    name: registration('user_name'),
    email: registration('user_email'),
    company: sql<string | null>`null`,
    phone: sql<string | null>`null`,
    message: sql<string>`''`,
    reference: NULL_TEXT,
    mailKinds: [],
    fields: [
      { label: 'Full Name', value: registration('user_name') },
      { label: 'Email Address', value: registration('user_email') },
      { label: 'Region/Branch', value: registration('user_country') },
    ],
  },
  enquiry: {
    kind: 'enquiry',
    table: 'inquiries',
    rank: rankOf('enquiry'),
    branch: enquiry('user_country'),
    name: enquiry('user_name'),
    email: enquiry('user_email'),
    company: enquiry('company_name'),
    phone: enquiry('phone'),
    message: enquiry('message'),
    reference: NULL_TEXT,
    mailKinds: [OUTBOX_KIND.inquiry],
    fields: [
      { label: 'Full Name', value: enquiry('user_name') },
      { label: 'Email Address', value: enquiry('user_email') },
      { label: 'Phone Number', value: enquiry('phone') },
      { label: 'Region/Branch', value: enquiry('user_country') },
      { label: 'Company Name', value: enquiry('company_name') },
      { label: 'Company Location', value: enquiry('company_location') },
      { label: 'Your Inquiry', value: enquiry('message') },
      { label: 'Language', value: mailLanguage(OUTBOX_KIND.inquiry) },
    ],
  },
  quote: {
    kind: 'quote',
    table: 'quote_requests',
    rank: rankOf('quote'),
    branch: quote('branch'),
    name: quote('name'),
    email: quote('email'),
    company: quote('company_name'),
    phone: quote('phone'),
    // the notes, or what was asked for when there are none
    message: sql<string>`coalesce(t.notes, (select count(*) from quote_request_lines l where l.request_id = t.id)::text || ' product lines')`,
    reference: quote('reference'),
    mailKinds: [OUTBOX_KIND.quoteRequest, OUTBOX_KIND.quoteConfirmation],
    fields: [
      { label: 'Reference', value: quote('reference') },
      { label: 'Company', value: quote('company_name') },
      { label: 'Your name', value: quote('name') },
      { label: 'Email', value: quote('email') },
      { label: 'Phone', value: quote('phone') },
      { label: 'Branch', value: quote('branch') },
      { label: 'Delivery city', value: quote('delivery_city') },
      { label: 'Needed by', value: sql<string | null>`to_char(t.needed_by, 'YYYY-MM-DD')` },
      { label: 'Notes', value: quote('notes') },
      { label: 'Language', value: sql<string>`case t.language when 'ar' then 'Arabic' else 'English' end` },
    ],
  },
};

/** The inbox kind of a path segment, or undefined. */
export const inboxKindOf = (value: string): InboxKind | undefined =>
  (INBOX_KINDS as readonly string[]).includes(value) ? (value as InboxKind) : undefined;

/** 'contact:12': how the audit log names a row. */
export const inboxTarget = (kind: InboxKind, id: number): string => `${kind}:${id}`;
