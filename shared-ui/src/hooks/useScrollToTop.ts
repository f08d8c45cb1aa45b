import { useEffect } from 'react';

/**
 * Scrolls the window to the top when the page opens and whenever `key` changes (e.g. a route
 * segment). The effect returns nothing on purpose: newer Chromium returns a Promise from
 * window.scrollTo, which React would take for a cleanup function and call as one.
 */
export function useScrollToTop(key: unknown = null, behavior: ScrollBehavior = 'auto'): void {
  useEffect(() => {
    window.scrollTo({ top: 0, behavior });
  }, [key, behavior]);
}
