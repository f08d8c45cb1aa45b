// /staff/orders: the accepted quotations (admins every branch's, branch staff their own), newest first, and the
// whole list as a CSV or Excel file (plain links: the browser saves what the server sends).
import { Link } from 'react-router-dom';
import { LoadError, PageContainer, Spinner } from '@site/shared-ui';
import { STAFF_ORDERS_PAGE_SIZE, type StaffOrder } from '@site/contracts/quotation-link-api';
import { formatDateTime } from '../ui/format';
import { DataTable, type Column } from '../ui/DataTable';
import { PageHeading } from '../ui/PageHeading';
import { Actions } from '../ui/StaffField';
import { staffResource } from '../ui/staffResource';
import { VisibleText } from '../ui/VisibleText';
import { ordersFileUrl, useOrdersQuery } from './ordersApi';

const ORDER_COLUMNS: readonly Column<StaffOrder>[] = [
  { header: 'Accepted', cell: (order) => formatDateTime(order.createdAt) },
  {
    header: 'Request',
    cell: (order) => <Link to={`/inbox/quote/${order.requestId}`}>{order.requestReference}</Link>,
    dir: 'ltr',
  },
  { header: 'Quotation', cell: (order) => order.quotationNumber, dir: 'ltr' },
  { header: 'Buyer company', cell: (order) => <VisibleText text={order.buyerCompany} /> },
  { header: 'Branch', cell: (order) => order.branch },
  { header: 'Total', cell: (order) => `${order.currency} ${order.total}`, dir: 'ltr' },
  { header: 'PO number', cell: (order) => (order.poNumber === null ? '' : <VisibleText text={order.poNumber} />) },
];

export function OrdersPage() {
  const { resource, retry } = staffResource(useOrdersQuery(undefined, { refetchOnMountOrArgChange: true }));
  const data = resource.data;
  return (
    <PageContainer>
      <PageHeading title="Orders" />
      <p>Quotations your buyers accepted, newest first.</p>
      <Actions>
        <a href={ordersFileUrl('csv')} download>
          Download CSV
        </a>
        <a href={ordersFileUrl('xlsx')} download>
          Download Excel (.xlsx)
        </a>
      </Actions>
      {resource.status === 'failed' ? (
        <LoadError message={`The orders could not be loaded. ${resource.error}`} onRetry={retry} />
      ) : null}
      {data === undefined ? (
        resource.status === 'failed' ? null : (
          <Spinner label="Loading the orders" />
        )
      ) : data.orders.length === 0 ? (
        <p>No quotation has been accepted yet.</p>
      ) : (
        <DataTable
          caption={
            data.more
              ? `The newest ${STAFF_ORDERS_PAGE_SIZE} orders (the files hold them all)`
              : `${data.orders.length} ${data.orders.length === 1 ? 'order' : 'orders'}, newest first`
          }
          columns={ORDER_COLUMNS}
          rows={data.orders}
          rowKey={(order) => order.id}
        />
      )}
    </PageContainer>
  );
}
