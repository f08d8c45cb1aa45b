import type { SearchResult } from '@site/content';
import { filterResults } from './filterResults';

const entry = (id: string, title: string, productCategory: string, company: string): SearchResult => ({
  id,
  title,
  productCategory,
  productCategoryId: productCategory.toLowerCase().replace(/\W+/g, '_'),
  company,
  image: 'gland_brass',
});

const results = [
  entry('gland', 'CW Brass Cable Gland', 'Industrial Cable Glands', 'Hex'),
  entry('tape', 'Scotch Super 33+ Vinyl Tape', 'Scotch Tapes and Mastics', '3M'),
  entry('fan', 'Pedestal Fan 650 mm', 'Industrial Fans', 'Breeze'),
  entry('box', 'GI Box 3x3', 'GI Boxes', ''),
];
const ids = (found: SearchResult[]) => found.map((r) => r.id);

describe('filterResults', () => {
  it('matches the title, the category or the company, ignoring case', () => {
    expect(ids(filterResults(results, 'brass'))).toEqual(['gland']);
    expect(ids(filterResults(results, 'INDUSTRIAL'))).toEqual(['gland', 'fan']);
    expect(ids(filterResults(results, '3m'))).toEqual(['tape']);
    expect(ids(filterResults(results, 'breeze'))).toEqual(['fan']);
  });

  it('matches a substring anywhere, keeping the index order', () => {
    expect(ids(filterResults(results, 'a'))).toEqual(['gland', 'tape', 'fan']);
    expect(ids(filterResults(results, '33+'))).toEqual(['tape']);
  });

  it('ignores spaces around the query, not inside it', () => {
    expect(ids(filterResults(results, '  cable gland '))).toEqual(['gland']);
    expect(ids(filterResults(results, 'cablegland'))).toEqual([]);
  });

  it('finds nothing for no query, only spaces, or text nobody has', () => {
    expect(filterResults(results, '')).toEqual([]);
    expect(filterResults(results, '   ')).toEqual([]);
    expect(filterResults(results, '<b>glands</b>')).toEqual([]);
  });

  it('treats regular-expression characters as text', () => {
    expect(filterResults(results, '.*')).toEqual([]);
    expect(ids(filterResults([entry('x', 'Lug (M10)', 'Lugs', '')], '(m10)'))).toEqual(['x']);
  });
});
