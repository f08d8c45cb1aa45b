// The compare page's view, in its address and in the catalogue API's query alike: '/compare?ids=a,b'. Up to four
// products, each once, in the order chosen; more names keep the first four. No imports: the catalogue remote bundles
// it for a few bytes.

/** The most products one comparison holds, and the fewest it needs. */
export const COMPARE_MAX = 4;
export const COMPARE_MIN = 2;

/** Longest product id (content's schema): a longer name is no product's. */
export const COMPARE_ID_MAX = 100;

/** The products an address names ('a,b,,a,c,d,e' → a, b, c, d): each once, in order, the first four. */
export function compareIdsOf(search: string | URLSearchParams): string[] {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const ids = (params.get('ids') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '' && id.length <= COMPARE_ID_MAX);
  return [...new Set(ids)].slice(0, COMPARE_MAX);
}

/** The view as a query ('?ids=a,b'; '' for none): one spelling of each comparison. */
export function compareViewSearch(ids: readonly string[]): string {
  return ids.length === 0 ? '' : `?ids=${ids.map(encodeURIComponent).join(',')}`;
}
