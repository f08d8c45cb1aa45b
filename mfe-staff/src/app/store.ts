// The staff app's own store: staff state never enters the public pages' store (shared-store's root reducer), whose
// types and code stay as they are. Made once per StaffApp; the host page holds no other store.
import { combineSlices, configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { sessionSlice } from '../session/sessionSlice';
import { inboxSlice } from '../inbox/inboxSlice';
import { itemSlice } from '../item/itemSlice';
import { reviewsSlice } from '../reviews/reviewsSlice';
import { staffApi } from '../api/staffApi';

const slicesReducer = combineSlices(sessionSlice, inboxSlice, itemSlice, reviewsSlice, staffApi);
type SlicesState = ReturnType<typeof slicesReducer>;

/**
 * The slices, and: when the session ends (sign-out, a 401), what it showed goes with it, so the next person at this
 * screen finds no rows of the last one's in memory.
 */
function staffReducer(state: SlicesState | undefined, action: UnknownAction): SlicesState {
  const next = slicesReducer(state, action);
  if (state === undefined || state.session.status === 'signed-out' || next.session.status !== 'signed-out') return next;
  return { ...slicesReducer(undefined, action), session: next.session };
}

/** When the session ends, the reads cached go too (their subscriptions and timers with them: RTK Query's own reset). */
const forgetOnSignOut: Middleware<object, SlicesState> = (store) => (next) => (action) => {
  const before = store.getState().session.status;
  const result = next(action);
  if (before !== 'signed-out' && store.getState().session.status === 'signed-out') store.dispatch(staffApi.util.resetApiState());
  return result;
};

export function makeStaffStore() {
  return configureStore({ reducer: staffReducer, middleware: (defaults) => defaults().concat(staffApi.middleware, forgetOnSignOut) });
}

export type StaffStore = ReturnType<typeof makeStaffStore>;
export type StaffState = ReturnType<StaffStore['getState']>;
export type StaffDispatch = StaffStore['dispatch'];

export const useStaffDispatch = useDispatch.withTypes<StaffDispatch>();
export const useStaffSelector = useSelector.withTypes<StaffState>();
