// For tests and the bench: submissions made as the public calls make them, through the real schemas (so only what
// the forms accept) and the real saving functions (so each row has its outbox mails, lines and spam flag as in use).
import type { InboxKind } from '@site/contracts/staff-api';
import { QUOTE_CONFIRMATIONS_PER_HOUR_DEFAULT } from '../platform/config.js';
import type { Database } from '../platform/db/index.js';
import { siteQuoteCatalogue } from '../quote-requests/quoteCatalogue.js';
import { quoteRequestSchema } from '../quote-requests/quoteSchema.js';
import { quotePdfKey, saveQuoteRequest } from '../quote-requests/quoteStore.js';
import { saveContactMessage, saveInquiry, saveRegistration } from '../submissions/store.js';
import { contactFormSchema, inquirySchema, registrationSchema } from '@site/contracts/forms-api';
import { parseSubmission } from '../platform/http/contracts.js';

/** A product of the site's catalogue, sold by the piece (quote lines). */
export const TEST_PRODUCT = 'hex_cw_brass_cable_gland';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function parsed<T>(result: { ok: true; data: T; spam: boolean } | { ok: false; error: string }): {
  data: T;
  spam: boolean;
} {
  if (!result.ok) throw new Error(`the test submission is refused by the public schema: ${result.error}`);
  return result;
}

export interface Submitted {
  kind: InboxKind;
  id: number;
}

/** A contact message as POST /api/send-contact-form stores it; `fields` override the defaults (website: the honeypot). */
export async function submitContact(db: Database, fields: Record<string, unknown> = {}): Promise<Submitted> {
  const { data, spam } = parsed(
    parseSubmission(contactFormSchema, {
      name: 'Aisha Rahman',
      email: 'aisha@example.com',
      phone: '+971 50 123 4567',
      message: 'Please quote 200 cable glands.',
      country: 'Dubai',
      companyName: 'Gulf Build LLC',
      companyLocation: 'Dubai',
      ...fields,
    }),
  );
  return { kind: 'contact', id: await saveContactMessage(db, data, { spam }) };
}

export async function submitRegistration(db: Database, fields: Record<string, unknown> = {}): Promise<Submitted> {
  const { data, spam } = parsed(
    parseSubmission(registrationSchema, {
      userName: 'Omar Haddad',
      userEmail: 'omar@example.org',
      userCountry: 'Dubai',
      ...fields,
    }),
  );
  return { kind: 'registration', id: await saveRegistration(db, data, { spam }) };
}

export async function submitEnquiry(db: Database, fields: Record<string, unknown> = {}): Promise<Submitted> {
  const { data, spam } = parsed(
    parseSubmission(inquirySchema, {
      userName: 'Lina Saleh',
      userEmail: 'lina@example.net',
      userCountry: 'Dubai',
      inquiryMessage: 'Do you stock armoured cable?',
      companyName: 'Saleh Trading',
      ...fields,
    }),
  );
  return { kind: 'enquiry', id: await saveInquiry(db, data, { spam }) };
}

export async function submitQuote(
  db: Database,
  fields: Record<string, unknown> = {},
): Promise<Submitted & { reference: string }> {
  const { data, spam } = parsed(
    parseSubmission(quoteRequestSchema(siteQuoteCatalogue()), {
      lines: [{ productId: TEST_PRODUCT, quantity: 40 }],
      companyName: 'Gulf Build LLC',
      name: 'Karim Nasser',
      email: 'karim@example.com',
      phone: '+971 4 000 0000',
      branch: 'Dubai',
      deliveryCity: 'Abu Dhabi',
      neededBy: inDays(30),
      notes: 'Two deliveries, please.',
      language: 'en',
      ...fields,
    }),
  );
  const saved = await saveQuoteRequest(db, data, {
    spam,
    keyHash: quotePdfKey().hash,
    confirmationsPerHour: QUOTE_CONFIRMATIONS_PER_HOUR_DEFAULT,
  });
  return { kind: 'quote', id: saved.id, reference: saved.reference };
}

/** Submits one row of `kind` in `branch`, with `fields` in the kind's own names. */
export function submit(
  db: Database,
  kind: InboxKind,
  branch: string,
  fields: Record<string, unknown> = {},
): Promise<Submitted> {
  switch (kind) {
    case 'contact':
      return submitContact(db, { country: branch, ...fields });
    case 'registration':
      return submitRegistration(db, { userCountry: branch, ...fields });
    case 'enquiry':
      return submitEnquiry(db, { userCountry: branch, ...fields });
    case 'quote':
      return submitQuote(db, { branch, ...fields });
  }
}
