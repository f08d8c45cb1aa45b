import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { Button, LoadError, Modal, PageContainer, Spinner } from '@site/shared-ui';
import { INBOX_KINDS, type InboxItemDetail, type InboxKind, type InboxMail } from '@site/contracts/staff-api';
import { staffResource } from '../ui/staffResource';
import { formatDateTime } from '../ui/format';
import { KIND_LABELS, STATUS_LABELS } from '../ui/labels';
import { Notice } from '../ui/Notice';
import { PageHeading } from '../ui/PageHeading';
import { Actions } from '../ui/StaffField';
import { BuyerCompany, ItemFields, QuoteLinesTable } from './ItemFields';
import { MailsTable } from './MailsTable';
import { AssignForm, StatusForm } from './ItemControls';
import { NotesSection } from './NotesSection';
import { usePrepareQuotationMutation } from '../quotation';
import { SentQuotations, useQuotationLinksQuery } from '../orders';
import { useItemAction } from './useItemAction';
import {
  itemKey,
  useAddNoteMutation,
  useAssignItemMutation,
  useDeleteItemMutation,
  useInboxItemQuery,
  useResendMailMutation,
  useSetItemStatusMutation,
  type ItemRef,
} from './itemApi';
import { PageFacts, PageSection } from '../ui/PageSection';

const SpamBox = styled.section`
  margin-top: 24px;
  padding: 16px;
  border: 1px solid ${({ theme }) => theme.colors.error};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.errorSurface};
  h2 { margin: 0 0 8px; font-size: ${({ theme }) => theme.typeScale.lg}; }
  p { margin: 0 0 12px; }
`;

/** The address's :kind and :id, when they name an item at all. */
export function itemRefOf(kind: string | undefined, id: string | undefined): ItemRef | undefined {
  if (!(INBOX_KINDS as readonly string[]).includes(kind ?? '') || !/^[1-9]\d{0,15}$/.test(id ?? '')) return undefined;
  return { kind: kind as InboxKind, id: Number(id) };
}

/** The heading: what it is and from whom ('Quote request RFQ-AE-2026-000123 from Aisha Rahman'). */
export function itemTitle(item: Pick<InboxItemDetail, 'kind' | 'name' | 'reference'>): string {
  const what = item.reference ? `${KIND_LABELS[item.kind]} ${item.reference}` : KIND_LABELS[item.kind];
  return item.name.trim() === '' ? what : `${what} from ${item.name}`;
}

/** /staff/inbox/:kind/:id: one item, everything the visitor sent, its mails, and what staff do with it. */
export function ItemPage() {
  const params = useParams();
  const ref = itemRefOf(params.kind, params.id);
  if (ref === undefined) {
    return (
      <PageContainer>
        <PageHeading title="Item not found" />
        <p>
          This address names no inbox item. <Link to="/inbox">Back to the inbox</Link>
        </p>
      </PageContainer>
    );
  }
  return <LoadedItem key={itemKey(ref)} itemRef={ref} />;
}

