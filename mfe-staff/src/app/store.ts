// The staff app's own store: staff state never enters the public pages' store (shared-store's root reducer), whose
// types and code stay as they are. Made once per StaffApp; the host page holds no other store.
import { combineSlices, configureStore, type Middleware } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { sessionSlice } from '../session/sessionSlice';
import { staffApi } from '../api/staffApi';

const staffReducer = combineSlices(sessionSlice, staffApi);
type StaffReducerState = ReturnType<typeof staffReducer>;

/**
 * When the session ends (sign-out, a 401), what it showed goes with it, so the next person at this screen finds no
 * rows of the last one's in memory: RTK Query's own reset, which also drops the reads' subscriptions and timers.
 */
const forgetOnSignOut: Middleware<object, StaffReducerState> = (store) => (next) => (action) => {
  const before = store.getState().session.status;
  const result = next(action);
  if (before !== 'signed-out' && store.getState().session.status === 'signed-out')
    store.dispatch(staffApi.util.resetApiState());
  return result;
};

export function makeStaffStore() {
  return configureStore({
    reducer: staffReducer,
    middleware: (defaults) => defaults().concat(staffApi.middleware, forgetOnSignOut),
  });
}

export type StaffStore = ReturnType<typeof makeStaffStore>;
export type StaffState = ReturnType<StaffStore['getState']>;
export type StaffDispatch = StaffStore['dispatch'];

export const useStaffDispatch = useDispatch.withTypes<StaffDispatch>();
export const useStaffSelector = useSelector.withTypes<StaffState>();
