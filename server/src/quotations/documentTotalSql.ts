// A quotation's total (lines and their VAT, in minor units) and line count as SQL beside the row that names it, for the
// lists that show many quotations at once (a request's, the expiring, the copy sources, the link states). One
// expression, so every list adds the same columns the document does (documentTotals sums them the same way).
import { sql } from 'kysely';

/** The total, VAT included, of the quotation `quotations` row `alias` names, in minor units as text. */
export const documentTotalSql = (alias: string) =>
  sql<string>`(select coalesce(sum(l.line_total_minor + l.vat_minor), 0) from quotation_lines l where l.quotation_id = ${sql.ref(`${alias}.id`)})::text`;

/** How many lines the quotation `alias` names holds, as text. */
export const lineCountSql = (alias: string) =>
  sql<string>`(select count(*) from quotation_lines l where l.quotation_id = ${sql.ref(`${alias}.id`)})::text`;
