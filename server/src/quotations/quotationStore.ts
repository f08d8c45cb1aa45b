// A quotation in the database: prepared from a request for quotation (its lines, priced from the catalogue at the
// rate in use), read, saved whole on the version it was read at, a line added or taken out, sent (numbered from the
// branch's gapless counter, with the branch's code) and revised. Every change locks the quotation's row, compares its version, writes the
// lines, bumps the version and writes its audit line in one transaction.
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  BRANCH_TAX_LABELS,
  BRANCH_VAT_COUNTRY,
  missingBranchDetails,
  QUOTATION_LIMITS,
  VAT_COUNTRY_NAMES,
  VAT_ROUNDING_TEXT,
  isStaffBranch,
  quotationNumber,
  type Quotation,
  type QuotationCurrency,
  type QuotationLine,
  type QuotationList,
  type QuotationState,
  type Incoterm,
  type SendBlocker,
} from '@site/contracts/quotations-api';
import type { LocationAvailability } from '@site/contracts/stock-api';
import { branches } from '@site/content';
import type {
  AddQuotationLineValues,
  QuotationLineValues,
  SaveQuotationValues,
} from '@site/contracts/quotations-api-schemas';
import type { ApiProblem } from '@site/contracts/forms-api';
import type { StaffAccountSummary, StaffBranch } from '@site/contracts/staff-api';
import type { DatabaseSchema } from '../platform/db/index.js';
import { catalogueParts, codeKey, partDescription, partDescriptionAr } from './cataloguePrices.js';
import { addDays, branchDay } from './days.js';
import {
  ANOTHER_BRANCH,
  badRequest,
  conflict,
  forbidden,
  notFound,
  NO_QUOTATION,
  QuotationError,
  refused,
  StaleQuotation,
} from './errors.js';
import {
  currencyOfBranch,
  decimalsOf,
  documentTotals,
  formatAmount,
  formatPercent,
  formatQuantity,
  formatRate,
  parseAmount,
  parseQuantity,
  priceLine,
  readLineAmounts,
  UNIT_RATE,
  type ExactRate,
  type Hundredths,
  type Minor,
} from '@site/contracts/quotation-money';
import { branchDetailsOf } from './branchDetails.js';
import { lineAvailabilityText, readLineStock } from './lineStock.js';
import { partPrice, quantityNote } from './partLines.js';
import { currentRate, vatRateOn } from './rateStore.js';
import type { QuotationContext } from './quotationContext.js';
import { documentTotalSql } from './documentTotalSql.js';

type Db = Kysely<DatabaseSchema>;

/** A line as the store writes it: every amount exact. */
interface LineValues {
  code: string | null;
  description: string;
  /** The part's Arabic name as priced ('' none: the line reads as `description` in both editions): withArabic. */
  descriptionAr: string;
  unit: string;
  quantity: Hundredths;
  unitPrice: Minor;
  discountBasisPoints: number;
  availabilityNote: string;
  lineNote: string;
  /** The part's stock at the branch when the line was priced (null: not recorded, a free-text line). */
  availability: LocationAvailability[] | null;
  availabilityCheckedAt: Date | null;
}

const DAY = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

// ---------------------------------------------------------------- reading

/** A stored line's quantity, as the store wrote it (formatQuantity) read back. */
function storedQuantity(text: string): Hundredths {
  const parsed = parseQuantity(text);
  if (!parsed.ok) throw new Error(`a stored quantity that does not read back: ${text}`);
  return parsed.hundredths;
}

/**
 * A quotation as stored: its lines without the stock at the branch now and what their quantities break of the
 * catalogue's minimum and pack now (those are the salesperson's: staffQuotation).
 */
export type StoredQuotation = Omit<Quotation, 'lines'> & {
  lines: Omit<QuotationLine, 'availabilityNow' | 'quantityNote'>[];
};

/**
 * The quotation `id` as the salesperson works on it: as stored, with each line's stock at the branch `now` and what its
 * quantity breaks of the part's minimum order and pack (404 / 403 are the caller's).
 */
export async function staffQuotation(db: Db, id: number, now: Date): Promise<Quotation | undefined> {
  const quotation = await loadQuotation(db, id, now);
  if (quotation === undefined) return undefined;
  const { branch } = quotation;
  const codes = quotation.lines.flatMap((line) => (line.code === null ? [] : [line.code]));
  const stock = await readLineStock(db, branch, codes);
  // each part's minimum order and pack as the catalogue has them now: the salesperson is told what a quantity breaks
  const catalogue = await catalogueParts(db, codes);
  return {
    ...quotation,
    lines: quotation.lines.map((line) => {
      const quantity = storedQuantity(line.quantity);
      return {
        ...line,
        availabilityNow:
          line.code === null ? '' : stockNote(branch, line.unit, quantity, stock.get(codeKey(line.code)) ?? [], now),
        quantityNote: line.code === null ? '' : quantityNote(catalogue.get(codeKey(line.code)), line.unit, quantity),
      };
    }),
  };
}

/**
 * The quotation `id` as stored, or undefined when there is none (no branch check: the caller's). `now` names the VAT
 * rate a draft's save would charge today; a sent one keeps the rate of its day. Nothing of it reads the stock now: the
 * buyer's page, PDF and mail show the stock as priced.
 */
