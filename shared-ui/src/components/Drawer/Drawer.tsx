import { useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled, { keyframes } from 'styled-components';
import { useDialogFocus } from '../../hooks/useDialogFocus';

const slideDown = keyframes`from { transform: translateY(-100%); } to { transform: translateY(0); }`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  background: rgba(0, 20, 40, 0.5);
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
}

/** A panel that drops from the top of the screen; Escape, the backdrop and the caller's items close it. */
export function Drawer({ open, onClose, label, children }: DrawerProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  useDialogFocus(panelRef, open, onClose);
  if (!open) return null;
  return createPortal(
    <Backdrop
      data-testid="drawer-backdrop"
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
