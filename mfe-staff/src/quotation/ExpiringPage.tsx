// /staff/expiring-quotations: "Expiring in 3 days", the sent quotations the buyers can still accept (not accepted, not
// superseded) whose validity ends within EXPIRING_DAYS days, the soonest first (admins every branch's, branch staff
// their own), and whether each one's salesperson was mailed the reminder (once, by the server's poller).
import { Link } from 'react-router-dom';
import { LoadError, PageContainer, Spinner } from '@site/shared-ui';
import { EXPIRING_DAYS, type ExpiringQuotation, type QuotationState } from '@site/contracts/quotations-api';
import { DataTable, type Column } from '../ui/DataTable';
import { formatDateTime } from '../ui/format';
import { PageHeading } from '../ui/PageHeading';
import { staffResource } from '../ui/staffResource';
import { VisibleText } from '../ui/VisibleText';
import { useExpiringQuotationsQuery } from './quotationApi';

/** What the buyer did with it: the states a quotation is listed in. */
const BUYER_DID: Readonly<Partial<Record<QuotationState, string>>> = {
  sent: 'Not opened yet',
  viewed: 'Opened, not answered',
  changes_asked: 'Changes asked',
};

/** "today (its last day)", "tomorrow", "in 3 days". */
export const daysLeftText = (daysLeft: number): string =>
  daysLeft === 0 ? 'today (its last day)' : daysLeft === 1 ? 'tomorrow' : `in ${daysLeft} days`;

const COLUMNS: readonly Column<ExpiringQuotation>[] = [
  { header: 'Valid until', cell: (quotation) => `${quotation.validUntil}, ends ${daysLeftText(quotation.daysLeft)}` },
  {
    header: 'Quotation',
    cell: (quotation) => <Link to={`/quotations/${quotation.id}`}>{quotation.number}</Link>,
    dir: 'ltr',
  },
  { header: 'Buyer company', cell: (quotation) => <VisibleText text={quotation.buyerCompany} /> },
  {
    header: 'Request',
    cell: (quotation) => <Link to={`/inbox/quote/${quotation.requestId}`}>{quotation.requestReference}</Link>,
    dir: 'ltr',
  },
  { header: 'Branch', cell: (quotation) => quotation.branch },
  { header: 'Total', cell: (quotation) => `${quotation.currency} ${quotation.total}`, dir: 'ltr' },
  { header: 'Buyer', cell: (quotation) => BUYER_DID[quotation.state] ?? quotation.state },
  {
    header: 'Reminder',
    cell: (quotation) =>
      quotation.reminderSentAt === null
        ? 'Not mailed yet'
        : `Mailed${quotation.sentBy === null ? '' : ` to ${quotation.sentBy}`} on ${formatDateTime(quotation.reminderSentAt)}`,
  },
];

export function ExpiringPage() {
  const { resource, retry } = staffResource(useExpiringQuotationsQuery(undefined, { refetchOnMountOrArgChange: true }));
  const data = resource.data;
  return (
    <PageContainer>
      <PageHeading title={`Expiring in ${EXPIRING_DAYS} days`} />
      <p>
        Sent quotations your buyers can still accept whose validity ends within {EXPIRING_DAYS} days, today included,
        the soonest first. Each one’s salesperson is mailed a reminder once: call the buyer, or prepare a revision with
        a later validity.
      </p>
      {resource.status === 'failed' ? (
        <LoadError message={`The expiring quotations could not be loaded. ${resource.error}`} onRetry={retry} />
      ) : null}
      {data === undefined ? (
        resource.status === 'failed' ? null : (
          <Spinner label="Loading the expiring quotations" />
        )
      ) : data.quotations.length === 0 ? (
        <p>No sent quotation runs out within {EXPIRING_DAYS} days.</p>
      ) : (
        <DataTable
          caption={`${data.quotations.length} ${data.quotations.length === 1 ? 'quotation' : 'quotations'}, the soonest to expire first`}
          columns={COLUMNS}
          rows={data.quotations}
          rowKey={(quotation) => quotation.id}
        />
      )}
    </PageContainer>
  );
}
