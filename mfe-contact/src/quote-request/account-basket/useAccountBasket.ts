import { useCallback, useEffect, useRef, useState } from 'react';
import { useAppStore } from '@site/shared-store';
import { useHydrated } from '@site/shared-ui';
import { isBasketLinked } from './basketLink';
import { followAccountBasket, type AccountBasketSync, type FollowAccountBasketOptions } from './followAccountBasket';

export interface AccountBasket {
  /** This browser's basket is kept in the buyer's account and synced while the page is open. */
  linked: boolean;
  /** "Keep it on this device only"; false when the server could not be told (still connected). */
  disconnect: () => Promise<boolean>;
}

/**
 * The request page's link to the basket kept in the buyer's account: syncs it while the page is open. The cookie is
 * read once hydrated, so the server's HTML and the first render both say "not connected".
 */
export function useAccountBasket(options: Omit<FollowAccountBasketOptions, 'onUnlinked'> = {}): AccountBasket {
  const store = useAppStore();
  const hydrated = useHydrated();
  // the syncing ended here (a 401, or the buyer's disconnect); the cookie is gone too, this re-renders the page
  const [ended, setEnded] = useState(false);
  const sync = useRef<AccountBasketSync | undefined>(undefined);
  const { fetch, debounceMs } = options;
  useEffect(() => {
    const running = followAccountBasket(store, { fetch, debounceMs, onUnlinked: () => setEnded(true) });
    sync.current = running;
    return () => {
      running.stop();
      sync.current = undefined;
    };
  }, [store, fetch, debounceMs]);

  const disconnect = useCallback(async () => {
    const done = (await sync.current?.disconnect()) ?? true;
    if (done) setEnded(true);
    return done;
  }, []);
  return { linked: hydrated && !ended && isBasketLinked(), disconnect };
}
