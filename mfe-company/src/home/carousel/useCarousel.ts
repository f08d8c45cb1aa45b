import { useCallback, useEffect, useReducer, useRef, type TouchEvent } from 'react';
import {
  CAROUSEL_INTERVAL_MS,
  carouselReducer,
  initialCarouselState,
  keyToAction,
  swipeToAction,
  type ReadingDirection,
} from './carouselReducer';

/** Widgets that use arrow or digit keys themselves: a key pressed in them is theirs, not the carousel's. */
const OWN_KEYS_SELECTOR = [
  'input',
  'textarea',
  'select',
  '[contenteditable=""]',
  '[contenteditable="true"]',
  '[role="dialog"]',
  '[role="slider"]',
  '[role="listbox"]',
  '[role="radiogroup"]',
  '[role="menu"]',
  '[role="tablist"]',
  '[role="combobox"]',
  '[role="spinbutton"]',
].join(',');

/** Whether a key pressed anywhere on the page is meant for the carousel. */
function isCarouselKey(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return false;
  const target = event.target;
  return !(target instanceof Element && target.closest(OWN_KEYS_SELECTOR));
}

export interface UseCarouselOptions {
  count: number;
  /** No automatic advance while true (reduced motion, the pause button, focus inside a slide). */
  paused: boolean;
  /** The page's reading direction: the arrow keys and swipes follow it. */
  direction: ReadingDirection;
}

/**
 * The home carousel's behaviour: auto-advance every 8 s unless paused, previous/next/dots, the page's arrow and
 * digit keys, and swipes, the arrows and swipes in the page's reading direction. Any visitor navigation skips the next
 * tick (see carouselReducer).
 */
export function useCarousel({ count, paused, direction }: UseCarouselOptions) {
  const [state, dispatch] = useReducer(carouselReducer, count, initialCarouselState);

  useEffect(() => {
    if (paused) return undefined;
    const timer = setInterval(() => dispatch({ type: 'tick' }), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = isCarouselKey(event) ? keyToAction(event.key, count, direction) : null;
      if (!action) return;
      event.preventDefault();
      dispatch(action);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [count, direction]);

  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const onTouchStart = useCallback((event: TouchEvent) => {
    const touch = event.touches[0];
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  }, []);
  const onTouchEnd = useCallback(
    (event: TouchEvent) => {
      const start = touchStart.current;
      const touch = event.changedTouches[0];
      touchStart.current = null;
      if (!start || !touch) return;
      const action = swipeToAction(touch.clientX - start.x, touch.clientY - start.y, direction);
      if (action) dispatch(action);
    },
    [direction],
  );

  return {
    index: state.index,
    changedBy: state.changedBy,
    next: useCallback(() => dispatch({ type: 'next' }), []),
    previous: useCallback(() => dispatch({ type: 'previous' }), []),
    goTo: useCallback((index: number) => dispatch({ type: 'goTo', index }), []),
    swipeHandlers: { onTouchStart, onTouchEnd },
  };
}
