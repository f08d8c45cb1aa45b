import { useEffect, useState, useSyncExternalStore, type RefObject } from 'react';

/** Whether this browser can tell when an element scrolls into view. */
export function canObserveIntersections(): boolean {
  return typeof window !== 'undefined' && typeof window.IntersectionObserver === 'function';
}

const neverChanges = () => () => undefined;

/**
 * canObserveIntersections() for rendering: the server draws what a browser with IntersectionObserver draws first
 * (all of ours have it), so that its HTML hydrates; an old browser switches right after.
 */
export function useCanObserveIntersections(): boolean {
  return useSyncExternalStore(neverChanges, canObserveIntersections, () => true);
}

export interface InViewOptions {
  /** Grows or shrinks the viewport box, e.g. '0px 0px -10% 0px' to wait until the element is a bit further in. */
  rootMargin?: string;
  /** Share of the element that must be visible (0 = any pixel). */
  threshold?: number;
}

/**
 * True once the element has been in the viewport; it stays true and the observer is disconnected,
 * because every user of this hook (Reveal, CountUp) animates once only. Without
 * IntersectionObserver the element counts as in view once mounted, so content is never stuck hidden.
 * It starts false everywhere: the server (no observer there) must draw what the browser's first render draws, or
 * hydrating the server's HTML fails.
 */
export function useInView(ref: RefObject<Element | null>, { rootMargin, threshold }: InViewOptions = {}): boolean {
  const [inView, setInView] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (inView || !element) return undefined;
    if (!canObserveIntersections()) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- after hydration on purpose: the server drew it out of view
      setInView(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setInView(true);
          observer.disconnect();
        }
      },
      { rootMargin, threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, inView, rootMargin, threshold]);

  return inView;
}
