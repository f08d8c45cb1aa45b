// Type-only imports: the shell shares @reduxjs/toolkit through a facade that names only some of its exports
// (tools/webpack/shared/redux-toolkit.mjs), so this module must need none of them at run time.
import type { ActionReducerMapBuilder, Draft, SerializedError } from '@reduxjs/toolkit';
import type { LoadStatus } from './loadJson';

/** Where a load keeps its bookkeeping in its slice's state; a slice may hold several loads side by side. */
export interface LoadFieldNames<StatusKey extends string, ErrorKey extends string, RequestIdKey extends string> {
  status: StatusKey;
  error: ErrorKey;
  /** Given: only the latest request counts, and an older one that settles later is dropped. */
  requestId?: RequestIdKey;
}

/**
 * A createAsyncThunk thunk, as far as the bookkeeping reads its actions. Written out rather than AsyncThunk<…>
 * because TS cannot resolve RTK's conditional action types (whether `meta` exists) for a generic thunk.
 */
export interface LoadThunk<Returned, ThunkArg> {
  pending: ActionCreatorOf<{ type: string; payload: undefined; meta: { arg: ThunkArg; requestId: string } }>;
  fulfilled: ActionCreatorOf<{ type: string; payload: Returned; meta: { arg: ThunkArg; requestId: string } }>;
  rejected: ActionCreatorOf<{ type: string; error: SerializedError; meta: { requestId: string; aborted: boolean } }>;
}

interface ActionCreatorOf<A> {
  // any[]: builder.addCase takes an action creator callable with any[] (RTK's TypedActionCreator), and a thunk's
  // creators take their own argument lists; no narrower type is assignable both ways.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see the two lines above
  (...args: any[]): A;
  type: string;
}

/** The fields a state must have for the names it gives. */
type LoadFields<StatusKey extends string, ErrorKey extends string, RequestIdKey extends string> = Record<
  StatusKey,
  LoadStatus
> &
  Record<ErrorKey, string | null> &
  Record<RequestIdKey, string | null>;

export interface LoadCaseOptions<
  State,
  Returned,
  ThunkArg,
  StatusKey extends string,
  ErrorKey extends string,
  RequestIdKey extends string,
> {
  /** Stores the answer; the status is already 'succeeded'. */
  fulfilled: (state: Draft<State>, action: ReturnType<LoadThunk<Returned, ThunkArg>['fulfilled']>) => void;
  /** What else a new request resets (e.g. the previous record); the status is already 'loading'. */
  pending?: (state: Draft<State>, action: ReturnType<LoadThunk<Returned, ThunkArg>['pending']>) => void;
  /** The error text when the rejection carries no message. */
  failure: string;
  /**
   * 'ignore' (default): an aborted request (the visitor left the page) is no failure and changes nothing.
   * 'fail': it fails like any other, e.g. where a load in flight would otherwise block the next one.
   */
  aborted?: 'ignore' | 'fail';
  /** Default `{ status: 'status', error: 'error' }`, with no request id. */
  fields?: LoadFieldNames<StatusKey, ErrorKey, RequestIdKey>;
}

/**
 * Adds the pending, fulfilled and rejected cases of `thunk`: pending sets status 'loading' and clears the error,
 * fulfilled sets 'succeeded' and stores the payload, rejected sets 'failed' with the error's message.
 */
export function addLoadCases<
  State extends LoadFields<StatusKey, ErrorKey, RequestIdKey>,
  Returned,
  ThunkArg,
  StatusKey extends string = 'status',
  ErrorKey extends string = 'error',
  RequestIdKey extends string = never,
>(
  builder: ActionReducerMapBuilder<State>,
  thunk: LoadThunk<Returned, ThunkArg>,
  options: LoadCaseOptions<State, Returned, ThunkArg, StatusKey, ErrorKey, RequestIdKey>,
): ActionReducerMapBuilder<State> {
  const { status, error, requestId } = options.fields ?? { status: 'status', error: 'error', requestId: undefined };
  const ignoreAborted = (options.aborted ?? 'ignore') === 'ignore';
  // State's constraint guarantees these fields, but TS cannot see through Immer's Draft<State> for a generic
  // State; so the bookkeeping writes them by name on a plain view of the draft.
  const fieldsOf = (state: Draft<State>) => state as unknown as Record<string, string | null>;
  const isStale = (state: Draft<State>, id: string) => requestId !== undefined && fieldsOf(state)[requestId] !== id;

  return builder
    .addCase(thunk.pending, (state, action) => {
      const fields = fieldsOf(state);
      fields[status] = 'loading';
      fields[error] = null;
      if (requestId !== undefined) fields[requestId] = action.meta.requestId;
      options.pending?.(state, action);
    })
    .addCase(thunk.fulfilled, (state, action) => {
      if (isStale(state, action.meta.requestId)) return;
      const fields = fieldsOf(state);
      fields[status] = 'succeeded';
      if (requestId !== undefined) fields[requestId] = null;
      options.fulfilled(state, action);
    })
    .addCase(thunk.rejected, (state, action) => {
      if ((ignoreAborted && action.meta.aborted) || isStale(state, action.meta.requestId)) return;
      const fields = fieldsOf(state);
      fields[status] = 'failed';
      fields[error] = action.error.message ?? options.failure;
      if (requestId !== undefined) fields[requestId] = null;
    });
}
