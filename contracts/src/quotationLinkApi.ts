// The buyer's side of a sent quotation and the ERP's orders (docs/quotations.md): the addresses, the answers and the
// fixed sentences. No zod (a browser page imports it): the bodies' schemas are quotationLinkApiSchemas.ts.
import type {
  Incoterm,
  QuotationCurrency,
  QuotationLine,
  QuotationSalesperson,
  QuotationSeller,
  QuotationState,
  QuotationTotals,
} from './quotationsApi';

/**
 * The buyer's calls, with the link's token as the only key (no sign-in). Every answer: Cache-Control no-store,
 * X-Robots-Tag noindex. A wrong, unknown or expired token: 404 QUOTATION_LINK_NOT_FOUND, the same for all.
 */
export const QUOTATION_LINK_API = {
  /** GET → BuyerQuotation (the first one marks it viewed). */
  quotation: '/api/quotation-links/:token',
  /** GET → the quotation's PDF in the buyer's language. */
  pdf: '/api/quotation-links/:token/pdf',
  /**
   * POST AcceptQuotationBody as JSON, or multipart/form-data with those fields and an optional `poFile` (a PDF, at
   * most PO_FILE_MAX_BYTES) → BuyerQuotation (state accepted); the same answer again for a repeat. 409 {error} past
   * its validity or when a later revision replaced it.
   */
  accept: '/api/quotation-links/:token/accept',
  /** POST AskForChangesBody (JSON) → BuyerQuotation (state changes_asked). */
  changes: '/api/quotation-links/:token/changes',
  /**
   * POST SendLatePurchaseOrderBody (JSON) → LatePurchaseOrderSent: the PO file a submission kept after the quotation
   * was accepted by another one (AlreadyAcceptedAnswer.heldFile), mailed to the branch; once (a repeat answers the same).
   */
  purchaseOrder: '/api/quotation-links/:token/purchase-order',
} as const;

/** A submission's key (the browser makes one per form, the server's page one per drawing): its retry is the same submission. */
export const SUBMISSION_KEY = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The 409 of an acceptance after another submission accepted it first: `error` says so in the buyer's language (when,
 * the PO number), `quotation` is the quotation as accepted, and `heldFile` the PO file this submission carried, kept
 * for the buyer to send to the branch (QUOTATION_LINK_API.purchaseOrder), or null when it carried none.
 */
export interface AlreadyAcceptedAnswer {
  error: string;
  alreadyAccepted: AlreadyAccepted;
}

export interface AlreadyAccepted {
  /** The day it was accepted, YYYY-MM-DD (the branch's calendar). */
  acceptedOn: string;
  poNumber: string | null;
  quotation: BuyerQuotation;
  heldFile: { submission: string; name: string; sentToBranch: boolean } | null;
}

export interface SendLatePurchaseOrderBody {
  submission: string;
}

export interface LatePurchaseOrderSent {
  /** The branch it was sent to, in the buyer's language. */
  branch: string;
  fileName: string;
}

/** The buyer's page: `/quotation/<token>`, `/ar/quotation/<token>` in Arabic. */
export const QUOTATION_LINK_PAGE = '/quotation/:token';
export const quotationLinkPath = (token: string, language: 'en' | 'ar'): string =>
  `${language === 'ar' ? '/ar' : ''}/quotation/${token}`;
export const quotationLinkApiPath = (pattern: string, token: string): string =>
  pattern.replace(':token', encodeURIComponent(token));

/** The one answer to any token that opens nothing. */
export const QUOTATION_LINK_NOT_FOUND = { error: 'This link is not valid or has expired' } as const;

/** The largest purchase order file the buyer may attach. */
export const PO_FILE_MAX_BYTES = 5 * 1024 * 1024;

export const BUYER_TEXT_LIMITS = { name: 100, position: 100, poNumber: 60, message: 2000 } as const;

/**
 * The buyer's page as plain HTML forms (no script needed): Accept (multipart/form-data, for its PDF) and Ask for changes
 * (application/x-www-form-urlencoded) are posted to the page's own address with the field `answer` naming the form.
 * Stored: 303 to the page with `?answered=accepted|changes` (the page says so). Refused: the page again (400), the
 * typed values in their fields and the reason under them. Another site's post: 403.
 */
export const QUOTATION_LINK_FORM = {
  /** The hidden field that names the form. */
  answer: 'answer',
  /** The query parameter of the page the post is sent back to (its outcome). */
  answered: 'answered',
  /** The hidden field of the submission's key (SUBMISSION_KEY): a re-post of the same form is the same submission. */
  submission: 'submission',
} as const;

export type QuotationLinkAnswerKind = 'accept' | 'changes' | 'purchaseOrder';
/** The outcome the page at `?answered=` says (purchaseOrder: a late PO file sent to the branch). */
export type QuotationLinkAnswered = 'accepted' | 'changes' | 'purchaseOrder';

