// A form of this remote posted without the page's scripts (a plain HTML form post: the scripts had not started, or
// never do): the server checks and stores it, then draws the page again with what came of it (the request's "Request
// sent", or the form as typed with why it was not sent). That drawing reads the outcome at FORM_POST_OUTCOME_PATH in
// its first view's data load (loadPostedForm), so the page is drawn, and then hydrated, from it: the browser's first
// render matches the server's HTML, and the form goes on from where the post left it.
import { useEffect, useState } from 'react';
import { createAsyncThunk, createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { fetchOf, rootReducer, useAppDispatch, useAppSelector, type LoadFirstView } from '@site/shared-store';
import { FORM_POST_OUTCOME_PATH, FORM_POST_PARAM } from '@site/contracts/api';
import type { PostedMessageForm } from '@site/contracts/forms-api';
import type { PostedQuoteForm } from '@site/contracts/quote-api';

export type PostedForm = PostedMessageForm | PostedQuoteForm;

export interface PostedFormState {
  /** The outcome the page was drawn with; null on any other drawing, and once the page has taken it. */
  posted: PostedForm | null;
}

const initialState: PostedFormState = { posted: null };

const SLICE = 'postedForm';

const loadPosted = createAsyncThunk(`${SLICE}/load`, async (_: void, { extra }): Promise<PostedForm | null> => {
  const response = await fetchOf(extra)(FORM_POST_OUTCOME_PATH, { headers: { Accept: 'application/json' } });
  return response.ok ? ((await response.json()) as PostedForm) : null;
});

/**
 * For a page's `loadFirstView`: the outcome of the post the server is answering, when the drawing is one (its params
 * name it: FORM_POST_PARAM). Any other drawing asks for nothing more than its start data, and its state carries no
 * such slice.
 */
export const loadPostedForm: LoadFirstView = async ({ dispatch, params }) => {
  if (params[FORM_POST_PARAM] !== undefined) await dispatch(loadPosted());
};

export const postedFormSlice = createSlice({
  name: SLICE,
  initialState,
  reducers: {
    /** The page took the outcome into its own state: a later visit of the page (client-side) starts afresh. */
    postedFormTaken(state) {
      state.posted = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loadPosted.fulfilled, (state, action: PayloadAction<PostedForm | null>) => {
      if (action.payload !== null) state.posted = action.payload;
    });
  },
  selectors: {
    selectPostedForm: (state) => state.posted,
  },
});

declare module '@site/shared-store' {
  interface LazyLoadedSlices extends WithSlice<typeof postedFormSlice> {}
}

/** Injected into the page's one store when a page of this remote with a form loads. */
export const injectedPostedFormSlice = postedFormSlice.injectInto(rootReducer);
const { selectPostedForm } = injectedPostedFormSlice.selectors;
const { postedFormTaken } = postedFormSlice.actions;

/**
 * The outcome of `form`'s plain post this drawing of the page shows, taken once, as the page is first drawn (on the
 * server, then as the browser hydrates it); undefined on any other drawing.
 */
export function usePostedForm<Form extends PostedForm['form']>(
  form: Form,
): Extract<PostedForm, { form: Form }> | undefined {
  const dispatch = useAppDispatch();
  const inStore = useAppSelector(selectPostedForm);
  const [posted] = useState(() =>
    inStore?.form === form ? (inStore as Extract<PostedForm, { form: Form }>) : undefined,
  );
  // taken: the store forgets it
  useEffect(() => {
    if (posted !== undefined) dispatch(postedFormTaken());
  }, [posted, dispatch]);
  return posted;
}
