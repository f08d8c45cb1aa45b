// Quotations: staff price a buyer's request for quotation (server: server/src/quotations/). The addresses, the
// currencies of the branches and the VAT countries, and the answers' shapes: strings, numbers and types only (no zod:
// the staff app imports this module). The bodies' schemas: ./quotationsApiSchemas.ts.
//
// Money crosses the API as decimal text in the quotation's currency, with exactly its minor unit's decimals ("12.500"
// in Omani rials, "12.50" in dirhams): never a JSON number, so no amount passes through a float. Staff type amounts,
// quantities and percentages as text (or a JSON number, read as the shortest text that writes it); an amount with
// more decimals than its currency has is refused, never rounded (the server's check: it knows the quotation's currency).
import { BRANCH_CODES } from '@site/content/validation';
import { STAFF_BRANCHES, type StaffBranch } from './staffApi';

/** The currencies of the branches, and their minor unit's decimals: the Omani rial and the Bahraini dinar have three. */
export const QUOTATION_CURRENCIES = ['AED', 'OMR', 'BHD', 'SAR'] as const;
export type QuotationCurrency = (typeof QUOTATION_CURRENCIES)[number];
export const CURRENCY_DECIMALS: Readonly<Record<QuotationCurrency, number>> = { AED: 2, OMR: 3, BHD: 3, SAR: 2 };
/** What the minor unit is called, for refusals ("AED amounts have 2 decimals (fils)"). */
export const CURRENCY_MINOR_NAMES: Readonly<Record<QuotationCurrency, string>> = {
  AED: 'fils',
  OMR: 'baisa',
  BHD: 'fils',
  SAR: 'halalas',
};

/** The catalogue's prices are in dirhams (2 decimals): a quotation in another currency converts them at a rate admins keep. */
export const CATALOGUE_CURRENCY = 'AED' satisfies QuotationCurrency;
/** The currencies a rate is kept for (1 AED = rate × currency). */
export const RATE_CURRENCIES = ['OMR', 'BHD', 'SAR'] as const satisfies readonly QuotationCurrency[];
export type RateCurrency = (typeof RATE_CURRENCIES)[number];

/** The countries whose VAT a quotation charges: the branch's (ISO 3166-1 alpha-2). */
export const VAT_COUNTRIES = ['AE', 'OM', 'BH', 'SA'] as const;
export type VatCountry = (typeof VAT_COUNTRIES)[number];
export const VAT_COUNTRY_NAMES: Readonly<Record<VatCountry, string>> = {
  AE: 'United Arab Emirates',
  OM: 'Oman',
  BH: 'Bahrain',
  SA: 'Saudi Arabia',
};

export const BRANCH_CURRENCY: Readonly<Record<StaffBranch, QuotationCurrency>> = {
  Dubai: 'AED',
  Oman: 'OMR',
  Bahrain: 'BHD',
  'Saudi Arabia': 'SAR',
};
/** A branch charges its country's VAT: the country of its code (BRANCH_CODES). */
export const BRANCH_VAT_COUNTRY: Readonly<Record<StaffBranch, VatCountry>> = BRANCH_CODES;

/**
 * The number a first quotation is sent under: QT-<the branch's code>-<year>-<six digits of the branch's counter for the
 * year> ('QT-OM-2026-000001'). The code makes it unique across the group, though each branch counts on its own.
 */
export const quotationNumber = (branch: StaffBranch, year: number, counter: number): string =>
  `QT-${BRANCH_CODES[branch]}-${year}-${String(counter).padStart(6, '0')}`;

/**
 * Any quotation's number, as stored: QT-OM-2026-000001 and its revisions (-R1, -R2…), and the numbers sent before the
 * branch codes (QT-2026-000001, -R1…), which are kept as they were: unique with their branch only.
 */
export const QUOTATION_NUMBER_PATTERN = new RegExp(
  `^QT-(?:(?:${Object.values(BRANCH_CODES).join('|')})-)?\\d{4}-\\d{6,}(?:-R[1-9]\\d*)?$`,
);

/** What the document prints under its totals: how its VAT was rounded. */
export const VAT_ROUNDING_TEXT = 'VAT rounded per line';

