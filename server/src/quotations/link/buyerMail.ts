// The mails that follow a quotation's send, composed from the view their outbox row carries: the quotation to the
// buyer (in their language, the PDF attached, the link to answer it), the buyer's confirmation of an acceptance, and
// the buyer's request for changes to the branch (English, as every mail to a branch). Reply-To is the branch for the
// buyer's mails, the buyer for the branch's. Every value is escaped in HTML and made one line in headers (compose.ts).
import type { BuyerQuotation } from '@site/contracts/quotation-link-api';
import { escapeHtml, headerText, type ComposedMail, type OutboxRow } from '../../platform/mail/compose.js';
import type { MailComposers } from '../../platform/mail/composers.js';
import { buyerTexts } from './buyerTexts.js';
import { linkBinding, type LinkSealer } from './linkSeal.js';
import { quotationPdfFileName, renderQuotationPdf } from './quotationPdf.js';

/** The outbox kinds of this feature. */
export const QUOTATION_OUTBOX_KIND = {
  /** The quotation to its buyer, with its PDF and link. */
  sent: 'quotation_sent',
  /** The buyer's confirmation of their acceptance. */
  accepted: 'quotation_accepted',
  /** The buyer's request for changes, to the branch. */
  changes: 'quotation_changes',
  /** A PO file sent after the quotation was accepted by another submission, to its salesperson with the file. */
  latePurchaseOrder: 'quotation_late_purchase_order',
} as const;

/** The kept PO file of a later submission (quotation_late_purchase_orders' id), for its mail's attachment. */
export type LatePurchaseOrderFiles = (lateId: number) => Promise<{ name: string; bytes: Buffer } | undefined>;

export interface QuotationMailPayload {
  view: BuyerQuotation;
  /** The buyer's link, sealed (sent mail only): linkSeal.ts. */
  sealedLink?: string;
  /** The buyer's link in the clear: rows queued before links were sealed (sent mail only). */
  link?: string;
  /** What the buyer asked to change (changes mail only). */
  message?: string;
  /** The buyer's address (changes mail: Reply-To). */
  buyerEmail?: string;
  /** The branch's address: Reply-To of the buyer's mails. */
  branchEmail: string;
  /** The later submission whose PO file goes to the branch (late purchase order mail only); the file is read by id. */
  latePurchaseOrder?: { id: number; name: string; position: string; poNumber: string | null; fileName: string };
}

function readPayload(row: OutboxRow): QuotationMailPayload {
  const payload = (
    typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload
  ) as Partial<QuotationMailPayload> | null;
  if (
    payload === null ||
    typeof payload !== 'object' ||
    typeof payload.view?.number !== 'string' ||
    typeof payload.branchEmail !== 'string'
  ) {
    throw new Error(`outbox ${row.id}: not a quotation's mail`);
  }
  return payload as QuotationMailPayload;
}

const paragraphs = (lines: readonly string[], dir: 'ltr' | 'rtl', lang: string): string =>
  `<!doctype html><html lang="${lang}" dir="${dir}"><body style="font-family:Arial,sans-serif;color:#1b2430">${lines.map((line) => `<p>${line}</p>`).join('')}</body></html>`;

/** The link of a sent mail's row: opened with the keys (a row from before sealing has it in the clear). */
function linkOf(row: OutboxRow, payload: QuotationMailPayload, sealer: LinkSealer | undefined): string {
  if (payload.sealedLink === undefined) return payload.link ?? '';
  const link = sealer?.open(payload.sealedLink, linkBinding(row.ref_id ?? 0));
  // the mail fails and is tried again (the outbox's retries) rather than going without its link
  if (link === undefined)
    throw new Error(`outbox ${row.id}: no key given opens the quotation's sealed link (STAFF_TOTP_KEYS)`);
  return link;
}

/**
 * The facts the document names, as the mail repeats them: the delivery (Incoterms rule and place), the salesperson and
 * the seller's legal name and registration numbers; "Not given" for what a quotation sent before them lacks.
 */
