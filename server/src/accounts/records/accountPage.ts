// The account's records page as the server sends it: a whole document in the buyer's edition (Arabic right to left),
// noindex, no script. The buyer's requests (reference, date sent, branch, lines, PDF), then each request's quotations
// with every sent revision, the latest first, a replaced one marked with the revision that replaced it. Every stored
// text is escaped; codes, numbers and dates keep their left-to-right order inside Arabic.
import type { Locale } from '@site/contracts/locale';
import { escapeHtml } from '../../platform/http/escape.js';
import { accountDocument, type SignedInFrame } from '../accountHtml.js';
import { quoteRequestWithList } from '@site/contracts/quote-api';
import type {
  AccountRecords,
  QuotationRecord,
  QuotationRevisionRecord,
  RecordPart,
  RequestRecord,
} from './accountRecords.js';
import { recordsTexts, type RecordsTexts } from './accountTexts.js';

/** The page's addresses in an edition, and the PDFs' (one address for both editions: the document has its language). */
export const accountPagePath = (locale: Locale): string => (locale === 'ar' ? '/ar/account' : '/account');
export const signInPath = (locale: Locale): string => `${accountPagePath(locale)}/sign-in`;
export const requestPdfPath = (reference: string): string => `/account/requests/${encodeURIComponent(reference)}.pdf`;
export const quotationPdfPath = (id: number): string => `/account/quotations/${id}.pdf`;

/** A code, number or date: kept left to right inside Arabic text. */
const code = (text: string) => `<bdi dir="ltr">${escapeHtml(text)}</bdi>`;
const day = (date: Date | string) => {
  const text = typeof date === 'string' ? date : date.toISOString().slice(0, 10);
  return `<time datetime="${escapeHtml(text)}">${code(text)}</time>`;
};
const pdfLink = (t: RecordsTexts, href: string, what: string) =>
  `<a href="${escapeHtml(href)}" download aria-label="${escapeHtml(t.pdfOf(what))}">${escapeHtml(t.pdf)}</a>`;
const headRow = (cells: readonly string[]) =>
  `<tr>${cells.map((cell) => `<th scope="col">${escapeHtml(cell)}</th>`).join('')}</tr>`;

/**
 * "Request again": the public request page with the record's parts for its basket (the account origin sends the
 * address on to the public site's); none for a record without a catalogue part.
 */
const againLink = (t: RecordsTexts, parts: readonly RecordPart[], what: string) =>
  parts.length === 0
    ? ''
    : `<a href="${escapeHtml(quoteRequestWithList(t.locale === 'ar' ? '/ar' : '', parts))}" aria-label="${escapeHtml(t.againOf(what))}">${escapeHtml(t.again)}</a>`;

function requestRow(t: RecordsTexts, request: RequestRecord, company: boolean): string {
  const sentBy = company ? `<td>${code(request.sentBy)}</td>` : '';
  return `<tr><th scope="row">${code(request.reference)}</th><td>${day(request.sentAt)}</td>${sentBy}<td>${escapeHtml(t.branchName(request.branch))}</td><td>${code(String(request.lineCount))}</td><td>${pdfLink(t, requestPdfPath(request.reference), request.reference)}</td><td>${againLink(t, request.parts, request.reference)}</td></tr>`;
}

function requestsSection(t: RecordsTexts, requests: readonly RequestRecord[], company: boolean): string {
  const body =
    requests.length === 0
      ? `<p>${escapeHtml(t.noRequests)}</p>`
      : `<div class="scroll"><table><thead>${headRow([t.reference, t.dateSent, ...(company ? [t.sentBy] : []), t.branch, t.lines, t.pdfColumn, t.againColumn])}</thead><tbody>${requests.map((request) => requestRow(t, request, company)).join('')}</tbody></table></div>`;
  return `<section aria-labelledby="requests"><h2 id="requests">${escapeHtml(t.requestsHeading)}</h2>${body}</section>`;
}

function revisionRow(t: RecordsTexts, revision: QuotationRevisionRecord): string {
  const superseded = revision.supersededBy !== null;
  const state = superseded
    ? `<span class="mark">${escapeHtml(t.supersededBy(revision.supersededBy ?? 0))}</span>`
    : escapeHtml(t.states[revision.state]);
  return `<tr${superseded ? ' class="superseded"' : ''}><th scope="row">${code(revision.number)}</th><td>${code(String(revision.revision))}</td><td>${day(revision.sentAt)}</td><td>${day(revision.validUntil)}</td><td>${state}</td><td>${pdfLink(t, quotationPdfPath(revision.id), revision.number)}</td><td>${againLink(t, revision.parts, revision.number)}</td></tr>`;
}

function quotationGroup(t: RecordsTexts, quotation: QuotationRecord): string {
  return `<h3>${escapeHtml(t.forRequest)} ${code(quotation.requestReference)} · ${escapeHtml(t.branchName(quotation.branch))}</h3><div class="scroll"><table><thead>${headRow([t.quotationNumber, t.revision, t.dateSent, t.validUntil, t.state, t.pdfColumn, t.againColumn])}</thead><tbody>${quotation.revisions.map((revision) => revisionRow(t, revision)).join('')}</tbody></table></div>`;
}

function quotationsSection(t: RecordsTexts, quotations: readonly QuotationRecord[]): string {
  const body =
    quotations.length === 0
      ? `<p>${escapeHtml(t.noQuotations)}</p>`
      : quotations.map((quotation) => quotationGroup(t, quotation)).join('');
  return `<section aria-labelledby="quotations"><h2 id="quotations">${escapeHtml(t.quotationsHeading)}</h2>${body}</section>`;
}

/** The whole page of the buyer's records in `locale`, in the account's frame (its navigation and sign-out form). */
/** `company`: the records are the buyer's company's (each request names the colleague who sent it). */
export function accountRecordsPage(
  locale: Locale,
  records: AccountRecords,
  frame: SignedInFrame,
  company = false,
): string {
  const t = recordsTexts(locale);
  return accountDocument(
    locale,
    company ? t.companyTitle : t.title,
    `${requestsSection(t, records.requests, company)}${quotationsSection(t, records.quotations)}`,
    frame,
    '/account',
  );
}
