// The buyer's page as the server drew it (server/src/quotations/link/linkPage.ts): the quotation its token opened (or
// that it opened none), and a plain form post it refused (the form, the values as typed, why). The server's store
// fills this slice; the browser's store starts from it, so the page hydrates what the HTML shows and loads nothing.
// The page takes it once: opened again later (after another page), it loads the quotation as it then is.
import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import {
  QUOTATION_LINK_POSTED_FORM,
  quotationLinkApiPath,
  type BuyerQuotation,
  type DrawnBuyerForms,
  type PostedBuyerForm,
} from '@site/contracts/quotation-link-api';
import { fetchOf, rootReducer, type LoadFirstView, type StoreExtra } from '@site/shared-store';
import { loadQuotation } from './quotationLink';

/** What the page shows of the quotation first (a failure to read it is left to the browser, which says so and retries). */
export type DrawnQuotation = { type: 'quotation'; quotation: BuyerQuotation } | { type: 'notFound' };

export interface QuotationFirstViewState {
  drawn: DrawnQuotation | null;
  posted: PostedBuyerForm | null;
  /** The drawing's submission key, in the plain forms (a re-post of the same form is the same submission). */
  submission: string | null;
}

const initialState: QuotationFirstViewState = { drawn: null, posted: null, submission: null };

const SLICE = 'quotationLinkFirstView';

export const quotationFirstViewSlice = createSlice({
  name: SLICE,
  initialState,
  reducers: {
    quotationDrawn: (_state, action: PayloadAction<QuotationFirstViewState>) => action.payload,
    /** The page has its first view: a later opening loads afresh. */
    quotationFirstViewTaken: () => initialState,
  },
  selectors: {
    selectQuotationFirstView: (state) => state,
  },
});

declare module '@site/shared-store' {
  interface LazyLoadedSlices extends WithSlice<typeof quotationFirstViewSlice> {}
}

/** Injected into the page's one store when the quotation page's code loads. */
export const injectedQuotationFirstViewSlice = quotationFirstViewSlice.injectInto(rootReducer);
export const { selectQuotationFirstView } = injectedQuotationFirstViewSlice.selectors;
export const { quotationDrawn, quotationFirstViewTaken } = quotationFirstViewSlice.actions;

/**
 * The form the server answered a plain post with, if any, and the drawing's submission key (asked of the server's own
 * fetch only: no route has it).
 */
async function drawnForms(token: string, send: typeof fetch): Promise<DrawnBuyerForms | null> {
  try {
    const response = await send(quotationLinkApiPath(QUOTATION_LINK_POSTED_FORM, token));
    return response.ok ? ((await response.json()) as DrawnBuyerForms) : null;
  } catch {
    return null;
  }
}

/**
 * For the server (shared-store's LoadFirstView): the quotation the token opens, read through the store's fetch (which
 * the server answers with this one buyer's quotation), and the refused post. A failure leaves the slice empty: the
 * browser then loads it as before, and says so if it cannot.
 */
export const loadQuotationFirstView: LoadFirstView = ({ dispatch, params }) =>
  dispatch(async (innerDispatch: (action: unknown) => unknown, _getState: unknown, extra: StoreExtra) => {
    const token = params.token ?? '';
    const send = fetchOf(extra);
    const answer = await loadQuotation(token, send);
    if (answer.type !== 'quotation' && answer.type !== 'notFound') return;
    const forms = await drawnForms(token, send);
    innerDispatch(
      quotationDrawn({ drawn: answer, posted: forms?.posted ?? null, submission: forms?.submission ?? null }),
    );
  });
