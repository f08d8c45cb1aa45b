import { useState, type FormEvent } from 'react';
import { Button } from '@site/shared-ui';
import { INBOX_STATUSES, type InboxItemDetail, type InboxStatus } from '@site/contracts/staff-api';
import { useAccountsQuery } from '../api/staffApi';
import { messageOf } from '../api/staffBaseQuery';
import { STATUS_LABELS } from '../ui/labels';
import { Notice } from '../ui/Notice';
import { Actions, FieldRow, StaffField } from '../ui/StaffField';
import type { ItemAction } from './useItemAction';

export interface AssignFormProps {
  item: InboxItemDetail;
  action: ItemAction;
  onAssign: (assigneeId: number | null) => Promise<unknown>;
}

/** Who handles it: a colleague the server lists (own branch, and admins), or nobody. */
export function AssignForm({ item, action, onAssign }: AssignFormProps) {
  const { data, isError, error } = useAccountsQuery();
  const [chosen, setChosen] = useState(item.assignee === null ? '' : String(item.assignee.id));
  const accounts = data?.accounts ?? [];
  // The current assignee stays choosable even if the list no longer has them (disabled since).
  const options =
    item.assignee !== null && !accounts.some((account) => account.id === item.assignee?.id)
      ? [item.assignee, ...accounts]
      : accounts;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const assigneeId = chosen === '' ? null : Number(chosen);
    void action.run(() => onAssign(assigneeId), assigneeId === null ? 'Nobody is assigned now.' : 'Assigned.');
  };

  return (
    <form aria-label="Assign to a colleague" onSubmit={submit}>
      <FieldRow>
        <StaffField
          label="Assigned to"
          hint={isError ? `The list of colleagues could not be loaded. ${messageOf(error)}` : undefined}
        >
          {(control) => (
            <select {...control} name="assignee" value={chosen} onChange={(event) => setChosen(event.target.value)}>
              <option value="">Nobody</option>
              {options.map((account) => (
                <option key={account.id} value={String(account.id)}>
                  {account.email}
                  {account.branch ? ` (${account.branch})` : ' (administrator)'}
                </option>
              ))}
            </select>
          )}
        </StaffField>
        <Actions>
          <Button type="submit" disabled={action.busy}>
            Assign
          </Button>
        </Actions>
      </FieldRow>
      <Notice tone={action.message?.tone ?? 'info'}>{action.message?.text}</Notice>
    </form>
  );
}

export interface StatusFormProps {
  item: InboxItemDetail;
  action: ItemAction;
  onStatus: (status: InboxStatus) => Promise<unknown>;
  /** Why it may not be marked as spam (a request whose quotation went to its buyer is kept), or undefined. */
  spamRefusal?: string | undefined;
}

/** Where it stands: new, in progress, handled, or spam (which moves it to the spam list). */
export function StatusForm({ item, action, onStatus, spamRefusal }: StatusFormProps) {
  const [chosen, setChosen] = useState<InboxStatus>(item.status);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.run(() => onStatus(chosen), `The status is now ${STATUS_LABELS[chosen]}.`);
  };
  return (
    <form aria-label="Change the status" onSubmit={submit}>
      <FieldRow>
        <StaffField label="Status" hint={spamRefusal}>
          {(control) => (
            <select
              {...control}
              name="status"
              value={chosen}
              onChange={(event) => setChosen(event.target.value as InboxStatus)}
            >
              {INBOX_STATUSES.map((status) => (
                <option
                  key={status}
                  value={status}
                  disabled={status === 'spam' && spamRefusal !== undefined && item.status !== 'spam'}
                >
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          )}
        </StaffField>
        <Actions>
          <Button type="submit" disabled={action.busy || chosen === item.status}>
            Set status
          </Button>
        </Actions>
      </FieldRow>
      <Notice tone={action.message?.tone ?? 'info'}>{action.message?.text}</Notice>
    </form>
  );
}
