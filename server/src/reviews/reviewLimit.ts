// One client's reviews of one product (REVIEWS_PER_PRODUCT_MAX per REVIEWS_PER_PRODUCT_WINDOW_SECONDS): who the
// client is, and what it is told when it has reached the limit. The counting is the database's (reviewStore.ts).
import { createHash } from 'node:crypto';
import type { ClientNetworks } from '../platform/http/clientAddress.js';

/**
 * What the reviews table stores for a client (request.client): a hash of its network (an IPv6 visitor's /64), not the
 * address in clear. A pseudonym, not anonymity: an IPv4 address could be found by trying them all.
 */
export const reviewClientKey = (client: Pick<ClientNetworks, 'network'>): string =>
  createHash('sha256').update(`site-review-client\n${client.network}`).digest('base64url').slice(0, 22);

/** "a day", "an hour", "6 hours", "30 minutes", "45 seconds". */
function period(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds === 86_400) return 'a day';
  if (seconds % 86_400 === 0) return `${seconds / 86_400} days`;
  if (seconds === 3_600) return 'an hour';
  if (seconds % 3_600 === 0) return `${seconds / 3_600} hours`;
  if (seconds === 60) return 'a minute';
  if (seconds % 60 === 0) return `${seconds / 60} minutes`;
  return seconds === 1 ? 'a second' : `${seconds} seconds`;
}

/** A wait, rounded up to the unit it is best read in: "23 hours", "an hour", "12 minutes", "40 seconds". */
export function describeWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds > 3_600) return `${Math.ceil(seconds / 3_600)} hours`;
  if (seconds === 3_600) return 'an hour';
  if (seconds > 60) return `${Math.ceil(seconds / 60)} minutes`;
  return seconds === 60 ? 'a minute' : seconds === 1 ? 'a second' : `${seconds} seconds`;
}

/** The 429 text of a client that has reached the per-product limit. */
export function alreadyReviewed(max: number, windowMs: number, retryAfterMs: number): string {
  const allowed = max === 1 ? 'One review' : `${max} reviews`;
  const per = period(windowMs);
  const every = per.startsWith('a') ? per : `every ${per}`;
  return (
    `You have already reviewed this product${per === 'a day' ? ' today' : ''}. ` +
    `${allowed} of a product ${every} ${max === 1 ? 'is' : 'are'} accepted from each address: please try again in ${describeWait(retryAfterMs)}.`
  );
}