export async function loadQuotation(db: Db, id: number, now: Date): Promise<StoredQuotation | undefined> {
  const row = await db
    .selectFrom('quotations as q')
    .innerJoin('quote_requests as r', 'r.id', 'q.request_id')
    .leftJoin('quotation_currency_rates as c', 'c.id', 'q.rate_id')
    .select([
      'q.id',
      'q.request_id',
      'r.reference',
      'q.branch',
      'q.currency',
      sql<string>`q.rate_value::text`.as('rate_value'),
      'q.rate_scale',
      'c.set_at as rate_set_at',
      'c.set_by_email as rate_set_by',
      'q.vat_country',
      DAY('q.vat_on').as('vat_on'),
      DAY('q.valid_until').as('valid_until'),
      'q.payment_terms',
      'q.delivery_terms',
      'q.buyer_note',
      'q.incoterm',
      'q.delivery_place',
      'q.seller_legal_name',
      'q.seller_tax_number',
      'q.seller_commercial_registration',
      'q.salesperson_name',
      'q.salesperson_phone',
      'q.salesperson_email',
      'q.state',
      'q.number',
      'q.revision',
      'q.version',
      'q.created_at',
      'q.updated_at',
      'q.updated_by_email',
      'q.sent_at',
    ])
    .where('q.id', '=', id)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  // only a StaffBranch is ever written (prepareQuotation refuses any other)
  const branch = row.branch as StaffBranch;
  const lines = await db
    .selectFrom('quotation_lines')
    .select([
      'position',
      'variant_code',
      'description',
      'unit',
      sql<string>`(quantity * 100)::bigint::text`.as('quantity'),
      sql<string>`unit_price_minor::text`.as('unit_price'),
      'discount_bp',
      sql<string>`line_total_minor::text`.as('line_total'),
      'vat_rate_bp',
      sql<string>`vat_minor::text`.as('vat'),
      'availability_note',
      'line_note',
    ])
    .where('quotation_id', '=', id)
    .orderBy('position')
    .execute();
  const { currency } = row;
  const draft = row.state === 'draft';
  const details = draft ? await branchDetailsOf(db, branch) : null;
  const seller = draft
    ? details === null
      ? null
      : {
          legalName: details.legalName,
          taxNumber: details.taxNumber,
          commercialRegistration: details.commercialRegistration,
        }
    : row.seller_legal_name === null
      ? null
      : {
          legalName: row.seller_legal_name,
          taxNumber: row.seller_tax_number ?? '',
          commercialRegistration: row.seller_commercial_registration ?? '',
        };
  const priced = lines.map((line) => ({ lineTotal: BigInt(line.line_total), vat: BigInt(line.vat) }));
  const totals = documentTotals(priced);
  // a draft is priced at today's rate when saved; a sent one was, at the rate of the day it was sent
  const vatRate = await vatRateOn(db, row.vat_country, draft ? branchDay(branch, now) : row.vat_on);
  return {
    id: row.id,
    requestId: row.request_id,
    requestReference: row.reference,
    branch,
    currency,
    decimals: decimalsOf(currency),
    rate: {
      rate: formatRate({ value: BigInt(row.rate_value), scale: row.rate_scale }),
      setAt: row.rate_set_at?.toISOString() ?? null,
      setBy: row.rate_set_by ?? null,
    },
    vatCountry: row.vat_country,
    vatDate: row.vat_on,
    vatPercent: vatRate === undefined ? null : formatPercent(vatRate.basisPoints),
    state: row.state,
    number: row.number,
    revision: row.revision,
    version: row.version,
    validUntil: row.valid_until,
    paymentTerms: row.payment_terms,
    deliveryTerms: row.delivery_terms,
    buyerNote: row.buyer_note,
    incoterm: row.incoterm,
    deliveryPlace: row.delivery_place,
    seller: seller === null ? null : { ...seller, taxLabel: BRANCH_TAX_LABELS[branch].short },
    salesperson:
      row.salesperson_email === null
        ? null
        : { name: row.salesperson_name ?? '', phone: row.salesperson_phone ?? '', email: row.salesperson_email },
    sendBlockers: draft ? sendBlockers(branch, details, row.delivery_place) : [],
    lines: lines.map((line): StoredQuotation['lines'][number] => ({
      position: line.position,
      code: line.variant_code,
      description: line.description,
      unit: line.unit,
      quantity: formatQuantity(BigInt(line.quantity)),
      unitPrice: formatAmount(BigInt(line.unit_price), currency),
      discountPercent: formatPercent(line.discount_bp),
      lineTotal: formatAmount(BigInt(line.line_total), currency),
      vatPercent: formatPercent(line.vat_rate_bp),
      vat: formatAmount(BigInt(line.vat), currency),
      availabilityNote: line.availability_note,
      lineNote: line.line_note,
    })),
    totals: {
      subtotal: formatAmount(totals.subtotal, currency),
      vat: formatAmount(totals.vat, currency),
      total: formatAmount(totals.total, currency),
    },
    vatRounding: VAT_ROUNDING_TEXT,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by_email,
    sentAt: row.sent_at?.toISOString() ?? null,
  };
}

