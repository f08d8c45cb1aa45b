// Whether this browser's basket is kept in the buyer's account: the server's script-readable cookie (its token is
// HttpOnly), set by the hand-off (contracts' basketApi.ts) and cleared by the server's refusals and disconnect.
import { BASKET_LINKED_COOKIE } from '@site/contracts/basket-api';

/** True when `cookies` (document.cookie) hold BASKET_LINKED_COOKIE=1. */
export const isBasketLinked = (cookies: string = document.cookie): boolean =>
  cookies.split(';').some((cookie) => cookie.trim() === `${BASKET_LINKED_COOKIE}=1`);

/** Clears the cookie here too: the server's answers clear it, but the page must not depend on every one doing so. */
export function forgetBasketLink(): void {
  document.cookie = `${BASKET_LINKED_COOKIE}=; Max-Age=0; Path=/`;
}
