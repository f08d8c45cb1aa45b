// Every staff call the slices make is a thunk of this shape: it gets the session's CSRF token and the thunk's abort
// signal, and rejects with an ApiFailure (status + message), so reducers and components read one kind of error, and
// the session slice can tell a 401 (signed out) from the others.
import { createAsyncThunk } from '@reduxjs/toolkit';
import { failureOf, type ApiFailure } from './staffFetch';

/** What a staff call needs from the state: the session's token (sessionSlice.ts holds it). */
interface WithCsrfToken {
  session: { csrfToken: string | null };
}

export interface StaffCallContext {
  csrfToken: string | null;
  signal: AbortSignal;
}

export function staffThunk<Returned, Arg = void>(type: string, call: (arg: Arg, context: StaffCallContext) => Promise<Returned>) {
  return createAsyncThunk<Returned, Arg, { rejectValue: ApiFailure }>(type, async (arg, { getState, signal, rejectWithValue }) => {
    try {
      return await call(arg, { csrfToken: (getState() as WithCsrfToken).session.csrfToken, signal });
    } catch (error) {
      // An abort (the page was left) stays an abort: RTK marks the action aborted and no one shows it.
      if (signal.aborted) throw error;
      return rejectWithValue(failureOf(error));
    }
  });
}

/** A rejected staff call's failure, from the action (undefined for an aborted or unexpected rejection). */
export function failureOfAction(action: object): ApiFailure | undefined {
  const { payload, meta } = action as { payload?: Partial<ApiFailure>; meta?: { aborted?: boolean } };
  if (meta?.aborted) return undefined;
  return typeof payload?.status === 'number' && typeof payload.message === 'string' ? { status: payload.status, message: payload.message } : undefined;
}
