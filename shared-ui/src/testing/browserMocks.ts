import { fakeMediaQueries } from '../../../tools/jest/viewport';
import { act } from '@testing-library/react';

/**
 * Test doubles for browser features jsdom lacks. Imported by tests only; not exported from the package.
 */

interface FakeObserver {
  callback: IntersectionObserverCallback;
  observer: IntersectionObserver;
  elements: Set<Element>;
  rootMargin: string | undefined;
}

/**
 * Installs a fake IntersectionObserver on window (jsdom has none) and returns `scrollIntoView(el)`,
 * which tells every observer watching `el` that it now intersects, as the browser would on scroll.
 * The returned `restore` removes it again.
 */
export function mockIntersectionObserver() {
  const observers: FakeObserver[] = [];
  const previous = window.IntersectionObserver;

  class FakeIntersectionObserver implements IntersectionObserver {
    readonly root = null;
    readonly rootMargin = '0px';
    readonly scrollMargin = '0px';
    readonly thresholds = [0];
    private readonly record: FakeObserver;
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.record = { callback, observer: this, elements: new Set(), rootMargin: options?.rootMargin };
      observers.push(this.record);
    }
    observe(element: Element) {
      this.record.elements.add(element);
    }
    unobserve(element: Element) {
      this.record.elements.delete(element);
    }
    disconnect() {
      this.record.elements.clear();
    }
    takeRecords(): IntersectionObserverEntry[] {
      return [];
    }
  }
  window.IntersectionObserver = FakeIntersectionObserver;

  const notify = (element: Element, isIntersecting: boolean) => {
    act(() => {
      for (const { callback, observer, elements } of observers) {
        if (!elements.has(element)) continue;
        const rect = element.getBoundingClientRect();
        const entry: IntersectionObserverEntry = {
          target: element,
          isIntersecting,
          intersectionRatio: isIntersecting ? 1 : 0,
          boundingClientRect: rect,
          intersectionRect: rect,
          rootBounds: null,
          time: performance.now(),
        };
        callback([entry], observer);
      }
    });
  };

  return {
    scrollIntoView: (element: Element) => notify(element, true),
    scrollOutOfView: (element: Element) => notify(element, false),
    /** The margins (IntersectionObserverInit.rootMargin) `element` is watched with. */
    rootMarginsOf: (element: Element) =>
      observers.filter(({ elements }) => elements.has(element)).map(({ rootMargin }) => rootMargin),
    /** How many elements are still being watched (0 once every observer disconnected). */
    watchedCount: () => observers.reduce((sum, { elements }) => sum + elements.size, 0),
    restore: () => {
      window.IntersectionObserver = previous;
    },
  };
}

/** Answers '(prefers-reduced-motion: reduce)' as given and width queries as a `width` px screen (1280 by default). */
export function setReducedMotion(reduce: boolean, width = 1280): void {
  fakeMediaQueries({ width, reducedMotion: reduce });
}

/**
 * For a describe block whose components animate on scroll: before each test, motion allowed, a fake
 * IntersectionObserver and (unless `fakeTimers` is false) fake timers; after it, all put back. Returns a getter for
 * the current test's observer fake.
 */
export function useScrollAnimationMocks({
  fakeTimers = true,
}: {
  fakeTimers?: boolean;
} = {}): () => ReturnType<typeof mockIntersectionObserver> {
  let io: ReturnType<typeof mockIntersectionObserver> | undefined;
  beforeEach(() => {
    if (fakeTimers) jest.useFakeTimers();
    setReducedMotion(false);
    io = mockIntersectionObserver();
  });
  afterEach(() => {
    io?.restore();
    if (fakeTimers) jest.useRealTimers();
  });
  return () => {
    if (io === undefined) throw new Error('useScrollAnimationMocks: the observer fake exists inside a test only');
    return io;
  };
}
