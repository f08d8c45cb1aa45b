import { COMPARE_MAX, compareIdsOf, compareViewSearch } from './compareView';

describe('the compare page’s view', () => {
  it('names each product once, in the order chosen, the first four', () => {
    expect(compareIdsOf('?ids=a,b,,a,c,d,e')).toEqual(['a', 'b', 'c', 'd']);
    expect(compareIdsOf('?ids=')).toEqual([]);
    expect(compareIdsOf(`?ids=${'x'.repeat(5000)},b`)).toEqual(['b']);
    expect(compareIdsOf(`?ids=${Array.from({ length: 10_000 }, (_, i) => i).join(',')}`)).toHaveLength(COMPARE_MAX);
  });

  it('writes each comparison one way', () => {
    expect(compareViewSearch(compareIdsOf('?ids=%20a%20,b&x=1'))).toBe('?ids=a,b');
    expect(compareViewSearch(['a b', 'c'])).toBe('?ids=a%20b,c');
    expect(compareViewSearch([])).toBe('');
  });
});
