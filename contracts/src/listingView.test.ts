import {
  LISTING_BRANDS_MAX,
  LISTING_PAGE_MAX,
  hasListingFilters,
  listingAddressSearch,
  listingViewOf,
  listingViewSearch,
} from './listingView';

describe('listing view', () => {
  it('reads the order and the page of an address', () => {
    expect(listingViewOf('?sort=4&page=2')).toEqual({ sort: 4, page: 2, brands: [] });
    expect(listingViewOf(new URLSearchParams('page=7'))).toEqual({ sort: 1, page: 7, brands: [] });
    expect(listingViewOf('')).toEqual({ sort: 1, page: 1, brands: [] });
  });

  it('reads the brands and the price range the listing is narrowed to', () => {
    expect(listingViewOf('?brand=Legrand,ABB,,Legrand&minPrice=0&maxPrice=250')).toEqual({
      sort: 1,
      page: 1,
      brands: ['ABB', 'Legrand'],
      minPrice: 0,
      maxPrice: 250,
    });
    expect(hasListingFilters(listingViewOf('?brand=ABB'))).toBe(true);
    expect(hasListingFilters(listingViewOf('?sort=2&page=3'))).toBe(false);
  });

  it('reads what an address says wrongly as the default, never as an error', () => {
    for (const search of ['?sort=7', '?sort=0', '?sort=-1', '?sort=1e0', '?sort= 2', '?sort=abc'])
      expect(listingViewOf(search).sort).toBe(1);
    for (const search of [
      '?page=0',
      '?page=-2',
      '?page=02',
      '?page=2.5',
      `?page=${LISTING_PAGE_MAX + 1}`,
      '?page=99999999999',
    ])
      expect(listingViewOf(search).page).toBe(1);
    expect(listingViewOf(`?page=${LISTING_PAGE_MAX}`).page).toBe(LISTING_PAGE_MAX);
    for (const search of ['?minPrice=-1', '?minPrice=1.5', '?minPrice=01', '?minPrice=abc', '?minPrice=99999999999'])
      expect(listingViewOf(search).minPrice).toBeUndefined();
    // a flood of brands, or a name longer than any brand's, is cut to what a view can hold
    const many = Array.from({ length: 500 }, (_, index) => `B${String(index).padStart(3, '0')}`).join(',');
    expect(listingViewOf(`?brand=${many},${'x'.repeat(5000)}`).brands).toHaveLength(LISTING_BRANDS_MAX);
  });

  it('writes each view one way, the defaults left out', () => {
    expect(listingViewSearch({ sort: 1, page: 1, brands: [] })).toBe('');
    expect(listingViewSearch({ sort: 3, page: 1, brands: [] })).toBe('?sort=3');
    expect(listingViewSearch({ sort: 1, page: 2, brands: [] })).toBe('?page=2');
    expect(listingViewSearch(listingViewOf('?page=2&sort=6&x=1'))).toBe('?sort=6&page=2');
    expect(listingViewSearch(listingViewOf('?page=2&maxPrice=90&brand=Legrand,ABB&sort=6'))).toBe(
      '?sort=6&brand=ABB,Legrand&maxPrice=90&page=2',
    );
  });

  it('reads the filters’ form as it is sent without scripts: ticked boxes repeated, empty fields none', () => {
    const sent = '?sort=5&brand=Legrand&brand=ABB&ip=IP66&ip=IP67&minPrice=&maxPrice=90&stock=muscat&stock=dubai';
    expect(listingViewOf(sent)).toEqual({
      sort: 5,
      page: 1,
      brands: ['ABB', 'Legrand'],
      attributes: { ip: ['IP66', 'IP67'] },
      maxPrice: 90,
      stock: ['dubai', 'muscat'],
    });
    // the same view as the page writes it
    expect(listingViewOf(sent)).toEqual(
      listingViewOf('?sort=5&brand=ABB,Legrand&ip=IP66,IP67&maxPrice=90&stock=dubai,muscat'),
    );
    expect(listingViewOf('?sort=1&minPrice=&maxPrice=')).toEqual({ sort: 1, page: 1, brands: [] });
  });

  it('writes an address in the one spelling, other parameters kept after the view', () => {
    expect(listingAddressSearch('?sort=1&brand=Legrand&brand=ABB&minPrice=&maxPrice=')).toBe('?brand=ABB,Legrand');
    expect(listingAddressSearch('?sort=1&minPrice=&maxPrice=')).toBe('');
    expect(listingAddressSearch('?utm_source=mail&page=2&sort=6')).toBe('?sort=6&page=2&utm_source=mail');
    // a view already in its spelling is the same text: nothing to replace
    for (const written of ['', '?sort=2', '?brand=ABB,Legrand&voltage=600/1000+V&maxPrice=90&stock=dubai&page=3']) {
      expect(listingAddressSearch(written)).toBe(written);
    }
  });
});
