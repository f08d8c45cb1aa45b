// The account's basket as this browser last knew it (the last merge's answer, or the last basket it PUT), kept in
// localStorage beside the basket: what differs from it is what the buyer did here and the account has not had yet,
// even when the page closed before sending it (keepLocalChanges).
import { readStoredBasket, type QuoteLine } from '@site/shared-store';

/** localStorage, or undefined where it cannot be used (blocked cookies, some private modes throw on access). */
function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** Versioned, as the basket's own key. */
export const SYNCED_BASKET_STORAGE_KEY = 'site.quoteBasket.account.v1';

/** The lines last synced; undefined when none are kept (not connected before, or the storage refused). */
export function readSyncedBasket(storage: Storage | undefined = browserStorage()): QuoteLine[] | undefined {
  try {
    const stored = storage?.getItem(SYNCED_BASKET_STORAGE_KEY) ?? null;
    return stored === null ? undefined : readStoredBasket(stored);
  } catch {
    return undefined;
  }
}

export function keepSyncedBasket(lines: readonly QuoteLine[], storage: Storage | undefined = browserStorage()): void {
  try {
    storage?.setItem(SYNCED_BASKET_STORAGE_KEY, JSON.stringify({ lines }));
  } catch {
    // refused storage: the page still syncs; a change not sent before it closes is then the account's to decide
  }
}

/** When the browser is connected no more: a later connection starts from its first merge. */
export function forgetSyncedBasket(storage: Storage | undefined = browserStorage()): void {
  try {
    storage?.removeItem(SYNCED_BASKET_STORAGE_KEY);
  } catch {
    // refused storage: nothing was kept
  }
}
