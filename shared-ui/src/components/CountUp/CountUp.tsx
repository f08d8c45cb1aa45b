import { useEffect, useRef, useState } from 'react';
import { useCanObserveIntersections, useInView } from '../../hooks/useInView';
import { useMediaQuery } from '../../hooks/useMediaQuery';
import { VisuallyHidden } from '../Spinner/Spinner';
import { COUNT_UP_DURATION_MS, countUpValue } from './countUpValue';

export interface CountUpProps {
  /** The number counted to, e.g. 1000. */
  end: number;
  /** Length of the count in ms (spec: 5000). */
  duration?: number;
  /** Text after the number, e.g. '+'. */
  suffix?: string;
  /** Text before the number. */
  prefix?: string;
}

/**
 * A number that counts from 0 up to `end` the first time it scrolls into view, and never again.
 * Screen readers get only the final text: the ticking digits are hidden from them, since
 * announcing dozens of intermediate numbers helps nobody. Reduced motion, or a browser that cannot
 * tell when the number is in view, shows `end` at once.
 */
export function CountUp({ end, duration = COUNT_UP_DURATION_MS, suffix = '', prefix = '' }: CountUpProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const inView = useInView(ref);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const canObserve = useCanObserveIntersections();
  const skipAnimation = reducedMotion || !canObserve;
  const [value, setValue] = useState(0);

  useEffect(() => {
    if (!inView || skipAnimation) return undefined;
    const start = performance.now();
    let frame = requestAnimationFrame(function tick() {
      const elapsed = performance.now() - start;
      setValue(countUpValue(end, elapsed, duration));
      if (elapsed < duration) frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [inView, skipAnimation, end, duration]);

  const shown = skipAnimation ? end : value;
  return (
    <span ref={ref}>
      <VisuallyHidden>{`${prefix}${end}${suffix}`}</VisuallyHidden>
      <span aria-hidden="true" data-testid="count-up-digits">{`${prefix}${shown}${suffix}`}</span>
    </span>
  );
}
