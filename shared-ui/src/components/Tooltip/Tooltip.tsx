import {
  cloneElement,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { tooltipPosition, type TooltipPlacement } from './tooltipPosition';

/** Hover or focus must last this long before the tooltip opens, so passing the mouse over does nothing. */
export const TOOLTIP_ENTER_DELAY_MS = 100;
/** A touch must be held this long to open the tooltip, so an ordinary tap just acts. */
export const TOOLTIP_TOUCH_ENTER_DELAY_MS = 700;
/** A touch-opened tooltip stays this long after the finger lifts, time enough to read it. */
export const TOOLTIP_TOUCH_LEAVE_DELAY_MS = 1500;
export const TOOLTIP_MAX_WIDTH_PX = 300;
/**
 * Phones follow a touch with emulated mouseenter and focus events; ignoring those for this long
 * keeps a tap from opening the tooltip through the hover path.
 */
const TOUCH_EMULATION_WINDOW_MS = 1000;

const Anchor = styled.span`
  display: inline-flex;
`;

// Physical left/top on purpose, in both directions: the origin of the viewport coordinates (getBoundingClientRect)
// that place() moves the bubble by.
const Bubble = styled.div`
  position: fixed;
  top: 0;
  left: 0;
  /* Above the Modal backdrop (1000), so tooltips work inside dialogs too. */
  z-index: 1100;
  max-width: ${TOOLTIP_MAX_WIDTH_PX}px;
  padding: 6px 10px;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.text};
  color: ${({ theme }) => theme.colors.onBrand};
  font-size: ${({ theme }) => theme.typeScale.sm};
  line-height: 1.4;
  overflow-wrap: break-word;
  box-shadow: ${({ theme }) => theme.shadow.raised};
  pointer-events: none;
`;

export interface TooltipProps {
  /** The tooltip text; may change while open (e.g. 'Copy to clipboard …' becomes 'Copied'). */
  title: ReactNode;
  /** The trigger: one element, which gets aria-describedby while the tooltip is open. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
  /** Preferred side; flips when the window has no room there. */
  placement?: TooltipPlacement;
  /**
   * Shown whatever the pointer and focus do, while true: feedback the trigger's action gives ('Copied'), which must
   * show even where no hover or focus opened the tooltip (a click kept from before the page started, then handed on).
   */
  shown?: boolean;
  /** The anchor's class (styled(Tooltip)): the trigger's own box, styled where it stands, with no wrapper of its own. */
  className?: string;
}

/**
 * A short description of its trigger. Opens after 100 ms of hover or focus, or after a 700 ms
 * touch; closes on leave, blur or Escape, and 1500 ms after a touch ends.
 */
export function Tooltip({ title, children, placement = 'top', shown = false, className }: TooltipProps) {
  const id = useId();
  const [hovered, setHovered] = useState(false);
  const open = hovered || shown;
  const anchorRef = useRef<HTMLSpanElement>(null);
  const bubbleRef = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastTouchAt = useRef(Number.NEGATIVE_INFINITY);

  const later = useCallback((ms: number, nextOpen: boolean) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setHovered(nextOpen), ms);
  }, []);
  const close = useCallback(() => {
    clearTimeout(timer.current);
    setHovered(false);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);

  const place = useCallback(() => {
    const anchor = anchorRef.current;
    const bubble = bubbleRef.current;
    if (!anchor || !bubble) return;
    const { left, top } = tooltipPosition(
      anchor.getBoundingClientRect(),
      { width: bubble.offsetWidth, height: bubble.offsetHeight },
      { width: window.innerWidth, height: window.innerHeight },
      placement,
    );
    // Written straight to the element: a state update here would re-render on every scroll event.
    bubble.style.transform = `translate(${Math.round(left)}px, ${Math.round(top)}px)`;
  }, [placement]);

  // Every render while open, before paint: a new title can change the bubble's size.
  useLayoutEffect(() => {
    if (open) place();
  });

  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKeyDown);
    window.addEventListener('scroll', place, true);
    window.addEventListener('resize', place);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('scroll', place, true);
      window.removeEventListener('resize', place);
    };
  }, [open, close, place]);

  const justTouched = () => Date.now() - lastTouchAt.current < TOUCH_EMULATION_WINDOW_MS;
  const openSoon = () => {
    if (!justTouched()) later(TOOLTIP_ENTER_DELAY_MS, true);
  };

  const describedBy = [children.props['aria-describedby'], open ? id : undefined].filter(Boolean).join(' ');
  return (
    <Anchor
      ref={anchorRef}
      className={className}
      onMouseEnter={openSoon}
      onMouseLeave={close}
      onFocus={openSoon}
      onBlur={close}
      onTouchStart={() => {
        lastTouchAt.current = Date.now();
        later(TOOLTIP_TOUCH_ENTER_DELAY_MS, true);
      }}
      onTouchEnd={() => {
        lastTouchAt.current = Date.now();
        // Lifted before 700 ms: a plain tap, so the pending open is dropped.
        if (open) later(TOOLTIP_TOUCH_LEAVE_DELAY_MS, false);
        else close();
      }}
      onTouchCancel={close}
    >
      {cloneElement(children, { 'aria-describedby': describedBy || undefined })}
      {open &&
        createPortal(
          <Bubble ref={bubbleRef} id={id} role="tooltip">
            {title}
          </Bubble>,
          document.body,
        )}
    </Anchor>
  );
}
