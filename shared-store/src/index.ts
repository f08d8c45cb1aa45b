export { rootReducer, type LazyLoadedSlices, type RootState } from './rootReducer';
export { makeStore, type AppStore, type AppDispatch } from './store';
export { useAppDispatch, useAppSelector, useAppStore } from './hooks';
export { menuSlice, drawerOpened, drawerClosed, selectDrawerOpen, type MenuState } from './menu/menuSlice';
export { loadJson, type LoadStatus } from './loadJson';
export { addLoadCases, type LoadCaseOptions, type LoadFieldNames, type LoadThunk } from './loadCases';
export {
  PendingServerState,
  fetchOf,
  serverStateArrived,
  takeLoadedByServer,
  type LoadFirstView,
  type StoreExtra,
} from './firstView';
export {
  textHook,
  useLocale,
  makeSiteI18n,
  addCatalog,
  localizedFetch,
  SiteI18nProvider,
  type MessageValues,
  type TextOf,
} from './i18n/siteI18n';
export {
  quoteBasketSlice,
  quoteLineAdded,
  quoteQuantityChanged,
  quoteLineRemoved,
  quoteBasketCleared,
  quoteLinesDescribed,
  quoteBasketRestored,
  selectQuoteLines,
  selectQuoteLineCount,
  selectQuoteBasketFull,
  selectQuoteBasketRestored,
  quoteLineName,
  type QuoteLine,
  type QuoteLineAdded,
  type QuoteLineDescription,
  type QuoteBasketState,
} from './quote-basket/quoteBasketSlice';
export { persistQuoteBasket, readStoredBasket, QUOTE_BASKET_STORAGE_KEY } from './quote-basket/persistQuoteBasket';
