// Who is signed in: the staff session (GET STAFF_API.session when the app starts: {session: null} when signed out), its
// CSRF token, and the sign-in steps (password, second factor, TOTP set-up). Any other staff call answered 401 ends the
// session here, and the session guard (RequireSession.tsx) sends the visitor to the sign-in page, keeping where they were.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { StaffAccountSummary, StaffSession } from '@site/contracts/staff-api';
import type { SignInBody } from '@site/contracts/staff-api-schemas';
import { staffApi } from '../api/staffApi';

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

const initialState: SessionState = {
  status: 'checking',
  account: null,
  csrfToken: null,
  endedBy: null,
  error: null,
  recoveryCodes: null,
  secondFactor: false,
};

const {
  session,
  signIn: signInCall,
  secondFactor,
  startTotpSetup: totpSetupCall,
  confirmTotp: confirmTotpCall,
  signOut: signOutCall,
} = staffApi.endpoints;

/**
 * The session's calls as the screens dispatch them (`dispatch(signIn(body)).unwrap()`): staffApi's endpoints, not
 * kept in its cache (the answers carry the CSRF token, which this slice alone keeps). Their 401s are their own
 * (staffBaseQuery's OWN_401_ENDPOINTS): a wrong password or code, or nobody signed in.
 */
export const loadSession = () => session.initiate(undefined, { subscribe: false, forceRefetch: true });
export const signIn = (credentials: SignInBody) => signInCall.initiate(credentials, { track: false });
export const submitSecondFactor = (code: string) => secondFactor.initiate(code, { track: false });
export const startTotpSetup = () => totpSetupCall.initiate(undefined, { track: false });
export const confirmTotp = (code: string) => confirmTotpCall.initiate(code, { track: false });
export const signOut = () => signOutCall.initiate(undefined, { track: false });

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
    /** A staff call was answered 401 (staffBaseQuery dispatches it): the session ended on the server. */
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
      .addMatcher(session.matchPending, (state) => {
        state.status = 'checking';
        state.error = null;
      })
      .addMatcher(session.matchFulfilled, (state, action) => {
        // null: nobody is signed in (not an ended session: the sign-in page says nothing about one)
        if (action.payload.session === null) end(state, null);
        else begin(state, action.payload.session);
      })
      .addMatcher(session.matchRejected, (state, action) => {
        // aborted: the app was left before the answer (nothing to show)
        if (action.meta.aborted || action.payload === undefined) return;
        state.status = 'unreachable';
        state.error = action.payload.message;
      })
      .addMatcher(signInCall.matchFulfilled, (state, action) => begin(state, action.payload))
      .addMatcher(secondFactor.matchFulfilled, (state, action) => begin(state, action.payload))
      .addMatcher(confirmTotpCall.matchFulfilled, (state, action) => {
        begin(state, action.payload.session);
        state.recoveryCodes = action.payload.recoveryCodes;
      })
      // Signed out here whatever the server said: a 401 or 403 means the session was already gone, and a network
      // failure must not leave the screen looking signed in (the cookie is HttpOnly; the server ends it on expiry).
      .addMatcher(signOutCall.matchFulfilled, (state) => end(state, 'sign-out'))
      .addMatcher(signOutCall.matchRejected, (state) => end(state, 'sign-out'));
  },
  selectors: {
    selectSession: (state) => state,
    selectAccount: (state) => state.account,
    selectIsAdmin: (state) => state.account?.role === 'admin',
  },
});

export const { sessionExpired, signInRestarted, sessionStarted, recoveryCodesSaved } = sessionSlice.actions;
export const { selectSession, selectAccount, selectIsAdmin } = sessionSlice.selectors;
