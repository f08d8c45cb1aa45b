// Who a staff request is from, and what that account may see: the one place the role and branch rules live.
// signedInRoutes.ts's onRequest hook sets `request.staff` on every call inside the signed-in scope; the work routes read it.
import type { StaffAccountSummary } from '@site/contracts/staff-api';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account (active session), set by the signed-in scope's onRequest hook; undefined outside it. */
    staff?: StaffAccountSummary;
  }
}

/** Admins see every branch; branch staff only their own. Rows with no known branch are admins' only. (A row's branch
 * is any stored text: a StaffBranch, or something older that matches no account.) */
export function canSeeBranch(account: StaffAccountSummary, branch: string | null): boolean {
  return account.role === 'admin' || (branch !== null && account.branch === branch);
}
