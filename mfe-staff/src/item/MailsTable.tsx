import { Button, VisuallyHidden } from '@site/shared-ui';
import type { InboxMail } from '@site/contracts/staff-api';
import { formatDateTime } from '../ui/format';
import { MAIL_STATE_LABELS } from '../ui/labels';
import { Table } from '../ui/Table';

export interface MailsTableProps {
  mails: InboxMail[];
  /** Queues a failed mail again. */
  onResend: (mail: InboxMail) => void;
  busy: boolean;
}

/** The item's mails (to the branch, the confirmation to the visitor…): delivery state, last error, re-send when failed. */
export function MailsTable({ mails, onResend, busy }: MailsTableProps) {
  if (mails.length === 0) return <p>No mail was sent for this item (spam is never mailed).</p>;
  return (
    <Table caption="Mails and their delivery">
      <thead>
        <tr>
          <th scope="col">Mail</th>
          <th scope="col">To</th>
          <th scope="col">State</th>
          <th scope="col">Tries</th>
          <th scope="col">Sent</th>
          <th scope="col">Last error</th>
          <th scope="col">
            <VisuallyHidden>Action</VisuallyHidden>
          </th>
        </tr>
      </thead>
      <tbody>
        {mails.map((mail) => (
          <tr key={mail.id}>
            <td>{mail.kind}</td>
            <td>{mail.recipient}</td>
            <td>{MAIL_STATE_LABELS[mail.state]}</td>
            <td>{mail.attempts}</td>
            <td>{mail.sentAt === null ? '' : formatDateTime(mail.sentAt)}</td>
            <td>{mail.lastError ?? ''}</td>
            <td>
              {mail.state === 'failed' ? (
                <Button
                  type="button"
                  $variant="secondary"
                  disabled={busy}
                  onClick={() => onResend(mail)}
                  aria-label={`Re-send the ${mail.kind} mail to ${mail.recipient}`}
                >
                  Re-send
                </Button>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
