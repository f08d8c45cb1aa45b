import { useState, type ReactNode } from 'react';
import { Button } from '@site/shared-ui';
import { Actions } from './StaffField';
import { ConfirmStep } from './ConfirmStep';

export interface ConfirmActionProps {
  /** The button that starts it ("Delete draft"). */
  label: string;
  /** Asked once that button is pressed. */
  question: ReactNode;
  /** The button that does it ("Delete"), beside Cancel. */
  confirmLabel: string;
  /** Does it; the question closes when it settles (it reports its own outcome). */
  onConfirm: () => Promise<void>;
  busy: boolean;
  /** The first button disabled (with `note` beside it saying why). */
  disabled?: boolean;
  note?: ReactNode;
}

/** A change that cannot be taken back: a button, then a question with the change and Cancel. */
export function ConfirmAction({
  label,
  question,
  confirmLabel,
  onConfirm,
  busy,
  disabled = false,
  note,
}: ConfirmActionProps) {
  const [asking, setAsking] = useState(false);
  const confirm = async () => {
    await onConfirm();
    setAsking(false);
  };

  return asking ? (
    <ConfirmStep
      question={question}
      confirmLabel={confirmLabel}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={() => setAsking(false)}
    />
  ) : (
    <Actions>
      <Button type="button" $variant="secondary" disabled={busy || disabled} onClick={() => setAsking(true)}>
        {label}
      </Button>
      {note}
    </Actions>
  );
}
