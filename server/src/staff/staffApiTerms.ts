// The staff API's fixed terms, one place for every module of its routes (and the catalogue preview, which reads the
// session cookie): its body limit, the session cookie's names and the sentences of its refusals.
import { TOO_MANY_FAILURES } from './lockout.js';

/** Sign-in bodies are a few hundred bytes; nothing a staff call sends comes near this. */
export const STAFF_BODY_LIMIT = 16 * 1024;

/** Plain http (local runs, tests) gets a cookie without the prefix: `__Host-` requires Secure, which needs HTTPS. */
export const SESSION_COOKIE = { https: '__Host-staff_session', http: 'staff_session' } as const;

export const MESSAGES = {
  wrongPassword: 'The e-mail address or password is not right.',
  wrongCode: 'That code is not right, or it was already used. Please try again.',
  signIn: 'Please sign in.',
  stale: 'Your session has expired or the form is stale. Please reload the page.',
  crossSite: 'Staff requests from another site are refused.',
  adminsOnly: 'Only administrators can do this.',
  noInbox: 'The catalogue role does not work on the inbox.',
  totpAlreadyOn: 'The second factor is already set up for this account.',
  totpNotStarted: 'Start the set-up of the second factor first.',
  tooMany: TOO_MANY_FAILURES,
} as const;

/** The methods that change nothing: no CSRF token asked, and no cross-site refusal. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);
