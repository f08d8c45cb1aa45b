import { configureStore, type UnknownAction } from '@reduxjs/toolkit';
import { rootReducer, type RootState } from './rootReducer';
import { serverStateArrived, type StoreExtra } from './firstView';

/**
 * The root reducer, plus the server's state arriving (firstView.ts): each slice it names that is injected takes it as
 * its state (the injected slices' reducers drop the others).
 */
function siteReducer(state: Partial<RootState> | undefined, action: UnknownAction): RootState {
  if (serverStateArrived.match(action)) return rootReducer({ ...state, ...action.payload }, action);
  return rootReducer(state, action);
}

/**
 * Creates the page's store. Only the shell calls this (and the server, per page); remotes inject slices into
 * `rootReducer`. `extra.fetch` is what thunks fetch with (the browser's fetch by default).
 */
export function makeStore(preloadedState?: Partial<RootState>, extra?: StoreExtra) {
  const storeExtra: StoreExtra = extra ?? { fetch: (input, init) => fetch(input, init) };
  return configureStore({
    reducer: siteReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: { extraArgument: storeExtra } }),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
