// A quote request as a visitor's basket sends it: the one the quote and fuzz tests start from.
import type { QuoteLineBody, QuoteRequestBody } from '@site/contracts/quote-api';

/** The day `offsetDays` from today, as the form's date field sends it (YYYY-MM-DD). */
export const isoDay = (offsetDays: number): string =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

export function quoteRequestBody(lines: QuoteLineBody[]): QuoteRequestBody {
  return {
    lines,
    companyName: 'Gulf Build LLC',
    name: 'Aisha Rahman',
    email: 'aisha@example.com',
    phone: '+971 50 123 4567',
    branch: 'Dubai',
    deliveryCity: 'Abu Dhabi',
    neededBy: isoDay(30),
    notes: 'Two deliveries, please.\nThe cable first.',
    language: 'en',
  };
}