export const answeredOf = (search: string): QuotationLinkAnswered | null => {
  const value = new URLSearchParams(search).get(QUOTATION_LINK_FORM.answered);
  return value === 'accepted' || value === 'changes' || value === 'purchaseOrder' ? value : null;
};

/** What the browser and the server both check of an acceptance's texts before anything else (the file: its own checks). */
export type AcceptTextProblem = 'required' | 'tooLong';
/** Why a form was not sent, as the page words it ('contact.quotation.error.<problem>'). */
export type BuyerFormProblem = AcceptTextProblem | 'notPdf' | 'tooLarge' | 'message' | 'failed';

export function acceptTextProblem(values: {
  name: string;
  position: string;
  poNumber: string;
}): AcceptTextProblem | null {
  if (values.name.trim() === '' || values.position.trim() === '') return 'required';
  if (
    values.name.length > BUYER_TEXT_LIMITS.name ||
    values.position.length > BUYER_TEXT_LIMITS.position ||
    values.poNumber.length > BUYER_TEXT_LIMITS.poNumber
  ) {
    return 'tooLong';
  }
  return null;
}

/**
 * A plain form post the server refused, for the page it draws in answer: the form, its values as typed, and why (one
 * of the page's own sentences, or the server's words). The page's first view reads it on the server only, from
 * QUOTATION_LINK_POSTED_FORM, which no browser asks for (it is no route).
 */
export type PostedBuyerForm =
  | { form: 'accept'; values: { name: string; position: string; poNumber: string }; error: BuyerFormError }
  | { form: 'changes'; values: { message: string }; error: BuyerFormError }
  /** An acceptance that came after another one: when, the PO number, and the PO file kept for the branch. */
  | { form: 'alreadyAccepted'; alreadyAccepted: Omit<AlreadyAccepted, 'quotation'> };

/**
 * What the server's drawing of the page gives its forms beside the quotation (QUOTATION_LINK_POSTED_FORM): the refused
 * post, if any, and the submission key the plain forms carry (one per drawing).
 */
export interface DrawnBuyerForms {
  posted: PostedBuyerForm | null;
  submission: string;
}
export type BuyerFormError = { problem: BuyerFormProblem } | { message: string };
export const QUOTATION_LINK_POSTED_FORM = '/api/quotation-links/:token/posted-form';

/**
 * A line as the buyer's answer carries it: the staff's line (amounts as text) without their notes, in the buyer's
 * language: its description the part's Arabic name for an Arabic request (as priced; a line typed by hand as typed),
 * its quantity in words ("100 pieces", "قطعة واحدة", "100 قطعة"; optional: a view queued in the outbox before it has
 * none, and is read as the quantity and unit), and the part's availability at the branch when it was priced ("In
 * stock: 40 pieces · Lead time: about 4 weeks"; null when none was recorded: a free-text line, or a quotation priced
 * before lines kept it).
 */
export type BuyerQuotationLine = Pick<
  QuotationLine,
  | 'position'
  | 'code'
  | 'description'
  | 'unit'
  | 'quantity'
  | 'unitPrice'
  | 'discountPercent'
  | 'lineTotal'
  | 'vatPercent'
  | 'vat'
> & { quantityText?: string; availability?: string | null };

/** The buyer as their request named them (`city`: the delivery city it gave, null none). */
export interface BuyerParty {
  company: string;
  contact: string;
  email: string;
  phone: string;
  city: string | null;
}

/** The Incoterms 2020 rule, its name in the buyer's language ("Delivered at Place") and the place it names. */
export interface BuyerDelivery {
  incoterm: Incoterm;
  name: string;
  place: string;
}

export interface BuyerQuotation {
  /** QT-AE-2026-000123, a revision QT-AE-2026-000123-R1 (one sent before the branch codes: QT-2026-000123). */
  number: string;
  /** The request's reference (RFQ-AE-2026-000123; one stored before the branch codes: RFQ-2026-000123). */
  requestReference: string;
  language: 'en' | 'ar';
  /** sent, viewed, changes_asked, accepted, expired or superseded (never draft). */
  state: QuotationState;
  currency: QuotationCurrency;
  /** Decimals of the currency's minor unit (AED 2, OMR 3…): every amount has exactly these. */
  decimals: number;
  /** The last day it may be accepted, YYYY-MM-DD (the branch's calendar). */
  validUntil: string;
  sentAt: string;
  branch: { name: string; phone: string; email: string };
  companyName: string;
  paymentTerms: string;
  deliveryTerms: string;
  buyerNote: string;
  // What the document names beside its prices. Optional: a view queued in the outbox before they were named has none,
  // and its mail is still composed (the document says "Not given").
  /** The buyer as the request named them. */
  buyer?: BuyerParty;
  /** The seller (the branch's legal entity) as sent, its tax label in the buyer's language; null: sent before. */
  seller?: QuotationSeller | null;
  /** Who sent it; null: sent before quotations named their salesperson. */
  salesperson?: QuotationSalesperson | null;
  /** null: none named (a quotation prepared before quotations named one). */
  delivery?: BuyerDelivery | null;
  lines: BuyerQuotationLine[];
  totals: QuotationTotals;
  vatRounding: string;
  /** Once accepted: by whom, when, the PO's number and whether a file came with it. */
  acceptance: { name: string; position: string; poNumber: string | null; poFile: boolean; acceptedAt: string } | null;
  /** Whether the buyer may still accept or ask for changes now (and if not, why, naming the branch's phone). */
  canAnswer: boolean;
  closedReason: string | null;
  /**
   * Replaced by a later revision (state superseded): the request's latest sent revision, and its link's token when the
   * server keeps it (sealed, for the same buyer: they were mailed both); given on the buyer's own reads only.
   */
  latestRevision?: LatestRevision | null;
}

