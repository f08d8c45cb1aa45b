/**
 * jsdom has no layout and no media queries: this matchMedia answers width queries (max-width / min-width in px) as a
 * screen `width` px wide would, '(prefers-reduced-motion: reduce)' as `reducedMotion` says, and any other feature as
 * off. Tests call it to act as a phone, a tablet or a desktop, with or without reduced motion.
 */
export function fakeMediaQueries({ width, reducedMotion = false }: { width: number; reducedMotion?: boolean }): void {
  window.matchMedia = (query: string) => {
    const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
    const min = /min-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
    const matches = query.includes('prefers-reduced-motion')
      ? reducedMotion
      : (max !== null || min !== null) && (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    };
  };
}

/** A screen `width` px wide, without reduced motion. */
export function setViewportWidth(width: number): void {
  fakeMediaQueries({ width });
}