/**
 * draft: staff edit it; sent: numbered and immutable; viewed, changes_asked, accepted: the buyer's steps; expired: past
 * its validity; superseded: a later revision was sent.
 */
export const QUOTATION_STATES = [
  'draft',
  'sent',
  'viewed',
  'changes_asked',
  'accepted',
  'expired',
  'superseded',
] as const;
export type QuotationState = (typeof QUOTATION_STATES)[number];

/** Lines a quotation may hold, and the limits of its texts. */
export const QUOTATION_LIMITS = {
  lines: 200,
  description: 500,
  code: 64,
  unit: 20,
  availabilityNote: 200,
  lineNote: 500,
  terms: 1000,
  buyerNote: 2000,
  /** Quantity: at most this many of a unit, to two decimals (12.5 m of cable). */
  maxQuantity: 100_000,
  quantityDecimals: 2,
  /** A unit price's whole part has at most this many digits (so a document's totals stay within a 64-bit integer). */
  priceDigits: 8,
  /** Discount and VAT percentages: two decimals (basis points). */
  percentDecimals: 2,
  /** A rate's decimals (1 AED = 0.10477 OMR has five). */
  rateDecimals: 10,
} as const;

/** Largest body of a quotation call: a draft of QUOTATION_LIMITS.lines lines with every text at its limit, escaped, fits. */
export const QUOTATION_BODY_LIMIT = 1024 * 1024;

export const QUOTATIONS_API = {
  /** POST {requestId} (csrf) → 201 Quotation: a draft from the request's lines (200 with the open draft, when it has one). GET ?requestId → QuotationList. */
  quotations: '/api/staff/quotations',
  /** GET → Quotation; PUT SaveQuotationBody (csrf) → Quotation | 400 {error, problems} | 409 StaleQuotationAnswer. */
  quotation: '/api/staff/quotations/:id',
  /** POST AddQuotationLineBody (csrf) → Quotation: a catalogue product by its code, or a free-text line, at the end. */
  lines: '/api/staff/quotations/:id/lines',
  /** DELETE ?version (csrf) → Quotation: the line at that position out, the ones after it moved up. */
  line: '/api/staff/quotations/:id/lines/:position',
  /** POST {version} (csrf) → Quotation: numbered (QT-AE-2026-000123, a revision -R1…), sent and immutable from then on. */
  send: '/api/staff/quotations/:id/send',
  /** POST {version} (csrf) → 201 Quotation: a new draft revision of a sent quotation, to send in its place. */
  revise: '/api/staff/quotations/:id/revise',
  /** GET ?q= → QuotationPartList: the catalogue's parts by code or name, priced for this quotation (its currency and rate). */
  parts: '/api/staff/quotations/:id/parts',
  /** GET ?q= → CopySourceList: the branch's sent quotations a draft may copy, by number or buyer company (newest first). */
  copySources: '/api/staff/quotations/:id/copy-sources',
  /** GET → CopiedQuotation: a sent quotation's lines as the draft :id would take them, each price checked against the catalogue's today. */
  copyFrom: '/api/staff/quotations/:id/copy-from/:sourceId',
  /** GET → ExpiringQuotationList: the sent quotations the caller sees whose validity ends within EXPIRING_DAYS days. */
  expiring: '/api/staff/quotations/expiring',
  /** GET → CurrencyRateTable (staff who price); PUT /:currency {rate} (csrf, admins) → CurrencyRateTable. */
  currencyRates: '/api/staff/quotation-rates',
  currencyRate: '/api/staff/quotation-rates/:currency',
  /** GET → VatRateTable; PUT {country, ratePercent, startsOn} (csrf, admins) → VatRateTable: that country's rate from that day. */
  vatRates: '/api/staff/vat-rates',
} as const;

// ---- answers ----

