// A request's stored row (quote_requests) and lines (quote_request_lines) read back as its snapshot's fields: one
// reading for the request's PDF and mails (quoteStore.ts) and for the staff listing (quoteReport.ts).
import type { Row } from '../platform/db/index.js';
import type { QuoteLineSnapshot, QuoteSnapshot } from './quoteSnapshot.js';

/** The request's fields both readers take as stored (its time and language each reads its own way). */
export type QuoteRequestFields = Pick<
  QuoteSnapshot,
  'id' | 'reference' | 'companyName' | 'name' | 'email' | 'phone' | 'branch' | 'deliveryCity' | 'neededBy' | 'notes'
>;

type StoredRequest = Pick<
  Row<'quote_requests'>,
  'id' | 'reference' | 'company_name' | 'name' | 'email' | 'phone' | 'branch' | 'delivery_city' | 'notes'
> & {
  /** 'YYYY-MM-DD' (read with to_char: a date as the form sent it, whatever the driver makes of a date column). */
  needed_by: string | null;
};

/** The request's fields from its row. */
export function quoteRequestFieldsOfRow(row: StoredRequest): QuoteRequestFields {
  return {
    id: row.id,
    reference: row.reference,
    companyName: row.company_name,
    name: row.name,
    email: row.email,
    phone: row.phone,
    branch: row.branch,
    deliveryCity: row.delivery_city,
    neededBy: row.needed_by,
    notes: row.notes,
  };
}

/** The columns a line is read from (its request's id and place aside). */
export const QUOTE_LINE_COLUMNS = [
  'product_id',
  'product_code',
  'product_name',
  'product_name_ar',
  'variant_label',
  'variant_label_ar',
  'unit',
  'quantity',
  'availability',
] as const;

type StoredLine = Pick<Row<'quote_request_lines'>, (typeof QUOTE_LINE_COLUMNS)[number]>;

/**
 * The line's fields from its row: the quantity a number (numeric is read as text). The unit as the caller narrowed it
 * (the request's schema wrote a QuoteUnit; the listing prints whatever the column holds).
 */
export function quoteLineOfRow<Unit extends string>(
  row: Omit<StoredLine, 'unit'> & { unit: Unit },
): Omit<QuoteLineSnapshot, 'unit'> & { unit: Unit } {
  return {
    productId: row.product_id,
    code: row.product_code,
    name: row.product_name,
    nameAr: row.product_name_ar,
    label: row.variant_label,
    labelAr: row.variant_label_ar,
    unit: row.unit,
    quantity: Number(row.quantity),
    availability: row.availability,
  };
}