/** What keeps a draft from being sent: its branch's missing details, a delivery place not named. */
function sendBlockers(
  branch: StaffBranch,
  details: Awaited<ReturnType<typeof branchDetailsOf>>,
  deliveryPlace: string,
): SendBlocker[] {
  const blockers = missingBranchDetails(branch, details);
  if (deliveryPlace.trim() === '')
    blockers.push({
      field: 'deliveryPlace',
      message: 'The quotation names no delivery place: type the place its Incoterms rule names, and save',
    });
  return blockers;
}

/** The branch of quotation `id` when `account` may work on it: 404 when there is none, 403 when it is another branch's. */
export async function quotationBranchFor(
  db: Db,
  context: Pick<QuotationContext, 'canSeeBranch'>,
  account: StaffAccountSummary,
  id: number,
): Promise<string> {
  const row = await db.selectFrom('quotations').select('branch').where('id', '=', id).executeTakeFirst();
  if (row === undefined) throw notFound(NO_QUOTATION);
  if (!context.canSeeBranch(account, row.branch)) throw forbidden(ANOTHER_BRANCH);
  return row.branch;
}

/** A request's quotations, newest first (404 / 403 for the request as for a quotation). */
export async function quotationsOfRequest(
  db: Db,
  context: Pick<QuotationContext, 'canSeeBranch'>,
  account: StaffAccountSummary,
  requestId: number,
): Promise<QuotationList> {
  const request = await db.selectFrom('quote_requests').select('branch').where('id', '=', requestId).executeTakeFirst();
  if (request === undefined) throw notFound('There is no such request for quotation');
  if (!context.canSeeBranch(account, request.branch)) throw forbidden(ANOTHER_BRANCH);
  const rows = await db
    .selectFrom('quotations as q')
    .select([
      'q.id',
      'q.state',
      'q.number',
      'q.revision',
      'q.currency',
      'q.updated_at',
      documentTotalSql('q').as('total'),
    ])
    .where('q.request_id', '=', requestId)
    .orderBy('q.id', 'desc')
    .execute();
  return {
    quotations: rows.map((row) => ({
      id: row.id,
      state: row.state,
      number: row.number,
      revision: row.revision,
      currency: row.currency,
      total: formatAmount(BigInt(row.total), row.currency),
      updatedAt: row.updated_at.toISOString(),
    })),
  };
}

// ---------------------------------------------------------------- checking what staff typed

/** A value typed by staff inside a message: quoted, and short. */
const shown = (value: string): string => JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);

/**
 * Lines as staff typed them, read exactly in the quotation's currency: each problem at its path ('lines', i, field),
 * its message naming the line ('lines[2].unitPrice "12.345" has 3 decimals: AED amounts have 2 (fils)…').
 */
function readLines(
  inputs: readonly QuotationLineValues[],
  currency: Quotation['currency'],
): { lines: LineValues[]; problems: ApiProblem[] } {
  const problems: ApiProblem[] = [];
  const lines: LineValues[] = [];
  inputs.forEach((input, index) => {
    // the editor reads the line with the same function as staff type it (its live totals are these)
    const read = readLineAmounts(input, currency);
    if (!read.ok) {
      for (const { field, value, message } of read.problems)
        problems.push({
          path: ['lines', index, field],
          message: `lines[${index}].${field} ${shown(value)} ${message}`,
        });
      return;
    }
    lines.push({
      code: input.code === null || input.code === '' ? null : input.code,
      description: input.description,
      descriptionAr: '',
      unit: input.unit,
      quantity: read.quantity,
      unitPrice: read.unitPrice,
      discountBasisPoints: read.discountBasisPoints,
      availabilityNote: input.availabilityNote,
      lineNote: input.lineNote,
      availability: null,
      availabilityCheckedAt: null,
    });
  });
  return { lines, problems };
}

// ---------------------------------------------------------------- writing

