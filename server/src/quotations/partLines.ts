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

/**
 * A part's price in the quotation's currency for `quantity` (hundredths, as lines keep it): the price of the last break
 * the quantity reaches (decision 043), else its price at 1; 0 for one the catalogue prices on request (staff type it).
 */
export function partPrice(
  part: Pick<CataloguePart, 'priceFils' | 'breaks'> | undefined,
  rate: ExactRate,
  currency: QuotationCurrency,
  quantity: bigint,
): Minor {
  if (part?.priceFils === null || part?.priceFils === undefined) return 0n;
  let fils = part.priceFils;
  for (const item of part.breaks) if (quantity >= BigInt(item.quantity) * 100n) fils = item.priceFils;
  return convertFromAed(fils, rate, currency);
}

/**
 * What a line's quantity (hundredths) breaks of its part's minimum order and pack, in words for the salesperson
 * ("Below the minimum order of 10 pieces. Not a multiple of the pack of 5: 10 or 15 would be whole packs."); '' when
 * nothing, or for a part the catalogue does not know.
 */
export function quantityNote(
  part: Pick<CataloguePart, 'minimumOrder' | 'packQuantity'> | undefined,
  unit: string,
  quantity: bigint,
): string {
  if (part === undefined) return '';
  const notes: string[] = [];
  const inUnit = quantityIn(unit, 'en');
  if (part.minimumOrder !== null && quantity < BigInt(part.minimumOrder) * 100n)
    notes.push(`Below the minimum order of ${inUnit(part.minimumOrder)}.`);
  if (part.packQuantity !== null) {
    const pack = BigInt(part.packQuantity) * 100n;
    if (quantity % pack !== 0n) {
      const below = Number((quantity / pack) * BigInt(part.packQuantity));
      const above = below + part.packQuantity;
      notes.push(
        `Not a multiple of the pack of ${part.packQuantity}: ${below > 0 ? `${below} or ` : ''}${above} would be whole packs.`,
      );
    }
  }
  return notes.join(' ');
}

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
      unitPrice: formatAmount(partPrice(part, rate, row.currency, 100n), row.currency),
      onRequest: part.priceFils === null,
      availabilityNote: notes.get(codeKey(part.code)) ?? '',
    }),
  );
  const key = codeKey(text);
  return { exact: parts.find((part) => key !== '' && codeKey(part.code) === key) ?? null, parts };
}
