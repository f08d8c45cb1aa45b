import { useEffect } from 'react';
import { persistQuoteBasket, useAppStore } from '@site/shared-store';

/**
 * Keeps the quote basket in the browser's storage. An effect: it runs in the browser only, after the page
 * has hydrated, so the server's HTML (an empty basket) and the first render agree; the stored basket then fills in.
 */
export function QuoteBasketStorage() {
  const store = useAppStore();
  useEffect(() => persistQuoteBasket(store), [store]);
  return null;
}
