import { EARLY_READY_GLOBAL, type EarlyOwner } from '@site/contracts/dom-ids';

type EarlyWindow = Window & { [EARLY_READY_GLOBAL]?: (owner: EarlyOwner) => void };

/**
 * Tells the page's inline script (server/src/pages/ssr/earlyInteractions.ts) that `owner`'s controls now
 * work: the taps it kept on them are handed on, in order. A page drawn in the browser has no such script: nothing to do.
 */
export function markEarlyReady(owner: EarlyOwner): void {
  (window as EarlyWindow)[EARLY_READY_GLOBAL]?.(owner);
}
