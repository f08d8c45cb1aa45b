import { SEARCH_RESULTS_PAGE_SIZE, searchApiQuery, searchViewOf, searchViewSearch } from './searchView';

describe('the search page’s view', () => {
  it('reads the text and the page of an address, in one spelling', () => {
    expect(searchViewOf('?q=%20%204%20core%20%20swa%20&page=2&utm_source=x')).toEqual({
      q: '4 core swa',
      page: 2,
      brands: [],
    });
    expect(searchViewSearch(searchViewOf('?page=2&q=4+core+swa'))).toBe('?q=4+core+swa&page=2');
    expect(searchViewSearch(searchViewOf('?q=swa&page=1'))).toBe('?q=swa');
  });

  it('reads a page written wrongly as the first, and no text as no search', () => {
    for (const page of ['0', '02', '2.0', 'abc', '-1', '99999999999'])
      expect(searchViewOf(`?q=x&page=${page}`).page).toBe(1);
    expect(searchViewSearch(searchViewOf('?q=%20&page=3'))).toBe('');
  });

  it('asks the API for the view’s page of results', () => {
    expect(searchApiQuery({ q: 'قاطع', page: 3, brands: [] })).toBe(
      `?q=%D9%82%D8%A7%D8%B7%D8%B9&offset=${2 * SEARCH_RESULTS_PAGE_SIZE}&limit=${SEARCH_RESULTS_PAGE_SIZE}&facets=1`,
    );
    expect(searchApiQuery({ q: 'mcb', page: 1, brands: ['ABB'], attributes: { poles: ['2P', '1P'] } })).toBe(
      `?q=mcb&offset=0&limit=${SEARCH_RESULTS_PAGE_SIZE}&facets=1&brand=ABB&poles=1P,2P`,
    );
  });
});
