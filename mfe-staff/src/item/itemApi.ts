// One inbox item, opened: what the visitor sent, its mails, notes, assignee and status, and what staff do to it. Each
// change answers the whole item as the server now has it, which replaces the one shown (no local guessing), and the
// inbox's list is read again when next shown.
import {
  STAFF_API,
  staffApiPath,
  type InboxItemDetail,
  type InboxKind,
  type InboxStatus,
} from '@site/contracts/staff-api';
import type {
  InboxAssignBody,
  InboxNoteBody,
  InboxResendBody,
  InboxStatusBody,
} from '@site/contracts/staff-api-schemas';
import { staffApi } from '../api/staffApi';

export interface ItemRef {
  kind: InboxKind;
  id: number;
}

export const itemKey = ({ kind, id }: ItemRef): string => `${kind}/${id}`;
const params = ({ kind, id }: ItemRef) => ({ kind, id });

/** A change of the item: its address and body; the answer is the item as it now is. */
const itemChange = <Arg extends { ref: ItemRef }>(address: string, bodyOf: (arg: Arg) => unknown) => ({
  query: (arg: Arg) => ({ url: staffApiPath(address, params(arg.ref)), method: 'POST', body: bodyOf(arg) }),
  invalidatesTags: ['Inbox' as const],
  async onQueryStarted(
    arg: Arg,
    {
      dispatch,
      queryFulfilled,
    }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: InboxItemDetail }> },
  ) {
    const answer = await queryFulfilled.catch(() => undefined);
    if (answer !== undefined)
      dispatch(itemApi.util.upsertQueryData('inboxItem', { kind: arg.ref.kind, id: arg.ref.id }, answer.data));
  },
});

export const itemApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    inboxItem: build.query<InboxItemDetail, ItemRef>({
      query: (ref) => staffApiPath(STAFF_API.inboxItem, params(ref)),
    }),
    setItemStatus: build.mutation<InboxItemDetail, { ref: ItemRef; status: InboxStatus }>(
      itemChange(
        STAFF_API.inboxStatus,
        ({ status }: { ref: ItemRef; status: InboxStatus }) => ({ status }) satisfies InboxStatusBody,
      ),
    ),
    assignItem: build.mutation<InboxItemDetail, { ref: ItemRef; assigneeId: number | null }>(
      itemChange(
        STAFF_API.inboxAssign,
        ({ assigneeId }: { ref: ItemRef; assigneeId: number | null }) => ({ assigneeId }) satisfies InboxAssignBody,
      ),
    ),
    addNote: build.mutation<InboxItemDetail, { ref: ItemRef; text: string }>(
      itemChange(STAFF_API.inboxNote, ({ text }: { ref: ItemRef; text: string }) => ({ text }) satisfies InboxNoteBody),
    ),
    resendMail: build.mutation<InboxItemDetail, { ref: ItemRef; mailId: number }>(
      itemChange(
        STAFF_API.inboxResend,
        ({ mailId }: { ref: ItemRef; mailId: number }) => ({ mailId }) satisfies InboxResendBody,
      ),
    ),
    deleteItem: build.mutation<void, ItemRef>({
      query: (ref) => ({ url: staffApiPath(STAFF_API.inboxDelete, params(ref)), method: 'DELETE' }),
      invalidatesTags: ['Inbox'],
    }),
  }),
});

export const {
  useInboxItemQuery,
  useSetItemStatusMutation,
  useAssignItemMutation,
  useAddNoteMutation,
  useResendMailMutation,
  useDeleteItemMutation,
} = itemApi;
