import type { ReactNode } from 'react';
import { Button, Modal } from '@site/shared-ui';
import { Actions } from '../ui/StaffField';

/** Asks before a change visitors notice at once (promote, roll back) or that cannot be undone (revoke). */
export function ConfirmDialog({
  title,
  confirm,
  open,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  confirm: string;
  open: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal open={open} onClose={onClose} title={title} maxWidth={520} closeLabel="Close">
      {children}
      <Actions>
        <Button type="button" onClick={onConfirm}>
          {confirm}
        </Button>
        <Button type="button" $variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </Actions>
    </Modal>
  );
}
