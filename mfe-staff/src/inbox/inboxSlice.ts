// The inbox list: the page of rows for the filters in the address, newest first, and more rows as "Load more" asks
// for them with the server's cursor. The rows of another filter never mix in: each answer is kept only if it is the
// answer to the latest request.
import { createSlice } from '@reduxjs/toolkit';
import { INBOX_LIMIT, STAFF_API, type InboxItemSummary, type InboxPage, type InboxQuery } from '@site/contracts/staff-api';
import { queryString, staffFetch } from '../api/staffFetch';
import { failureOfAction, staffThunk } from '../api/staffThunk';
import { inboxSearch, type InboxFilters } from './inboxQuery';

/** Rows per request: the server's default. */
export const INBOX_PAGE_SIZE = INBOX_LIMIT.default;

export interface InboxState {
  /** The filters' query ('?kind=quote', '' for none) the rows are for. */
  search: string | null;
  items: InboxItemSummary[];
  total: number;
  nextCursor: string | null;
  status: 'idle' | 'loading' | 'loading-more' | 'ready' | 'failed';
  error: string | null;
  /** The request whose answer is awaited; an older one's is dropped. */
  requestId: string | null;
}

const initialState: InboxState = { search: null, items: [], total: 0, nextCursor: null, status: 'idle', error: null, requestId: null };

export interface FetchInboxArg {
  filters: InboxFilters;
  /** The next page's cursor ("Load more"); the first page without. */
  cursor?: string;
}

export const fetchInbox = staffThunk('inbox/fetch', ({ filters, cursor }: FetchInboxArg, { signal }) =>
  staffFetch<InboxPage>(`${STAFF_API.inbox}${queryString({ ...filters, cursor, limit: INBOX_PAGE_SIZE } satisfies InboxQuery)}`, { signal }),
);

export const inboxSlice = createSlice({
  name: 'inbox',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchInbox.pending, (state, action) => {
        const { filters, cursor } = action.meta.arg;
        state.requestId = action.meta.requestId;
        state.error = null;
        if (cursor === undefined) {
          state.search = inboxSearch(filters);
          state.items = [];
          state.total = 0;
          state.nextCursor = null;
          state.status = 'loading';
        } else {
          state.status = 'loading-more';
        }
      })
      .addCase(fetchInbox.fulfilled, (state, action) => {
        if (action.meta.requestId !== state.requestId) return;
        const page = action.payload;
        if (action.meta.arg.cursor === undefined) state.items = page.items;
        else state.items.push(...page.items);
        state.total = page.total;
        state.nextCursor = page.nextCursor;
        state.status = 'ready';
        state.requestId = null;
      })
      .addCase(fetchInbox.rejected, (state, action) => {
        if (action.meta.requestId !== state.requestId) return;
        state.requestId = null;
        const failure = failureOfAction(action);
        const firstPage = action.meta.arg.cursor === undefined;
        // Aborted: the page was left (a new filter's request would have taken requestId already).
        if (failure === undefined) {
          state.status = firstPage ? 'idle' : 'ready';
          return;
        }
        // "Load more" failing keeps the rows already shown.
        state.status = firstPage ? 'failed' : 'ready';
        state.error = failure.message;
      });
  },
  selectors: {
    selectInbox: (state) => state,
  },
});

export const { selectInbox } = inboxSlice.selectors;
