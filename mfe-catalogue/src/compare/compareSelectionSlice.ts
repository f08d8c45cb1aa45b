import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '@site/shared-store';
import { COMPARE_MAX } from '@site/contracts/compare-view';

export interface CompareSelectionState {
  /** Whether the visit's picks have been read (after the page hydrated: the server draws none picked). */
  restored: boolean;
  ids: string[];
}

const initialState: CompareSelectionState = { restored: false, ids: [] };

export const compareSelectionSlice = createSlice({
  name: 'compareSelection',
  initialState,
  reducers: {
    /** The visit's picks, read once the page is in the browser. */
    compareRestored: (state, action: PayloadAction<string[]>) => {
      if (state.restored) return;
      state.restored = true;
      const ids = [...new Set([...state.ids, ...action.payload])].slice(0, COMPARE_MAX);
      // The same list kept when nothing was stored: a new (empty) one would re-render every card's compare box as the
      // page starts, in one synchronous task (Lighthouse's TBT).
      if (ids.length !== state.ids.length) state.ids = ids;
    },
    /** Picks a product (not past COMPARE_MAX), or puts it back. */
    compareToggled: (state, action: PayloadAction<{ id: string; picked: boolean }>) => {
      const { id, picked } = action.payload;
      if (!picked) state.ids = state.ids.filter((other) => other !== id);
      else if (!state.ids.includes(id) && state.ids.length < COMPARE_MAX) state.ids.push(id);
    },
    /** The comparison the visitor is looking at becomes the picks (a column removed, a shared link opened). */
    compareReplaced: (state, action: PayloadAction<string[]>) => {
      state.restored = true;
      state.ids = action.payload.slice(0, COMPARE_MAX);
    },
    compareCleared: (state) => {
      state.ids = [];
    },
  },
  selectors: {
    selectCompareIds: (state) => state.ids,
    selectCompareRestored: (state) => state.restored,
  },
});

export const { compareRestored, compareToggled, compareReplaced, compareCleared } = compareSelectionSlice.actions;

declare module '@site/shared-store' {
  interface LazyLoadedSlices extends WithSlice<typeof compareSelectionSlice> {}
}

/** Injected into the page's one store when a page with compare boxes loads. */
export const injectedCompareSelectionSlice = compareSelectionSlice.injectInto(rootReducer);
export const { selectCompareIds, selectCompareRestored } = injectedCompareSelectionSlice.selectors;