/** The quotation's row locked for a change, when `account` may make it on `version`; the refusals as their errors. */
async function lockForChange(
  trx: Transaction<DatabaseSchema>,
  context: QuotationContext,
  account: StaffAccountSummary,
  id: number,
  version: number,
) {
  const row = await trx
    .selectFrom('quotations')
    .select([
      'id',
      'branch',
      'currency',
      sql<string>`rate_value::text`.as('rate_value'),
      'rate_scale',
      'vat_country',
      'state',
      'number',
      'version',
      'updated_by_email',
      'updated_at',
      'request_id',
      'revision',
      'previous_id',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (row === undefined) throw notFound(NO_QUOTATION);
  if (!context.canSeeBranch(account, row.branch)) throw forbidden(ANOTHER_BRANCH);
  if (row.state !== 'draft')
    throw conflict(
      `This quotation was sent as ${row.number ?? 'a numbered quotation'} and can no longer be changed: prepare a revision to change it`,
    );
  if (row.version !== version) throw new StaleQuotation(row.version, row.updated_by_email, row.updated_at);
  const branch = row.branch as StaffBranch;
  return { ...row, branch, rate: { value: BigInt(row.rate_value), scale: row.rate_scale } satisfies ExactRate };
}

/** The VAT rate of the branch's country on `day`, or a 409 that says an admin must set one. */
async function vatBasisPointsOn(db: Db, branch: StaffBranch, day: string): Promise<number> {
  const country = BRANCH_VAT_COUNTRY[branch];
  const rate = await vatRateOn(db, country, day);
  if (rate === undefined)
    throw conflict(
      `No VAT rate of ${VAT_COUNTRY_NAMES[country]} is in force on ${day}: an administrator adds it to the VAT table first`,
    );
  return rate.basisPoints;
}

/** Replaces the quotation's lines by `lines`, in their order, each priced at the VAT rate. */
async function writeLines(
  trx: Db,
  quotationId: number,
  lines: readonly LineValues[],
  vatBasisPoints: number,
): Promise<void> {
  await trx.deleteFrom('quotation_lines').where('quotation_id', '=', quotationId).execute();
  if (lines.length === 0) return;
  // 200 lines × 16 values: far below PostgreSQL's 65,535 parameters
  await trx
    .insertInto('quotation_lines')
    .values(
      lines.map((line, index) => {
        const { lineTotal, vat } = priceLine({
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          discountBasisPoints: line.discountBasisPoints,
          vatBasisPoints,
        });
        return {
          quotation_id: quotationId,
          position: index + 1,
          variant_code: line.code,
          description: line.description,
          description_ar: line.descriptionAr,
          unit: line.unit,
          quantity: formatQuantity(line.quantity),
          unit_price_minor: line.unitPrice.toString(),
          discount_bp: line.discountBasisPoints,
          line_total_minor: lineTotal.toString(),
          vat_rate_bp: vatBasisPoints,
          vat_minor: vat.toString(),
          availability_note: line.availabilityNote,
          line_note: line.lineNote,
          availability: line.availability === null ? null : JSON.stringify(line.availability),
          availability_checked_at: line.availabilityCheckedAt,
        };
      }),
    )
    .execute();
}

/** The quotation's lines as they are stored, as values to write again. */
async function storedLines(db: Db, quotationId: number): Promise<LineValues[]> {
  const rows = await db
    .selectFrom('quotation_lines')
    .select([
      'variant_code',
      'description',
      'description_ar',
      'unit',
      sql<string>`(quantity * 100)::bigint::text`.as('quantity'),
      sql<string>`unit_price_minor::text`.as('unit_price'),
      'discount_bp',
      'availability_note',
      'line_note',
      'availability',
      'availability_checked_at',
    ])
    .where('quotation_id', '=', quotationId)
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    code: row.variant_code,
    description: row.description,
    descriptionAr: row.description_ar,
    unit: row.unit,
    quantity: BigInt(row.quantity),
    unitPrice: BigInt(row.unit_price),
    discountBasisPoints: row.discount_bp,
    availabilityNote: row.availability_note,
    lineNote: row.line_note,
    availability: row.availability,
    availabilityCheckedAt: row.availability_checked_at,
  }));
}

/**
 * The lines with the stock of their parts at the branch as priced: a line keeps what its part's stock was when it was
 * priced (the stored line of the same code); a part new to the quotation is read now. A free-text line has none.
 */
async function withStock(
  db: Db,
  branch: StaffBranch,
  lines: readonly LineValues[],
  stored: readonly LineValues[],
  now: Date,
): Promise<LineValues[]> {
  const kept = new Map<string, LineValues>();
  for (const line of stored) if (line.code !== null && line.availability !== null) kept.set(codeKey(line.code), line);
  const fresh = lines
    .map((line) => line.code)
    .filter((code): code is string => code !== null && !kept.has(codeKey(code)));
  const read = await readLineStock(db, branch, fresh);
  return lines.map((line) => {
    if (line.code === null) return { ...line, availability: null, availabilityCheckedAt: null };
    const old = kept.get(codeKey(line.code));
    if (old !== undefined)
      return { ...line, availability: old.availability, availabilityCheckedAt: old.availabilityCheckedAt };
    return { ...line, availability: read.get(codeKey(line.code)) ?? [], availabilityCheckedAt: now };
  });
}

/**
 * The lines with their parts' Arabic names as priced. The Arabic is kept on the line, as the English is, so that a
 * later catalogue edit changes no quotation once priced: a line keeps the Arabic of its stored line of the same part
 * and description; a part new to the quotation takes the catalogue's, when its description is the catalogue's English
 * one. A description retyped by staff and a line typed by hand have none: nothing translates staff's words, so they
 * read as typed in both editions.
 */
async function withArabic(db: Db, lines: readonly LineValues[], stored: readonly LineValues[]): Promise<LineValues[]> {
  const same = (line: LineValues) => `${codeKey(line.code ?? '')}\n${line.description.trim()}`;
  const kept = new Map<string, string>();
  for (const line of stored) if (line.code !== null) kept.set(same(line), line.descriptionAr);
  const fresh = lines
    .filter((line) => line.code !== null && !kept.has(same(line)))
    .map((line) => line.code)
    .filter((code): code is string => code !== null);
  const parts = await catalogueParts(db, fresh);
  return lines.map((line) => {
    if (line.code === null) return { ...line, descriptionAr: '' };
    const old = kept.get(same(line));
    if (old !== undefined) return { ...line, descriptionAr: old };
    const part = parts.get(codeKey(line.code));
    const catalogues = part !== undefined && part.description.trim() === line.description.trim();
    return { ...line, descriptionAr: catalogues ? part.descriptionAr : '' };
  });
}

