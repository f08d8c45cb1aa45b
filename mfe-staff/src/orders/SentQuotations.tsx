// A quote request's sent quotations, as its page shows them under the lines: each revision, newest first, with what
// its buyer did through the link (opened it, asked for changes, accepted with a PO), or that it expired or a later
// revision replaced it; each opens its quotation (where a revision is prepared). What the buyer typed is shown as
// typed, hidden characters written out (VisibleText). Read again on each visit: the buyer acts outside the app.
import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { LoadError, Spinner } from '@site/shared-ui';
import type { QuotationLinkState } from '@site/contracts/quotation-link-api';
import type { QuotationState } from '@site/contracts/quotations-api';
import { formatDateTime } from '../ui/format';
import { staffResource } from '../ui/staffResource';
import { VisibleText } from '../ui/VisibleText';
import { purchaseOrderUrl, useQuotationLinksQuery } from './ordersApi';

export const LINK_STATE_LABELS: Readonly<Record<QuotationState, string>> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  changes_asked: 'Changes asked',
  accepted: 'Accepted',
  expired: 'Expired',
  superseded: 'Superseded',
};

const Revisions = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

const Revision = styled.li`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  padding: 16px;
  h3 { margin: 0 0 8px; font-size: ${({ theme }) => theme.typeScale.lg}; }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 4px 16px;
  margin: 0;
  dt { font-weight: 600; }
  dd { margin: 0; }
  blockquote { margin: 4px 0 0; padding-inline-start: 12px; border-inline-start: 3px solid ${({ theme }) => theme.colors.border}; }
  blockquote p { margin: 0; }
`;

/** The buyer's message, a paragraph a line (its line breaks are theirs; other hidden characters written out). */
function Message({ text }: { text: string }) {
  return (
    <blockquote>
      {text.split('\n').map((line, index) => (
        <p key={index}>
          <VisibleText text={line} />
        </p>
      ))}
    </blockquote>
  );
}

function RevisionFacts({ quotation }: { quotation: QuotationLinkState }) {
  const { acceptance } = quotation;
  return (
    <Facts>
      <dt>Sent</dt>
      <dd>
        {formatDateTime(quotation.sentAt)}
        {quotation.sentBy === null ? '' : ` by ${quotation.sentBy}`}
      </dd>
      <dt>Total</dt>
      <dd>
        {quotation.currency} {quotation.total}
      </dd>
      <dt>Valid until</dt>
      <dd>{quotation.validUntil}</dd>
      <dt>Viewed</dt>
      <dd>{quotation.viewedAt === null ? 'Not opened yet' : formatDateTime(quotation.viewedAt)}</dd>
      {quotation.changes.map((change, index) => (
        <Fragment key={index}>
          <dt>Changes asked</dt>
          <dd>
            {formatDateTime(change.askedAt)}
            <Message text={change.message} />
          </dd>
        </Fragment>
      ))}
      {acceptance === null ? null : (
        <>
          <dt>Accepted</dt>
          <dd>
            {formatDateTime(acceptance.acceptedAt)} by <VisibleText text={acceptance.name} />,{' '}
            <VisibleText text={acceptance.position} />
          </dd>
          <dt>PO number</dt>
          <dd>{acceptance.poNumber === null ? 'None given' : <VisibleText text={acceptance.poNumber} />}</dd>
          <dt>PO file</dt>
          <dd>
            {acceptance.poFile ? (
              <a href={purchaseOrderUrl(quotation.id)} download>
                Download the purchase order (PDF)
              </a>
            ) : (
              'None attached'
            )}
          </dd>
        </>
      )}
      {quotation.expiredAt === null ? null : (
        <>
          <dt>Expired</dt>
          <dd>{formatDateTime(quotation.expiredAt)}</dd>
        </>
      )}
      {quotation.supersededBy === null ? null : (
        <>
          <dt>Superseded</dt>
          <dd>
            by {quotation.supersededBy.number}, sent {formatDateTime(quotation.supersededBy.sentAt)}
          </dd>
        </>
      )}
    </Facts>
  );
}

/** The request's sent quotations and their links' states (a section of the request's page). */
export function SentQuotations({ requestId }: { requestId: number }) {
  const { resource, retry } = staffResource(useQuotationLinksQuery(requestId, { refetchOnMountOrArgChange: true }));
  const quotations = resource.data?.quotations;
  if (resource.status === 'failed')
    return <LoadError message={`The sent quotations could not be loaded. ${resource.error}`} onRetry={retry} />;
  if (quotations === undefined) return <Spinner label="Loading the sent quotations" />;
  if (quotations.length === 0) return <p>No quotation has been sent for this request yet.</p>;
  return (
    <Revisions aria-label="Sent quotations, newest first">
      {quotations.map((quotation) => (
        <Revision key={quotation.id}>
          <article aria-labelledby={`sent-quotation-${quotation.id}`}>
            <h3 id={`sent-quotation-${quotation.id}`}>
              {quotation.number}: {LINK_STATE_LABELS[quotation.state]}
            </h3>
            <RevisionFacts quotation={quotation} />
            <p>
              <Link to={`/quotations/${quotation.id}`}>Open {quotation.number}</Link>
            </p>
          </article>
        </Revision>
      ))}
    </Revisions>
  );
}