export function documentFacts(view: BuyerQuotation): { delivery: string; salesperson: string; seller: string } {
  const texts = buyerTexts(view.language);
  const delivery = view.delivery ?? null;
  const salesperson = view.salesperson ?? null;
  const seller = view.seller ?? null;
  const present = (parts: readonly string[]) => parts.filter((part) => part.trim() !== '').join(', ');
  return {
    delivery: `${texts.incoterms}: ${delivery === null ? texts.notGiven : present([`${delivery.incoterm} (${delivery.name})`, delivery.place])}`,
    salesperson: `${texts.salesperson}: ${salesperson === null ? texts.notGiven : present([salesperson.name, salesperson.phone, salesperson.email])}`,
    seller:
      seller === null
        ? `${texts.seller}: ${texts.notGiven}`
        : `${seller.legalName}, ${seller.taxLabel}: ${seller.taxNumber}, ${texts.commercialRegistration}: ${seller.commercialRegistration}`,
  };
}

async function sentMail(payload: QuotationMailPayload, link: string, from: string, to: string): Promise<ComposedMail> {
  const { view } = payload;
  const texts = buyerTexts(view.language);
  const file = quotationPdfFileName(view.number);
  const facts = documentFacts(view);
  const text = [
    texts.sentMail.greeting,
    '',
    texts.sentMail.intro(view.branch.name, view.number, view.requestReference),
    `${texts.total}: ${view.totals.total} ${view.currency}`,
    texts.sentMail.validity(view.validUntil),
    facts.delivery,
    facts.salesperson,
    '',
    texts.sentMail.link,
    link,
    '',
    texts.sentMail.attached(file),
    texts.sentMail.ignore,
    '',
    `${texts.companyName} (${view.branch.name}) ${view.branch.phone}`,
    facts.seller,
  ].join('\n');
  const html = paragraphs(
    [
      escapeHtml(texts.sentMail.greeting),
      escapeHtml(texts.sentMail.intro(view.branch.name, view.number, view.requestReference)),
      `${escapeHtml(texts.total)}: <span dir="ltr">${escapeHtml(`${view.totals.total} ${view.currency}`)}</span><br>${escapeHtml(texts.sentMail.validity(view.validUntil))}`,
      `${escapeHtml(facts.delivery)}<br>${escapeHtml(facts.salesperson)}`,
      `${escapeHtml(texts.sentMail.link)}<br><a href="${escapeHtml(link)}" dir="ltr">${escapeHtml(link)}</a>`,
      escapeHtml(texts.sentMail.attached(file)),
      escapeHtml(texts.sentMail.ignore),
      `${escapeHtml(`${texts.companyName} (${view.branch.name}) ${view.branch.phone}`)}<br>${escapeHtml(facts.seller)}`,
    ],
    view.language === 'ar' ? 'rtl' : 'ltr',
    view.language,
  );
  return {
    from,
    to,
    replyTo: { name: headerText(`${texts.companyName} (${view.branch.name})`, 100), address: payload.branchEmail },
    subject: headerText(texts.sentMail.subject(view.number), 150),
    text,
    html,
    attachments: [{ filename: file, content: await renderQuotationPdf(view), contentType: 'application/pdf' }],
  };
}

function acceptedMail(payload: QuotationMailPayload, from: string, to: string): ComposedMail {
  const { view } = payload;
  const texts = buyerTexts(view.language);
  const po = view.acceptance?.poNumber ?? null;
  const lines = [
    texts.acceptedMail.greeting,
    texts.acceptedMail.body(view.number, view.branch.name),
    `${texts.total}: ${view.totals.total} ${view.currency}`,
    ...(po === null ? [] : [`${texts.acceptedMail.poNumber}: ${po}`]),
    texts.acceptedMail.next(view.branch.name, view.branch.phone),
    texts.companyName,
  ];
  return {
    from,
    to,
    replyTo: { name: headerText(`${texts.companyName} (${view.branch.name})`, 100), address: payload.branchEmail },
    subject: headerText(texts.acceptedMail.subject(view.number), 150),
    text: lines.join('\n\n'),
    html: paragraphs(lines.map(escapeHtml), view.language === 'ar' ? 'rtl' : 'ltr', view.language),
  };
}

