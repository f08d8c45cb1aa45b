// Who is signed in: the staff session (GET STAFF_API.session when the app starts: {session: null} when signed out), its
// CSRF token, and the sign-in steps (password, second factor, TOTP set-up). Any other staff call answered 401 ends the
// session here, and the session guard (RequireSession.tsx) sends the visitor to the sign-in page, keeping where they were.
import { createSlice, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import { STAFF_API, type SessionAnswer, type SignInResult, type StaffAccountSummary, type StaffSession, type TotpSetup } from '@site/contracts/staff-api';
import type { CodeBody, SignInBody } from '@site/contracts/staff-api-schemas';
import { staffFetch } from '../api/staffFetch';
import { failureOfAction, staffThunk } from '../api/staffThunk';

export type SessionStatus =
  /** GET session has not answered yet. */
  | 'checking'
  /** The session could not be read (network, 5xx): the app shows the error and a retry. */
  | 'unreachable'
  | 'signed-out'
  | StaffSession['state'];

export interface SessionState {
  status: SessionStatus;
  account: StaffAccountSummary | null;
  csrfToken: string | null;
  /** Why the visitor is signed out: after a 401 the sign-in page says the session ended. */
  endedBy: 'expiry' | 'sign-out' | null;
  error: string | null;
  /**
   * Right after an admin set up two-step sign-in: the recovery codes, shown this once on the sign-in page until they
   * say they saved them (set with the active session in one update, so the page never moves on before showing them).
   */
  recoveryCodes: string[] | null;
  /** Whether the account signs in with a second step (its account page offers to set one up when not). */
  secondFactor: boolean;
}

const initialState: SessionState = { status: 'checking', account: null, csrfToken: null, endedBy: null, error: null, recoveryCodes: null, secondFactor: false };

export const loadSession = staffThunk('session/load', (_: void, { signal }) => staffFetch<SessionAnswer>(STAFF_API.session, { signal }));

export const signIn = staffThunk('session/signIn', (credentials: SignInBody, { csrfToken }) =>
  staffFetch<SignInResult>(STAFF_API.signIn, { method: 'POST', body: credentials, csrfToken }),
);

export const submitSecondFactor = staffThunk('session/secondFactor', (code: string, { csrfToken }) =>
  staffFetch<SignInResult>(STAFF_API.secondFactor, { method: 'POST', body: { code } satisfies CodeBody, csrfToken }),
);

export const startTotpSetup = staffThunk('session/totpSetup', (_: void, { csrfToken }) =>
  staffFetch<TotpSetup>(STAFF_API.totpSetup, { method: 'POST', csrfToken }),
);

export const confirmTotp = staffThunk('session/totpConfirm', (code: string, { csrfToken }) =>
  staffFetch<{ recoveryCodes: string[]; session: StaffSession }>(STAFF_API.totpConfirm, { method: 'POST', body: { code } satisfies CodeBody, csrfToken }),
);

export const signOut = staffThunk('session/signOut', (_: void, { csrfToken }) =>
  staffFetch<undefined>(STAFF_API.signOut, { method: 'POST', csrfToken }),
);

/**
 * The calls whose 401 does not end the session: reading it (signed out is {session: null} there, so a 401 is a failure
 * to start, shown with a retry), and the sign-in steps (401 is a wrong password or code, said on the step itself).
 */
const OWN_401 = new Set([loadSession, signIn, submitSecondFactor, startTotpSetup, confirmTotp].map((thunk) => thunk.rejected.type));

function isUnauthorized(action: UnknownAction): boolean {
  return action.type.endsWith('/rejected') && !OWN_401.has(action.type) && failureOfAction(action)?.status === 401;
}

function begin(state: SessionState, session: StaffSession): void {
  state.status = session.state;
  state.account = session.account;
  state.csrfToken = session.csrfToken;
  state.secondFactor = session.secondFactor;
  state.endedBy = null;
  state.error = null;
}

function end(state: SessionState, endedBy: SessionState['endedBy']): void {
  state.status = 'signed-out';
  state.account = null;
  state.csrfToken = null;
  state.endedBy = endedBy;
  state.recoveryCodes = null;
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    /** A call outside the thunks (a hook's fetch) was answered 401. */
    sessionExpired: (state) => end(state, 'expiry'),
    /** The visitor goes back to the first sign-in step (from the second factor or the TOTP set-up). */
    signInRestarted: (state) => end(state, null),
    sessionStarted: (state, action: PayloadAction<StaffSession>) => begin(state, action.payload),
    /** The admin saved their recovery codes: they are dropped from memory. */
    recoveryCodesSaved: (state) => {
      state.recoveryCodes = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadSession.pending, (state) => {
        state.status = 'checking';
        state.error = null;
      })
      .addCase(loadSession.fulfilled, (state, action) => {
        // null: nobody is signed in (not an ended session: the sign-in page says nothing about one)
        if (action.payload.session === null) end(state, null);
        else begin(state, action.payload.session);
      })
      .addCase(loadSession.rejected, (state, action) => {
        const failure = failureOfAction(action);
        if (failure === undefined) return;
        state.status = 'unreachable';
        state.error = failure.message;
      })
      .addCase(signIn.fulfilled, (state, action) => begin(state, action.payload))
      .addCase(submitSecondFactor.fulfilled, (state, action) => begin(state, action.payload))
      .addCase(confirmTotp.fulfilled, (state, action) => {
        begin(state, action.payload.session);
        state.recoveryCodes = action.payload.recoveryCodes;
      })
      // Signed out here whatever the server said: a 401 or 403 means the session was already gone, and a network
      // failure must not leave the screen looking signed in (the cookie is HttpOnly; the server ends it on expiry).
      .addCase(signOut.fulfilled, (state) => end(state, 'sign-out'))
      .addCase(signOut.rejected, (state) => end(state, 'sign-out'))
      .addMatcher(isUnauthorized, (state) => end(state, 'expiry'));
  },
  selectors: {
    selectSession: (state) => state,
    selectAccount: (state) => state.account,
    selectIsAdmin: (state) => state.account?.role === 'admin',
  },
});

export const { sessionExpired, signInRestarted, sessionStarted, recoveryCodesSaved } = sessionSlice.actions;
export const { selectSession, selectAccount, selectIsAdmin } = sessionSlice.selectors;
