import { useEffect } from 'react';
import { followAccountBasketWhenLinked, persistQuoteBasket, useAppStore } from '@site/shared-store';

/**
 * Keeps the quote basket in the browser's storage, and in the buyer's account when this browser is connected to it. An
 * effect: it runs in the browser only, after the page has hydrated, so the server's HTML (an empty basket) and the
 * first render agree; the stored basket then fills in, and the account's after it.
 */
export function QuoteBasketStorage() {
  const store = useAppStore();
  useEffect(() => {
    // in this order: the account is sent the stored basket once it is read
    const stopStorage = persistQuoteBasket(store);
    const stopAccount = followAccountBasketWhenLinked(store);
    return () => {
      stopAccount();
      stopStorage();
    };
  }, [store]);
  return null;
}
