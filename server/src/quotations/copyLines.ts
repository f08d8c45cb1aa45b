// "Copy a previous quotation": the branch's sent quotations a draft may copy, found by number or buyer company, and one
// of them's lines as the draft takes them (code, description, unit, quantity, price, discount), each price checked
// against the catalogue's today at the draft's own rate and the difference said in words, with the part's stock now.
// Only a quotation of the draft's own branch (its currency) is listed or copied, and only by staff who may see both:
// another branch's is a 403 as every quotation call's. The editor puts the lines in the form; "Save draft" keeps them.
import { sql, type Kysely } from 'kysely';
import {
  COPY_SOURCES_MAX,
  type CopiedLine,
  type CopiedQuotation,
  type CopySource,
  type CopySourceList,
  type QuotationCurrency,
} from '@site/contracts/quotations-api';
import { formatAmount, formatPercent, formatQuantity, type ExactRate } from '@site/contracts/quotation-money';
import type { StaffAccountSummary, StaffBranch } from '@site/contracts/staff-api';
import type { DatabaseSchema } from '../platform/db/index.js';
import { catalogueParts, codeKey } from './cataloguePrices.js';
import { ANOTHER_BRANCH, conflict, forbidden, notFound, NO_QUOTATION } from './errors.js';
import { lineAvailabilityText, readLineStock } from './lineStock.js';
import { partPrice } from './partLines.js';
import type { QuotationContext } from './quotationContext.js';
import { documentTotalSql, lineCountSql } from './documentTotalSql.js';

type Db = Kysely<DatabaseSchema>;