export interface QuotationLine {
  /** 1, 2, …: its place on the document. */
  position: number;
  /** The catalogue part's variant code; null for a free-text line. */
  code: string | null;
  description: string;
  unit: string;
  /** Decimal text, no trailing zeros ("12.5", "40"). */
  quantity: string;
  /** Amounts: decimal text with the currency's decimals. */
  unitPrice: string;
  /** "2.5", "0". */
  discountPercent: string;
  /** quantity × unitPrice × (1 − discount), rounded half-up to the minor unit. */
  lineTotal: string;
  vatPercent: string;
  /** lineTotal × VAT, rounded half-up to the minor unit (per line). */
  vat: string;
  /** What the document says of its stock: filled from the stock feed when the part was priced, and staff may edit it. */
  availabilityNote: string;
  /**
   * What the stock feed says of the part at the branch now, for the quantity saved ("In stock: 40 pieces", with the lead
   * time when that stock is short of it); '' for a free-text line or a part the feed never named there (not "0").
   */
  availabilityNow: string;
  /**
   * What the quantity breaks of the part's minimum order and pack as the catalogue has them now ("Below the minimum
   * order of 10 pieces. Not a multiple of the pack of 5: 10 or 15 would be whole packs."); '' when nothing or free text.
   */
  quantityNote: string;
  lineNote: string;
}

export interface QuotationTotals {
  /** The sum of the lines' totals. */
  subtotal: string;
  /** The sum of the lines' VAT. */
  vat: string;
  /** subtotal + vat. */
  total: string;
}

export interface Quotation {
  id: number;
  requestId: number;
  /** The request's reference (RFQ-AE-2026-000123; one stored before the branch codes: RFQ-2026-000123). */
  requestReference: string;
  branch: StaffBranch;
  currency: QuotationCurrency;
  /** Decimals of its currency's minor unit. */
  decimals: number;
  /** The rate its catalogue prices were converted at: 1 AED = `rate` `currency` ("1" for dirhams), set by whom, when. */
  rate: { rate: string; setAt: string | null; setBy: string | null };
  vatCountry: VatCountry;
  /** The day whose VAT rates it charges: today for a draft, the day it was sent after. */
  vatDate: string;
  /**
   * The VAT rate its lines are priced at: a draft's is the rate in force on the branch's today (what a save charges; the
   * editor's live totals use it), a sent one's the rate it was sent at ("5"); null: none is in force, and a save is
   * refused until an administrator adds one.
   */
  vatPercent: string | null;
  state: QuotationState;
  /** QT-AE-2026-000123 (a revision: QT-AE-2026-000123-R1; one sent before the branch codes: QT-2026-000123) once sent; null for a draft. */
  number: string | null;
  /** 0 for the first quotation of a request's; 1, 2… for the revisions sent in its place. */
  revision: number;
  /** What a change must name (saved by someone else since: 409). */
  version: number;
  validUntil: string;
  paymentTerms: string;
  deliveryTerms: string;
  buyerNote: string;
  /** The Incoterms 2020 rule; null: prepared before quotations named one. */
  incoterm: Incoterm | null;
  /** The place the rule names ('' none yet: a quotation is not sent without one). */
  deliveryPlace: string;
  /** The seller as the document names it: a draft's branch details now, a sent one's as sent (null: none). */
  seller: QuotationSeller | null;
  /** Who sent it (a draft: null, and one sent before quotations named their salesperson). */
  salesperson: QuotationSalesperson | null;
  /** Why a draft cannot be sent yet, each in words with where it is set ([] when it can; always [] once sent). */
  sendBlockers: SendBlocker[];
  lines: QuotationLine[];
  totals: QuotationTotals;
  /** VAT_ROUNDING_TEXT: printed under the totals. */
  vatRounding: string;
  createdAt: string;
  updatedAt: string;
  updatedBy: string | null;
  sentAt: string | null;
}

/** The legal entity that sells, as a quotation names it. */
export interface QuotationSeller {
  legalName: string;
  /** 'TRN', 'VATIN' or 'VAT number': what the branch's country calls the number. */
  taxLabel: string;
  taxNumber: string;
  commercialRegistration: string;
}

/** The salesperson a sent quotation names: the sending account's name ('' when unset), direct phone and e-mail. */
export interface QuotationSalesperson {
  name: string;
  phone: string;
  email: string;
}

