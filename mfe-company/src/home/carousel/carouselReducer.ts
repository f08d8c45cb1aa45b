// The rules of the home carousel as plain functions (spec "Home" and "Business constants").

/** Time between two automatic slide changes. */
export const CAROUSEL_INTERVAL_MS = 8000;
/** Time between two background pictures inside the slides. */
export const BACKGROUND_INTERVAL_MS = 4000;
/** Length of the striped mask that reveals a picture. */
export const MASK_REVEAL_MS = 500;
/** A swipe must move further than this, and more sideways than up or down, to change the slide. */
export const SWIPE_THRESHOLD_PX = 50;

export interface CarouselState {
  index: number;
  count: number;
  /** A visitor navigated since the last tick: the next tick is skipped, so the slide they chose stays a full turn. */
  holdNextTick: boolean;
  /** Who showed the current slide: a visitor's choice is announced to screen readers, the timer's is not. */
  changedBy: 'start' | 'visitor' | 'timer';
}

export type CarouselAction =
  | { type: 'tick' }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'goTo'; index: number };

export function initialCarouselState(count: number): CarouselState {
  return { index: 0, count, holdNextTick: false, changedBy: 'start' };
}

/** `index` wrapped into 0..count-1, so next after the last slide is the first and previous before the first is the last. */
export function wrapIndex(index: number, count: number): number {
  return ((index % count) + count) % count;
}

function visitorShows(state: CarouselState, index: number): CarouselState {
  return { ...state, index: wrapIndex(index, state.count), holdNextTick: true, changedBy: 'visitor' };
}

export function carouselReducer(state: CarouselState, action: CarouselAction): CarouselState {
  switch (action.type) {
    case 'tick':
      if (state.holdNextTick) return { ...state, holdNextTick: false };
      return { ...state, index: wrapIndex(state.index + 1, state.count), changedBy: 'timer' };
    case 'next':
      return visitorShows(state, state.index + 1);
    case 'previous':
      return visitorShows(state, state.index - 1);
    case 'goTo':
      return visitorShows(state, action.index);
  }
}

/** The page's reading direction: 'next' lies towards its end (the right in English, the left in Arabic). */
export type ReadingDirection = 'ltr' | 'rtl';

/**
 * What a key does: the arrow towards the end of a line shows the next slide, the other one the previous (in a
 * right-to-left page ArrowLeft is next), the digits 1..count jump; anything else nothing.
 */
export function keyToAction(key: string, count: number, direction: ReadingDirection = 'ltr'): CarouselAction | null {
  const [towardsStart, towardsEnd] = direction === 'rtl' ? ['ArrowRight', 'ArrowLeft'] : ['ArrowLeft', 'ArrowRight'];
  if (key === towardsStart) return { type: 'previous' };
  if (key === towardsEnd) return { type: 'next' };
  if (/^[1-9]$/.test(key) && Number(key) <= count) return { type: 'goTo', index: Number(key) - 1 };
  return null;
}

/**
 * What a finger movement of (dx, dy) px does: a swipe towards the start of a line (to the left in English, to the right
 * in Arabic) shows the next slide, the other way the previous one, as a page is turned. Only a move longer than the
 * threshold and mostly horizontal counts (a vertical one is the page scrolling).
 */
export function swipeToAction(
  dx: number,
  dy: number,
  direction: ReadingDirection = 'ltr',
  threshold: number = SWIPE_THRESHOLD_PX,
): CarouselAction | null {
  if (Math.abs(dx) <= threshold || Math.abs(dx) <= Math.abs(dy)) return null;
  const towardsStart = direction === 'rtl' ? dx > 0 : dx < 0;
  return towardsStart ? { type: 'next' } : { type: 'previous' };
}
