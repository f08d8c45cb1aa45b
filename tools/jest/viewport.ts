/**
 * jsdom has no layout: this matchMedia answers width queries (max-width / min-width in px) as a
 * screen of `width` px would. Tests call it to act as a phone, a tablet or a desktop.
 */
export function setViewportWidth(width: number): void {
  window.matchMedia = ((query: string) => {
    const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
    const min = /min-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
    // Only width queries describe the screen; any other feature (e.g. prefers-reduced-motion) is off.
    const matches = (max !== null || min !== null) && (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
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
  }) as typeof window.matchMedia;
}