function LoadedItem({ itemRef }: { itemRef: ItemRef }) {
  const navigate = useNavigate();
  const location = useLocation();
  // The inbox view the item was opened from (InboxTable passes it along), else the plain inbox.
  const inboxSearch = (location.state as { inboxSearch?: unknown } | null)?.inboxSearch;
  const backTo = `/inbox${typeof inboxSearch === 'string' ? inboxSearch : ''}`;
  const { kind, id } = itemRef;

  const { resource, retry } = staffResource(useInboxItemQuery({ kind, id }));
  const [setItemStatus] = useSetItemStatusMutation();
  const [assignItem] = useAssignItemMutation();
  const [addNote] = useAddNoteMutation();
  const [resendMail] = useResendMailMutation();
  const [deleteItem] = useDeleteItemMutation();
  const [prepareQuotation] = usePrepareQuotationMutation();

  const statusAction = useItemAction();
  const assignAction = useItemAction();
  const notesAction = useItemAction();
  const mailAction = useItemAction();
  const spamAction = useItemAction();
  const quotationAction = useItemAction();
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const item = resource.data ?? null;
  // a request whose quotation went to its buyer is kept: the server refuses spam and deletion (409), so they are not offered
  const sentQuotation = useQuotationLinksQuery(id, { skip: kind !== 'quote' }).data?.quotations[0];
  const keptReason =
    sentQuotation === undefined
      ? undefined
      : `Its quotation ${sentQuotation.number} was sent to the buyer: this request is kept, and cannot be marked as spam or deleted.`;

  if (item === null) {
    return (
      <PageContainer>
        <PageHeading title={KIND_LABELS[kind]} />
        <p>
          <Link to={backTo}>Back to the inbox</Link>
        </p>
        {resource.status === 'failed' ? (
          resource.httpStatus === 404 || resource.httpStatus === 403 ? (
            <Notice tone="error">{resource.error}</Notice>
          ) : (
            <LoadError message={`The item could not be loaded. ${resource.error}`} onRetry={retry} />
          )
        ) : (
          <Spinner label="Loading the item" />
        )}
      </PageContainer>
    );
  }

  const resend = (mail: InboxMail) =>
    void mailAction.run(
      () => resendMail({ ref: itemRef, mailId: mail.id }).unwrap(),
      `The mail to ${mail.recipient} is queued again.`,
    );
  // the request's draft quotation (a new one, or the one it has), opened in the quotation editor
  const prepare = () =>
    void quotationAction.run(async () => {
      const quotation = await prepareQuotation(id).unwrap();
      void navigate(`/quotations/${quotation.id}`);
    }, 'Opening the quotation.');
  const remove = async () => {
    setConfirmingDelete(false);
    if (await spamAction.run(() => deleteItem(itemRef).unwrap(), 'Deleted.')) void navigate(backTo, { replace: true });
  };

  return (
    <PageContainer>
      <PageHeading title={itemTitle(item)} />
      <p>
        <Link to={backTo}>Back to the inbox</Link>
      </p>
      <PageFacts>
        <span>Received {formatDateTime(item.createdAt)}</span>
        <span>Branch: {item.branch ?? 'none chosen'}</span>
        <span>Status: {STATUS_LABELS[item.status]}</span>
        <span>Assigned to: {item.assignee?.email ?? 'nobody'}</span>
      </PageFacts>

      {item.status === 'spam' ? (
        <SpamBox aria-labelledby="spam-heading">
          <h2 id="spam-heading">Marked as spam</h2>
          <p>
            {keptReason ?? 'It was never mailed to anyone. Restore it if it is a real message, or delete it for good.'}
          </p>
          <Actions>
            <Button
              type="button"
              disabled={spamAction.busy}
              onClick={() =>
                void spamAction.run(
                  () => setItemStatus({ ref: itemRef, status: 'new' }).unwrap(),
                  'Restored: it is new again.',
                )
              }
            >
              Restore (not spam)
            </Button>
            <Button
              type="button"
              $variant="secondary"
              disabled={spamAction.busy || keptReason !== undefined}
              onClick={() => setConfirmingDelete(true)}
            >
              Delete…
            </Button>
          </Actions>
        </SpamBox>
      ) : null}
      {/* Outside the box: "Restored" is said after the box is gone. */}
      <Notice tone={spamAction.message?.tone ?? 'info'}>{spamAction.message?.text}</Notice>
      <Modal
        open={confirmingDelete}
        onClose={() => setConfirmingDelete(false)}
        title="Delete this item for good?"
        maxWidth={480}
        closeLabel="Cancel"
      >
        <p>It cannot be brought back. Its mails and notes go with it.</p>
        <Actions>
          <Button type="button" onClick={() => void remove()}>
            Delete
          </Button>
          <Button type="button" $variant="secondary" onClick={() => setConfirmingDelete(false)}>
            Keep it
          </Button>
        </Actions>
      </Modal>

      <PageSection aria-labelledby="sent-heading">
        <h2 id="sent-heading">What was sent</h2>
        <ItemFields fields={item.fields} />
      </PageSection>

      {item.buyerCompany !== undefined ? (
        <PageSection aria-labelledby="company-heading">
          <h2 id="company-heading">Buyer’s company account</h2>
          <BuyerCompany company={item.buyerCompany} />
        </PageSection>
      ) : null}

      {item.lines !== undefined ? (
        <PageSection aria-labelledby="lines-heading">
          <h2 id="lines-heading">Quote lines</h2>
          <QuoteLinesTable lines={item.lines} />
          {kind === 'quote' && item.status !== 'spam' ? (
            <Actions>
              <Button type="button" disabled={quotationAction.busy} onClick={prepare}>
                Prepare quotation
              </Button>
            </Actions>
          ) : null}
          <Notice tone={quotationAction.message?.tone ?? 'info'}>
            {quotationAction.message?.tone === 'error' ? quotationAction.message.text : null}
          </Notice>
        </PageSection>
      ) : null}

      {kind === 'quote' ? (
        <PageSection aria-labelledby="sent-quotations-heading">
          <h2 id="sent-quotations-heading">Sent quotations</h2>
          <SentQuotations requestId={id} />
        </PageSection>
      ) : null}

      <PageSection aria-labelledby="handling-heading">
        <h2 id="handling-heading">Handling</h2>
        <StatusForm
          key={item.status}
          item={item}
          action={statusAction}
          onStatus={(status) => setItemStatus({ ref: itemRef, status }).unwrap()}
          spamRefusal={keptReason}
        />
        <AssignForm
          key={item.assignee?.id ?? 'nobody'}
          item={item}
          action={assignAction}
          onAssign={(assigneeId) => assignItem({ ref: itemRef, assigneeId }).unwrap()}
        />
      </PageSection>

      <PageSection aria-labelledby="mails-heading">
        <h2 id="mails-heading">Mails</h2>
        <MailsTable mails={item.mails} onResend={resend} busy={mailAction.busy} />
        <Notice tone={mailAction.message?.tone ?? 'info'}>{mailAction.message?.text}</Notice>
      </PageSection>

      <PageSection aria-labelledby="notes-heading">
        <h2 id="notes-heading">Internal notes</h2>
        <NotesSection
          notes={item.notes}
          action={notesAction}
          onAdd={(text) => addNote({ ref: itemRef, text }).unwrap()}
        />
      </PageSection>
    </PageContainer>
  );
}
