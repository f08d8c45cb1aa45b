// The basket's parts' availability (docs/stock.md), read by the request page after it started: GET
// /api/stock/availability for the lines' codes (at most STOCK_AVAILABILITY_CODES_MAX to a request), kept by code for
// the page. Nothing of it is in the page's first view: the basket is the browser's, and so is its stock.
import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import { fetchOf, loadJson, rootReducer } from '@site/shared-store';
import { normalizedProductCode } from '@site/content/validation';
import { availabilityPaths, type AvailabilityAnswer, type LocationAvailability } from '@site/contracts/stock-api';

export interface QuoteStockState {
  /** The ERP's locations of each code asked for, by its key (normalizedProductCode); [] the ERP never named it. */
  byCode: Record<string, LocationAvailability[]>;
}

const initialState: QuoteStockState = { byCode: {} };

const SLICE = 'quoteStock';

/** Reads the availability of `codes` (the lines' variant codes). A failure shows no stock: the page works without it. */
export const loadQuoteStock = createAsyncThunk(`${SLICE}/load`, async (codes: readonly string[], { signal, extra }) => {
  const answers = await Promise.all(
    availabilityPaths(codes).map((path) => loadJson<AvailabilityAnswer>(path, signal, fetchOf(extra))),
  );
  return answers.flatMap((answer) => answer.availability);
});

export const quoteStockSlice = createSlice({
  name: SLICE,
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(loadQuoteStock.fulfilled, (state, { payload }) => {
      for (const { code, locations } of payload) state.byCode[normalizedProductCode(code)] = locations;
    });
  },
  selectors: {
    selectStockByCode: (state) => state.byCode,
  },
});

declare module '@site/shared-store' {
  interface LazyLoadedSlices extends WithSlice<typeof quoteStockSlice> {}
}

/** Injected into the page's one store when the request page's code loads. */
export const injectedQuoteStockSlice = quoteStockSlice.injectInto(rootReducer);
export const { selectStockByCode } = injectedQuoteStockSlice.selectors;
