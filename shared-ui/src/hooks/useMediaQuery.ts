import { useCallback, useSyncExternalStore } from 'react';
import { useHydrated } from './useHydrated';

const neverMatches = () => false;

/**
 * True while the CSS media query matches; follows resizes. False on the server and while the browser hydrates (the
 * server cannot know the screen), then the real answer in the hydration's follow-up transition (useHydrated).
 */
export function useMediaQuery(query: string): boolean {
  const hydrated = useHydrated();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const matches = useCallback(() => window.matchMedia(query).matches, [query]);
  return useSyncExternalStore(subscribe, hydrated ? matches : neverMatches, neverMatches);
}
