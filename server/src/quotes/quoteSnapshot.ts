// A stored request for quotation as its mails and its PDF show it: the request row and its lines, with each product's
// code, names and unit as they were when it was sent. The outbox rows carry it (their payload), so a mail, or a retry of
// it, needs nothing but its row; GET .../<reference>.pdf builds the same from the tables (quoteStore.ts).
import { z } from 'zod';
import { QUOTE_UNITS, type QuoteUnit } from '@site/content/validation';
import { LOCALES, type Locale } from '@site/contracts/locale';

export interface QuoteLineSnapshot {
  productId: string;
  /** The variant's code: the part ordered (docs/decisions/034-orderable-variants.md). */
  code: string;
  /** The product's English name, and its Arabic one. */
  name: string;
  nameAr: string;
  /** The variant's label in English and in Arabic ('Size 25 (M25)'); '' for a product's only variant. */
  label: string;
  labelAr: string;
  unit: QuoteUnit;
  quantity: number;
}

export interface QuoteSnapshot {
  id: number;
  reference: string;
  /** ISO 8601, UTC (the row's created_at). */
  createdAt: string;
  companyName: string;
  name: string;
  email: string;
  phone: string;
  /** A branch name (BRANCH_NAMES). */
  branch: string;
  deliveryCity: string | null;
  /** 'YYYY-MM-DD' */
  neededBy: string | null;
  notes: string | null;
  /** The language of the page the buyer sent it from: the confirmation's and the PDF's. */
  language: Locale;
  lines: QuoteLineSnapshot[];
}

const snapshotSchema = z.object({
  id: z.number().int().positive(),
  reference: z.string().min(1),
  createdAt: z.iso.datetime({ offset: true }),
  companyName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  branch: z.string(),
  deliveryCity: z.string().nullable(),
  neededBy: z.iso.date().nullable(),
  notes: z.string().nullable(),
  language: z.enum(LOCALES),
  lines: z
    .array(
      z.object({
        productId: z.string(),
        code: z.string(),
        name: z.string(),
        nameAr: z.string(),
        // a payload queued before variants has none
        label: z.string().default(''),
        labelAr: z.string().default(''),
        unit: z.enum(QUOTE_UNITS),
        quantity: z.number().positive(),
      }),
    )
    .min(1),
});

/** The snapshot in an outbox payload; throws (the mail is retried, and the error shown to staff) when it is not one. */
export function readQuoteSnapshot(payload: unknown): QuoteSnapshot {
  const result = snapshotSchema.safeParse(payload);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new Error(`the payload is not a quote request (${issue.path.join('.') || 'payload'}: ${issue.message})`);
  }
  return result.data;
}

/**
 * A line's product name and its variant's label in `locale`, as the site's basket names it ('CW Brass Cable Gland –
 * Size 25 (M25)'; the name alone for a product's only variant): every line names the part.
 */
export function quoteLineTitle(line: Pick<QuoteLineSnapshot, 'name' | 'nameAr' | 'label' | 'labelAr'>, locale: Locale): string {
  const [name, label] = locale === 'ar' ? [line.nameAr, line.labelAr || line.label] : [line.name, line.label];
  return label === '' ? name : `${name} – ${label}`;
}

/** The PDF's file name: 'RFQ-2026-000123.pdf'. */
export const quotePdfFileName = (reference: string): string => `${reference}.pdf`;

/** 'YYYY-MM-DD' of the request's date (UTC). */
export const quoteDate = (snapshot: Pick<QuoteSnapshot, 'createdAt'>): string => snapshot.createdAt.slice(0, 10);
