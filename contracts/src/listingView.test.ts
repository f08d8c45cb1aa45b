import { LISTING_PAGE_MAX, listingViewOf, listingViewSearch } from './listingView';

describe('listing view', () => {
  it('reads the order and the page of an address', () => {
    expect(listingViewOf('?sort=4&page=2')).toEqual({ sort: 4, page: 2 });
    expect(listingViewOf(new URLSearchParams('page=7'))).toEqual({ sort: 1, page: 7 });
    expect(listingViewOf('')).toEqual({ sort: 1, page: 1 });
  });

  it('reads what an address says wrongly as the default, never as an error', () => {
    for (const search of ['?sort=7', '?sort=0', '?sort=-1', '?sort=1e0', '?sort= 2', '?sort=abc']) expect(listingViewOf(search).sort).toBe(1);
    for (const search of ['?page=0', '?page=-2', '?page=02', '?page=2.5', `?page=${LISTING_PAGE_MAX + 1}`, '?page=99999999999']) expect(listingViewOf(search).page).toBe(1);
    expect(listingViewOf(`?page=${LISTING_PAGE_MAX}`).page).toBe(LISTING_PAGE_MAX);
  });

  it('writes each view one way, the defaults left out', () => {
    expect(listingViewSearch({ sort: 1, page: 1 })).toBe('');
    expect(listingViewSearch({ sort: 3, page: 1 })).toBe('?sort=3');
    expect(listingViewSearch({ sort: 1, page: 2 })).toBe('?page=2');
    expect(listingViewSearch(listingViewOf('?page=2&sort=6&x=1'))).toBe('?sort=6&page=2');
  });
});
