import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '@site/shared-store';

/** open: the panel shows; minimized: a small bar restores it; closed: only the floating button. */
export type ChatPanel = 'open' | 'minimized' | 'closed';

export interface ChatState {
  panel: ChatPanel;
}

// Spec: the panel is open by default.
const initialState: ChatState = { panel: 'open' };

export const chatSlice = createSlice({
  name: 'chat',
  initialState,
  reducers: {
    panelChanged(state, action: PayloadAction<ChatPanel>) {
      state.panel = action.payload;
    },
  },
  selectors: {
    selectChatPanel: (state) => state.panel,
  },
});

declare module '@site/shared-store' {
  interface LazyLoadedSlices extends WithSlice<typeof chatSlice> {}
}

export const injectedChatSlice = chatSlice.injectInto(rootReducer);
export const { panelChanged } = chatSlice.actions;
export const { selectChatPanel } = injectedChatSlice.selectors;
