import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from './rootReducer';
import { makeStore } from './store';
import { drawerOpened, selectDrawerOpen } from './menu/menuSlice';

const remoteSlice = createSlice({
  name: 'remoteFeature',
  initialState: { items: [] as string[] },
  reducers: {
    added(state, action: { payload: string }) {
      state.items.push(action.payload);
    },
  },
  selectors: { selectItems: (state) => state.items },
});

declare module './rootReducer' {
  interface LazyLoadedSlices extends WithSlice<typeof remoteSlice> {}
}

describe('the shared root reducer', () => {
  it('holds the shell slices from the start', () => {
    const store = makeStore();
    store.dispatch(drawerOpened());
    expect(selectDrawerOpen(store.getState())).toBe(true);
  });

  it('lets a remote inject its slice into a store that already exists', () => {
    const store = makeStore();
    const injected = remoteSlice.injectInto(rootReducer);
    expect(injected.selectors.selectItems(store.getState())).toEqual([]);
    store.dispatch(remoteSlice.actions.added('cable gland'));
    expect(injected.selectors.selectItems(store.getState())).toEqual(['cable gland']);
    expect(store.getState().remoteFeature?.items).toEqual(['cable gland']);
  });
});