export interface LatestRevision {
  number: string;
  sentAt: string;
  /** Its link's token; null for a revision sent before tokens were kept sealed (the page then points to the mail). */
  token: string | null;
}

export interface AcceptQuotationBody {
  name: string;
  position: string;
  poNumber?: string | undefined;
  /** The submission's key (SUBMISSION_KEY): its retry answers the acceptance; another submission is told it came second. */
  submission?: string | undefined;
}

export interface AskForChangesBody {
  message: string;
}

/** The ERP's orders: GET ?since=<cursor> with an `orders` token (Authorization: Bearer srt_…) → OrdersPage. */
export const ORDERS_API = { orders: '/api/orders' } as const;
/** The most orders one page holds. */
export const ORDERS_PAGE_SIZE = 200;

/** An order's line: the accepted quotation's line as the buyer saw it. */
export type OrderLine = BuyerQuotationLine;

export interface Order {
  /** The order's id, also its cursor. */
  id: string;
  quotationNumber: string;
  requestReference: string;
  branch: string;
  currency: QuotationCurrency;
  subtotal: string;
  vat: string;
  total: string;
  buyer: { company: string; email: string; acceptedBy: string; position: string };
  poNumber: string | null;
  hasPoFile: boolean;
  lines: OrderLine[];
  createdAt: string;
}

export interface OrdersPage {
  orders: Order[];
  /** Give it as `since` next time: the orders after the last one here (the same cursor when there were none). */
  next: string;
  /** Whether more orders wait beyond this page. */
  more: boolean;
}

// ---- staff: what became of a sent quotation, and the orders (session, branch rule as the inbox's) ----

export const STAFF_QUOTATION_LINK_API = {
  /** GET ?requestId → QuotationLinkHistory: each sent revision of the request's quotation and its link's state. */
  linkStates: '/api/staff/quotation-links',
  /** GET → the purchase order PDF an accepted quotation's buyer attached (attachment); 404 when none came. */
  purchaseOrder: '/api/staff/quotations/:id/purchase-order',
  /** GET → StaffOrderList: the accepted quotations, newest first (at most STAFF_ORDERS_PAGE_SIZE). */
  orders: '/api/staff/orders',
  /** GET ?format=csv|xlsx → every order the caller may see, as a file (text cells, formula-guarded). */
  ordersFile: '/api/staff/orders/file',
} as const;

export const STAFF_ORDERS_PAGE_SIZE = 200;
export const ORDER_FILE_FORMATS = ['csv', 'xlsx'] as const;
export type OrderFileFormat = (typeof ORDER_FILE_FORMATS)[number];

/** A sent revision, as staff follow it: its state, and each step the buyer took (null: not taken). */
export interface QuotationLinkState {
  id: number;
  /** QT-AE-2026-000123, a revision QT-AE-2026-000123-R1 (one sent before the branch codes: QT-2026-000123). */
  number: string;
  revision: number;
  state: QuotationState;
  currency: QuotationCurrency;
  total: string;
  sentAt: string;
  sentBy: string | null;
  validUntil: string;
  viewedAt: string | null;
  /** What the buyer asked to change, oldest first. */
  changes: { message: string; askedAt: string }[];
  acceptance: { name: string; position: string; poNumber: string | null; poFile: boolean; acceptedAt: string } | null;
  /** When it was found past its validity (the buyer's opening or answer marks it). */
  expiredAt: string | null;
  /** The revision sent in its place. */
  supersededBy: { number: string; sentAt: string } | null;
}

export interface QuotationLinkHistory {
  /** Newest revision first. */
  quotations: QuotationLinkState[];
}

export interface StaffOrder {
  id: string;
  quotationId: number;
  requestId: number;
  /** When the buyer accepted (the order's making). */
  createdAt: string;
  requestReference: string;
  quotationNumber: string;
  buyerCompany: string;
  branch: string;
  currency: QuotationCurrency;
  total: string;
  poNumber: string | null;
  hasPoFile: boolean;
}

export interface StaffOrderList {
  orders: StaffOrder[];
  /** More orders than these (the files hold them all). */
  more: boolean;
}
