export type TooltipPlacement = 'top' | 'bottom';

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Space between the trigger and the bubble, and the least gap kept to the window's edges. */
export const TOOLTIP_GAP_PX = 8;

/**
 * Where to put the bubble (viewport coordinates, for position: fixed): centred on the trigger on
 * the preferred side, moved to the other side when it would leave the window, and pushed inwards
 * so it never sticks out left or right (the Call Us button sits at the header's right edge).
 */
export function tooltipPosition(
  trigger: Box,
  bubble: { width: number; height: number },
  viewport: { width: number; height: number },
  placement: TooltipPlacement,
): { left: number; top: number; placement: TooltipPlacement } {
  const above = trigger.top - TOOLTIP_GAP_PX - bubble.height;
  const below = trigger.top + trigger.height + TOOLTIP_GAP_PX;
  const fitsAbove = above >= 0;
  const fitsBelow = below + bubble.height <= viewport.height;
  const side: TooltipPlacement =
    placement === 'top' ? (fitsAbove || !fitsBelow ? 'top' : 'bottom') : fitsBelow || !fitsAbove ? 'bottom' : 'top';

  const centred = trigger.left + trigger.width / 2 - bubble.width / 2;
  const maxLeft = viewport.width - TOOLTIP_GAP_PX - bubble.width;
  const left = Math.max(TOOLTIP_GAP_PX, Math.min(centred, maxLeft));
  return { left, top: side === 'top' ? above : below, placement: side };
}
