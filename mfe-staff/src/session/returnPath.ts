// Where the sign-in page sends a person once they are in: back where they were (?next=…), inside the staff app only.
import { STAFF_BASE, STAFF_SIGN_IN_PATH } from '@site/contracts/staff-api';

/** The sign-in page's path inside the app's router (its basename is STAFF_BASE): '/sign-in'. */
export const SIGN_IN_ROUTE = STAFF_SIGN_IN_PATH.slice(STAFF_BASE.length);

/** Where the app starts. */
export const HOME_ROUTE = '/inbox';

/** The sign-in page's address that returns to `path` ('/inbox?status=new') afterwards. */
export function signInPathFor(path: string): string {
  const next = safeReturnPath(path);
  return next === HOME_ROUTE ? SIGN_IN_ROUTE : `${SIGN_IN_ROUTE}?next=${encodeURIComponent(next)}`;
}

/**
 * The app path to return to from a `next` value: a path of this app ('/…', not '//host' or a scheme, not the sign-in
 * page itself), else the inbox. It is joined to the router's basename, so it cannot leave /staff anyway; this keeps
 * odd values from being followed at all.
 */
export function safeReturnPath(next: string | null | undefined): string {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//') || next.includes('\\'))
    return HOME_ROUTE;
  if (next === SIGN_IN_ROUTE || next.startsWith(`${SIGN_IN_ROUTE}?`) || next.startsWith(`${SIGN_IN_ROUTE}/`))
    return HOME_ROUTE;
  return next;
}
