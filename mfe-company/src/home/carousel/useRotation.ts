import { useEffect, useState } from 'react';
import { BACKGROUND_INTERVAL_MS, wrapIndex } from './carouselReducer';

export interface Rotation {
  /** The picture on show. */
  current: number;
  /** The one before it, still shown underneath while the new one is revealed; null before the first turn. */
  previous: number | null;
}

/** Which of `count` background pictures is on show: the next one every 4 s, round and round, unless paused. */
export function useRotation(count: number, paused: boolean): Rotation {
  const [rotation, setRotation] = useState<Rotation>({ current: 0, previous: null });
  useEffect(() => {
    if (paused || count < 2) return undefined;
    const timer = setInterval(
      () => setRotation(({ current }) => ({ current: wrapIndex(current + 1, count), previous: current })),
      BACKGROUND_INTERVAL_MS,
    );
    return () => clearInterval(timer);
  }, [paused, count]);
  return rotation;
}