/** What staff see of a part's stock when it is priced ("In stock: 40 pieces"), in English. */
const stockNote = (branch: StaffBranch, unit: string, quantity: Hundredths, stock: LocationAvailability[], now: Date) =>
  lineAvailabilityText(stock, branch, unit, Number(quantity) / 100, 'en', now);

/** A catalogue part's unit price in the quotation's currency: its dirham price at the quotation's rate (0 when it has none). */

/** The version after a change, who made it and when. */
async function touch(
  trx: Db,
  id: number,
  version: number,
  account: StaffAccountSummary,
  set: Partial<
    Record<'valid_until' | 'payment_terms' | 'delivery_terms' | 'buyer_note' | 'vat_on' | 'delivery_place', string>
  > & { incoterm?: Incoterm } = {},
): Promise<void> {
  await trx
    .updateTable('quotations')
    .set({ ...set, version: version + 1, updated_by_email: account.email, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/**
 * "Prepare quotation": a draft for request `requestId`, its lines the request's (each part priced from the catalogue,
 * converted at the rate in use for the branch's currency), valid `validDays` from the branch's today. When the
 * request has an open draft already, that one (created: false): one draft per request at a time.
 */
export async function prepareQuotation(
  db: Db,
  context: QuotationContext,
  account: StaffAccountSummary,
  requestId: number,
): Promise<{ id: number; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    // the request's row locked: two "Prepare" at once make one draft, the second finds it
    const request = await trx
      .selectFrom('quote_requests')
      .select(['id', 'reference', 'branch', 'spam', 'delivery_city'])
      .where('id', '=', requestId)
      .forUpdate()
      .executeTakeFirst();
    if (request === undefined) throw notFound('There is no such request for quotation');
    if (!context.canSeeBranch(account, request.branch)) throw forbidden(ANOTHER_BRANCH);
    if (request.spam)
      throw conflict('This request is marked as spam: take it out of spam before preparing a quotation');
    const open = await trx
      .selectFrom('quotations')
      .select('id')
      .where('request_id', '=', requestId)
      .where('state', '=', 'draft')
      .executeTakeFirst();
    if (open !== undefined) return { id: open.id, created: false };
    if (!isStaffBranch(request.branch))
      throw conflict(
        `This request's branch ${shown(request.branch)} is not one of the branches: a quotation is priced in a branch's currency`,
      );
    const branch = request.branch;
    const currency = currencyOfBranch(branch);
    let rate: ExactRate = UNIT_RATE;
    let rateId: number | null = null;
    if (currency !== 'AED') {
      const stored = await currentRate(trx, currency);
      if (stored === undefined)
        throw conflict(
          `No rate from AED to ${currency} has been set: an administrator sets it in the rate table first`,
        );
      rate = stored.rate;
      rateId = stored.id;
    }
    const today = branchDay(branch, context.now());
    const vatBasisPoints = await vatBasisPointsOn(trx, branch, today);
    const requested = await trx
      .selectFrom('quote_request_lines')
      .select([
        'product_code',
        'product_name',
        'product_name_ar',
        'variant_label',
        'variant_label_ar',
        'unit',
        sql<string>`(quantity * 100)::bigint::text`.as('quantity'),
      ])
      .where('request_id', '=', requestId)
      .orderBy('line_no')
      .execute();
    const parts = await catalogueParts(
      trx,
      requested.map((line) => line.product_code),
    );
    const kept = requested.slice(0, QUOTATION_LIMITS.lines);
    const now = context.now();
    const stock = await readLineStock(
      trx,
      branch,
      kept.map((line) => line.product_code),
    );
    const lines = kept.map((line): LineValues => {
      const availability = stock.get(codeKey(line.product_code)) ?? [];
      return {
        code: line.product_code,
        description: partDescription(line.product_name, line.variant_label),
        // as the English, the names the request was sent with
        descriptionAr: partDescriptionAr(line.product_name_ar, line.variant_label_ar, line.variant_label),
        unit: line.unit,
        quantity: BigInt(line.quantity),
        unitPrice: partPrice(parts.get(codeKey(line.product_code)), rate, currency, BigInt(line.quantity)),
        discountBasisPoints: 0,
        availabilityNote: stockNote(branch, line.unit, BigInt(line.quantity), availability, now),
        lineNote: '',
        availability,
        availabilityCheckedAt: now,
      };
    });
    const delivery = defaultDelivery(branch, request.delivery_city);
    const { id } = await trx
      .insertInto('quotations')
      .values({
        request_id: requestId,
        branch,
        currency,
        rate_value: rate.value.toString(),
        rate_scale: rate.scale,
        rate_id: rateId,
        vat_country: BRANCH_VAT_COUNTRY[branch],
        vat_on: today,
        valid_until: addDays(today, context.validDays),
        incoterm: delivery.incoterm,
        delivery_place: delivery.place,
        created_by_id: account.id,
        created_by_email: account.email,
        updated_by_email: account.email,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeLines(trx, id, lines, vatBasisPoints);
    await context.record(
      trx,
      account,
      'quotation.prepare',
      `quotation:${id}`,
      `for ${request.reference}: ${lines.length} line(s) in ${currency} at 1 AED = ${formatRate(rate)} ${currency}`,
    );
    return { id, created: true };
  });
}

/**
 * The delivery a new draft proposes: delivered to the buyer's city (DAP) when the request names one, else collected
 * from the branch (EXW at its address). Staff change either.
 */
export function defaultDelivery(
  branch: StaffBranch,
  deliveryCity: string | null,
): { incoterm: Incoterm; place: string } {
  const city = deliveryCity?.trim() ?? '';
  if (city !== '') return { incoterm: 'DAP', place: city.slice(0, 200) };
  const address = branches.find((candidate) => candidate.name === branch)?.address ?? branch;
  return { incoterm: 'EXW', place: address };
}

/**
 * Saves the whole draft as read at `body.version`: header and lines, each amount read exactly in the quotation's
 * currency (400 with every problem), each line repriced at the VAT rate of the branch's today. 409 when someone saved
 * it since (StaleQuotation) or it was sent.
 */
export async function saveQuotation(
  db: Db,
  context: QuotationContext,
  account: StaffAccountSummary,
  id: number,
  body: SaveQuotationValues,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await lockForChange(trx, context, account, id, body.version);
    const today = branchDay(row.branch, context.now());
    const { lines, problems } = readLines(body.lines, row.currency);
    if (body.validUntil < today)
      problems.unshift({
        path: ['validUntil'],
        message: `validUntil ${body.validUntil} is before today (${today}): a quotation is valid from the day it is sent`,
      });
    else if (body.validUntil > addDays(today, 366))
      problems.unshift({ path: ['validUntil'], message: `validUntil ${body.validUntil} is more than a year ahead` });
    const unknown = await unknownCodes(trx, lines);
    problems.push(...unknown);
    if (problems.length > 0) throw refused(problems);
    const vatBasisPoints = await vatBasisPointsOn(trx, row.branch, today);
    const stored = await storedLines(trx, id);
    const atBreaks = await withBreakPrices(trx, lines, stored, row.rate, row.currency);
    const priced = await withArabic(trx, await withStock(trx, row.branch, atBreaks, stored, context.now()), stored);
    await writeLines(trx, id, priced, vatBasisPoints);
    await touch(trx, id, row.version, account, {
      valid_until: body.validUntil,
      payment_terms: body.paymentTerms,
      delivery_terms: body.deliveryTerms,
      buyer_note: body.buyerNote,
      vat_on: today,
      ...(body.incoterm === undefined ? {} : { incoterm: body.incoterm }),
      ...(body.deliveryPlace === undefined ? {} : { delivery_place: body.deliveryPlace }),
    });
    await context.record(
      trx,
      account,
      'quotation.save',
      `quotation:${id}`,
      `version ${row.version} → ${row.version + 1}: ${lines.length} line(s)`,
    );
  });
}

/**
 * The lines with a changed quantity repriced at the catalogue's break it now reaches (decision 043), where the line was
 * at the catalogue's price for its saved quantity and the price sent is that one still: a price the salesperson typed
 * stays theirs. A line is compared with the saved line at its place, of the same code.
 */
async function withBreakPrices(
  db: Db,
  lines: readonly LineValues[],
  stored: readonly LineValues[],
  rate: ExactRate,
  currency: QuotationCurrency,
): Promise<LineValues[]> {
  const changed = lines.filter(
    (line, index) =>
      line.code !== null &&
      stored[index]?.code === line.code &&
      stored[index].quantity !== line.quantity &&
      stored[index].unitPrice === line.unitPrice,
  );
  if (changed.length === 0) return [...lines];
  const parts = await catalogueParts(
    db,
    changed.map((line) => line.code!),
  );
  return lines.map((line, index) => {
    const before = stored[index];
    if (!changed.includes(line) || before === undefined) return line;
    const part = parts.get(codeKey(line.code!));
    if (part === undefined || part.breaks.length === 0) return line;
    // only a line at the catalogue's price follows its breaks
    if (partPrice(part, rate, currency, before.quantity) !== before.unitPrice) return line;
    return { ...line, unitPrice: partPrice(part, rate, currency, line.quantity) };
  });
}

/** The problems of lines whose code the catalogue does not know (a free-text line has none). */
async function unknownCodes(db: Db, lines: readonly LineValues[]): Promise<ApiProblem[]> {
  const codes = lines.map((line) => line.code).filter((code): code is string => code !== null);
  const parts = await catalogueParts(db, codes);
  const problems: ApiProblem[] = [];
  lines.forEach((line, index) => {
    if (line.code !== null && !parts.has(codeKey(line.code))) {
      problems.push({
        path: ['lines', index, 'code'],
        message: `lines[${index}].code ${shown(line.code)} is not a code of the catalogue: correct it, or clear it to make the line free text`,
      });
    }
  });
  return problems;
}

/** Adds a line at the end: a catalogue part by its code (priced from the catalogue at the quotation's rate), or free text. */
export async function addQuotationLine(
  db: Db,
  context: QuotationContext,
  account: StaffAccountSummary,
  id: number,
  body: AddQuotationLineValues,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await lockForChange(trx, context, account, id, body.version);
    const lines = await storedLines(trx, id);
    if (lines.length >= QUOTATION_LIMITS.lines)
      throw badRequest(`A quotation holds at most ${QUOTATION_LIMITS.lines} lines`, ['line']);
    const { line } = body;
    const quantityText = line.quantity ?? '1';
    const quantity = parseQuantity(quantityText);
    if (!quantity.ok)
      throw badRequest(`line.quantity ${shown(quantityText)} ${quantity.message}`, ['line', 'quantity']);
    let added: LineValues;
    if (line.kind === 'catalogue') {
      const part = (await catalogueParts(trx, [line.code])).get(codeKey(line.code));
      if (part === undefined)
        throw badRequest(`line.code ${shown(line.code)} is not a code of the catalogue`, ['line', 'code']);
      if (!part.published)
        throw badRequest(`line.code ${part.code} is no longer available: it was withdrawn from the catalogue`, [
          'line',
          'code',
        ]);
      const now = context.now();
      const availability = (await readLineStock(trx, row.branch, [part.code])).get(codeKey(part.code)) ?? [];
      added = {
        code: part.code,
        description: part.description,
        descriptionAr: part.descriptionAr,
        unit: part.unit,
        quantity: quantity.hundredths,
        unitPrice: partPrice(part, row.rate, row.currency, quantity.hundredths),
        discountBasisPoints: 0,
        availabilityNote: stockNote(row.branch, part.unit, quantity.hundredths, availability, now),
        lineNote: '',
        availability,
        availabilityCheckedAt: now,
      };
    } else {
      const priceText = line.unitPrice ?? '0';
      const unitPrice = parseAmount(priceText, row.currency);
      if (!unitPrice.ok)
        throw badRequest(`line.unitPrice ${shown(priceText)} ${unitPrice.message}`, ['line', 'unitPrice']);
      added = {
        code: null,
        description: line.description,
        descriptionAr: '',
        unit: '',
        quantity: quantity.hundredths,
        unitPrice: unitPrice.minor,
        discountBasisPoints: 0,
        availabilityNote: '',
        lineNote: '',
        availability: null,
        availabilityCheckedAt: null,
      };
    }
    const today = branchDay(row.branch, context.now());
    await writeLines(trx, id, [...lines, added], await vatBasisPointsOn(trx, row.branch, today));
    await touch(trx, id, row.version, account, { vat_on: today });
    await context.record(
      trx,
      account,
      'quotation.line_add',
      `quotation:${id}`,
      `line ${lines.length + 1}: ${added.code ?? 'free text'}`,
    );
  });
}

