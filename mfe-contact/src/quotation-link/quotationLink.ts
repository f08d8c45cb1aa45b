// The buyer's calls of a quotation link (contracts' QUOTATION_LINK_API), each answer read into one result: the page
// never throws on a network failure or an unexpected answer, it says so.
import {
  acceptTextProblem,
  PO_FILE_MAX_BYTES,
  QUOTATION_LINK_API,
  quotationLinkApiPath,
  type AcceptQuotationBody,
  type AlreadyAccepted,
  type BuyerQuotation,
  type LatePurchaseOrderSent,
} from '@site/contracts/quotation-link-api';

export type LinkAnswer =
  | { type: 'quotation'; quotation: BuyerQuotation }
  /** A wrong, unknown or expired token (404): the page says only that. */
  | { type: 'notFound' }
  /** The server refused the answer (400, 409): its own words. */
  | { type: 'refused'; message: string }
  /** Another submission accepted it first (409): when, its PO number, and this submission's PO file kept. */
  | { type: 'alreadyAccepted'; alreadyAccepted: AlreadyAccepted }
  | { type: 'failed' };

const isQuotation = (body: unknown): body is BuyerQuotation =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { number?: unknown }).number === 'string' &&
  Array.isArray((body as { lines?: unknown }).lines);

const alreadyAcceptedOf = (body: unknown): AlreadyAccepted | null => {
  const found = (body as { alreadyAccepted?: AlreadyAccepted } | null)?.alreadyAccepted;
  return typeof found === 'object' && found !== null && isQuotation(found.quotation) ? found : null;
};

const errorOf = (body: unknown): string | null =>
  typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string'
    ? (body as { error: string }).error
    : null;

/** `send`: the browser's fetch, or the store's (on the server: the one that answers this buyer's page: firstView.ts). */
async function call(
  url: string,
  init?: RequestInit,
  send: typeof fetch = (input, options) => fetch(input, options),
): Promise<LinkAnswer> {
  try {
    const response = await send(url, { ...init, headers: { Accept: 'application/json', ...init?.headers } });
    const body: unknown = await response.json().catch(() => null);
    if (response.ok && isQuotation(body)) return { type: 'quotation', quotation: body };
    if (response.status === 404) return { type: 'notFound' };
    const alreadyAccepted = response.status === 409 ? alreadyAcceptedOf(body) : null;
    if (alreadyAccepted !== null) return { type: 'alreadyAccepted', alreadyAccepted };
    const error = errorOf(body);
    if (error !== null && response.status >= 400 && response.status < 500 && response.status !== 429)
      return { type: 'refused', message: error };
    console.warn(`The quotation link's answer was not usable: HTTP ${response.status}`);
    return { type: 'failed' };
  } catch (error) {
    console.warn('The quotation link could not be reached:', error);
    return { type: 'failed' };
  }
}

export const loadQuotation = (token: string, send?: typeof fetch): Promise<LinkAnswer> =>
  call(quotationLinkApiPath(QUOTATION_LINK_API.quotation, token), undefined, send);

export const quotationPdfUrl = (token: string): string => quotationLinkApiPath(QUOTATION_LINK_API.pdf, token);

/** Accepts: JSON, or multipart with the purchase order's PDF when one is attached. */
export function acceptQuotation(token: string, body: AcceptQuotationBody, poFile: File | null): Promise<LinkAnswer> {
  const url = quotationLinkApiPath(QUOTATION_LINK_API.accept, token);
  if (poFile === null)
    return call(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const form = new FormData();
  form.set('name', body.name);
  form.set('position', body.position);
  if (body.poNumber !== undefined) form.set('poNumber', body.poNumber);
  if (body.submission !== undefined) form.set('submission', body.submission);
  form.set('poFile', poFile, poFile.name);
  return call(url, { method: 'POST', body: form });
}

/** A submission's key (contracts' SUBMISSION_KEY): 18 random bytes, base64url (any page, secure context or not). */
export function newSubmissionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export type PurchaseOrderAnswer =
  | { type: 'sent'; sent: LatePurchaseOrderSent }
  | { type: 'refused'; message: string }
  | { type: 'failed' };

/** Sends the PO file a later submission kept (AlreadyAccepted.heldFile) to the branch. */
export async function sendPurchaseOrder(token: string, submission: string): Promise<PurchaseOrderAnswer> {
  try {
    const response = await fetch(quotationLinkApiPath(QUOTATION_LINK_API.purchaseOrder, token), {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ submission }),
    });
    const body: unknown = await response.json().catch(() => null);
    if (response.ok && typeof (body as { branch?: unknown } | null)?.branch === 'string')
      return { type: 'sent', sent: body as LatePurchaseOrderSent };
    const error = errorOf(body);
    if (error !== null && response.status >= 400 && response.status < 500 && response.status !== 429)
      return { type: 'refused', message: error };
    return { type: 'failed' };
  } catch (error) {
    console.warn('The quotation link could not be reached:', error);
    return { type: 'failed' };
  }
}

export const askForChanges = (token: string, message: string): Promise<LinkAnswer> =>
  call(quotationLinkApiPath(QUOTATION_LINK_API.changes, token), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ message }),
  });

/** What the browser checks before it sends an acceptance (the server checks the same). */
export type AcceptProblem = 'required' | 'tooLong' | 'notPdf' | 'tooLarge' | null;

export function acceptProblem(
  values: { name: string; position: string; poNumber: string },
  poFile: File | null,
): AcceptProblem {
  const textProblem = acceptTextProblem(values);
  if (textProblem !== null) return textProblem;
  if (poFile !== null) {
    const pdf = poFile.type === 'application/pdf' || (poFile.type === '' && /\.pdf$/i.test(poFile.name));
    if (!pdf) return 'notPdf';
    if (poFile.size > PO_FILE_MAX_BYTES) return 'tooLarge';
  }
  return null;
}
