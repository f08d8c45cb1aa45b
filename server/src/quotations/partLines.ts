// The catalogue's parts as a quotation's lines take them: found by code or name, each priced in the quotation's
// currency at the quotation's own rate (as the lines it already has), with what the ERP's stock feed says of it at the
// branch's location ("In stock: 40 pieces"; nothing when the feed never named the part, which is not "0").
import { sql, type Kysely } from 'kysely';
import {
  QUOTATION_PARTS_MAX,
  type QuotationCurrency,
  type QuotationPart,
  type QuotationPartList,
} from '@site/contracts/quotations-api';
import type { StaffAccountSummary, StaffBranch } from '@site/contracts/staff-api';
import { availabilityLine } from '@site/contracts/stock-text';
import type { DatabaseSchema } from '../platform/db/index.js';
import { readAvailability } from '../stock/index.js';
import { quantityIn } from './lineStock.js';
import { codeKey, searchCatalogueParts, type CataloguePart } from './cataloguePrices.js';
import { ANOTHER_BRANCH, forbidden, notFound, NO_QUOTATION } from './errors.js';
import { convertFromAed, formatAmount, type ExactRate, type Minor } from '@site/contracts/quotation-money';
import type { QuotationContext } from './quotationContext.js';

type Db = Kysely<DatabaseSchema>;

/** A part's price in the quotation's currency: 0 for one the catalogue prices on request (staff type it). */
export const partPrice = (
  part: Pick<CataloguePart, 'priceFils'> | undefined,
  rate: ExactRate,
  currency: QuotationCurrency,
): Minor =>
  part?.priceFils === null || part?.priceFils === undefined ? 0n : convertFromAed(part.priceFils, rate, currency);

/** What the stock feed says of each part at the branch's location, by code key; '' when it said nothing. */
export async function availabilityNotes(
  db: Db,
  branch: StaffBranch,
  parts: readonly Pick<CataloguePart, 'code' | 'unit'>[],
  now: Date,
): Promise<Map<string, string>> {
  if (parts.length === 0) return new Map();
  const stock = await readAvailability(
    db,
    parts.map((part) => part.code),
  );
  return new Map(
    parts.map((part, index) => [
      codeKey(part.code),
      availabilityLine(stock[index]?.locations ?? [], branch, 'en', quantityIn(part.unit, 'en'), now),
    ]),
  );
}

/** The parts `text` finds, priced for quotation `id` (404 / 403 as the quotation's other calls). */
export async function quotationParts(
  db: Db,
  context: Pick<QuotationContext, 'canSeeBranch' | 'now'>,
  account: StaffAccountSummary,
  id: number,
  text: string,
): Promise<QuotationPartList> {
  const row = await db
    .selectFrom('quotations')
    .select(['branch', 'currency', sql<string>`rate_value::text`.as('rate_value'), 'rate_scale'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (row === undefined) throw notFound(NO_QUOTATION);
  if (!context.canSeeBranch(account, row.branch)) throw forbidden(ANOTHER_BRANCH);
  const rate: ExactRate = { value: BigInt(row.rate_value), scale: row.rate_scale };
  const found = await searchCatalogueParts(db, text, QUOTATION_PARTS_MAX);
  const notes = await availabilityNotes(db, row.branch as StaffBranch, found, context.now());
  const parts = found.map(
    (part): QuotationPart => ({
      code: part.code,
      description: part.description,
      unit: part.unit,
      unitPrice: formatAmount(partPrice(part, rate, row.currency), row.currency),
      onRequest: part.priceFils === null,
      availabilityNote: notes.get(codeKey(part.code)) ?? '',
    }),
  );
  const key = codeKey(text);
  return { exact: parts.find((part) => key !== '' && codeKey(part.code) === key) ?? null, parts };
}
