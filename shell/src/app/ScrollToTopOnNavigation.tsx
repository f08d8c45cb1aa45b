import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType, type NavigationType } from 'react-router-dom';

/**
 * How long a return (back/forward) keeps trying to put the page back where it was: its content may still be arriving
 * (a remote's code, its data) and the page only grows tall enough for the old position bit by bit.
 */
export const RESTORE_FOR_MS = 1500;

/**
 * Scroll for the whole site, once, in the shell: a page reached by a link or the router (PUSH, REPLACE) of another
 * path opens at its top; back and forward (POP) put the page back where the visitor left it. A change of the query
 * alone (a listing's sort, filters or page) is the page's own business. Within the site the browser's restoration is
 * off (it would scroll the old page at popstate, before the new one is drawn); leaving the document turns it back on,
 * so a reload or a return from another site is the browser's own, with the positions it keeps per history entry.
 */
export function ScrollToTopOnNavigation() {
  const location = useLocation();
  const navigationType = useNavigationType();
  /** By history entry (the router's key): where the visitor had scrolled it. */
  const positions = useRef(new Map<string, number>());
  /** The entry shown and how far down it is, as the scroll events said (read before the next page clamps it). */
  const shown = useRef({ key: location.key, pathname: location.pathname, y: 0 });

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const remember = () => (shown.current.y = window.scrollY);
    const leave = () => (window.history.scrollRestoration = 'auto');
    remember();
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, []);

  // Before the new page is painted, so it never shows at the old page's position.
  useLayoutEffect(() => {
    const previous = shown.current;
    const { key, pathname } = location;
    if (previous.key === key) return;
    positions.current.set(previous.key, previous.y);
    shown.current = { key, pathname, y: previous.y };
    if (previous.pathname === pathname) return;
    if (navigationType !== ('POP' as NavigationType)) {
      window.scrollTo(0, 0);
      return;
    }
    // Frame by frame until the page is tall enough to be there (or the time is up, or the visitor went on elsewhere).
    const y = positions.current.get(key) ?? 0;
    const until = performance.now() + RESTORE_FOR_MS;
    const step = () => {
      window.scrollTo(0, y);
      if (Math.abs(window.scrollY - y) > 1 && performance.now() < until && shown.current.key === key)
        requestAnimationFrame(step);
    };
    step();
  }, [location, navigationType]);

  return null;
}
