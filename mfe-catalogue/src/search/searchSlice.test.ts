import { http, HttpResponse } from 'msw';
import { requestsSent, server } from '@test/msw';
import { makeStore } from '@site/shared-store';
import { catalogueHandlers } from '../testing/handlers';
import {
  fetchSearchResults,
  searchReset,
  searchTextChanged,
  selectFilteredResults,
  selectSearchStatus,
  selectSearchText,
} from './searchSlice';

describe('searchResults slice', () => {
  beforeEach(() => server.use(...catalogueHandlers));

  it('loads the index once, filters by the text, and resets', async () => {
    const store = makeStore();
    await store.dispatch(fetchSearchResults());
    await store.dispatch(fetchSearchResults());
    expect(requestsSent()).toEqual(['GET /data/searchResults.json']);
    expect(selectSearchStatus(store.getState())).toBe('succeeded');
    expect(selectFilteredResults(store.getState())).toEqual([]);

    store.dispatch(searchTextChanged('HEX'));
    expect(selectFilteredResults(store.getState()).map((r) => r.id)).toEqual(['gland_a', 'gland_b']);
    expect(selectFilteredResults(store.getState())).toBe(selectFilteredResults(store.getState()));

    store.dispatch(searchReset());
    expect(selectSearchText(store.getState())).toBe('');
    expect(selectFilteredResults(store.getState())).toEqual([]);
  });

  it('can load again after a failure', async () => {
    server.use(http.get('/data/searchResults.json', () => new HttpResponse(null, { status: 500 }), { once: true }));
    const store = makeStore();
    await store.dispatch(fetchSearchResults());
    expect(selectSearchStatus(store.getState())).toBe('failed');
    await store.dispatch(fetchSearchResults());
    expect(selectSearchStatus(store.getState())).toBe('succeeded');
  });
});
