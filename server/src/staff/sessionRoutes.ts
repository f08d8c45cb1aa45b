// The session as the staff app sees it: GET STAFF_API.session (the step it is at, in any state) and POST
// STAFF_API.signOut (with the CSRF token, in any state).
import { STAFF_API, type SessionAnswer } from '@site/contracts/staff-api';
import type { ContractsApp } from '../platform/http/contracts.js';
import { recordStaffAction } from './audit.js';
import { deleteSession, sessionView } from './sessions.js';
import type { SignInContext } from './signInContext.js';

export function sessionRoutes(app: ContractsApp, { db, gate }: SignInContext): void {
  app.post(STAFF_API.signOut, async (request, reply) => {
    const session = await gate.requireSession(request, ['active', 'second-factor', 'totp-setup'], true);
    await deleteSession(db, session.id);
    await recordStaffAction(db, session.account, 'sign-out', `account:${session.account.id}`);
    gate.clearSessionCookie(request, reply);
    return reply.code(204).send();
  });

  // Null when signed out, not a 401: the app asks on every page, and a browser logs each 4xx as a console error. The
  // answer says nothing but whether the caller's own cookie is a session, and sets no cookie (none cleared either) and
  // no session state.
  app.get(STAFF_API.session, async (request): Promise<SessionAnswer> => {
    const session = await gate.sessionOf(request);
    return { session: session === undefined ? null : sessionView(session) };
  });
}
