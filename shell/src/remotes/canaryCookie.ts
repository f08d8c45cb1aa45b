// The visitor's browser tells the server which remotes' canary builds it could not load: the server then sends that
// visitor the stable build (remotes map, server-rendered HTML, preload hints) on the next pages, so the page is drawn
// and hydrated by the same build. Read by server/src/http/canary.ts.
import { CANARY_FAILED_COOKIE } from '@site/contracts/federation';

/** The cookie's lifetime: a day, after which the visitor is offered the canary again (it may have been fixed). */
const MAX_AGE_SECONDS = 24 * 60 * 60;

/** The remote names the cookie holds. */
export function canaryFailures(cookieHeader: string): string[] {
  const pair = cookieHeader.split(/;\s*/).find((part) => part.startsWith(`${CANARY_FAILED_COOKIE}=`));
  if (pair === undefined) return [];
  return decodeURIComponent(pair.slice(CANARY_FAILED_COOKIE.length + 1)).split(',').filter(Boolean);
}

/** Adds `remote` to the cookie (kept with the others already in it). */
export function rememberCanaryFailure(remote: string, doc: Document = document): void {
  const names = new Set(canaryFailures(doc.cookie));
  names.add(remote);
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${CANARY_FAILED_COOKIE}=${encodeURIComponent([...names].join(','))}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}
