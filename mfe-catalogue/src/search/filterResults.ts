import type { SearchResult } from '@site/content';

/**
 * The spec's search filter: entries whose title, product category or company contains the query, ignoring
 * case and the spaces around the query. No query (or only spaces): no results.
 */
export function filterResults(results: readonly SearchResult[], query: string): SearchResult[] {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return [];
  return results.filter((result) =>
    [result.title, result.productCategory, result.company].some((field) => field.toLocaleLowerCase().includes(needle)),
  );
}
