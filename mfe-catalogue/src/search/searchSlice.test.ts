import { makeStore } from '@site/shared-store';
import { SEARCH_RESULTS } from '../testing/catalogueFixtures';
import { stubFetch, type FetchStub } from '../testing/fetchStub';
import {
  fetchSearchResults,
  searchReset,
  searchTextChanged,
  selectFilteredResults,
  selectSearchStatus,
  selectSearchText,
} from './searchSlice';

describe('searchResults slice', () => {
  let fetchStub: FetchStub;
  afterEach(() => fetchStub.restore());

  it('loads the index once, filters by the text, and resets', async () => {
    fetchStub = stubFetch({ '/data/searchResults.json': { body: SEARCH_RESULTS } });
    const store = makeStore();
    await store.dispatch(fetchSearchResults());
    await store.dispatch(fetchSearchResults());
    expect(fetchStub.calls).toHaveLength(1);
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
    fetchStub = stubFetch({ '/data/searchResults.json': { status: 500 } });
    const store = makeStore();
    await store.dispatch(fetchSearchResults());
    expect(selectSearchStatus(store.getState())).toBe('failed');
    fetchStub.restore();
    fetchStub = stubFetch({ '/data/searchResults.json': { body: SEARCH_RESULTS } });
    await store.dispatch(fetchSearchResults());
    expect(selectSearchStatus(store.getState())).toBe('succeeded');
  });
});
