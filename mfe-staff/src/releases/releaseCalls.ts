// The releases console's calls (STAFF_API.release*, shapes in @site/contracts/releases-api) as its screens make them:
// POSTs through staffApi's releaseCall (the CSRF token and a 401's end of the session are the base query's).
import { useCallback } from 'react';
import { STAFF_API, staffApiPath } from '@site/contracts/staff-api';
import { useReleaseCallMutation } from '../api/staffApi';
import { failureOf } from '../api/staffBaseQuery';

export { messageOf } from '../api/staffBaseQuery';

export const registerUrl = (remote: string) => staffApiPath(STAFF_API.releaseRegister, { remote });
export const canaryUrl = (remote: string) => staffApiPath(STAFF_API.releaseCanary, { remote });
export const promoteUrl = (remote: string) => staffApiPath(STAFF_API.releasePromote, { remote });
export const rollbackUrl = (remote: string) => staffApiPath(STAFF_API.releaseRollback, { remote });
export const runsUrl = (remote: string) => staffApiPath(STAFF_API.releaseRuns, { remote });
export const revokeUrl = (id: number) => staffApiPath(STAFF_API.releaseTokenRevoke, { id });

/** A release POST: resolves with the answer, rejects with a StaffFailure. */
export function useReleaseCall() {
  const [releaseCall] = useReleaseCallMutation();
  return useCallback(async <T>(url: string, body?: unknown): Promise<T> => (await releaseCall({ url, body }).unwrap()) as T, [releaseCall]);
}

/** The field a 400 names first (its first problem's path), if it is one of `fields`. */
export function problemFieldOf<F extends string>(error: unknown, fields: readonly F[]): F | undefined {
  const first = failureOf(error).problems[0]?.path[0];
  return fields.find((field) => field === first);
}

/**
 * The field of the register form a refusal is about: the one its first problem names; a version already taken (409)
 * is the version's; anything else (the release's manifest, missing an expose or unreachable) the entry's.
 */
export function registerFieldOf(error: unknown): 'version' | 'entry' | 'notes' {
  if (failureOf(error).status === 409) return 'version';
  return problemFieldOf(error, ['version', 'notes', 'entry'] as const) ?? 'entry';
}
