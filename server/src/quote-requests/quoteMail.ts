// The two mails of a request for quotation, from the snapshot their outbox row carries: to the branch (English, as
// every mail to a branch, Reply-To the buyer, the request's PDF attached) and the confirmation to the buyer (in the
// buyer's language, Reply-To the branch). Both have a table of the lines. The confirmation goes to whatever address
// the form named, proven by nobody, so it carries no text the requester typed and no PDF (which holds it all): the
// site must not relay a stranger's words to any inbox. Every visitor value is escaped in HTML and made one line in
// headers (compose.ts).
import { LANGUAGE_NAMES, escapeHtml, headerText, type ComposedMail, type OutboxRow } from '../platform/mail/compose.js';
import type { MailComposers } from '../platform/mail/composers.js';
import { branchEmail, OUTBOX_KIND } from '../submissions/index.js';
import { renderQuotePdf } from './pdf/quotePdf.js';
import {
  quoteDate,
  quoteLineAvailability,
  quoteLineTitle,
  quotePdfFileName,
  readQuoteSnapshot,
  type QuoteSnapshot,
} from './quoteSnapshot.js';
import { quoteTexts, type QuoteTexts } from './quoteTexts.js';

const BRANCH = quoteTexts('en');

const CELL = 'style="padding:4px 8px;border-bottom:1px solid #c9d2dc;vertical-align:top"';
const HEAD = 'style="padding:4px 8px;background:#e3eef8;text-align:start"';

const given = (rows: [string, string | null][]): [string, string][] =>
  rows.filter((row): row is [string, string] => row[1] !== null);

/** 'Label: value' rows of everything the buyer gave, in order (for the branch). */
const branchDetails = (snapshot: QuoteSnapshot, texts: QuoteTexts): [string, string][] =>
  given([
    [texts.reference, snapshot.reference],
    [texts.date, quoteDate(snapshot)],
    [texts.company, snapshot.companyName],
    [texts.name, snapshot.name],
    [texts.email, snapshot.email],
    [texts.phone, snapshot.phone],
    [texts.branch, texts.branchName(snapshot.branch)],
    [texts.deliveryCity, snapshot.deliveryCity],
    [texts.neededBy, snapshot.neededBy],
  ]);

/** The confirmation's rows: only what the site wrote or checked (the branch is one of a list, the date a real day). */
const confirmationDetails = (snapshot: QuoteSnapshot, texts: QuoteTexts): [string, string][] =>
  given([
    [texts.reference, snapshot.reference],
    [texts.date, quoteDate(snapshot)],
    [texts.branch, texts.branchName(snapshot.branch)],
    [texts.neededBy, snapshot.neededBy],
  ]);

/** The product's name with its variant's label, in the texts' language. */
const productName = (line: QuoteSnapshot['lines'][number], texts: QuoteTexts): string =>
  quoteLineTitle(line, texts.locale);

/** A line's availability when the request was sent, in the texts' language ('' when none is known). */
const lineStock = (line: QuoteSnapshot['lines'][number], snapshot: QuoteSnapshot, texts: QuoteTexts): string =>
  quoteLineAvailability(line, snapshot, texts.locale, (count) => texts.quantityWithUnit(count, line.unit));

/**
 * The lines as plain text, one a line: '1. OC-SWA-416  200 metres  <name>' (the name last: it is the long one), each
 * line's availability under it when known.
 */
function textLines(snapshot: QuoteSnapshot, texts: QuoteTexts): string[] {
  const codeWidth = Math.max(...snapshot.lines.map((line) => line.code.length));
  const quantities = snapshot.lines.map((line) => texts.quantityWithUnit(line.quantity, line.unit));
  const quantityWidth = Math.max(...quantities.map((text) => text.length));
  const numberWidth = String(snapshot.lines.length).length + 1;
  return snapshot.lines.flatMap((line, index) => {
    const stock = lineStock(line, snapshot, texts);
    const text = `${`${index + 1}.`.padEnd(numberWidth)} ${line.code.padEnd(codeWidth)}  ${quantities[index]!.padEnd(quantityWidth)}  ${productName(line, texts)}`;
    return stock === '' ? [text] : [text, `${' '.repeat(numberWidth + 1)}${texts.availability}: ${stock}`];
  });
}

