// Who a work call is from: the signed-in account the scope's hook set, and the inbox's role rule. (The other role
// rules, one call's each, are beside their routes.)
import type { FastifyRequest } from 'fastify';
import { canReadInbox, type StaffAccountSummary } from '@site/contracts/staff-api';
import '../access.js'; // request.staff
import { forbidden, StaffWorkError } from './errors.js';

export const INBOX_REFUSED = 'The catalogue role does not work on the inbox.';

/** The signed-in account (the scope's hook sets it; without one nothing here runs). */
export function staffOf(request: FastifyRequest): StaffAccountSummary {
  if (request.staff === undefined) throw new StaffWorkError(401, 'Please sign in.');
  return request.staff;
}

/** The signed-in account if it may read the inbox (the catalogue role may not), else a 403. */
export function inboxReaderOf(request: FastifyRequest): StaffAccountSummary {
  const staff = staffOf(request);
  if (!canReadInbox(staff)) throw forbidden(INBOX_REFUSED);
  return staff;
}
