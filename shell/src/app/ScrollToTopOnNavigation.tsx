import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType, type Location, type NavigationType } from 'react-router-dom';
import { ScrollPositions } from './scrollPositions';

/**
 * How long a return (back/forward) keeps putting the page back where it was: its content may still be arriving
 * (a remote's code, its data) and the page only grows tall enough for the old position bit by bit.
 */
export const RESTORE_FOR_MS = 1500;
/** The visitor taking over: a restore in progress stops rather than fight them. */
const VISITOR_INPUT = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/**
 * The history entry's own key: the router's, or for the entry a visit started on (no router state, 'default') its
 * address, so a reload or a return from another site finds that entry's position and not another first entry's.
 */
const entryKey = (location: Location): string =>
  location.key === 'default' ? `default ${window.location.pathname}${window.location.search}` : location.key;

/** Scrolls to `y` on every frame for RESTORE_FOR_MS, or until the visitor scrolls themselves; returns its stop. */
function restoreScroll(y: number): () => void {
  const deadline = performance.now() + RESTORE_FOR_MS;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of VISITOR_INPUT) window.removeEventListener(type, stop);
  };
  const step = () => {
    if (Math.abs(window.scrollY - y) > 1) window.scrollTo(0, y);
    if (performance.now() < deadline) frame = requestAnimationFrame(step);
    else stop();
  };
  for (const type of VISITOR_INPUT) window.addEventListener(type, stop, { passive: true });
  step();
  return stop;
}

/** Whether this page load is a reload or a return to it from another document (its old position is worth restoring). */
function pageLoadIsReturn(): boolean {
  const [entry] = performance.getEntriesByType?.('navigation') ?? [];
  const type = (entry as PerformanceNavigationTiming | undefined)?.type;
  return type === 'reload' || type === 'back_forward';
}

/**
 * Scroll for the whole site, once, in the shell: a page reached by a link or the router (PUSH, REPLACE) of another
 * path opens at its top; back and forward (POP) put the page back where the visitor left it. A change of the query
 * alone (a listing's sort, filters or page) is the page's own business, as it was before. The browser's own
 * restoration is off: it would scroll the old page at the moment of popstate, before the new one is drawn.
 */
export function ScrollToTopOnNavigation() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<ScrollPositions | null>(null);
  const current = useRef<{ key: string; pathname: string } | null>(null);

  useEffect(() => {
    const saved = (positions.current ??= new ScrollPositions(window.sessionStorage));
    const previousMode = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    const remember = () => {
      if (current.current !== null) saved.set(current.current.key, window.scrollY);
    };
    const save = () => saved.save();
    window.addEventListener('scroll', remember, { passive: true });
    // Also the moment a navigation starts (a click on a link or a button that navigates, back or forward), while the
    // old page is still in: its last scroll event may not have arrived yet, and a shorter new page clamps the position.
    document.addEventListener('click', remember, { capture: true });
    window.addEventListener('popstate', remember);
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', remember);
      document.removeEventListener('click', remember, { capture: true });
      window.removeEventListener('popstate', remember);
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = previousMode;
    };
  }, []);

  // Before the new page is painted, so it never shows at the old page's position. A restore in progress is stopped by
  // the next navigation (or ends by itself), not by a cleanup: StrictMode's second run of the first render must not end it.
  const stopRestore = useRef<() => void>(() => undefined);
  useLayoutEffect(() => {
    const saved = (positions.current ??= new ScrollPositions(window.sessionStorage));
    const previous = current.current;
    const key = entryKey(location);
    if (previous?.key === key) return;
    current.current = { key, pathname: location.pathname };
    if (previous === null) {
      // The page the visit (or a reload) opened on.
      const y = saved.get(key);
      if (y !== undefined && pageLoadIsReturn()) stopRestore.current = restoreScroll(y);
      return;
    }
    if (previous.pathname === location.pathname) return;
    stopRestore.current();
    saved.save();
    if (navigationType === ('POP' as NavigationType)) stopRestore.current = restoreScroll(saved.get(key) ?? 0);
    else window.scrollTo(0, 0);
  }, [location, navigationType]);

  return null;
}
