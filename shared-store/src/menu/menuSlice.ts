import { createSlice } from '@reduxjs/toolkit';

/** The shell's navigation drawer (spec slice "menu"). */
export interface MenuState {
  drawerOpen: boolean;
}

const initialState: MenuState = { drawerOpen: false };

export const menuSlice = createSlice({
  name: 'menu',
  initialState,
  reducers: {
    drawerOpened(state) {
      state.drawerOpen = true;
    },
    drawerClosed(state) {
      state.drawerOpen = false;
    },
  },
  selectors: {
    selectDrawerOpen: (state) => state.drawerOpen,
  },
});

export const { drawerOpened, drawerClosed } = menuSlice.actions;
export const { selectDrawerOpen } = menuSlice.selectors;
