import { useState } from 'react';
import { wrapIndex } from './carouselReducer';

/**
 * The pictures worth having in the page: the one on show, the one after it (so it is loaded before its turn) and
 * every one shown before. The others are not requested until they come up.
 */
export function useWarmIndices(current: number, count: number): ReadonlySet<number> {
  const upcoming = wrapIndex(current + 1, count);
  const [warm, setWarm] = useState<ReadonlySet<number>>(() => new Set([current, upcoming]));
  if (!warm.has(current) || !warm.has(upcoming)) {
    // Derived state, updated while rendering (React re-renders at once, before painting).
    const grown = new Set([...warm, current, upcoming]);
    setWarm(grown);
    return grown;
  }
  return warm;
}