/** The draft the lines are copied into, when `account` may change it: its branch, currency and rate. */
async function draftFor(
  db: Db,
  context: Pick<QuotationContext, 'canSeeBranch'>,
  account: StaffAccountSummary,
  id: number,
): Promise<{ branch: StaffBranch; currency: QuotationCurrency; rate: ExactRate }> {
  const row = await db
    .selectFrom('quotations')
    .select(['branch', 'currency', 'state', 'number', sql<string>`rate_value::text`.as('rate_value'), 'rate_scale'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (row === undefined) throw notFound(NO_QUOTATION);
  if (!context.canSeeBranch(account, row.branch)) throw forbidden(ANOTHER_BRANCH);
  if (row.state !== 'draft')
    throw conflict(
      `This quotation was sent as ${row.number ?? 'a numbered quotation'}: lines are copied into a draft only`,
    );
  // only a StaffBranch is ever written (prepareQuotation refuses any other)
  return {
    branch: row.branch as StaffBranch,
    currency: row.currency,
    rate: { value: BigInt(row.rate_value), scale: row.rate_scale },
  };
}

/** The sent quotations of `branch` (but `except`), with what a list of them shows. */
function sourcesOf(db: Db, branch: StaffBranch, except: number) {
  return db
    .selectFrom('quotations as q')
    .innerJoin('quote_requests as r', 'r.id', 'q.request_id')
    .select([
      'q.id',
      'q.number',
      'q.state',
      'r.reference',
      'r.company_name',
      'q.sent_at',
      'q.currency',
      lineCountSql('q').as('line_count'),
      documentTotalSql('q').as('total'),
    ])
    .where('q.branch', '=', branch)
    .where('q.number', 'is not', null)
    .where('q.sent_at', 'is not', null)
    .where('q.id', '<>', except);
}

type SourceRow = Awaited<ReturnType<ReturnType<typeof sourcesOf>['execute']>>[number];

const sourceOf = (row: SourceRow): CopySource => ({
  id: row.id,
  // the query keeps the sent ones, which have both
  number: row.number ?? '',
  state: row.state,
  requestReference: row.reference,
  buyerCompany: row.company_name,
  sentAt: row.sent_at?.toISOString() ?? '',
  lineCount: Number(row.line_count),
  currency: row.currency,
  total: formatAmount(BigInt(row.total), row.currency),
});

/**
 * The branch's sent quotations draft `id` may copy, newest first: those whose number or buyer company holds `text`
 * (any case; LIKE's own characters are themselves), or the newest when `text` is empty.
 */
export async function copySources(
  db: Db,
  context: Pick<QuotationContext, 'canSeeBranch'>,
  account: StaffAccountSummary,
  id: number,
  text: string,
): Promise<CopySourceList> {
  const draft = await draftFor(db, context, account, id);
  const words = `%${text
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const rows = await sourcesOf(db, draft.branch, id)
    .$if(text.trim() !== '', (query) =>
      query.where((eb) =>
        eb.or([eb(sql<string>`lower(q.number)`, 'like', words), eb(sql<string>`lower(r.company_name)`, 'like', words)]),
      ),
    )
    .orderBy('q.sent_at', 'desc')
    .orderBy('q.id', 'desc')
    .limit(COPY_SOURCES_MAX)
    .execute();
  return { quotations: rows.map(sourceOf) };
}

/** Sent quotation `sourceId`'s lines as draft `id` takes them, each price checked against the catalogue's today. */
export async function copiedQuotation(
  db: Db,
  context: Pick<QuotationContext, 'canSeeBranch' | 'now'>,
  account: StaffAccountSummary,
  id: number,
  sourceId: number,
): Promise<CopiedQuotation> {
  const draft = await draftFor(db, context, account, id);
  const source = await db
    .selectFrom('quotations')
    .select(['branch', 'number'])
    .where('id', '=', sourceId)
    .executeTakeFirst();
  if (source === undefined || source.number === null) throw notFound('There is no such sent quotation to copy');
  // another branch's quotation is not this account's to read, nor in this draft's currency
  if (!context.canSeeBranch(account, source.branch) || source.branch !== draft.branch) throw forbidden(ANOTHER_BRANCH);
  const row = await sourcesOf(db, draft.branch, id).where('q.id', '=', sourceId).executeTakeFirstOrThrow();
  const lines = await db
    .selectFrom('quotation_lines')
    .select([
      'variant_code',
      'description',
      'unit',
      sql<string>`(quantity * 100)::bigint::text`.as('quantity'),
      sql<string>`unit_price_minor::text`.as('unit_price'),
      'discount_bp',
    ])
    .where('quotation_id', '=', sourceId)
    .orderBy('position')
    .execute();
  const codes = lines.flatMap((line) => (line.variant_code === null ? [] : [line.variant_code]));
  const parts = await catalogueParts(db, codes);
  const stock = await readLineStock(db, draft.branch, codes);
  const now = context.now();
  const { currency } = draft;
  const money = (minor: bigint) => `${formatAmount(minor, currency)} ${currency}`;
  return {
    source: sourceOf(row),
    lines: lines.map((line): CopiedLine => {
      const copied = {
        description: line.description,
        unit: line.unit,
        quantity: formatQuantity(BigInt(line.quantity)),
        unitPrice: formatAmount(BigInt(line.unit_price), currency),
        discountPercent: formatPercent(line.discount_bp),
      };
      const code = line.variant_code;
      if (code === null) return { ...copied, code, cataloguePrice: null, priceCheck: '', availabilityNote: '' };
      const part = parts.get(codeKey(code));
      if (part === undefined)
        return {
          ...copied,
          code: null,
          cataloguePrice: null,
          priceCheck: `${code} is no longer in the catalogue: copied as a free-text line at the price quoted.`,
          availabilityNote: '',
        };
      const availabilityNote = lineAvailabilityText(
        stock.get(codeKey(code)) ?? [],
        draft.branch,
        line.unit,
        Number(line.quantity) / 100,
        'en',
        now,
      );
      const withPart = { ...copied, code: part.code, availabilityNote };
      if (!part.published)
        return {
          ...withPart,
          cataloguePrice: null,
          priceCheck: `${part.code} was withdrawn from the catalogue: check it can still be supplied before quoting it.`,
        };
      if (part.priceFils === null)
        return {
          ...withPart,
          cataloguePrice: null,
          priceCheck: `${part.code}: the catalogue prices it on request today, so the price quoted (${money(BigInt(line.unit_price))}) is not checked.`,
        };
      const today = partPrice(part, draft.rate, currency, BigInt(line.quantity));
      const quoted = BigInt(line.unit_price);
      return {
        ...withPart,
        cataloguePrice: formatAmount(today, currency),
        priceCheck:
          today === quoted
            ? ''
            : `${part.code}: quoted at ${money(quoted)} in ${row.number ?? ''}; the catalogue's price today is ${money(today)} (${today > quoted ? 'dearer' : 'cheaper'} now).`,
      };
    }),
  };
}