/** Takes the line at `position` out; the lines after it move up. */
export async function removeQuotationLine(
  db: Db,
  context: QuotationContext,
  account: StaffAccountSummary,
  id: number,
  position: number,
  version: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await lockForChange(trx, context, account, id, version);
    const lines = await storedLines(trx, id);
    const removed = lines[position - 1];
    if (removed === undefined) throw notFound(`This quotation has no line ${position}`);
    const today = branchDay(row.branch, context.now());
    await writeLines(
      trx,
      id,
      lines.filter((_line, index) => index !== position - 1),
      await vatBasisPointsOn(trx, row.branch, today),
    );
    await touch(trx, id, row.version, account, { vat_on: today });
    await context.record(
      trx,
      account,
      'quotation.line_remove',
      `quotation:${id}`,
      `line ${position}: ${removed.code ?? 'free text'}`,
    );
  });
}

/**
 * Sends the draft: it gets its number (a first quotation QT-<branch code>-<year>-<the next of its branch's counter for
 * the year>, the counter updated in this transaction, so a number is never skipped nor given twice, and the code keeps
 * it apart from every other branch's; a revision its first's number with -R1, -R2…), its
 * VAT at the rate of the day, and is immutable from then on; the revision it replaces is superseded.
 */
export async function sendQuotation(
  db: Db,
  context: QuotationContext,
  account: StaffAccountSummary,
  id: number,
  version: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await lockForChange(trx, context, account, id, version);
    const lines = await storedLines(trx, id);
    if (lines.length === 0) throw badRequest('A quotation needs at least one line before it is sent', ['lines']);
    const unpriced = lines.flatMap((line, index) =>
      line.unitPrice === 0n
        ? [
            {
              path: ['lines', index, 'unitPrice'],
              message: `lines[${index}] (${line.description.slice(0, 60)}) has no price: enter its unit price before sending`,
            },
          ]
        : [],
    );
    if (unpriced.length > 0) throw refused(unpriced);
    const today = branchDay(row.branch, context.now());
    const header = await trx
      .selectFrom('quotations')
      .select([DAY('valid_until').as('valid_until'), 'delivery_place'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const details = await branchDetailsOf(trx, row.branch);
    const blockers = sendBlockers(row.branch, details, header.delivery_place);
    if (blockers.length > 0 || details === null)
      throw new QuotationError(
        409,
        `This quotation is not sent: ${blockers.map((blocker) => blocker.message).join('; ')}`,
        blockers.map((blocker) => ({ path: [blocker.field], message: blocker.message })),
      );
    const sender = await trx
      .selectFrom('staff_accounts')
      .select(['display_name', 'direct_phone', 'email'])
      .where('id', '=', account.id)
      .executeTakeFirst();
    if (header.valid_until < today)
      throw badRequest(
        `validUntil ${header.valid_until} is before today (${today}): set a later date and save before sending`,
        ['validUntil'],
      );
    let number: string;
    if (row.previous_id === null) {
      const year = Number(today.slice(0, 4));
      const counter = await trx
        .insertInto('quotation_number_counters')
        .values({ branch: row.branch, year, last_number: 1 })
        .onConflict((oc) =>
          oc
            .columns(['branch', 'year'])
            .doUpdateSet({ last_number: sql<number>`quotation_number_counters.last_number + 1` }),
        )
        .returning('last_number')
        .executeTakeFirstOrThrow();
      number = quotationNumber(row.branch, year, counter.last_number);
    } else {
      const first = await firstNumber(trx, row.previous_id);
      number = `${first}-R${row.revision}`;
      // the buyer may have accepted the quotation this revision was to replace: an accepted one stays accepted
      const previous = await trx
        .selectFrom('quotations')
        .select('state')
        .where('id', '=', row.previous_id)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (previous.state === 'accepted')
        throw conflict(
          `The buyer accepted ${first}${row.revision > 1 ? `-R${row.revision - 1}` : ''} already: this revision is not sent`,
        );
      await trx.updateTable('quotations').set({ state: 'superseded' }).where('id', '=', row.previous_id).execute();
      await context.record(
        trx,
        account,
        'quotation.supersede',
        `quotation:${row.previous_id}`,
        `replaced by ${number}`,
      );
    }
    await writeLines(trx, id, lines, await vatBasisPointsOn(trx, row.branch, today));
    await trx
      .updateTable('quotations')
      .set({
        state: 'sent',
        number,
        vat_on: today,
        version: row.version + 1,
        updated_by_email: account.email,
        updated_at: sql<Date>`now()`,
        sent_at: sql<Date>`now()`,
        sent_by_email: account.email,
        // what the buyer is sent, as it is now: a later change of the branch or the account alters no sent document
        seller_legal_name: details.legalName,
        seller_tax_number: details.taxNumber,
        seller_commercial_registration: details.commercialRegistration,
        salesperson_name: sender?.display_name ?? '',
        salesperson_phone: sender?.direct_phone ?? '',
        salesperson_email: sender?.email ?? account.email,
      })
      .where('id', '=', id)
      .execute();
    await context.record(trx, account, 'quotation.send', `quotation:${id}`, `sent as ${number}`);
    await context.afterSend?.(trx, id);
  });
}

