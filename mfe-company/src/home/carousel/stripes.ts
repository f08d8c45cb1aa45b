// The striped reveal's shape: eight stripes across the picture, each grown from its start to `progress` of its width.

/** Eight stripes; each grows from nothing to its full width while the reveal runs. */
export const STRIPE_COUNT = 8;

/**
 * A clip-path polygon of STRIPE_COUNT rectangles, each `progress` (from 0 to 1) of its stripe wide, grown from the stripe's
 * start: its left, or its right on a right-to-left page. The outline runs along the bottom edge between stripes (no
 * area), so every progress has the same points and the browser can animate one into another.
 */
export function stripesPolygon(progress: number, direction: 'ltr' | 'rtl'): string {
  const stripe = 100 / STRIPE_COUNT;
  const grown = stripe * progress;
  let outline = '0% 100%';
  for (let index = 0; index < STRIPE_COUNT; index += 1) {
    const start = direction === 'ltr' ? index * stripe : (index + 1) * stripe - grown;
    outline += `, ${start}% 100%, ${start}% 0%, ${start + grown}% 0%, ${start + grown}% 100%`;
  }
  return `polygon(${outline}, 100% 100%)`;
}
