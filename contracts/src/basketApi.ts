// The basket that follows a signed-in buyer (docs/accounts.md, "The basket on every device"). The account lives on its
// own origin, where no remote runs; the basket lives on the public origin, where every remote runs. So the public
// origin never holds the buyer's session: a browser is connected to the account's basket by a hand-off, and then
// holds a token that reads and writes that basket and nothing else (the rights every remote already has over the
// browser's own basket).
//
// The hand-off, as OAuth's authorisation code with its `state`:
// 1. GET BASKET_CONNECT_PATH (public origin; `?lang=ar` for the Arabic edition): sets a state cookie, sends the
//    browser to the account's connect page with the state.
// 2. The account's page (signed in) asks "Keep this browser's basket in your account?"; its form (CSRF) makes a
//    one-time code (two minutes) bound to the state, and sends the browser to BASKET_CONNECTED_PATH with both.
// 3. GET BASKET_CONNECTED_PATH (public origin): the state must be this browser's cookie's and the code unspent; the
//    browser gets the basket token (HttpOnly) and BASKET_LINKED_COOKIE (readable by scripts), then the request page.
// 4. The page's scripts call BASKET_API.merge once they have read the browser's stored basket, and BASKET_API.basket
//    (PUT) on every change. A 401 from either: the browser is connected no more (the cookie is cleared).
// The bodies' schemas: basketApiSchemas.ts (kept out of the pages' bundles).

/** Public origin: starts the hand-off (a navigation; `?lang=ar` for the Arabic edition's pages). */
export const BASKET_CONNECT_PATH = '/basket/connect';
/** Public origin: where the account's page sends the browser back, with `code` and `state`. */
export const BASKET_CONNECTED_PATH = '/basket/connected';
/** Account origin: the page that asks, and its form (`/ar/account/basket/connect` for Arabic). */
export const ACCOUNT_BASKET_CONNECT_PATH = '/account/basket/connect';

/** Readable by the page's scripts: '1' while this browser's basket is an account's (the token itself is HttpOnly). */
export const BASKET_LINKED_COOKIE = 'basket_linked';

export const BASKET_API = {
  /**
   * POST { lines }: the browser's basket, sent once it is read. The first call from a newly connected browser merges
   * it into the account's (a part in both keeps the larger quantity; the account's order first, then the browser's
   * new parts, at most QUOTE_LIMITS.maxLines); every later call leaves the account's as it is. Answers the account's
   * basket (the page shows it) and whether this call merged (the first of a newly connected browser).
   */
  merge: '/api/basket/merge',
  /** PUT { lines }: the basket as the page now has it (every change). Answers 204. */
  basket: '/api/basket',
  /** POST: this browser keeps its basket to itself again (its token forgotten, the cookies cleared). Answers 204. */
  disconnect: '/api/basket/disconnect',
} as const;
