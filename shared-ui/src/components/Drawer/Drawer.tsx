import { useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { useDialogFocus } from '../../hooks/useDialogFocus';
import { slideInFromStart } from '../../theme/motion';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  background: ${({ theme }) => theme.colors.backdrop.drawer};
  &[hidden] { display: none; }
`;

/**
 * A side panel at the inline start, full height: on the left of a left-to-right page, on the right of a right-to-left
 * one (logical properties; the slide's direction follows through --slide-in-from).
 */
const Panel = styled.div`
  --slide-in-from: -100%;
  position: fixed;
  inset-block: 0;
  inset-inline-start: 0;
  width: min(340px, calc(100vw - 40px));
  overflow-y: auto;
  padding: 16px 20px 24px;
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  animation: ${slideInFromStart} 0.25s ease-out;
  &:dir(rtl) { --slide-in-from: 100%; }
`;

export interface DrawerProps {
  open: boolean;
  onClose: () => void;
  /** Accessible name of the drawer, e.g. 'Menu'. */
  label: string;
  children: ReactNode;
  /**
   * Kept in the page, hidden, while closed (once this is true): opening it then only shows it. Drawing the drawer the
   * first time (its styles written into the page, its code run for the first time) takes ~30 ms on a mid-range phone,
   * which the tap that opens it would otherwise wait for. Set it once the page is idle, never while hydrating (the
   * server draws no portal).
   */
  prepared?: boolean;
}

/**
 * A panel that slides in from the inline start (the right on a right-to-left page); Escape, the backdrop and the
 * caller's items close it. Closed, it is
 * not in the page, or hidden (display: none, out of the accessibility tree) when `prepared`.
 */
export function Drawer({ open, onClose, label, children, prepared = false }: DrawerProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  useDialogFocus(panelRef, open, onClose);
  if (!open && !prepared) return null;
  return createPortal(
    <Backdrop
      data-testid="drawer-backdrop"
      hidden={!open}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <Panel ref={panelRef} role="dialog" aria-modal="true" aria-label={label} tabIndex={-1}>
        {children}
      </Panel>
    </Backdrop>,
    document.body,
  );
}
