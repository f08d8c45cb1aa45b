import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/**
 * What every dialog (modal, drawer) does while open: focus moves inside, Tab and Shift+Tab wrap
 * within it, Escape closes it, the page behind does not scroll, and focus returns where it was.
 */
export function useDialogFocus(containerRef: RefObject<HTMLElement | null>, open: boolean, onClose: () => void): void {
  // The latest onClose, read when Escape is pressed: the listeners below are not re-added for a new callback.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!open) return undefined;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const container = containerRef.current;
    // The page stops scrolling before the focus moves: focus() lays the page out at once, and a style change after it
    // would have the frame lay it out a second time.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    (container?.querySelector<HTMLElement>(FOCUSABLE) ?? container)?.focus();
    return () => {
      document.body.style.overflow = overflow;
      previouslyFocused?.focus();
    };
  }, [open, containerRef]);

  // The keys in a layout effect: Escape and Tab work from the moment the dialog is painted (a passive effect can run
  // a frame later, and a key pressed in between was lost).
  useLayoutEffect(() => {
    if (!open) return undefined;
    const container = containerRef.current;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !container) return;
      const focusable = Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (focusable.length === 0) {
        event.preventDefault();
        return;
      }
      const first = focusable[0]!;
      const last = focusable[focusable.length - 1]!;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, containerRef]);
}