function changesMail(payload: QuotationMailPayload, from: string, to: string): ComposedMail {
  const { view, message = '', buyerEmail = payload.branchEmail } = payload;
  const intro = `The buyer of quotation ${view.number} (request ${view.requestReference}, ${view.companyName}) asks for changes:`;
  return {
    from,
    to,
    replyTo: { name: headerText(view.companyName, 100), address: headerText(buyerEmail, 254) },
    subject: headerText(`Changes asked to quotation ${view.number}`, 150),
    text: [
      intro,
      '',
      message,
      '',
      '--',
      'Prepare a revision in the staff app, or reply to this e-mail to answer the buyer.',
    ].join('\n'),
    html: paragraphs(
      [
        escapeHtml(intro),
        `<span style="white-space:pre-wrap" dir="auto">${escapeHtml(message)}</span>`,
        'Prepare a revision in the staff app, or reply to this e-mail to answer the buyer.',
      ],
      'ltr',
      'en',
    ),
  };
}

/**
 * The PO file a buyer sent after another submission had accepted the quotation, to the salesperson who sent it (English,
 * as every mail to a branch), the file attached and Reply-To the buyer: which PO applies is theirs to settle.
 */
async function latePurchaseOrderMail(
  row: OutboxRow,
  payload: QuotationMailPayload,
  from: string,
  files: LatePurchaseOrderFiles | undefined,
): Promise<ComposedMail> {
  const { view, latePurchaseOrder: late, buyerEmail = payload.branchEmail } = payload;
  if (late === undefined) throw new Error(`outbox ${row.id}: a late purchase order's mail without its submission`);
  const file = await files?.(late.id);
  // the mail fails and is tried again rather than going without its file
  if (file === undefined)
    throw new Error(`outbox ${row.id}: the late purchase order file ${late.id} could not be read`);
  const accepted = view.acceptance;
  const lines = [
    `The buyer of quotation ${view.number} (request ${view.requestReference}, ${view.companyName}) sent a purchase order after the quotation had already been accepted.`,
    accepted === null
      ? ''
      : `Accepted on ${accepted.acceptedAt.slice(0, 10)} by ${accepted.name} (${accepted.position})${accepted.poNumber === null ? '' : ` with PO ${accepted.poNumber}`}.`,
    `This purchase order: sent by ${late.name} (${late.position})${late.poNumber === null ? '' : `, PO ${late.poNumber}`}; the file ${file.name} is attached.`,
    'Please check with the buyer which purchase order applies: reply to this e-mail to answer them.',
  ].filter((line) => line !== '');
  return {
    from,
    to: row.recipient,
    replyTo: { name: headerText(view.companyName, 100), address: headerText(buyerEmail, 254) },
    subject: headerText(`Purchase order sent after quotation ${view.number} was accepted`, 150),
    text: lines.join('\n\n'),
    html: paragraphs(lines.map(escapeHtml), 'ltr', 'en'),
    attachments: [{ filename: file.name, content: file.bytes, contentType: 'application/pdf' }],
  };
}

export async function composeQuotationMail(
  row: OutboxRow,
  from: string,
  sealer?: LinkSealer,
  files?: LatePurchaseOrderFiles,
): Promise<ComposedMail> {
  const payload = readPayload(row);
  if (row.kind === QUOTATION_OUTBOX_KIND.sent)
    return sentMail(payload, linkOf(row, payload, sealer), from, row.recipient);
  if (row.kind === QUOTATION_OUTBOX_KIND.accepted) return acceptedMail(payload, from, row.recipient);
  if (row.kind === QUOTATION_OUTBOX_KIND.latePurchaseOrder) return latePurchaseOrderMail(row, payload, from, files);
  return changesMail(payload, from, row.recipient);
}

/**
 * Registers the quotation's mails with the outbox; `sealer` opens the links (without it a sealed link's mail fails),
 * `files` reads a late purchase order's file (without it that mail fails, and waits for a worker that has it).
 */
export function registerQuotationMail(
  composers: MailComposers,
  sealer?: LinkSealer,
  files?: LatePurchaseOrderFiles,
): void {
  composers.register(Object.values(QUOTATION_OUTBOX_KIND), (row, from) =>
    composeQuotationMail(row, from, sealer, files),
  );
}
