// The first view a server drew (server/src/pages/ssr): the state its store had is sent with the page, and the browser's
// store starts from it, so the browser's first render matches the HTML and the page does not fetch its data again.
import { createAction } from '@reduxjs/toolkit';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { Locale } from '@site/contracts/locale';

/** What the store's thunks get as `extra`: how to fetch (the browser's fetch; on the server, the server's own files). */
export interface StoreExtra {
  fetch: typeof fetch;
}

/** The fetch a thunk should use: the store's (see StoreExtra), or the browser's when a store gives none. */
export function fetchOf(extra: unknown): typeof fetch {
  return (extra as Partial<StoreExtra> | undefined)?.fetch ?? ((input, init) => fetch(input, init));
}

/** Puts the server's state of each slice into the store (slices not injected yet are left out by the reducer). */
export const serverStateArrived = createAction<Record<string, unknown>>('firstView/serverStateArrived');

/**
 * What an exposed page module may export for the server: dispatches the thunks of the data the page starts with (the
 * same its effect dispatches), so the server renders the page with its data. Only data every visitor sees alike
 * (the site's own files): visitor-made data (reviews, ratings) still loads in the browser.
 */
export type LoadFirstView = (context: {
  dispatch: ThunkDispatch<unknown, StoreExtra, UnknownAction>;
  params: Record<string, string>;
  /** The page's edition: a page whose English text is bundled loads data only for the Arabic edition. */
  locale: Locale;
  /**
   * The part of the address's query that names the page's view ('?sort=2&page=3' on a listing; '' elsewhere, and
   * absent from a shell older than it), in its one spelling (contracts' viewSearchOf).
   */
  search?: string;
}) => Promise<unknown>;

/** Slices whose state came from the server and whose page has not asked for its data since. */
const loadedByServer = new Set<string>();

/**
 * For a data thunk's `condition`: true once after the slice's state arrived from the server, so the page's first load
 * (its effect, as it hydrates) is skipped: the server did it. Later opens of the page load as usual.
 */
export function takeLoadedByServer(sliceKey: string): boolean {
  return loadedByServer.delete(sliceKey);
}

/**
 * The server's state not yet in the store, by slice. A slice gets its server state once, when it is there: the shell's
 * at once, a remote's when its code has loaded (before its page hydrates).
 */
export class PendingServerState {
  private readonly pending: Map<string, unknown>;

  constructor(state: Record<string, unknown>) {
    this.pending = new Map(Object.entries(state));
  }

  /** Dispatches what the store can take now, and forgets it. */
  applyTo(store: { dispatch: (action: UnknownAction) => unknown; getState: () => unknown }): void {
    if (this.pending.size === 0) return;
    store.dispatch(serverStateArrived(Object.fromEntries(this.pending)));
    const state = store.getState() as Record<string, unknown>;
    for (const key of [...this.pending.keys()]) {
      if (!(key in state)) continue;
      this.pending.delete(key);
      loadedByServer.add(key);
    }
  }
}
