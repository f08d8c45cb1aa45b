// The account's basket syncing (followAccountBasket.ts) is code only a connected browser needs: it is loaded then, in a
// chunk of its own, so every other visitor's page carries only this check.
import type { AppStore } from '../store';
import { isBasketLinked } from './basketLink';
import type { FollowAccountBasketOptions } from './followAccountBasket';
import { forgetSyncedBasket } from './syncedBasket';

/** followAccountBasket, loaded and started when this browser is connected; the function that stops it either way. */
export function followAccountBasketWhenLinked(store: AppStore, options: FollowAccountBasketOptions = {}): () => void {
  if (!isBasketLinked()) {
    // a connection made later starts from its first merge, not from what an older one knew
    forgetSyncedBasket();
    return () => undefined;
  }
  let stopped = false;
  let stop: (() => void) | undefined;
  void import(/* webpackChunkName: "account-basket" */ './followAccountBasket').then(({ followAccountBasket }) => {
    if (!stopped) stop = followAccountBasket(store, options);
  });
  return () => {
    stopped = true;
    stop?.();
  };
}
