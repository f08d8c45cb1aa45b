// The "In stock at" filter, loaded once the page has started (its code and messages are none of the bytes a listing
// waits for before it handles clicks: tests/budgets/first-view.json). The filters themselves are drawn in the browser
// only (ListingFilters.tsx), so nothing of the server's HTML waits for it.
import { lazy, Suspense } from 'react';
import { APP_ROOT_ELEMENT_ID, STARTED_ATTRIBUTE } from '@site/contracts/dom-ids';
import type { StockFilterProps } from './StockFilter';

/**
 * Resolves once the page has started (html[data-started], looked for each frame: a few frames at most); at once where
 * no page is drawn in the shell's root (a component test).
 */
const started = (): Promise<void> =>
  new Promise((resolve) => {
    const look = () =>
      document.documentElement.hasAttribute(STARTED_ATTRIBUTE) || document.getElementById(APP_ROOT_ELEMENT_ID) === null ? resolve() : requestAnimationFrame(look);
    look();
  });

const StockFilter = lazy(() => started().then(() => import(/* webpackChunkName: "listing-stock" */ './StockFilter')));

/** Shown where some product of the view is on hand somewhere, or a location is chosen (to take it off again). */
export function LazyStockFilter(props: StockFilterProps) {
  return props.stock.some(({ count }) => count > 0) || (props.filters.stock ?? []).length > 0 ? (
    <Suspense fallback={null}>
      <StockFilter {...props} />
    </Suspense>
  ) : null;
}