export interface QuotationSummary {
  id: number;
  state: QuotationState;
  number: string | null;
  revision: number;
  currency: QuotationCurrency;
  total: string;
  updatedAt: string;
}

export interface QuotationList {
  quotations: QuotationSummary[];
}

/** 409 on a change made on an older version: who saved it since, when, and its version now. */
export interface StaleQuotationAnswer {
  error: string;
  version: number;
  savedBy: string | null;
  savedAt: string;
}

/** A catalogue part as a quotation's line would take it. */
export interface QuotationPart {
  /** The variant code, as the catalogue writes it. */
  code: string;
  /** The product's name, and the part's label when the product has several. */
  description: string;
  unit: string;
  /** The catalogue's price converted at the quotation's own rate, with its currency's decimals ("0.000" on request). */
  unitPrice: string;
  /** True when the catalogue gives no price (staff type it). */
  onRequest: boolean;
  /** What the ERP's stock feed says of it at the branch's location ("In stock: 40 pieces"); '' when nothing. */
  availabilityNote: string;
}

export interface QuotationPartList {
  /** The part whose code is the text asked (compared by letters and digits, any case); null when none is. */
  exact: QuotationPart | null;
  /** Parts whose code starts with the text or whose name holds it, at most QUOTATION_PARTS_MAX, the exact one first. */
  parts: QuotationPart[];
}

/** The most parts one search answers. */
export const QUOTATION_PARTS_MAX = 10;

/** The most quotations one search of "Copy a previous quotation" answers. */
export const COPY_SOURCES_MAX = 10;

/** A sent quotation of the branch a draft may copy: what the salesperson recognises it by. */
export interface CopySource {
  id: number;
  /** QT-OM-2026-000001, a revision QT-OM-2026-000001-R1. */
  number: string;
  state: QuotationState;
  requestReference: string;
  buyerCompany: string;
  sentAt: string;
  lineCount: number;
  currency: QuotationCurrency;
  /** Its total with VAT, as sent. */
  total: string;
}

export interface CopySourceList {
  /** Newest sent first, at most COPY_SOURCES_MAX. */
  quotations: CopySource[];
}

/** A line of a previous quotation as a draft takes it (code, description, unit, quantity, price, discount). */
export interface CopiedLine {
  /** The part's code; null for a free-text line, and for a part no longer in the catalogue (copied as free text). */
  code: string | null;
  description: string;
  unit: string;
  quantity: string;
  /** The price it was quoted at, in the draft's currency (a quotation of the same branch). */
  unitPrice: string;
  discountPercent: string;
  /** The catalogue's price of the part today at the draft's rate; null when it has none (free text, gone, on request, withdrawn). */
  cataloguePrice: string | null;
  /** In words, what the check against today's catalogue found ("…the catalogue's price today is 1.300 OMR"); '' when nothing. */
  priceCheck: string;
  /** The part's stock at the branch now, for the document's availability note ('' for none). */
  availabilityNote: string;
}

export interface CopiedQuotation {
  source: CopySource;
  lines: CopiedLine[];
}

/** The days ahead "Expiring in 3 days" looks: a sent quotation whose validity ends on the branch's today or within these. */
export const EXPIRING_DAYS = 3;

/** A sent quotation the buyer has not answered for good (not accepted, not superseded), valid for EXPIRING_DAYS days or fewer. */
export interface ExpiringQuotation {
  id: number;
  number: string;
  state: QuotationState;
  requestId: number;
  requestReference: string;
  buyerCompany: string;
  branch: StaffBranch;
  currency: QuotationCurrency;
  total: string;
  validUntil: string;
  /** Days left on the branch's today: 0 (its last day) to EXPIRING_DAYS. */
  daysLeft: number;
  /** Who sent it (its salesperson), null for one sent before quotations kept it. */
  sentBy: string | null;
  /** When its salesperson was mailed the reminder (once per quotation); null: not yet. */
  reminderSentAt: string | null;
}

export interface ExpiringQuotationList {
  /** The soonest to expire first. */
  quotations: ExpiringQuotation[];
}

export interface CurrencyRate {
  currency: RateCurrency;
  /** 1 AED = rate × currency, exactly as set ("0.10477"). */
  rate: string;
  setBy: string | null;
  setAt: string;
}

