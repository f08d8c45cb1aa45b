import { useState } from 'react';
import styled from 'styled-components';
import { Button, LoadError, PageContainer, Spinner } from '@site/shared-ui';
import type { StockFeedHealth, StockFeedSummary, StockRefusal, StockRefusalReason } from '@site/contracts/stock-api';
import { useStockFeedQuery, useStockFeedsQuery } from '../api/staffApi';
import { formatDateTime } from '../ui/format';
import { Notice } from '../ui/Notice';
import { PageHeading } from '../ui/PageHeading';
import { DataTable, type Column } from '../ui/DataTable';
import { staffResource } from '../ui/staffResource';
import { VisibleText } from '../ui/VisibleText';

/** The words for a refused row's reason. */
export const REASON_LABELS: Record<StockRefusalReason, string> = {
  'missing-code': 'No code',
  'unknown-code': 'Unknown code',
  'unknown-location': 'Unknown location',
  'bad-quantity': 'Bad quantity',
  'bad-date': 'Bad date',
  'past-date': 'Date in the past',
  'bad-lead-time': 'Bad lead time',
  duplicate: 'Named twice',
  'bad-row': 'Not a row',
};

const Reasons = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const count = (value: number) => value.toLocaleString('en');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** When the last feed came, and the warning when it is late (also on the staff home). */
export function feedLateText(health: StockFeedHealth): string | null {
  if (!health.stale) return null;
  const since =
    health.lastFeedAt === null
      ? 'No stock feed has arrived from the ERP yet'
      : `No stock feed has arrived from the ERP since ${formatDateTime(health.lastFeedAt)}`;
  return `${since} (expected at least every ${count(health.staleAfterMinutes)} minutes): stock shown may be out of date. Check the ERP's connection.`;
}

function ReasonList({ feed }: { feed: StockFeedSummary }) {
  const entries = Object.entries(feed.reasons) as [StockRefusalReason, number][];
  if (entries.length === 0) return null;
  return (
    <Reasons>
      {entries.map(([reason, n]) => (
        <li key={reason}>
          {REASON_LABELS[reason] ?? reason}: {count(n)}
        </li>
      ))}
    </Reasons>
  );
}

const REFUSAL_COLUMNS: readonly Column<StockRefusal>[] = [
  { header: 'Line', cell: (refusal) => refusal.line },
  { header: 'Code', cell: (refusal) => <VisibleText text={refusal.code} />, dir: 'ltr' },
  { header: 'Reason', cell: (refusal) => REASON_LABELS[refusal.reason] ?? refusal.reason },
  { header: 'Detail', cell: (refusal) => <VisibleText text={refusal.message} /> },
];

/** The feeds' columns; the last opens a feed's refused rows (`opened`: the feed whose rows show). */
const feedColumns = (
  opened: number | null,
  setOpened: (id: number | null) => void,
): readonly Column<StockFeedSummary>[] => [
  { header: 'When', cell: (feed) => formatDateTime(feed.at) },
  {
    header: 'Kind',
    cell: (feed) =>
      `${feed.kind === 'snapshot' ? 'Snapshot' : 'Changes'} (${feed.format.toUpperCase()}${feed.strict ? ', strict' : ''})`,
  },
  { header: 'Sent by', cell: (feed) => <VisibleText text={feed.actor} /> },
  {
    header: 'Outcome',
    cell: (feed) =>
      feed.outcome === 'applied' ? (
        'Applied'
      ) : (
        <strong>Refused{feed.message === null ? '' : `: ${feed.message}`}</strong>
      ),
  },
  { header: 'Rows', cell: (feed) => count(feed.rows) },
  { header: 'Applied', cell: (feed) => count(feed.applied) },
  {
    header: 'Changed',
    cell: (feed) => `${count(feed.changed)}${feed.cleared > 0 ? ` (+${count(feed.cleared)} cleared)` : ''}`,
  },
  { header: 'Refused', cell: (feed) => count(feed.refused) },
  { header: 'Duration', cell: (feed) => seconds(feed.durationMs) },
  {
    header: 'Reasons',
    cell: (feed) => (
      <>
        <ReasonList feed={feed} />
        {feed.refused > 0 ? (
          <Button
            type="button"
            $variant="secondary"
            aria-expanded={opened === feed.id}
            onClick={() => setOpened(opened === feed.id ? null : feed.id)}
          >
            {opened === feed.id ? 'Hide the refused rows' : 'Show the refused rows'}
          </Button>
        ) : null}
      </>
    ),
  },
];

/** One feed's refused rows, as the server kept them (the first 1,000). */
function RefusedRows({ id }: { id: number }) {
  const { resource, retry } = staffResource(useStockFeedQuery(id));
  if (resource.status === 'failed')
    return <LoadError message={`The feed's refused rows could not be loaded. ${resource.error}`} onRetry={retry} />;
  if (resource.data === undefined) return <Spinner label="Loading the refused rows" />;
  const feed = resource.data;
  const caption = `Refused rows of the feed of ${formatDateTime(feed.at)}${feed.refused > feed.refusals.length ? ` (the first ${count(feed.refusals.length)} of ${count(feed.refused)})` : ''}`;
  return (
    <DataTable caption={caption} columns={REFUSAL_COLUMNS} rows={feed.refusals} rowKey={(refusal) => refusal.line} />
  );
}

/** /staff/stock-feeds (admins): the ERP's feeds of the last 30 days, newest first, each with its report. */
export function StockFeedsPage() {
  const [before, setBefore] = useState<number | undefined>(undefined);
  const { resource, retry } = staffResource(useStockFeedsQuery(before));
  const [opened, setOpened] = useState<number | null>(null);
  const data = resource.data;
  const late = data === undefined ? null : feedLateText(data);

  return (
    <PageContainer>
      <PageHeading title="Stock feeds" />
      <p>
        What the ERP sent in the last 30 days (PUT or PATCH /api/stock with a stock token, or `npm run stock`), newest
        first.
      </p>
      {late === null ? null : <Notice tone="error">{late}</Notice>}
      {resource.status === 'failed' ? (
        <LoadError message={`The stock feeds could not be loaded. ${resource.error}`} onRetry={retry} />
      ) : null}
      {resource.status === 'loading' ? <Spinner label="Loading the stock feeds" /> : null}
      {data !== undefined && resource.status === 'ready' ? (
        data.feeds.length === 0 ? (
          <p>No feed in the last 30 days.</p>
        ) : (
          <>
            <DataTable
              caption="Stock feeds, newest first"
              columns={feedColumns(opened, setOpened)}
              rows={data.feeds}
              rowKey={(feed) => feed.id}
            />
            {opened === null ? null : <RefusedRows id={opened} />}
            {data.next === null ? null : (
              <Button type="button" $variant="secondary" onClick={() => setBefore(data.next ?? undefined)}>
                Older feeds
              </Button>
            )}
            {before === undefined ? null : (
              <Button type="button" $variant="secondary" onClick={() => setBefore(undefined)}>
                Newest feeds
              </Button>
            )}
          </>
        )
      ) : null}
    </PageContainer>
  );
}
