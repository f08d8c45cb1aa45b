import { useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { useDialogFocus } from '../../hooks/useDialogFocus';
import { slideDown } from '../../theme/motion';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  background: ${({ theme }) => theme.colors.backdrop.drawer};
  &[hidden] { display: none; }
`;

const Panel = styled.div`
  position: fixed;
  top: 0;
  left: 0;
  right: 0;
  max-height: 100vh;
  overflow-y: auto;
  padding: 16px 20px 24px;
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  animation: ${slideDown} 0.25s ease-out;
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
 * A panel that drops from the top of the screen; Escape, the backdrop and the caller's items close it. Closed, it is
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
