import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { http } from '../testing/contractHttp';
import { requestsSent, server } from '@test/msw';
import { STAFF_API } from '@site/contracts/staff-api';
import {
  DUBAI_STAFF,
  fakeStaffServer,
  HOSTILE,
  sessionOf,
  staffHandlers,
  summaryOf,
  type FakeStaffServer,
} from '../testing/handlers';
import { currentAddress, renderStaffApp } from '../testing/renderStaff';
import { countText } from './InboxPage';

let fake: FakeStaffServer;
beforeEach(() => {
  fake = fakeStaffServer();
  server.use(...staffHandlers(fake));
});

const inboxRequests = () => requestsSent().filter((request) => request.startsWith(`GET ${STAFF_API.inbox}?`));
const select = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('combobox', { name: label }), { target: { value } });

describe('the inbox', () => {
  it('lists the rows newest first as the server sends them, with the total, as text', async () => {
    renderStaffApp('/inbox');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    // The visitor's markup is shown as the characters typed, and no element was made from it.
    expect(within(rows[0]!).getByRole('link', { name: HOSTILE })).toHaveAttribute('href', '/inbox/contact/7');
    expect(table.querySelector('img')).toBeNull();
    expect(within(rows[1]!).getByRole('link', { name: 'Aisha Rahman' })).toHaveAttribute('href', '/inbox/quote/12');
    expect(screen.getByText('Showing all 2 items')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Inbox' })).toBeInTheDocument();
    expect(inboxRequests()).toEqual([`GET ${STAFF_API.inbox}?limit=50`]);
  });

  it('puts every filter into the address and asks the server for exactly that view', async () => {
    renderStaffApp('/inbox');
    await screen.findByRole('table');
    select('Kind', 'quote');
    await waitFor(() => expect(currentAddress()).toBe('/inbox?kind=quote'));
    select('Branch', 'Oman');
    select('Status', 'in_progress');
    fireEvent.change(screen.getByLabelText('Received from'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Received to'), { target: { value: '2026-11-30' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'cable  glands' } });
    // Typing alone changes nothing: the search applies when sent.
    expect(currentAddress()).toBe('/inbox?kind=quote&branch=Oman&status=in_progress&from=2026-11-01&to=2026-11-30');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const view = 'kind=quote&branch=Oman&status=in_progress&from=2026-11-01&to=2026-11-30&q=cable++glands';
    await waitFor(() => expect(currentAddress()).toBe(`/inbox?${view}`));
    await waitFor(() => expect(inboxRequests().at(-1)).toBe(`GET ${STAFF_API.inbox}?${view}&limit=50`));
    expect(screen.getByRole('link', { name: 'Export these as CSV' })).toHaveAttribute(
      'href',
      `${STAFF_API.inboxCsv}?${view}`,
    );
  });

  it('starts from the filters of a shared address (and a reload), the fields showing them', async () => {
    renderStaffApp('/inbox?status=spam&q=hello&kind=contact');
    await waitFor(() =>
      expect(inboxRequests()).toEqual([`GET ${STAFF_API.inbox}?kind=contact&status=spam&q=hello&limit=50`]),
    );
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('spam');
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveValue('contact');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('hello');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(currentAddress()).toBe('/inbox'));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it('has no branch filter for branch staff', async () => {
    fake.session = sessionOf(DUBAI_STAFF);
    renderStaffApp('/inbox?branch=Oman');
    await screen.findByRole('table');
    expect(screen.queryByRole('combobox', { name: 'Branch' })).toBeNull();
    expect(inboxRequests()).toEqual([`GET ${STAFF_API.inbox}?limit=50`]);
  });

  it('loads more rows with the cursor of the page before, adding them below', async () => {
    const second = { ...fake.items[1]!, id: 99, name: 'Later page' };
    server.use(
      http.get(STAFF_API.inbox, ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        const items = (cursor === 'c2' ? [second] : [fake.items[0]!]).map(summaryOf);
        return HttpResponse.json({ items, total: 2, nextCursor: cursor === 'c2' ? null : 'c2' });
      }),
    );
    renderStaffApp('/inbox?kind=quote');
    expect(await screen.findByText('Showing 1 of 2 items')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Later page' })).toBeInTheDocument();
    expect(screen.getByText('Showing all 2 items')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(inboxRequests()).toEqual([
      `GET ${STAFF_API.inbox}?kind=quote&limit=50`,
      `GET ${STAFF_API.inbox}?kind=quote&cursor=c2&limit=50`,
    ]);
  });

  it('goes to the sign-in page when the server answers 401, keeping the view to return to', async () => {
    server.use(http.get(STAFF_API.inbox, () => HttpResponse.json({ error: 'Please sign in.' }, { status: 401 })));
    renderStaffApp('/inbox?status=new');
    await waitFor(() => expect(currentAddress()).toBe('/sign-in?next=%2Finbox%3Fstatus%3Dnew'));
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
  });

  it('says what failed and tries again', async () => {
    let calls = 0;
    server.use(
      http.get(STAFF_API.inbox, () =>
        ++calls === 1
          ? HttpResponse.json({ error: 'Database unavailable' }, { status: 503 })
          : HttpResponse.json({ items: [], total: 0, nextCursor: null }),
      ),
    );
    renderStaffApp('/inbox');
    expect(await screen.findByRole('alert')).toHaveTextContent('The inbox could not be loaded. Database unavailable');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No items match these filters.')).toBeInTheDocument();
  });
});

describe('countText', () => {
  it('says how many of how many', () => {
    expect(countText(50, 123)).toBe('Showing 50 of 123 items');
    expect(countText(1, 1)).toBe('Showing all 1 item');
    expect(countText(0, 0)).toBe('No items match these filters.');
  });
});