export interface CurrencyRateTable {
  /** The rate in use for each currency (none yet: left out; a quotation in it cannot be prepared until one is set). */
  current: CurrencyRate[];
  /** Every rate set, newest first (at most 100). */
  history: CurrencyRate[];
}

export interface VatRate {
  country: VatCountry;
  /** "5", "10", "15". */
  ratePercent: string;
  startsOn: string;
  setBy: string | null;
  setAt: string | null;
}

export interface VatRateTable {
  /** Every country's rates, each with the day it starts, by country then day. */
  rates: VatRate[];
  /** The rate of each country today. */
  today: VatRate[];
}

export const isStaffBranch = (value: string): value is StaffBranch =>
  (STAFF_BRANCHES as readonly string[]).includes(value);

// ---- what the document names beside its prices (docs/quotations.md, "The document") ----

/** The Incoterms 2020 rules a quotation may name, with the place each names. */
export const INCOTERMS = ['EXW', 'FCA', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP', 'FAS', 'FOB', 'CFR', 'CIF'] as const;
export type Incoterm = (typeof INCOTERMS)[number];

/** Each rule's name as the ICC writes it, in English and Arabic. */
export const INCOTERM_NAMES: Readonly<Record<Incoterm, { en: string; ar: string }>> = {
  EXW: { en: 'Ex Works', ar: 'التسليم في أرض المصنع' },
  FCA: { en: 'Free Carrier', ar: 'التسليم إلى الناقل' },
  CPT: { en: 'Carriage Paid To', ar: 'أجرة النقل مدفوعة إلى' },
  CIP: { en: 'Carriage and Insurance Paid To', ar: 'أجرة النقل والتأمين مدفوعان إلى' },
  DAP: { en: 'Delivered at Place', ar: 'التسليم في المكان' },
  DPU: { en: 'Delivered at Place Unloaded', ar: 'التسليم في المكان بعد التفريغ' },
  DDP: { en: 'Delivered Duty Paid', ar: 'التسليم مع دفع الرسوم' },
  FAS: { en: 'Free Alongside Ship', ar: 'التسليم بجانب السفينة' },
  FOB: { en: 'Free on Board', ar: 'التسليم على ظهر السفينة' },
  CFR: { en: 'Cost and Freight', ar: 'التكلفة وأجرة الشحن' },
  CIF: { en: 'Cost, Insurance and Freight', ar: 'التكلفة والتأمين وأجرة الشحن' },
};

/** The limits of a branch's details and of the named place. */
export const DOCUMENT_LIMITS = {
  legalName: 200,
  taxNumber: 20,
  commercialRegistration: 30,
  deliveryPlace: 200,
} as const;

/**
 * What each branch's tax registration number is called where it is registered: the UAE's Federal Tax Authority issues
 * a TRN, Oman's Tax Authority and Bahrain's National Bureau for Revenue a VATIN, Saudi Arabia's ZATCA a VAT number.
 */
export const BRANCH_TAX_LABELS: Readonly<Record<StaffBranch, { short: string; en: string; ar: string }>> = {
  Dubai: { short: 'TRN', en: 'TRN (Tax Registration Number)', ar: 'رقم التسجيل الضريبي' },
  Oman: { short: 'VATIN', en: 'VATIN (VAT Identification Number)', ar: 'رقم التعريف الضريبي' },
  Bahrain: { short: 'VATIN', en: 'VATIN (VAT Identification Number)', ar: 'رقم التعريف الضريبي' },
  'Saudi Arabia': { short: 'VAT number', en: 'VAT registration number', ar: 'الرقم الضريبي' },
};

/** Each country's format of the number, and how a refusal says it (decision 042). */
const TAX_NUMBER_FORMATS: Readonly<Record<StaffBranch, { pattern: RegExp; words: string }>> = {
  Dubai: { pattern: /^\d{15}$/, words: 'A UAE TRN is 15 digits, such as 100123456700003' },
  Oman: { pattern: /^OM\d{10}$/, words: 'An Omani VATIN is OM followed by 10 digits, such as OM1100012345' },
  Bahrain: { pattern: /^\d{15}$/, words: 'A Bahraini VATIN is 15 digits, such as 200012345600002' },
  'Saudi Arabia': {
    pattern: /^3\d{13}3$/,
    words: 'A Saudi VAT number is 15 digits that begin and end with 3, such as 300012345600003',
  },
};

/** A tax or registration number as kept: capitals, without the spaces and hyphens people type between groups. */
export const compactTaxNumber = (value: string): string => value.replace(/[\s-]/g, '').toUpperCase();

/** Why `value` is not the branch's tax registration number, in words; null when it is one. */
export function taxNumberProblem(branch: StaffBranch, value: string): string | null {
  const label = BRANCH_TAX_LABELS[branch].short;
  const compact = compactTaxNumber(value);
  if (compact === '') return `${label} is required`;
  const format = TAX_NUMBER_FORMATS[branch];
  return format.pattern.test(compact) ? null : `${label} "${value.trim().slice(0, 30)}" is not valid: ${format.words}`;
}

/** Why `value` is not a commercial registration number, in words; null when it is one. */
export function commercialRegistrationProblem(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return 'Commercial registration number is required';
  if (
    trimmed.length > DOCUMENT_LIMITS.commercialRegistration ||
    !/^[A-Za-z0-9][A-Za-z0-9 /-]*$/.test(trimmed) ||
    !/\d/.test(trimmed)
  )
    return `Commercial registration number "${trimmed.slice(0, 40)}" is not valid: it is up to ${DOCUMENT_LIMITS.commercialRegistration} letters and digits, with hyphens or slashes between them, such as 1234567 or 12345-1`;
  return null;
}

/** Why `value` is not a legal name, in words; null when it is one. */
export function legalNameProblem(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return 'Legal name is required';
  if ([...trimmed].length > DOCUMENT_LIMITS.legalName)
    return `Legal name is at most ${DOCUMENT_LIMITS.legalName} characters`;
  return null;
}

/** A branch's details as its quotations name it (the legal entity that sells). */
export interface BranchDetails {
  branch: StaffBranch;
  legalName: string;
  /** TRN, VATIN or VAT number, as kept (compactTaxNumber). */
  taxNumber: string;
  commercialRegistration: string;
  updatedBy: string | null;
  updatedAt: string;
}

/** GET BRANCH_DETAILS_API.branches: every branch, with its details or null when none are set yet. */
export interface BranchDetailsTable {
  branches: { branch: StaffBranch; details: BranchDetails | null }[];
}

export const BRANCH_DETAILS_API = {
  /** GET → BranchDetailsTable (staff who price: the editor says what is missing). */
  branches: '/api/staff/branch-details',
  /** PUT {legalName, taxNumber, commercialRegistration} (csrf, admins) → BranchDetailsTable. */
  branch: '/api/staff/branch-details/:branch',
} as const;

/** What a quotation lacks before it may be sent, each with where it is set (the editor lists them). */
export interface SendBlocker {
  /** legalName, taxNumber, commercialRegistration: the branch's; deliveryPlace: the quotation's. */
  field: 'legalName' | 'taxNumber' | 'commercialRegistration' | 'deliveryPlace';
  message: string;
}

/** The branch's missing details in words, naming where an administrator sets them; [] when it has them all. */
export function missingBranchDetails(branch: StaffBranch, details: BranchDetails | null): SendBlocker[] {
  const where = 'an administrator sets it on the Rates and VAT page, under Branch details';
  const blockers: SendBlocker[] = [];
  if (details === null || details.legalName === '')
    blockers.push({ field: 'legalName', message: `The ${branch} branch has no legal name: ${where}` });
  if (details === null || details.taxNumber === '')
    blockers.push({
      field: 'taxNumber',
      message: `The ${branch} branch has no ${BRANCH_TAX_LABELS[branch].short}: ${where}`,
    });
  if (details === null || details.commercialRegistration === '')
    blockers.push({
      field: 'commercialRegistration',
      message: `The ${branch} branch has no commercial registration number: ${where}`,
    });
  return blockers;
}
