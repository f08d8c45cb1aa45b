import type { ReactNode } from 'react';
import { Button } from '@site/shared-ui';
import { Actions } from './StaffField';

export interface ConfirmStepProps {
  /** What the change does, asked once more. */
  question: ReactNode;
  /** The change's button (e.g. "Withdraw"). */
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The second step of a change that is asked once more: the question, the change's button and Cancel. */
export function ConfirmStep({ question, confirmLabel, busy, onConfirm, onCancel }: ConfirmStepProps) {
  return (
    <>
      <p>{question}</p>
      <Actions>
        <Button type="button" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button type="button" $variant="secondary" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
      </Actions>
    </>
  );
}
