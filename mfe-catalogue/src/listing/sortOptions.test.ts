import { testI18n } from '@test/render';
import { DEFAULT_LISTING_SORT, LISTING_SORTS } from '@site/contracts/listing-view';
import { SORT_OPTIONS, isSortValue } from './sortOptions';

describe('sort options', () => {
  it('has the six options of the spec, values 1-6 (the orders the server sorts in), default 1', () => {
    expect(SORT_OPTIONS.map((o) => o.value)).toEqual([...LISTING_SORTS]);
    const i18n = testI18n('en');
    expect(SORT_OPTIONS.map((o) => i18n._(o.labelId))).toEqual([
      'Default Sorting',
      'Sort by popularity',
      'Sort by average rating',
      'Sort by newness',
      'Sort by price: low to high',
      'Sort by price: high to low',
    ]);
    expect(DEFAULT_LISTING_SORT).toBe(1);
    expect([0, 1, 6, 7, 2.5].map(isSortValue)).toEqual([false, true, true, false, false]);
  });
});
