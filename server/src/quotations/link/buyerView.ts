// A sent quotation as its buyer sees it (BuyerQuotation): the lines and totals as staff sent them (in the buyer's
// language: the parts' Arabic names as priced, each quantity in its unit's words), the branch's name and phone, the
// state, and whether it may still be answered (and if not, why, in the buyer's language, naming the branch's phone).
// The same view is what the PDF and the mails are made of (kept in their outbox rows).
import { branches } from '@site/content';
import type { BuyerQuotation, LatestRevision } from '@site/contracts/quotation-link-api';
import type { QuotationState } from '@site/contracts/quotations-api';
import type { LocationAvailability } from '@site/contracts/stock-api';
import { BRANCH_TAX_LABELS, INCOTERM_NAMES, isStaffBranch } from '@site/contracts/quotations-api';
import type { StaffBranch } from '@site/contracts/staff-api';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../platform/db/index.js';
import { branchDay } from '../days.js';
import { lineAvailabilityText, quantityText } from '../lineStock.js';
import { loadQuotation } from '../quotationStore.js';
import { buyerTexts } from './buyerTexts.js';
import { buyerTokenHash } from './buyerToken.js';
import { tokenBinding, type LinkSealer } from './linkSeal.js';

type Db = Kysely<DatabaseSchema>;

/** What the buyer's mails need beside the view: the request's address. */
export interface BuyerDocument {
  view: BuyerQuotation;
  email: string;
  quotationId: number;
}

/** The states in which the buyer may still accept or ask for changes. */
export const ANSWERABLE: readonly QuotationState[] = ['sent', 'viewed', 'changes_asked'];

export const branchContact = (branch: string): { phone: string; email: string } => {
  const found = branches.find((candidate) => candidate.name === branch);
  return { phone: found?.mobileNo ?? '', email: found?.email ?? '' };
};

/** Whether a quotation in `state`, valid until `validUntil`, is past its validity on the branch's today. */
export function isPastValidity(branch: string, validUntil: string, now: Date): boolean {
  return isStaffBranch(branch) && validUntil < branchDay(branch, now);
}

/** A line's stock when it was priced, in the buyer's language; null when none was recorded. */
function availabilityOf(
  row: { availability: LocationAvailability[] | null; availability_checked_at: Date | null } | undefined,
  branch: StaffBranch,
  unit: string,
  quantity: string,
  language: 'en' | 'ar',
): string | null {
  if (row?.availability === null || row?.availability === undefined) return null;
  const text = lineAvailabilityText(
    row.availability,
    branch,
    unit,
    Number(quantity),
    language,
    row.availability_checked_at ?? new Date(),
  );
  return text === '' ? buyerTexts(language).availabilityToConfirm : text;
}

/**
 * A line's description in the buyer's language: the part's Arabic name as priced for an Arabic request; the English
 * (or what staff typed) when the line has none.
 */
const descriptionIn = (description: string, descriptionAr: string, language: 'en' | 'ar'): string =>
  language === 'ar' && descriptionAr !== '' ? descriptionAr : description;

