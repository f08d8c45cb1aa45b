// The products a visitor picked to compare, kept for the visit: in a session cookie (Path=/, SameSite=Lax), not in
// sessionStorage, which belongs to one tab (a product opened in a new tab would not show it picked), nor in
// localStorage, which outlives the visit. Never sent anywhere by the site: the server ignores it.
import { COMPARE_MAX } from '@site/contracts/compare-view';

export const COMPARE_COOKIE = 'site_compare';

/** The ids the cookie holds (none when it is missing or unreadable), each once, the first COMPARE_MAX. */
export function loadCompareIds(cookies: string = globalThis.document?.cookie ?? ''): string[] {
  const value = cookies
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${COMPARE_COOKIE}=`))
    ?.slice(COMPARE_COOKIE.length + 1);
  if (!value) return [];
  try {
    return [...new Set(value.split(',').map(decodeURIComponent).filter(Boolean))].slice(0, COMPARE_MAX);
  } catch {
    return [];
  }
}

/** Keeps `ids` for the visit (none: the cookie is removed). */
export function saveCompareIds(ids: readonly string[]): void {
  const value = ids.map(encodeURIComponent).join(',');
  document.cookie =
    value === ''
      ? `${COMPARE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`
      : `${COMPARE_COOKIE}=${value}; Path=/; SameSite=Lax`;
}
