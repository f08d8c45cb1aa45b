import { HttpResponse } from 'msw';
import { server } from '@test/msw';
import { STAFF_API, type InboxPage } from '@site/contracts/staff-api';
import { http } from '../testing/contractHttp';
import { sessionOf, ADMIN } from '../testing/handlers';
import { inboxApi } from '../inbox/inboxApi';
import { sessionExpired, sessionStarted } from '../session/sessionSlice';
import { makeStaffStore, type StaffStore } from './store';

const PAGE: InboxPage = {
  items: [
    {
      kind: 'contact',
      id: 1,
      createdAt: '2026-11-20T09:00:00Z',
      branch: 'Dubai',
      status: 'new',
      name: 'A',
      email: 'a@example.com',
      company: null,
      preview: 'x',
      assignee: null,
    },
  ],
  total: 1,
  nextCursor: null,
};

/** What the store holds of the unfiltered inbox. */
const inboxOf = (store: StaffStore) => inboxApi.endpoints.inbox.select({})(store.getState());

describe('the staff store', () => {
  it('forgets the rows it showed when the session ends', async () => {
    server.use(http.get(STAFF_API.inbox, () => HttpResponse.json(PAGE)));
    const store = makeStaffStore();
    store.dispatch(sessionStarted(sessionOf(ADMIN)));
    await store.dispatch(inboxApi.endpoints.inbox.initiate({}));
    expect(inboxOf(store)?.data?.pages[0]?.items).toHaveLength(1);
    store.dispatch(sessionExpired());
    expect(inboxOf(store)?.data).toBeUndefined();
    expect(store.getState().session).toMatchObject({
      status: 'signed-out',
      endedBy: 'expiry',
      csrfToken: null,
      account: null,
    });
  });

  it('ends the session on a 401 from any staff call', async () => {
    server.use(http.get(STAFF_API.inbox, () => HttpResponse.json({ error: 'Please sign in.' }, { status: 401 })));
    const store = makeStaffStore();
    store.dispatch(sessionStarted(sessionOf(ADMIN)));
    await store.dispatch(inboxApi.endpoints.inbox.initiate({}));
    expect(store.getState().session.status).toBe('signed-out');
  });

  it('keeps the session on other refusals', async () => {
    server.use(http.get(STAFF_API.inbox, () => HttpResponse.json({ error: 'Not yours.' }, { status: 403 })));
    const store = makeStaffStore();
    store.dispatch(sessionStarted(sessionOf(ADMIN)));
    await store.dispatch(inboxApi.endpoints.inbox.initiate({}));
    expect(store.getState().session.status).toBe('active');
    expect(inboxOf(store)).toMatchObject({ isError: true, error: { status: 403, message: 'Not yours.' } });
  });
});
