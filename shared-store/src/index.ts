export { rootReducer, type LazyLoadedSlices, type RootState } from './rootReducer';
export { makeStore, type AppStore, type AppDispatch } from './store';
export { useAppDispatch, useAppSelector, useAppStore } from './hooks';
export { menuSlice, drawerOpened, drawerClosed, selectDrawerOpen, type MenuState } from './menu/menuSlice';
export { loadJson, type LoadStatus } from './loadJson';
export { addLoadCases, type LoadCaseOptions, type LoadFieldNames, type LoadThunk } from './loadCases';
export {
  FIRST_VIEW_STATE_ELEMENT_ID,
  PendingServerState,
  fetchOf,
  serverStateArrived,
  takeLoadedByServer,
  type LoadFirstView,
  type StoreExtra,
} from './firstView';