/** The sent quotation `id` as its buyer sees it; undefined for a draft or none. */
export async function loadBuyerDocument(db: Db, id: number, now: Date): Promise<BuyerDocument | undefined> {
  const quotation = await loadQuotation(db, id, now);
  if (quotation === undefined || quotation.state === 'draft' || quotation.number === null || quotation.sentAt === null)
    return undefined;
  const request = await db
    .selectFrom('quote_requests')
    .select(['language', 'email', 'company_name', 'name', 'phone', 'delivery_city'])
    .where('id', '=', quotation.requestId)
    .executeTakeFirstOrThrow();
  const acceptance = await db
    .selectFrom('quotation_acceptances')
    .select(['name', 'position', 'po_number', sql<boolean>`po_file is not null`.as('po_file'), 'accepted_at'])
    .where('quotation_id', '=', id)
    .executeTakeFirst();
  const stock = await db
    .selectFrom('quotation_lines')
    .select(['position', 'description_ar', 'availability', 'availability_checked_at'])
    .where('quotation_id', '=', id)
    .execute();
  const stockAt = new Map(stock.map((row) => [row.position, row]));
  const language = request.language === 'ar' ? 'ar' : 'en';
  const branch: StaffBranch = quotation.branch;
  const texts = buyerTexts(language);
  const contact = branchContact(quotation.branch);
  // past its validity and not yet marked: the buyer sees it expired (the next change marks it)
  const state: QuotationState =
    ANSWERABLE.includes(quotation.state) && isPastValidity(quotation.branch, quotation.validUntil, now)
      ? 'expired'
      : quotation.state;
  const closedReason =
    state === 'expired'
      ? texts.closed.expired(quotation.validUntil, contact.phone)
      : state === 'superseded'
        ? texts.closed.superseded(contact.phone)
        : null;
  const view: BuyerQuotation = {
    number: quotation.number,
    requestReference: quotation.requestReference,
    language,
    state,
    currency: quotation.currency,
    decimals: quotation.decimals,
    validUntil: quotation.validUntil,
    sentAt: quotation.sentAt,
    branch: { name: texts.branchName(quotation.branch), phone: contact.phone, email: contact.email },
    companyName: request.company_name,
    paymentTerms: quotation.paymentTerms,
    deliveryTerms: quotation.deliveryTerms,
    buyerNote: quotation.buyerNote,
    buyer: {
      company: request.company_name,
      contact: request.name,
      email: request.email,
      phone: request.phone,
      city: request.delivery_city,
    },
    seller:
      quotation.seller === null
        ? null
        : {
            ...quotation.seller,
            taxLabel: language === 'ar' ? BRANCH_TAX_LABELS[branch].ar : quotation.seller.taxLabel,
          },
    salesperson: quotation.salesperson,
    delivery:
      quotation.incoterm === null
        ? null
        : {
            incoterm: quotation.incoterm,
            name: INCOTERM_NAMES[quotation.incoterm][language],
            place: quotation.deliveryPlace,
          },
    lines: quotation.lines.map((line) => ({
      position: line.position,
      code: line.code,
      description: descriptionIn(line.description, stockAt.get(line.position)?.description_ar ?? '', language),
      unit: line.unit,
      quantity: line.quantity,
      quantityText: quantityText(line.quantity, line.unit, language),
      unitPrice: line.unitPrice,
      discountPercent: line.discountPercent,
      lineTotal: line.lineTotal,
      vatPercent: line.vatPercent,
      vat: line.vat,
      availability: availabilityOf(stockAt.get(line.position), branch, line.unit, line.quantity, language),
    })),
    totals: quotation.totals,
    vatRounding: texts.vatRounding,
    acceptance:
      acceptance === undefined
        ? null
        : {
            name: acceptance.name,
            position: acceptance.position,
            poNumber: acceptance.po_number,
            poFile: acceptance.po_file,
            acceptedAt: acceptance.accepted_at.toISOString(),
          },
    canAnswer: ANSWERABLE.includes(state),
    closedReason,
  };
  return { view, email: request.email, quotationId: id };
}

/**
 * The latest sent revision of the request quotation `id` belongs to, after it: its number, when it was sent and its
 * link's token (opened with the keys; null when it was sent before tokens were kept sealed, or no key given opens it).
 * Only a revision of the same request: the one buyer was mailed both links, and nothing of another request is looked at.
 */
export async function latestRevisionOf(
  db: Db,
  id: number,
  sealer: LinkSealer | undefined,
): Promise<LatestRevision | null> {
  const row = await db
    .selectFrom('quotations as q')
    .innerJoin('quotations as n', 'n.request_id', 'q.request_id')
    .select(['n.id', 'n.number', 'n.sent_at', 'n.buyer_token_hash', 'n.buyer_token_sealed'])
    .where('q.id', '=', id)
    .where('n.id', '<>', id)
    .where('n.state', '<>', 'draft')
    .where('n.sent_at', 'is not', null)
    .whereRef('n.revision', '>', 'q.revision')
    .orderBy('n.revision', 'desc')
    .orderBy('n.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (row === undefined || row.number === null || row.sent_at === null) return null;
  const opened =
    row.buyer_token_sealed === null ? undefined : sealer?.open(row.buyer_token_sealed, tokenBinding(Number(row.id)));
  // a token that does not open that revision (a re-sent link since) is not given
  const token = opened !== undefined && buyerTokenHash(opened) === row.buyer_token_hash ? opened : null;
  return { number: row.number, sentAt: new Date(row.sent_at).toISOString(), token };
}
