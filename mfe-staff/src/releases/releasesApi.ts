// The releases console's changes (STAFF_API.release*, shapes in @site/contracts/releases-api), one typed endpoint per
// call: each screen reads the contract's answer, not a cast at the call site. The console reads its listings again
// itself after a change (ReleasesPage.tsx), so these invalidate nothing.
import { STAFF_API, staffApiPath } from '@site/contracts/staff-api';
import type { CreatedReleaseToken, RemotePointers } from '@site/contracts/releases-api';
import type {
  CanaryBody,
  PinnedRunBody,
  RecordedRun,
  RegisteredRelease,
  RegisterReleaseBody,
  ReleaseTokenBody,
  RevokedToken,
} from '@site/contracts/releases-api-schemas';
import { staffApi } from '../api/staffApi';

const ofRemote = (pattern: string, remote: string) => staffApiPath(pattern, { remote });

export const releasesApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    registerRelease: build.mutation<RegisteredRelease, { remote: string; body: RegisterReleaseBody }>({
      query: ({ remote, body }) => ({ url: ofRemote(STAFF_API.releaseRegister, remote), method: 'POST', body }),
    }),
    setCanary: build.mutation<RemotePointers, { remote: string; body: CanaryBody }>({
      query: ({ remote, body }) => ({ url: ofRemote(STAFF_API.releaseCanary, remote), method: 'POST', body }),
    }),
    /** The canary made stable, or taken out with the previous stable back: the pointers as changed. */
    movePointers: build.mutation<RemotePointers, { remote: string; action: 'promote' | 'rollback' }>({
      query: ({ remote, action }) => ({
        url: ofRemote(action === 'promote' ? STAFF_API.releasePromote : STAFF_API.releaseRollback, remote),
        method: 'POST',
        body: {},
      }),
    }),
    recordRun: build.mutation<RecordedRun, { remote: string; body: PinnedRunBody }>({
      query: ({ remote, body }) => ({ url: ofRemote(STAFF_API.releaseRuns, remote), method: 'POST', body }),
    }),
    createReleaseToken: build.mutation<CreatedReleaseToken, ReleaseTokenBody>({
      query: (body) => ({ url: STAFF_API.releaseTokens, method: 'POST', body }),
    }),
    revokeReleaseToken: build.mutation<RevokedToken, number>({
      query: (id) => ({ url: staffApiPath(STAFF_API.releaseTokenRevoke, { id }), method: 'POST' }),
    }),
  }),
});

export const {
  useRegisterReleaseMutation,
  useSetCanaryMutation,
  useMovePointersMutation,
  useRecordRunMutation,
  useCreateReleaseTokenMutation,
  useRevokeReleaseTokenMutation,
} = releasesApi;