/** The lines as an HTML table: No., Code, Product, Quantity, Unit. */
function htmlLines(snapshot: QuoteSnapshot, texts: QuoteTexts): string {
  const head = [texts.lineNumber, texts.code, texts.product, texts.quantity, texts.unit]
    .map((label) => `<th ${HEAD}>${escapeHtml(label)}</th>`)
    .join('');
  const rows = snapshot.lines
    .map(
      (line, index) =>
        `<tr><td ${CELL}>${index + 1}</td><td ${CELL}><span dir="ltr">${escapeHtml(line.code)}</span></td>` +
        `<td ${CELL} dir="auto">${escapeHtml(productName(line, texts))}${htmlStock(lineStock(line, snapshot, texts), texts)}</td>` +
        `<td ${CELL}><span dir="ltr">${line.quantity}</span></td><td ${CELL}>${escapeHtml(texts.unitName(line.unit, line.quantity))}</td></tr>`,
    )
    .join('');
  return `<table style="border-collapse:collapse;margin:8px 0"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
}

/** A line's availability under its name in the HTML table. */
const htmlStock = (stock: string, texts: QuoteTexts): string =>
  stock === '' ? '' : `<br><small style="color:#4a5563">${escapeHtml(`${texts.availability}: ${stock}`)}</small>`;

const htmlDetails = (rows: [string, string][]): string =>
  `<table>${rows.map(([label, value]) => `<tr><th style="padding:2px 12px 2px 0;text-align:start">${escapeHtml(label)}</th><td dir="auto">${escapeHtml(value)}</td></tr>`).join('')}</table>`;

const htmlNotes = (label: string, notes: string | null): string =>
  notes === null
    ? ''
    : `<p><strong>${escapeHtml(label)}:</strong></p><div dir="auto" style="white-space:pre-wrap">${escapeHtml(notes)}</div>`;

/** The mail to the branch: what was asked for and by whom, in English, saying which language the buyer used. */
function branchMail(snapshot: QuoteSnapshot, from: string, pdf: Buffer, recipient: string): ComposedMail {
  const rows = [
    ...branchDetails(snapshot, BRANCH),
    ['Language', LANGUAGE_NAMES[snapshot.language]] as [string, string],
  ];
  const fileName = quotePdfFileName(snapshot.reference);
  const intro = `Request for quotation ${snapshot.reference} from the website (${snapshot.branch}).`;
  const footer = `The request is attached as a PDF (${fileName}). Reply to this e-mail to answer ${snapshot.name}.`;
  const text = [
    intro,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    `${BRANCH.products} (${snapshot.lines.length}):`,
    ...textLines(snapshot, BRANCH),
    ...(snapshot.notes === null ? [] : ['', `${BRANCH.notes}:`, snapshot.notes]),
    '',
    '--',
    footer,
  ].join('\n');
  const html =
    `<!doctype html><html lang="en"><body style="font-family:Arial,sans-serif;color:#1b2430">` +
    `<p>${escapeHtml(intro)}</p>${htmlDetails(rows)}` +
    `<p><strong>${escapeHtml(`${BRANCH.products} (${snapshot.lines.length})`)}:</strong></p>${htmlLines(snapshot, BRANCH)}` +
    htmlNotes(BRANCH.notes, snapshot.notes) +
    `<hr><p style="color:#4a5563">${escapeHtml(footer)}</p></body></html>`;
  return {
    from,
    to: recipient,
    replyTo: { name: headerText(snapshot.name, 100), address: headerText(snapshot.email, 254) },
    subject: headerText(
      `Request for quotation ${snapshot.reference}: ${snapshot.companyName} (${snapshot.branch})`,
      150,
    ),
    text,
    html,
    attachments: [{ filename: fileName, content: pdf, contentType: 'application/pdf' }],
  };
}

/**
 * The buyer's confirmation, in the buyer's language: the reference, the lines as the catalogue names them, how to add
 * to the request, and that whoever did not send it can ignore it. Nothing the requester typed, no PDF, no link.
 */
function confirmationMail(snapshot: QuoteSnapshot, from: string, recipient: string): ComposedMail {
  const texts = quoteTexts(snapshot.language);
  const { confirmation } = texts;
  const branch = texts.branchName(snapshot.branch);
  const rows = confirmationDetails(snapshot, texts);
  const paragraphs = {
    received: confirmation.received(branch),
    replies: confirmation.replies(branch),
  };
  const text = [
    confirmation.greeting,
    '',
    paragraphs.received,
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    `${texts.products}:`,
    ...textLines(snapshot, texts),
    '',
    confirmation.withheld,
    paragraphs.replies,
    '',
    confirmation.ignore,
    '',
    texts.companyName,
  ].join('\n');
  const dir = texts.locale === 'ar' ? 'rtl' : 'ltr';
  const html =
    `<!doctype html><html lang="${texts.locale}" dir="${dir}"><body style="font-family:Arial,sans-serif;color:#1b2430">` +
    `<p>${escapeHtml(confirmation.greeting)}</p><p>${escapeHtml(paragraphs.received)}</p>${htmlDetails(rows)}` +
    `<p><strong>${escapeHtml(texts.products)}:</strong></p>${htmlLines(snapshot, texts)}` +
    `<p>${escapeHtml(confirmation.withheld)}<br>${escapeHtml(paragraphs.replies)}</p>` +
    `<p>${escapeHtml(confirmation.ignore)}</p><p>${escapeHtml(texts.companyName)}</p></body></html>`;
  return {
    from,
    to: recipient,
    replyTo: { name: headerText(`${texts.companyName} (${branch})`, 100), address: branchEmail(snapshot.branch) },
    subject: headerText(confirmation.subject(snapshot.reference), 150),
    text,
    html,
  };
}

/** The mail of a quote outbox row; the branch's PDF is made from the snapshot in the row (the same bytes on every attempt). */
export async function composeQuoteMail(row: OutboxRow, from: string): Promise<ComposedMail> {
  let snapshot: QuoteSnapshot;
  try {
    snapshot = readQuoteSnapshot(row.payload);
  } catch (error) {
    throw new Error(`outbox ${row.id}: ${(error as Error).message}`, { cause: error });
  }
  if (row.kind !== OUTBOX_KIND.quoteRequest) return confirmationMail(snapshot, from, row.recipient);
  return branchMail(snapshot, from, await renderQuotePdf(snapshot), row.recipient);
}

/** Registers the mails of a request for quotation (the branch's, with its PDF, and the visitor's confirmation) with the outbox. */
export function registerQuoteMail(composers: MailComposers): void {
  composers.register([OUTBOX_KIND.quoteRequest, OUTBOX_KIND.quoteConfirmation], composeQuoteMail);
}
