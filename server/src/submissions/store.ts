// Writing the form submissions: each row together with its outbox mail, in one transaction.
import { branches, company } from '@site/content';
import type { Database } from '../db/index.js';
import type { ContactForm, Inquiry, Registration } from '../validation/submissionSchemas.js';

/** Outbox kinds, also the `kind` of the mail payloads the worker composes. */
export const OUTBOX_KIND = {
  contactMessage: 'contact_message',
  inquiry: 'inquiry',
  /** A request for quotation to its branch, and its confirmation to the buyer (quotes/quoteStore.ts). */
  quoteRequest: 'quote_request',
  quoteConfirmation: 'quote_confirmation',
} as const;

export interface SaveOptions {
  /** The honeypot was filled: the row is kept, flagged, and no mail is queued. */
  spam: boolean;
}

/**
 * Where mail about a branch goes: that branch's address, or the general one for an unknown name. The contact form's and
 * the enquiries' only recipients (registrations mail nobody): the visitor's own address is never one, so these forms
 * cannot make the site mail a stranger (submissions.test.ts proves it).
 */
export function branchEmail(branchName: string): string {
  return branches.find((branch) => branch.name === branchName)?.email ?? company.generalEmail;
}

/** Stores a contact message and, unless it is spam, its mail to the chosen branch. Returns the row id. */
export function saveContactMessage(db: Database, form: ContactForm, { spam }: SaveOptions): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number }>(
      `insert into contact_messages (name, email, phone, message, country, company_name, company_location, spam)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
      [form.name, form.email, form.phone, form.message, form.country, form.companyName, form.companyLocation, spam],
    );
    const id = row!.id;
    if (!spam) {
      await tx.query('insert into outbox (kind, ref_id, recipient, payload) values ($1, $2, $3, $4)', [
        OUTBOX_KIND.contactMessage,
        id,
        branchEmail(form.country),
        JSON.stringify(form),
      ]);
    }
    return id;
  });
}

/** Stores an enquiry from the chat and, unless it is spam, its mail to the chosen branch. Returns the row id. */
export function saveInquiry(db: Database, inquiry: Inquiry, { spam }: SaveOptions): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number }>(
      `insert into inquiries (user_name, user_email, user_country, phone, message, company_name, company_location, spam)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
      [
        inquiry.userName,
        inquiry.userEmail,
        inquiry.userCountry,
        inquiry.inquiryPhone,
        inquiry.inquiryMessage,
        inquiry.companyName,
        inquiry.companyLocation,
        spam,
      ],
    );
    const id = row!.id;
    if (!spam) {
      await tx.query('insert into outbox (kind, ref_id, recipient, payload) values ($1, $2, $3, $4)', [
        OUTBOX_KIND.inquiry,
        id,
        branchEmail(inquiry.userCountry),
        JSON.stringify(inquiry),
      ]);
    }
    return id;
  });
}

/**
 * Stores a chat registration (name, e-mail, region). No mail: it only says a visitor opened the chat;
 * what they ask for comes as an enquiry, which is mailed. Staff see registrations in `npm run submissions`.
 */
export async function saveRegistration(db: Database, registration: Registration, { spam }: SaveOptions): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    'insert into registrations (user_name, user_email, user_country, spam) values ($1, $2, $3, $4) returning id',
    [registration.userName, registration.userEmail, registration.userCountry, spam],
  );
  return row!.id;
}
