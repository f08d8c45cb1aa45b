import { useRef, type ElementType, type ReactNode } from 'react';
import styled from 'styled-components';
import { useInView } from '../../hooks/useInView';
import { useMediaQuery } from '../../hooks/useMediaQuery';

/** How long one card takes to fade and slide in (spec: card reveal 1000 ms). */
export const REVEAL_DURATION_MS = 1000;
/** Extra delay per card so a grid comes in one card after another (spec: 0.1 s per card). */
export const REVEAL_STAGGER_S = 0.1;

/** Delay before the card at `index` starts to appear, in seconds (rounded so 3 gives 0.3, not 0.30000000000000004). */
export function revealDelaySeconds(index: number): number {
  return Math.round(Math.max(0, index) * REVEAL_STAGGER_S * 1000) / 1000;
}

const Box = styled.div<{ $shown: boolean; $animate: boolean }>`
  opacity: ${({ $shown }) => ($shown ? 1 : 0)};
  transform: ${({ $shown }) => ($shown ? 'none' : 'translateY(24px)')};
  transition: ${({ $animate }) =>
    $animate ? `opacity ${REVEAL_DURATION_MS}ms ease-out, transform ${REVEAL_DURATION_MS}ms ease-out` : 'none'};
`;

export interface RevealProps {
  /** Position in its grid; the card waits index × 0.1 s before appearing. */
  index?: number;
  children: ReactNode;
  /** Element to render, e.g. 'li' inside a list (div by default). */
  as?: ElementType;
  className?: string;
}

/**
 * Fades and slides its children in the first time they scroll into view. Visitors who ask for
 * reduced motion, and browsers without IntersectionObserver, get the content at once.
 */
export function Reveal({ index = 0, children, as, className }: RevealProps) {
  // Typed as the default div; with `as` it is another element, and only Element members are used.
  const ref = useRef<HTMLDivElement>(null);
  const inView = useInView(ref);
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const shown = inView || reducedMotion;
  return (
    <Box
      ref={ref}
      as={as}
      className={className}
      $shown={shown}
      $animate={!reducedMotion}
      // Inline rather than in the styled block: one CSS class per index would be generated otherwise.
      style={reducedMotion ? undefined : { transitionDelay: `${revealDelaySeconds(index)}s` }}
    >
      {children}
    </Box>
  );
}