/** The number of the first quotation a revision descends from (without any -R suffix). */
async function firstNumber(db: Db, id: number): Promise<string> {
  const row = await db.selectFrom('quotations').select('number').where('id', '=', id).executeTakeFirstOrThrow();
  if (row.number === null) throw conflict('The quotation this revision replaces was never sent');
  return row.number.replace(/-R\d+$/, '');
}

/** The states a revision may be made of: sent and not yet replaced, accepted or expired. */
const REVISABLE: readonly QuotationState[] = ['sent', 'viewed', 'changes_asked', 'expired'];

/**
 * A new draft revision of sent quotation `id` (its header and lines copied, at the same rate): sent, it takes the
 * number with -R<revision> and supersedes this one. When the request has an open draft, that one is answered instead.
 */
export async function reviseQuotation(
  db: Db,
  context: QuotationContext,
  account: StaffAccountSummary,
  id: number,
  version: number,
): Promise<{ id: number; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('quotations')
      .selectAll()
      .select([DAY('valid_until').as('valid_day'), sql<string>`rate_value::text`.as('rate_text')])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (row === undefined) throw notFound(NO_QUOTATION);
    if (!context.canSeeBranch(account, row.branch)) throw forbidden(ANOTHER_BRANCH);
    if (row.version !== version) throw new StaleQuotation(row.version, row.updated_by_email, row.updated_at);
    if (!REVISABLE.includes(row.state))
      throw conflict(
        row.state === 'draft'
          ? 'This quotation is a draft: change it and send it'
          : `A quotation that is ${row.state.replace('_', ' ')} is not revised`,
      );
    const open = await trx
      .selectFrom('quotations')
      .select('id')
      .where('request_id', '=', row.request_id)
      .where('state', '=', 'draft')
      .executeTakeFirst();
    if (open !== undefined) return { id: open.id, created: false };
    const later = await trx.selectFrom('quotations').select('id').where('previous_id', '=', id).executeTakeFirst();
    if (later !== undefined) throw conflict('This quotation was revised already: revise its latest revision');
    const branch = row.branch as StaffBranch;
    const today = branchDay(branch, context.now());
    const { id: revisionId } = await trx
      .insertInto('quotations')
      .values({
        request_id: row.request_id,
        branch,
        currency: row.currency,
        rate_value: row.rate_text,
        rate_scale: row.rate_scale,
        rate_id: row.rate_id,
        vat_country: row.vat_country,
        vat_on: today,
        valid_until: row.valid_day < today ? addDays(today, context.validDays) : row.valid_day,
        payment_terms: row.payment_terms,
        delivery_terms: row.delivery_terms,
        buyer_note: row.buyer_note,
        incoterm: row.incoterm,
        delivery_place: row.delivery_place,
        revision: row.revision + 1,
        previous_id: id,
        created_by_id: account.id,
        created_by_email: account.email,
        updated_by_email: account.email,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeLines(trx, revisionId, await storedLines(trx, id), await vatBasisPointsOn(trx, branch, today));
    await context.record(
      trx,
      account,
      'quotation.revise',
      `quotation:${revisionId}`,
      `revision ${row.revision + 1} of quotation:${id} (${row.number ?? ''})`,
    );
    return { id: revisionId, created: true };
  });
}
