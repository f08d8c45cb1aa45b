import { fireEvent, screen, within } from '@testing-library/react';
import { server } from '@test/msw';
import type { StockFeedDetail } from '@site/contracts/stock-api';
import { DUBAI_STAFF, fakeStaffServer, sessionOf, staffHandlers } from '../testing/handlers';
import { renderStaffApp } from '../testing/renderStaff';

const FEED: StockFeedDetail = {
  id: 7,
  at: '2026-11-28T09:15:00.000Z',
  kind: 'delta',
  format: 'csv',
  source: 'api',
  actor: 'token 3 "ERP"',
  strict: false,
  outcome: 'applied',
  message: null,
  rows: 3,
  applied: 2,
  changed: 2,
  cleared: 0,
  refused: 1,
  reasons: { 'unknown-code': 1 },
  durationMs: 420,
  refusals: [
    { line: 3, code: 'NO-SUCH-1', reason: 'unknown-code', message: 'No variant of the catalogue has this code' },
  ],
};

describe('the stock feeds', () => {
  it('lists the feeds of 30 days with their counts and reasons, and shows a feed’s refused rows', async () => {
    const { refusals: _refusals, ...summary } = FEED;
    server.use(
      ...staffHandlers(
        fakeStaffServer({
          stockFeeds: { feeds: [summary], next: null, lastFeedAt: FEED.at, staleAfterMinutes: 120, stale: false },
          stockFeedDetails: [FEED],
        }),
      ),
    );
    renderStaffApp('/stock-feeds');
    const table = await screen.findByRole('table', { name: 'Stock feeds, newest first' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Changes (CSV)');
    expect(row).toHaveTextContent('token 3 "ERP"');
    expect(row).toHaveTextContent('Unknown code: 1');
    expect(row).toHaveTextContent('0.4 s');
    fireEvent.click(within(row).getByRole('button', { name: 'Show the refused rows' }));
    const refused = await screen.findByRole('table', { name: /^Refused rows of the feed/ });
    expect(within(refused).getByRole('row', { name: /NO-SUCH-1/ })).toHaveTextContent(
      'No variant of the catalogue has this code',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns on the home page when no feed arrived for longer than the setting (admins only)', async () => {
    const fake = fakeStaffServer();
    fake.stockFeeds = { ...fake.stockFeeds, stale: true };
    server.use(...staffHandlers(fake));
    renderStaffApp('/inbox');
    expect(
      await screen.findByText(
        /No stock feed has arrived from the ERP since .* \(expected at least every 120 minutes\)/,
      ),
    ).toBeInTheDocument();
  });

  it('is not in branch staff’s menu, and warns them of nothing', async () => {
    const fake = fakeStaffServer({ session: sessionOf(DUBAI_STAFF) });
    fake.stockFeeds = { ...fake.stockFeeds, stale: true };
    server.use(...staffHandlers(fake));
    renderStaffApp('/inbox');
    const nav = await screen.findByRole('navigation', { name: 'Staff sections' });
    expect(nav).not.toHaveTextContent('Stock feeds');
    expect(screen.queryByText(/No stock feed/)).toBeNull();
  });
});
