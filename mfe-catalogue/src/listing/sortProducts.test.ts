import type { Product } from '@site/content';
import { testI18n } from '@test/render';
import { DEFAULT_SORT, SORT_OPTIONS, isSortValue, sortProducts } from './sortProducts';

const product = (id: string, popularity: number, dateAdded: string, price?: number): Product => ({
  id,
  productCategoryId: 'cables',
  productCategory: 'Cables',
  productName: id,
  code: `OC-${id.toUpperCase()}`,
  image: 'cable_armoured',
  popularity,
  dateAdded,
  unit: 'metre',
  ...(price === undefined ? {} : { price }),
});

// catalogue order: a b c d e
const catalogue = [
  product('a', 50, '2021-01-10', 30),
  product('b', 90, '2023-06-01'),
  product('c', 70, '2022-02-02', 12.5),
  product('d', 90, '2020-05-05', 30),
  product('e', 10, '2024-01-01'),
];
const ids = (products: Product[]) => products.map((p) => p.id);

describe('sortProducts', () => {
  it('has the six options of the spec, values 1-6, default 1', () => {
    expect(SORT_OPTIONS.map((o) => o.value)).toEqual([1, 2, 3, 4, 5, 6]);
    const i18n = testI18n('en');
    expect(SORT_OPTIONS.map((o) => i18n._(o.labelId))).toEqual([
      'Default Sorting',
      'Sort by popularity',
      'Sort by average rating',
      'Sort by newness',
      'Sort by price: low to high',
      'Sort by price: high to low',
    ]);
    expect(DEFAULT_SORT).toBe(1);
    expect([0, 1, 6, 7, 2.5].map(isSortValue)).toEqual([false, true, true, false, false]);
  });

  it('Default Sorting keeps the catalogue order, in a new array', () => {
    const sorted = sortProducts(catalogue, 1);
    expect(ids(sorted)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(sorted).not.toBe(catalogue);
  });

  it('popularity: most popular first, catalogue order among equals', () => {
    expect(ids(sortProducts(catalogue, 2))).toEqual(['b', 'd', 'c', 'a', 'e']);
  });

  it('average rating: best first, more reviews first on a tie, unrated last in catalogue order', () => {
    const ratings = { c: { average: 4.5, count: 2 }, e: { average: 5, count: 1 }, a: { average: 4.5, count: 6 } };
    expect(ids(sortProducts(catalogue, 3, ratings))).toEqual(['e', 'a', 'c', 'b', 'd']);
    expect(ids(sortProducts(catalogue, 3))).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('newness: latest date added first', () => {
    expect(ids(sortProducts(catalogue, 4))).toEqual(['e', 'b', 'c', 'a', 'd']);
  });

  it('price low to high and high to low, products without a price last both ways', () => {
    expect(ids(sortProducts(catalogue, 5))).toEqual(['c', 'a', 'd', 'b', 'e']);
    expect(ids(sortProducts(catalogue, 6))).toEqual(['a', 'd', 'c', 'b', 'e']);
  });

  it('never changes the list it is given', () => {
    const before = ids(catalogue);
    for (const { value } of SORT_OPTIONS) sortProducts(catalogue, value);
    expect(ids(catalogue)).toEqual(before);
  });
});
