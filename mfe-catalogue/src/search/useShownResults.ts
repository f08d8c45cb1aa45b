import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import type { SearchResult } from '@site/content';
import { filterResults } from './filterResults';

/**
 * Results drawn at first, and added by each 'Show more': a list that stays cheap to draw on a slow phone whatever the
 * text (one letter matches the whole index), and long enough for the usual query (a product family: under 10).
 */
export const RESULTS_PAGE_SIZE = 20;

export interface ShownResults {
  /** The text the results are for (trimmed). It trails the input by a frame while the list redraws. */
  query: string;
  /** Every match, in the index's order. */
  results: SearchResult[];
  /** The first of them, the ones drawn. */
  shown: SearchResult[];
  /** Draws the next page of results; returns how many were drawn before. */
  showMore: () => number;
}

/**
 * The matches for `text`, filtered and drawn on a deferred copy of it: a keystroke paints the input at once and React
 * redraws the list after that paint, in a render a next keystroke can interrupt (the list no longer counts in the
 * keystroke's latency). Only `RESULTS_PAGE_SIZE` results are drawn per page.
 */
export function useShownResults(index: readonly SearchResult[], text: string): ShownResults {
  const query = useDeferredValue(text).trim();
  const results = useMemo(() => filterResults(index, query), [index, query]);
  // How many are drawn, for the results it was set for: any other text (even one typed before) starts at one page.
  const [drawn, setDrawn] = useState({ results, count: RESULTS_PAGE_SIZE });
  const count = drawn.results === results ? drawn.count : RESULTS_PAGE_SIZE;
  const shown = useMemo(() => results.slice(0, count), [results, count]);
  const showMore = useCallback(() => {
    setDrawn({ results, count: count + RESULTS_PAGE_SIZE });
    return Math.min(count, results.length);
  }, [results, count]);
  return { query, results, shown, showMore };
}
