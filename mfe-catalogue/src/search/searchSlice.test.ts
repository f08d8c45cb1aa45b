import { http, HttpResponse } from 'msw';
import { requestsSent, server } from '@test/msw';
import { makeStore } from '@site/shared-store';
import { CATALOGUE_SEARCH_API_PATH } from '@site/contracts/api';
import { catalogueHandlers } from '../testing/handlers';
import {
  searchCatalogue,
  searchReset,
  searchTextChanged,
  selectSearchQuery,
  selectSearchResults,
  selectSearchStatus,
  selectSearchText,
  selectSearchTotal,
} from './searchSlice';

describe('searchResults slice', () => {
  beforeEach(() => server.use(...catalogueHandlers));
  const ids = (store: ReturnType<typeof makeStore>) => selectSearchResults(store.getState()).map((result) => result.id);

  it('holds the answer for the text typed, and resets', async () => {
    const store = makeStore();
    store.dispatch(searchTextChanged('HEX '));
    await store.dispatch(searchCatalogue({ query: 'HEX', offset: 0, lang: 'en' }));
    expect(requestsSent()).toEqual([`GET ${CATALOGUE_SEARCH_API_PATH}?q=HEX&offset=0&limit=20&lang=en`]);
    expect(selectSearchStatus(store.getState())).toBe('succeeded');
    expect(selectSearchQuery(store.getState())).toBe('HEX');
    expect(selectSearchTotal(store.getState())).toBe(2);
    expect(ids(store)).toEqual(['gland_a', 'gland_b']);

    store.dispatch(searchReset());
    expect(selectSearchText(store.getState())).toBe('');
    expect(ids(store)).toEqual([]);
  });

  it('does not take an answer for a text the visitor has typed past, nor a page of another search', async () => {
    const store = makeStore();
    store.dispatch(searchTextChanged('tape'));
    await store.dispatch(searchCatalogue({ query: 'HEX', offset: 0, lang: 'en' }));
    expect(ids(store)).toEqual([]);
    await store.dispatch(searchCatalogue({ query: 'tape', offset: 0, lang: 'en' }));
    expect(ids(store)).toEqual(['tape_x']);
    await store.dispatch(searchCatalogue({ query: 'tape', offset: 5, lang: 'en' }));
    expect(ids(store)).toEqual(['tape_x']);
  });

  it('an emptied text drops the results', async () => {
    const store = makeStore();
    store.dispatch(searchTextChanged('tape'));
    await store.dispatch(searchCatalogue({ query: 'tape', offset: 0, lang: 'en' }));
    store.dispatch(searchTextChanged('  '));
    expect(ids(store)).toEqual([]);
    expect(selectSearchQuery(store.getState())).toBe('');
  });

  it('a failed search says so; an aborted one leaves the results as they were', async () => {
    server.use(http.get(CATALOGUE_SEARCH_API_PATH, () => new HttpResponse(null, { status: 500 }), { once: true }));
    const store = makeStore();
    store.dispatch(searchTextChanged('tape'));
    await store.dispatch(searchCatalogue({ query: 'tape', offset: 0, lang: 'en' }));
    expect(selectSearchStatus(store.getState())).toBe('failed');
    await store.dispatch(searchCatalogue({ query: 'tape', offset: 0, lang: 'en' }));
    expect(selectSearchStatus(store.getState())).toBe('succeeded');
    const aborted = store.dispatch(searchCatalogue({ query: 'tape', offset: 0, lang: 'en' }));
    aborted.abort();
    await aborted;
    expect(selectSearchStatus(store.getState())).toBe('loading');
    expect(ids(store)).toEqual(['tape_x']);
  });
});
