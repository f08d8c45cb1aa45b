import { inboxFiltersFromSearch, inboxSearch, isoDay } from './inboxQuery';

describe('the inbox filters in the address', () => {
  it('reads every valid filter and writes them back in one order', () => {
    const filters = inboxFiltersFromSearch(
      '?q=+cable+glands+&to=2026-11-30&status=in_progress&kind=quote&branch=Saudi%20Arabia&from=2026-11-01',
      { admin: true },
    );
    expect(filters).toEqual({
      kind: 'quote',
      branch: 'Saudi Arabia',
      status: 'in_progress',
      from: '2026-11-01',
      to: '2026-11-30',
      q: 'cable glands',
    });
    expect(inboxSearch(filters)).toBe(
      '?kind=quote&branch=Saudi+Arabia&status=in_progress&from=2026-11-01&to=2026-11-30&q=cable+glands',
    );
  });

  it('drops what is not a filter value: unknown kinds and statuses, impossible dates, empty search', () => {
    expect(
      inboxFiltersFromSearch('?kind=spam&status=deleted&from=2026-02-30&to=yesterday&q=%20%20&branch=Paris', {
        admin: true,
      }),
    ).toEqual({});
  });

  it('ignores the branch for branch staff (the server shows them their own)', () => {
    expect(inboxFiltersFromSearch('?branch=Dubai&kind=contact', { admin: false })).toEqual({ kind: 'contact' });
  });

  it('cuts a very long search text', () => {
    expect(inboxFiltersFromSearch(`?q=${'x'.repeat(500)}`, { admin: false }).q).toHaveLength(200);
  });

  it('isoDay accepts real calendar days only', () => {
    expect(isoDay('2028-02-29')).toBe('2028-02-29');
    expect(isoDay('2026-02-29')).toBeUndefined();
    expect(isoDay('2026-1-5')).toBeUndefined();
    expect(inboxSearch({})).toBe('');
  });
});
