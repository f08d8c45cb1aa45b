import { useRef } from 'react';
import { useInView } from '../../hooks/useInView';

export interface MapFrameProps {
  /** The map's embed URL. */
  src: string;
  /** The frame's accessible name, e.g. 'Map of our Dubai warehouse'. */
  title: string;
  className?: string;
}

/** How close to the viewport the frame gets before the map is requested. */
export const MAP_FRAME_MARGIN = '100px';

/**
 * An embedded map that is only created when it comes near the viewport. An embedded map is a whole page of
 * someone else's scripts; `loading="lazy"` alone still loads it on a phone whenever it sits within a screen or two
 * of the top (the footer of most pages), competing with the page the visitor came for. Until then an empty box of
 * the same size holds its place, so nothing moves when the map arrives.
 */
export function MapFrame({ src, title, className }: MapFrameProps) {
  const placeholder = useRef<HTMLDivElement>(null);
  const near = useInView(placeholder, { rootMargin: MAP_FRAME_MARGIN });
  if (!near) return <div ref={placeholder} className={className} data-map-placeholder="" aria-hidden="true" />;
  return (
    <iframe src={src} title={title} className={className} loading="lazy" referrerPolicy="no-referrer-when-downgrade" />
  );
}
