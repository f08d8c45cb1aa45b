// The basket that follows the signed-in buyer (contracts' basketApi.ts): while the request page is open in a browser
// connected to the buyer's account, the page's basket is sent to the account once read and on every change, and takes
// the account's basket back (another device's changes) when read and whenever the page is seen again. A change made on
// another page meanwhile goes at the next merge (keepLocalChanges). The local basket stays the buyer's throughout: a
// call that fails changes nothing here and is made again later. It runs from the request page, not the shell, so no
// other page carries its code (docs/accounts.md "In the page").
import { fetchOf, quoteBasketRestored, type AppStore, type QuoteLine } from '@site/shared-store';
import { disconnectAccountBasket, mergeAccountBasket, putAccountBasket } from './accountBasketCalls';
import { forgetBasketLink, isBasketLinked } from './basketLink';
import { keepLocalChanges, sameLines } from './keepLocalChanges';
import { forgetSyncedBasket, keepSyncedBasket, readSyncedBasket } from './syncedBasket';

export interface FollowAccountBasketOptions {
  /** What the calls are made with: the store's fetch (as its thunks get it) by default. */
  fetch?: typeof fetch;
  /** How long the lines must rest before they are sent, so typing a quantity sends one call. */
  debounceMs?: number;
  /** The server said this browser is connected no more (a 401): the syncing has ended, the cookie is cleared. */
  onUnlinked?: () => void;
}

/** A running sync: `stop` ends it (the connection kept); `disconnect` keeps the basket on this device only. */
export interface AccountBasketSync {
  stop(): void;
  /**
   * "Keep it on this device only": the server forgets this browser's token and clears its cookies, then the syncing
   * ends. False when the server could not be told: the basket stays connected, and the buyer may try again.
   */
  disconnect(): Promise<boolean>;
}

const DEBOUNCE_MS = 400;

const NOT_LINKED: AccountBasketSync = { stop: () => undefined, disconnect: () => Promise.resolve(true) };

/**
 * Syncs the basket with the buyer's account when this browser is connected to it (its cookie); else makes no call.
 * Started after the shell's persistQuoteBasket, whose restored basket it sends first, and whose subscriber stores what
 * the account answers. Stops, and forgets the connection, on a 401 or a disconnect.
 */
export function followAccountBasket(store: AppStore, options: FollowAccountBasketOptions = {}): AccountBasketSync {
  if (!isBasketLinked()) {
    // a connection made later starts from its first merge, not from what an older one knew
    forgetSyncedBasket();
    return NOT_LINKED;
  }
  const send = options.fetch ?? store.dispatch((_dispatch, _getState, extra) => fetchOf(extra));
  const debounceMs = options.debounceMs ?? DEBOUNCE_MS;
  const basket = () => store.getState().quoteBasket;
  const aborter = new AbortController();

  let stopped = false;
  /** One call at a time: the basket as it is when one ends goes next. */
  let calling = false;
  /** Until a merge has answered, the account's basket is not known here: nothing may replace it. */
  let merged = false;
  /** The account's basket is to be read (at start, and when the page is seen again). */
  let mergeDue = true;
  /** The lines have rested (or the page is seen again): they go if the account does not have them. */
  let putDue = false;
  let synced = readSyncedBasket();
  let seenLines = basket().lines;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const unsent = (lines: readonly QuoteLine[]) => synced === undefined || !sameLines(lines, synced);

  function next(): void {
    if (stopped || calling || !basket().restored) return;
    const { lines } = basket();
    if (!merged || (mergeDue && !unsent(lines))) void merge(lines);
    else if (putDue && unsent(lines)) void put(lines);
  }

  /**
   * A call refused (401: the browser is connected no more, the syncing ends) or failed: a change
   * made during it is tried once more now; else the next change does, or the page seen again.
   */
  function settleFailure(kind: 'unlinked' | 'failed'): void {
    if (kind === 'unlinked') {
      unlink();
      options.onUnlinked?.();
    } else if (putDue) next();
  }

  async function merge(lines: QuoteLine[]): Promise<void> {
    calling = true;
    putDue = false;
    const outcome = await mergeAccountBasket(send, lines, aborter.signal);
    calling = false;
    if (stopped) return;
    if (outcome.kind !== 'done') {
      settleFailure(outcome.kind);
      return;
    }
    // what the buyer did here that the answer could not know (a change since the call, or one never sent) stays
    const base = synced ?? lines;
    const kept = keepLocalChanges(base, basket().lines, outcome.answer);
    merged = true;
    mergeDue = false;
    synced = outcome.answer;
    keepSyncedBasket(synced);
    // persistQuoteBasket's subscriber stores it; the kept changes, if any, go to the account at once (below)
    store.dispatch(quoteBasketRestored(kept));
    seenLines = basket().lines;
    cancelTimer();
    putDue = true;
    next();
  }

  async function put(lines: QuoteLine[]): Promise<void> {
    calling = true;
    putDue = false;
    const outcome = await putAccountBasket(send, lines, aborter.signal);
    calling = false;
    if (stopped) return;
    if (outcome.kind !== 'done') {
      settleFailure(outcome.kind);
      return;
    }
    synced = lines;
    keepSyncedBasket(synced);
    next();
  }

  /** The lines rest before they go: a quantity being typed sends one call, with its last value. */
  function restartTimer(): void {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      putDue = true;
      next();
    }, debounceMs);
  }

  function cancelTimer(): void {
    clearTimeout(timer);
    timer = undefined;
  }

  let restored = basket().restored;
  const unsubscribe = store.subscribe(() => {
    const state = basket();
    if (state.lines === seenLines) return;
    seenLines = state.lines;
    if (restored || !state.restored) return restartTimer();
    // the stored basket is read (when it was not yet at start): it goes at once
    restored = true;
    next();
  });

  // another device may have changed the account's basket meanwhile; a change not sent yet (a failed call) goes first
  const onVisibility = () => {
    if (document.visibilityState !== 'visible') return;
    cancelTimer();
    mergeDue = true;
    putDue = true;
    next();
  };
  document.addEventListener('visibilitychange', onVisibility);

  function stop(): void {
    stopped = true;
    cancelTimer();
    unsubscribe();
    document.removeEventListener('visibilitychange', onVisibility);
    aborter.abort();
  }

  /** The browser is connected no more: the local basket stays as it is, only the syncing ends. */
  function unlink(): void {
    stop();
    forgetBasketLink();
    forgetSyncedBasket();
  }

  async function disconnect(): Promise<boolean> {
    const outcome = await disconnectAccountBasket(send);
    if (outcome.kind === 'failed') return false;
    unlink();
    return true;
  }

  // after this task: a component mounted twice at once (React's StrictMode) then sends one merge, not two
  queueMicrotask(next);
  return { stop, disconnect };
}
