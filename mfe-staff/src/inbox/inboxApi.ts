// The inbox list: the rows for the filters in the address, newest first, a page at a time ("Load more" asks for the
// next with the server's cursor). One infinite query per filters: another filter's rows never mix in.
import { INBOX_LIMIT, STAFF_API, type InboxPage } from '@site/contracts/staff-api';
import type { InboxQuery } from '@site/contracts/staff-api-schemas';
import { staffApi } from '../api/staffApi';
import { queryString } from '../api/staffBaseQuery';
import type { InboxFilters } from './inboxQuery';

/** Rows per request: the server's default. */
export const INBOX_PAGE_SIZE = INBOX_LIMIT.default;

export const inboxApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    inbox: build.infiniteQuery<InboxPage, InboxFilters, string | null>({
      infiniteQueryOptions: { initialPageParam: null, getNextPageParam: (last) => last.nextCursor },
      query: ({ queryArg, pageParam }) =>
        `${STAFF_API.inbox}${queryString({ ...queryArg, cursor: pageParam ?? undefined, limit: INBOX_PAGE_SIZE } satisfies InboxQuery)}`,
      providesTags: ['Inbox'],
    }),
  }),
});

export const { useInboxInfiniteQuery } = inboxApi;
