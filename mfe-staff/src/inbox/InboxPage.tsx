import { useEffect, useMemo } from 'react';
import styled from 'styled-components';
import { Button, ButtonLink, LoadError, PageContainer, Spinner, useAddressQuery } from '@site/shared-ui';
import { STAFF_API } from '@site/contracts/staff-api';
import { useStaffDispatch, useStaffSelector } from '../app/store';
import { selectIsAdmin } from '../session/sessionSlice';
import { PageHeading } from '../ui/PageHeading';
import { Notice } from '../ui/Notice';
import { InboxFilters } from './InboxFilters';
import { InboxTable } from './InboxTable';
import { inboxFiltersFromSearch, inboxSearch, type InboxFilters as Filters } from './inboxQuery';
import { fetchInbox, selectInbox } from './inboxSlice';

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
  return shown >= total ? `Showing all ${total} ${total === 1 ? 'item' : 'items'}` : `Showing ${shown} of ${total} items`;
}

/**
 * /staff/inbox: what visitors sent (contact messages, registrations, enquiries, quote requests), newest first, filtered
 * by the address's query, 50 at a time ("Load more"), with the filtered view as CSV.
 */
export function InboxPage() {
  const dispatch = useStaffDispatch();
  const admin = useStaffSelector(selectIsAdmin);
  const inbox = useStaffSelector(selectInbox);
  const [search, setSearch] = useAddressQuery();
  const filters = useMemo(() => inboxFiltersFromSearch(search, { admin }), [search, admin]);
  const canonical = inboxSearch(filters);

  useEffect(() => {
    const request = dispatch(fetchInbox({ filters }));
    return () => request.abort();
  }, [dispatch, filters]);

  const applyFilters = (next: Filters) => setSearch(inboxSearch(next));
  const loadMore = () => {
    if (inbox.nextCursor !== null) void dispatch(fetchInbox({ filters, cursor: inbox.nextCursor }));
  };
  const current = inbox.search === canonical;

  return (
    <PageContainer>
      <PageHeading title="Inbox" />
      <InboxFilters filters={filters} showBranch={admin} onChange={applyFilters} />
      <Summary>
        <p role="status">{current && (inbox.status === 'ready' || inbox.status === 'loading-more') ? countText(inbox.items.length, inbox.total) : ''}</p>
        <ButtonLink $variant="secondary" href={`${STAFF_API.inboxCsv}${canonical}`} download>
          Export these as CSV
        </ButtonLink>
      </Summary>
      {inbox.status === 'loading' || !current ? <Spinner label="Loading the inbox" /> : null}
      {inbox.status === 'failed' && current ? (
        <LoadError message={`The inbox could not be loaded. ${inbox.error ?? ''}`} onRetry={() => void dispatch(fetchInbox({ filters }))} />
      ) : null}
      {current && inbox.items.length > 0 ? <InboxTable items={inbox.items} inboxSearch={canonical} /> : null}
      {current && (inbox.nextCursor !== null || inbox.status === 'loading-more') ? (
        <More>
          <Button type="button" $variant="secondary" onClick={loadMore} disabled={inbox.status === 'loading-more'}>
            {inbox.status === 'loading-more' ? 'Loading…' : 'Load more'}
          </Button>
        </More>
      ) : null}
      {current && inbox.status === 'ready' && inbox.error !== null ? <Notice tone="error">{`More items could not be loaded. ${inbox.error}`}</Notice> : null}
    </PageContainer>
  );
}
