import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { fetchOf, loadJson } from '@site/shared-store';
import { CATALOGUE_COMPARE_API_PATH } from '@site/contracts/api';
import type { CompareItem, CompareResponse } from '@site/contracts/catalogue-api';
import { compareViewSearch } from '@site/contracts/compare-view';

/** How long an answer asked for ahead serves the page: a pointer rests on the link, then follows it. */
export const PREFETCH_FRESH_MS = 30_000;

interface Asked {
  at: number;
  products: Promise<CompareItem[]>;
}

/** The comparisons asked for ahead of their page, by their address's query (compareViewSearch). */
const asked = new Map<string, Asked>();

/**
 * Asks for a comparison before its page opens (the tray's link pointed at, pressed or focused): the page's load takes
 * this answer instead of asking again, so the table shows without waiting for the request. Kept apart from the page's
 * slice so that the pages with the tray do not carry it.
 */
export const prefetchComparison =
  (ids: readonly string[]): ThunkAction<void, unknown, unknown, UnknownAction> =>
  (_dispatch, _getState, extra) => {
    const viewKey = compareViewSearch(ids);
    const earlier = asked.get(viewKey);
    if (ids.length === 0 || (earlier !== undefined && Date.now() - earlier.at < PREFETCH_FRESH_MS)) return;
    const products = loadJson<CompareResponse>(`${CATALOGUE_COMPARE_API_PATH}${viewKey}`, undefined, fetchOf(extra)).then(
      (answer) => answer.products,
    );
    // a failed prefetch is forgotten: the page asks for itself (and shows its own error if that fails too)
    products.catch(() => {
      if (asked.get(viewKey)?.products === products) asked.delete(viewKey);
    });
    asked.set(viewKey, { at: Date.now(), products });
  };

/** The answer asked for ahead for `viewKey`, if fresh; taken once (a later load of the page asks again). */
export function takePrefetchedComparison(viewKey: string): Promise<CompareItem[]> | undefined {
  const earlier = asked.get(viewKey);
  asked.delete(viewKey);
  return earlier !== undefined && Date.now() - earlier.at < PREFETCH_FRESH_MS ? earlier.products : undefined;
}
