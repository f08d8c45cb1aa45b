import { useEffect, useRef, useState } from 'react';
import styled, { createGlobalStyle, css, keyframes } from 'styled-components';
import { useInView } from '@site/shared-ui';
import { MASK_REVEAL_MS } from './carouselReducer';

/** Eight stripes; each grows from nothing to its full width while --stripe-reveal goes from 0% to 100%. */
const STRIPE_COUNT = 8;

/** Registers --stripe-reveal as a percentage so the browser can animate it (unregistered it would jump). */
export const StripeRevealProperty = createGlobalStyle`
  @property --stripe-reveal {
    syntax: '<percentage>';
    inherits: false;
    initial-value: 100%;
  }
`;

const stripeReveal = keyframes`
  from { --stripe-reveal: 0%; }
  to { --stripe-reveal: 100%; }
`;

// In a mask only opacity counts: #000 is 'opaque', not a colour on the page.
// Each stripe grows from its start: its left, its right on a right-to-left page.
const stripes = css`
  --stripes-towards-end: 90deg;
  &:dir(rtl) { --stripes-towards-end: 270deg; }
  mask-image: repeating-linear-gradient(
    var(--stripes-towards-end),
    #000 0 calc(var(--stripe-reveal) / ${STRIPE_COUNT}),
    transparent calc(var(--stripe-reveal) / ${STRIPE_COUNT}) ${100 / STRIPE_COUNT}%
  );
  animation: ${stripeReveal} ${MASK_REVEAL_MS}ms ease-out both;
`;

/**
 * Where a picture stands: waiting (not yet in view and loaded), active (its turn: revealed through the stripes),
 * visible (shown, not its turn) or hidden.
 */
export type StripedImageState = 'waiting' | 'active' | 'visible' | 'hidden';

const Img = styled.img<{ $animate: boolean }>`
  &[data-state='waiting'],
  &[data-state='hidden'] { opacity: 0; }
  &[data-state='active'] { ${({ $animate }) => ($animate ? stripes : '')} }
`;

export interface StripedImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** The picture's turn: it is revealed with the striped mask (again at every turn). */
  active: boolean;
  /** Stays visible though not active (the previous background, under the one being revealed). */
  keepVisible?: boolean;
  /** False for visitors who prefer reduced motion: the picture just appears. */
  animate: boolean;
  className?: string;
}

/**
 * A picture that stays hidden until it is both in view and loaded (never a half-drawn or broken image), then
 * appears through a striped mask (0.5 s) each time it becomes active.
 */
export function StripedImage({ src, alt, width, height, active, keepVisible = false, animate, className }: StripedImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const inView = useInView(ref);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    const image = ref.current;
    // Already in the cache: the load event may have fired before React listened.
    if (image?.complete && image.naturalWidth > 0) setLoaded(true);
  }, []);

  const state: StripedImageState = !(inView && loaded) ? 'waiting' : active ? 'active' : keepVisible ? 'visible' : 'hidden';
  return (
    <Img
      ref={ref}
      className={className}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      onLoad={() => setLoaded(true)}
      data-state={state}
      $animate={animate}
    />
  );
}
