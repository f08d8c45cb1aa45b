import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import { useDialogFocus } from '../../hooks/useDialogFocus';
import { useUiText } from '../../i18n/uiText';

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 16px;
  background: ${({ theme }) => theme.colors.backdrop.modal};
`;

const Dialog = styled.div<{ $maxWidth: number }>`
  position: relative;
  width: 100%;
  max-width: ${({ $maxWidth }) => $maxWidth}px;
  max-height: calc(100vh - 32px);
  overflow: auto;
  padding: 24px;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius.md};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  /* Room at the inline end for the close button (the right; the left on a right-to-left page). */
  h2 { margin: 0 0 16px; margin-inline-end: 40px; color: ${({ theme }) => theme.colors.brand}; font-size: ${({ theme }) => theme.typeScale.xl}; }
`;

const Close = styled.button`
  position: absolute;
  top: 12px;
  inset-inline-end: 12px;
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: 50%;
  background: transparent;
  font-size: 28px;
  line-height: 1;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.surfaceAlt}; }
`;

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** The dialog's visible heading, also its accessible name. */
  title: string;
  children: ReactNode;
  maxWidth?: number;
  /** Label of the close (X) button; the page's 'ui.close' message ('Close') by default (i18n/uiText.ts). */
  closeLabel?: string;
}

/**
 * An accessible dialog: focus moves in and is kept inside (Tab wraps), Escape and a click on the
 * backdrop close it, and focus returns to what was focused before it opened.
 */
export function Modal({ open, onClose, title, children, maxWidth = 640, closeLabel }: ModalProps) {
  const text = useUiText();
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useDialogFocus(dialogRef, open, onClose);

  if (!open) return null;
  return createPortal(
    <Backdrop
      data-testid="modal-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <Dialog
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        $maxWidth={maxWidth}
      >
        <h2 id={titleId}>{title}</h2>
        <Close type="button" aria-label={closeLabel ?? text('ui.close')} onClick={onClose}>
          ×
        </Close>
        {children}
      </Dialog>
    </Backdrop>,
    document.body,
  );
}
