// The releases console's calls (STAFF_API.release*, shapes in @site/contracts/releases-api) as its screens make them:
// the answers are kept by the page that shows them (like useStaffResource's), so there is no slice. A 401 ends the
// session as any staff call's does.
import { useCallback } from 'react';
import { STAFF_API, staffApiPath } from '@site/contracts/staff-api';
import { staffFetch, StaffApiError } from '../api/staffFetch';
import { useStaffDispatch, useStaffSelector } from '../app/store';
import { selectSession, sessionExpired } from '../session/sessionSlice';

export const registerUrl = (remote: string) => staffApiPath(STAFF_API.releaseRegister, { remote });
export const canaryUrl = (remote: string) => staffApiPath(STAFF_API.releaseCanary, { remote });
export const promoteUrl = (remote: string) => staffApiPath(STAFF_API.releasePromote, { remote });
export const rollbackUrl = (remote: string) => staffApiPath(STAFF_API.releaseRollback, { remote });
export const runsUrl = (remote: string) => staffApiPath(STAFF_API.releaseRuns, { remote });
export const revokeUrl = (id: number) => staffApiPath(STAFF_API.releaseTokenRevoke, { id });

/** A state-changing call with the session's CSRF token; a 401 ends the session (and rejects as any refusal). */
export function useReleaseCall() {
  const dispatch = useStaffDispatch();
  const { csrfToken } = useStaffSelector(selectSession);
  return useCallback(
    async <T>(url: string, body?: unknown): Promise<T> => {
      try {
        return await staffFetch<T>(url, { method: 'POST', body, csrfToken });
      } catch (error) {
        if (error instanceof StaffApiError && error.status === 401) dispatch(sessionExpired());
        throw error;
      }
    },
    [csrfToken, dispatch],
  );
}

/** The sentence a refusal says (the server's own words: a manifest missing an expose, a version taken, …). */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The field of the register form a refusal is about: the server's messages start with the field's name ('version
 * must be …', 'notes must …') or speak of the release's manifest (the `entry`); a version already taken is a 409.
 */
export function registerFieldOf(error: unknown): 'version' | 'entry' | 'notes' {
  const message = messageOf(error);
  if (/^notes\b/.test(message)) return 'notes';
  if (/^version\b/.test(message) || (error instanceof StaffApiError && error.status === 409)) return 'version';
  return 'entry';
}
