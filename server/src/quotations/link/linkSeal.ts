// The buyer's link in its queued mail, sealed: the outbox row of a quotation's mail keeps the link encrypted
// (AES-256-GCM, bound to its quotation) under a sub-key of the keys that seal the staff's TOTP secrets, derived for this
// use alone (LINK_SEAL_PURPOSE), which are kept outside the database (STAFF_TOTP_KEYS, or the key file in DATA_DIR:
// docs/decisions/026). Whoever reads a copy of the database (a
// backup, a dump, a read-only injection) finds no token that opens a quotation; the outbox worker opens it to compose
// the mail, at each try. A sealed link moved onto another quotation's row does not open.

/** The label of the links' sub-key: what a TOTP secret is sealed with opens no link, and the reverse. */
export const LINK_SEAL_PURPOSE = 'quotation-link-seal';

/** Seals and opens short texts under keys kept outside the database (the staff's TotpSecretBox for LINK_SEAL_PURPOSE). */
export interface LinkSealer {
  seal(text: string, boundTo: string): string;
  /** The text, or undefined when no key given opens it for `boundTo` (tampered, moved, or a key no longer given). */
  open(stored: string, boundTo: string): string | undefined;
}

/** What a sealed link is bound to: its quotation. */
export const linkBinding = (quotationId: number): string => `quotation-link:${quotationId}`;

/**
 * What a quotation's sealed token (quotations.buyer_token_sealed) is bound to: its quotation, and a label of its own, so
 * a sealed link and a sealed token never open as each other, and neither on another quotation's row.
 */
export const tokenBinding = (quotationId: number): string => `quotation-token:${quotationId}`;
