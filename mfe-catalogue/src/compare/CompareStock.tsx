// The compare page's availability cell: a product's stock in a word, from the product page's later chunk, once the
// page has started (its row is in the server's HTML, empty: nothing moves when the words arrive). Apart from
// LaterParts.tsx so that the product page's first chunk does not carry it.
import { Suspense, use } from 'react';
import { useHydrated } from '@site/shared-ui';
import { loadLaterParts } from '../details/later/LaterParts';

/** The compare page's availability row: its id, which the server draws (the chunk waits for the page's start there). */
export const COMPARE_STOCK_ID = 'compare-stock';

function CompareStockChunk({ codes }: { codes: readonly string[] }) {
  const { CompareStock } = use(loadLaterParts(COMPARE_STOCK_ID));
  return <CompareStock codes={codes} />;
}

/** A product's availability in a word on the compare page, once the page has started. */
export function LazyCompareStock({ codes }: { codes: readonly string[] }) {
  return useHydrated() ? (
    <Suspense fallback={null}>
      <CompareStockChunk codes={codes} />
    </Suspense>
  ) : null;
}
