import { http, HttpResponse } from 'msw';
import { server } from '@test/msw';
import { STAFF_API, type InboxPage } from '@site/contracts/staff-api';
import { sessionOf, ADMIN } from '../testing/handlers';
import { fetchInbox } from '../inbox/inboxSlice';
import { sessionExpired, sessionStarted } from '../session/sessionSlice';
import { makeStaffStore } from './store';

const PAGE: InboxPage = {
  items: [{ kind: 'contact', id: 1, createdAt: '2026-11-20T09:00:00Z', branch: 'Dubai', status: 'new', name: 'A', email: 'a@example.com', company: null, preview: 'x', assignee: null }],
  total: 1,
  nextCursor: null,
};

describe('the staff store', () => {
  it('forgets the rows it showed when the session ends', async () => {
    server.use(http.get(STAFF_API.inbox, () => HttpResponse.json(PAGE)));
    const store = makeStaffStore();
    store.dispatch(sessionStarted(sessionOf(ADMIN)));
    await store.dispatch(fetchInbox({ filters: {} }));
    expect(store.getState().inbox.items).toHaveLength(1);
    store.dispatch(sessionExpired());
    expect(store.getState().inbox.items).toEqual([]);
    expect(store.getState().session).toMatchObject({ status: 'signed-out', endedBy: 'expiry', csrfToken: null, account: null });
  });

  it('ends the session on a 401 from any staff call', async () => {
    server.use(http.get(STAFF_API.inbox, () => HttpResponse.json({ error: 'Please sign in.' }, { status: 401 })));
    const store = makeStaffStore();
    store.dispatch(sessionStarted(sessionOf(ADMIN)));
    await store.dispatch(fetchInbox({ filters: {} }));
    expect(store.getState().session.status).toBe('signed-out');
  });

  it('keeps the session on other refusals', async () => {
    server.use(http.get(STAFF_API.inbox, () => HttpResponse.json({ error: 'Not yours.' }, { status: 403 })));
    const store = makeStaffStore();
    store.dispatch(sessionStarted(sessionOf(ADMIN)));
    await store.dispatch(fetchInbox({ filters: {} }));
    expect(store.getState().session.status).toBe('active');
    expect(store.getState().inbox).toMatchObject({ status: 'failed', error: 'Not yours.' });
  });
});
