// One inbox item, opened: what the visitor sent, its mails, notes, assignee and status, and what staff do to it. Each
// change answers the whole item as the server now has it, which replaces the one shown (no local guessing).
import { createSlice } from '@reduxjs/toolkit';
import { STAFF_API, staffApiPath, type InboxItemDetail, type InboxKind, type InboxStatus } from '@site/contracts/staff-api';
import type { InboxAssignBody, InboxNoteBody, InboxResendBody, InboxStatusBody } from '@site/contracts/staff-api-schemas';
import { staffFetch } from '../api/staffFetch';
import { failureOfAction, staffThunk } from '../api/staffThunk';

export interface ItemRef {
  kind: InboxKind;
  id: number;
}

export interface ItemState {
  /** 'quote/12': the item shown or loading. */
  key: string | null;
  item: InboxItemDetail | null;
  status: 'idle' | 'loading' | 'ready' | 'failed' | 'deleted';
  error: string | null;
  /** The HTTP status of a failed load (404: no such item, 403: another branch's). */
  errorStatus: number | null;
}

const initialState: ItemState = { key: null, item: null, status: 'idle', error: null, errorStatus: null };

export const itemKey = ({ kind, id }: ItemRef): string => `${kind}/${id}`;
const params = ({ kind, id }: ItemRef) => ({ kind, id });

export const loadItem = staffThunk('item/load', (ref: ItemRef, { signal }) =>
  staffFetch<InboxItemDetail>(staffApiPath(STAFF_API.inboxItem, params(ref)), { signal }),
);

export const setItemStatus = staffThunk('item/setStatus', ({ ref, status }: { ref: ItemRef; status: InboxStatus }, { csrfToken }) =>
  staffFetch<InboxItemDetail>(staffApiPath(STAFF_API.inboxStatus, params(ref)), { method: 'POST', body: { status } satisfies InboxStatusBody, csrfToken }),
);

export const assignItem = staffThunk('item/assign', ({ ref, assigneeId }: { ref: ItemRef; assigneeId: number | null }, { csrfToken }) =>
  staffFetch<InboxItemDetail>(staffApiPath(STAFF_API.inboxAssign, params(ref)), { method: 'POST', body: { assigneeId } satisfies InboxAssignBody, csrfToken }),
);

export const addNote = staffThunk('item/addNote', ({ ref, text }: { ref: ItemRef; text: string }, { csrfToken }) =>
  staffFetch<InboxItemDetail>(staffApiPath(STAFF_API.inboxNote, params(ref)), { method: 'POST', body: { text } satisfies InboxNoteBody, csrfToken }),
);

export const resendMail = staffThunk('item/resend', ({ ref, mailId }: { ref: ItemRef; mailId: number }, { csrfToken }) =>
  staffFetch<InboxItemDetail>(staffApiPath(STAFF_API.inboxResend, params(ref)), { method: 'POST', body: { mailId } satisfies InboxResendBody, csrfToken }),
);

export const deleteItem = staffThunk('item/delete', (ref: ItemRef, { csrfToken }) =>
  staffFetch<undefined>(staffApiPath(STAFF_API.inboxDelete, params(ref)), { method: 'DELETE', csrfToken }),
);

export const itemSlice = createSlice({
  name: 'item',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loadItem.pending, (state, action) => {
        const key = itemKey(action.meta.arg);
        if (state.key !== key) state.item = null;
        state.key = key;
        state.status = 'loading';
        state.error = null;
        state.errorStatus = null;
      })
      .addCase(loadItem.fulfilled, (state, action) => {
        if (state.key !== itemKey(action.meta.arg)) return;
        state.item = action.payload;
        state.status = 'ready';
      })
      .addCase(loadItem.rejected, (state, action) => {
        if (state.key !== itemKey(action.meta.arg)) return;
        const failure = failureOfAction(action);
        if (failure === undefined) {
          state.status = 'idle';
          return;
        }
        state.status = 'failed';
        state.error = failure.message;
        state.errorStatus = failure.status;
      })
      .addCase(deleteItem.fulfilled, (state, action) => {
        if (state.key !== itemKey(action.meta.arg)) return;
        state.item = null;
        state.status = 'deleted';
      })
      .addMatcher(
        (action) => [setItemStatus, assignItem, addNote, resendMail].some((thunk) => thunk.fulfilled.match(action)),
        (state, action: { payload: InboxItemDetail }) => {
          const updated = action.payload;
          if (state.key === itemKey(updated)) state.item = updated;
        },
      );
  },
  selectors: {
    selectItem: (state) => state,
  },
});

export const { selectItem } = itemSlice.selectors;
