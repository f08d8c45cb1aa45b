// Writing the form submissions: each row together with its outbox mail, in one transaction.
import { branches, company } from '@site/content';
import type { Database } from '../platform/db/index.js';
import { enqueueMail } from '../platform/mail/outbox.js';
import type { ContactForm, Inquiry, Registration } from '@site/contracts/forms-api';

/** Outbox kinds, also the `kind` of the mail payloads the worker composes. */
export const OUTBOX_KIND = {
  contactMessage: 'contact_message',
  inquiry: 'inquiry',
  /** A request for quotation to its branch, and its confirmation to the buyer (quote-requests/quoteStore.ts). */
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
  return db.kysely.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('contact_messages')
      .values({
        name: form.name,
        email: form.email,
        phone: form.phone,
        message: form.message,
        country: form.country,
        company_name: form.companyName,
        company_location: form.companyLocation,
        spam,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!spam) {
      await enqueueMail(trx, {
        kind: OUTBOX_KIND.contactMessage,
        refId: id,
        recipient: branchEmail(form.country),
        payload: form,
      });
    }
    return id;
  });
}

/** Stores an enquiry from the chat and, unless it is spam, its mail to the chosen branch. Returns the row id. */
export function saveInquiry(db: Database, inquiry: Inquiry, { spam }: SaveOptions): Promise<number> {
  return db.kysely.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('inquiries')
      .values({
        user_name: inquiry.userName,
        user_email: inquiry.userEmail,
        user_country: inquiry.userCountry,
        phone: inquiry.inquiryPhone,
        message: inquiry.inquiryMessage,
        company_name: inquiry.companyName,
        company_location: inquiry.companyLocation,
        spam,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!spam) {
      await enqueueMail(trx, {
        kind: OUTBOX_KIND.inquiry,
        refId: id,
        recipient: branchEmail(inquiry.userCountry),
        payload: inquiry,
      });
    }
    return id;
  });
}

/**
 * Stores a chat registration (name, e-mail, region). No mail: it only says a visitor opened the chat;
 * what they ask for comes as an enquiry, which is mailed. Staff see registrations in `npm run submissions`.
 */
export async function saveRegistration(
  db: Database,
  registration: Registration,
  { spam }: SaveOptions,
): Promise<number> {
  const { id } = await db.kysely
    .insertInto('registrations')
    .values({
      user_name: registration.userName,
      user_email: registration.userEmail,
      user_country: registration.userCountry,
      spam,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
