// A stored request for quotation as its mails and its PDF show it: the request row and its lines, with each product's
// code, names and unit as they were when it was sent. The outbox rows carry it (their payload), so a mail, or a retry of
// it, needs nothing but its row; GET .../<reference>.pdf builds the same from the tables (quoteStore.ts).
import { z } from 'zod';
import { QUOTE_UNITS, type QuoteUnit } from '@site/content/validation';
import { QUOTE_REQUESTS_API_PATH } from '@site/contracts/api';
import { LOCALES, type Locale } from '@site/contracts/locale';
import { STOCK_LOCATIONS, type LocationAvailability } from '@site/contracts/stock-api';
import { availabilityLine } from '@site/contracts/stock-text';

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
  /**
   * The part's availability when the request was sent, at the branch's location (every location for a branch holding
   * no stock): [] the ERP never named it; null or absent: not recorded (sent before stock was kept with requests, or
   * the stock could not be read then). Nothing is said of its stock in either case.
   */
  availability?: LocationAvailability[] | null;
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

const locationAvailabilitySchema = z.object({
  location: z.enum(STOCK_LOCATIONS),
  onHand: z.number(),
  incoming: z.object({ quantity: z.number(), date: z.iso.date() }).nullable(),
  leadTimeDays: z.number().nullable(),
  updatedAt: z.string(),
});

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
        // a payload queued before availability was kept has none
        availability: z.array(locationAvailabilitySchema).nullish(),
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
export function quoteLineTitle(
  line: Pick<QuoteLineSnapshot, 'name' | 'nameAr' | 'label' | 'labelAr'>,
  locale: Locale,
): string {
  const [name, label] = locale === 'ar' ? [line.nameAr, line.labelAr || line.label] : [line.name, line.label];
  return label === '' ? name : `${name} – ${label}`;
}

/** The PDF's file name: 'RFQ-AE-2026-000123.pdf'. */
export const quotePdfFileName = (reference: string): string => `${reference}.pdf`;

/** The PDF's address for its sender (the answer's pdfUrl; GET .../<reference>.pdf?key=...). */
export const quotePdfUrl = (reference: string, key: string): string =>
  `${QUOTE_REQUESTS_API_PATH}/${quotePdfFileName(reference)}?key=${key}`;

/** 'YYYY-MM-DD' of the request's date (UTC). */
export const quoteDate = (snapshot: Pick<QuoteSnapshot, 'createdAt'>): string => snapshot.createdAt.slice(0, 10);

/**
 * A line's availability as the request's branch was told it when it was sent ("In stock: 40 pieces · Incoming: 500 on
 * 12 December"), in `locale`; '' when nothing was recorded or the ERP said nothing of the part. `quantity` writes a
 * figure in the line's unit. Dates are written against the request's day (its year shown only when it differs).
 */
export function quoteLineAvailability(
  line: Pick<QuoteLineSnapshot, 'availability'>,
  snapshot: Pick<QuoteSnapshot, 'branch' | 'createdAt'>,
  locale: Locale,
  quantity: (count: number) => string,
): string {
  if (!line.availability || line.availability.length === 0) return '';
  return availabilityLine(line.availability, snapshot.branch, locale, quantity, new Date(snapshot.createdAt));
}
