import { useMemo } from 'react';
import styled from 'styled-components';
import { Button, ButtonLink, LoadError, PageContainer, Spinner, useAddressQuery } from '@site/shared-ui';
import { STAFF_API } from '@site/contracts/staff-api';
import { useStaffSelector } from '../app/store';
import { messageOf } from '../api/staffBaseQuery';
import { selectIsAdmin } from '../session';
import { PageHeading } from '../ui/PageHeading';
import { Notice } from '../ui/Notice';
import { InboxFilters } from './InboxFilters';
import { InboxTable } from './InboxTable';
import { inboxFiltersFromSearch, inboxSearch, type InboxFilters as Filters } from './inboxQuery';
import { useInboxInfiniteQuery } from './inboxApi';

const Summary = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 12px;
  p { margin: 0; font-weight: 600; }
`;

const More = styled.div`
  display: flex;
  align-items: center;
  gap: 16px;
  margin-top: 16px;
  > div { padding: 0; }
`;

/** "Showing 50 of 123 items". */
export function countText(shown: number, total: number): string {
  if (total === 0) return 'No items match these filters.';
  return shown >= total
    ? `Showing all ${total} ${total === 1 ? 'item' : 'items'}`
    : `Showing ${shown} of ${total} items`;
}

/**
 * /staff/inbox: what visitors sent (contact messages, registrations, enquiries, quote requests), newest first, filtered
 * by the address's query, 50 at a time ("Load more"), with the filtered view as CSV.
 */
export function InboxPage() {
  const admin = useStaffSelector(selectIsAdmin);
  const [search, setSearch] = useAddressQuery();
  const filters = useMemo(() => inboxFiltersFromSearch(search, { admin }), [search, admin]);
  const canonical = inboxSearch(filters);
  const inbox = useInboxInfiniteQuery(filters);
  // the rows of these filters only (`data` would keep the last filters' while the new ones load)
  const items = useMemo(() => inbox.currentData?.pages.flatMap((page) => page.items), [inbox.currentData]);
  const total = inbox.currentData?.pages.at(-1)?.total ?? 0;
  const loadingMore = inbox.isFetchingNextPage;
  // the first page (again): a new filter, a retry or a visit
  const loading = inbox.isFetching && !loadingMore;
  const firstPageFailed = inbox.isError && !inbox.isFetchNextPageError;

  const applyFilters = (next: Filters) => setSearch(inboxSearch(next));
  const loadMore = () => {
    if (inbox.hasNextPage) void inbox.fetchNextPage();
  };

  return (
    <PageContainer>
      <PageHeading title="Inbox" />
      <InboxFilters filters={filters} showBranch={admin} onChange={applyFilters} />
      <Summary>
        <p role="status">{items !== undefined && !loading ? countText(items.length, total) : ''}</p>
        <ButtonLink $variant="secondary" href={`${STAFF_API.inboxCsv}${canonical}`} download>
          Export these as CSV
        </ButtonLink>
      </Summary>
      {loading ? <Spinner label="Loading the inbox" /> : null}
      {firstPageFailed && !loading ? (
        <LoadError
          message={`The inbox could not be loaded. ${messageOf(inbox.error)}`}
          onRetry={() => void inbox.refetch()}
        />
      ) : null}
      {!loading && items !== undefined && items.length > 0 ? (
        <InboxTable items={items} inboxSearch={canonical} />
      ) : null}
      {!loading && !firstPageFailed && (inbox.hasNextPage || loadingMore) ? (
        <More>
          <Button type="button" $variant="secondary" onClick={loadMore} disabled={loadingMore}>
            {loadingMore ? 'Loading…' : 'Load more'}
          </Button>
        </More>
      ) : null}
      {!inbox.isFetching && inbox.isFetchNextPageError ? (
        <Notice tone="error">{`More items could not be loaded. ${messageOf(inbox.error)}`}</Notice>
      ) : null}
    </PageContainer>
  );
}
