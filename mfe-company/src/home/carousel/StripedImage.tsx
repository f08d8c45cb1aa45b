import { useEffect, useRef, useState } from 'react';
import styled, { css, keyframes } from 'styled-components';
import { useInView } from '@site/shared-ui';
import { MASK_REVEAL_MS } from './carouselReducer';
import { stripesPolygon } from './stripes';

// The stripes are a clip-path animated from zero-width to full-width rectangles, on a picture in a layer of its own:
// the compositor draws every frame from the picture as rastered once. A mask whose gradient moved with an animated
// custom property had the main thread restyle and repaint the picture on every frame of the 0.5 s (~50 paints, and
// the SVG rastered again each time), in the middle of the page's start. One keyframes rule for both reading
// directions: its ends are variables the direction sets (the compositor takes them so; an implicit start it does not).
const reveal = keyframes`
  from { clip-path: var(--stripes-from); }
  to { clip-path: var(--stripes-to); }
`;

const stripes = css`
  --stripes-from: ${stripesPolygon(0, 'ltr')};
  --stripes-to: ${stripesPolygon(1, 'ltr')};
  &:dir(rtl) { --stripes-from: ${stripesPolygon(0, 'rtl')}; }
  will-change: transform;
  animation: ${reveal} ${MASK_REVEAL_MS}ms ease-out both;
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
export function StripedImage({
  src,
  alt,
  width,
  height,
  active,
  keepVisible = false,
  animate,
  className,
}: StripedImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const inView = useInView(ref);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    const image = ref.current;
    // Already in the cache: the load event may have fired before React listened.
    if (image?.complete && image.naturalWidth > 0) setLoaded(true);
  }, []);

  const state: StripedImageState = !(inView && loaded)
    ? 'waiting'
    : active
      ? 'active'
      : keepVisible
        ? 'visible'
        : 'hidden';
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
