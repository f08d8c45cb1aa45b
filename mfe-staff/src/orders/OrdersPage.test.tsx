import { screen, within } from '@testing-library/react';
import { requestsSent, server } from '@test/msw';
import { STAFF_QUOTATION_LINK_API } from '@site/contracts/quotation-link-api';
import {
  DUBAI_STAFF,
  fakeStaffServer,
  HOSTILE,
  sessionOf,
  staffHandlers,
  type FakeStaffServer,
} from '../testing/handlers';
import { fakeOrders, order } from '../testing/orderHandlers';
import { renderStaffApp } from '../testing/renderStaff';
import { axeViolations } from '../testing/axe';

let fake: FakeStaffServer;
beforeEach(() => {
  fake = fakeStaffServer({
    quotationLinks: fakeOrders({
      orders: [
        order({
          id: '2',
          requestId: 14,
          requestReference: 'RFQ-OM-2026-000130',
          quotationNumber: 'QT-OM-2026-000007',
          branch: 'Oman',
          currency: 'OMR',
          total: '1,254.240',
          buyerCompany: HOSTILE,
          poNumber: null,
          hasPoFile: false,
        }),
        order(),
      ],
    }),
  });
  server.use(...staffHandlers(fake));
});

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('the orders page', () => {
  it('lists the accepted quotations newest first, with the total in its currency, and offers the CSV and Excel files', async () => {
    renderStaffApp('/orders');
    const table = await screen.findByRole('table', { name: '2 orders, newest first' });
    const rows = rowsOf(table);
    expect(rows[0]).toEqual(['Accepted', 'Request', 'Quotation', 'Buyer company', 'Branch', 'Total', 'PO number']);
    expect(rows.slice(1).map((row) => row.slice(1))).toEqual([
      ['RFQ-OM-2026-000130', 'QT-OM-2026-000007', HOSTILE, 'Oman', 'OMR 1,254.240', ''],
      ['RFQ-AE-2026-000123', 'QT-AE-2026-000041-R1', 'Gulf Build LLC', 'Dubai', 'AED 11,970.00', 'PO-7781'],
    ]);
    expect(within(table).getByRole('link', { name: 'RFQ-AE-2026-000123' })).toHaveAttribute('href', '/inbox/quote/12');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `${STAFF_QUOTATION_LINK_API.ordersFile}?format=csv`,
    );
    expect(screen.getByRole('link', { name: 'Download Excel (.xlsx)' })).toHaveAttribute(
      'href',
      `${STAFF_QUOTATION_LINK_API.ordersFile}?format=xlsx`,
    );
    expect(document.querySelector('main img')).toBeNull();
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    expect(await axeViolations()).toEqual([]);
  });

  it("shows branch staff their branch's orders only", async () => {
    fake.session = sessionOf(DUBAI_STAFF);
    renderStaffApp('/orders');
    const table = await screen.findByRole('table', { name: '1 order, newest first' });
    expect(
      rowsOf(table)
        .slice(1)
        .map((row) => row[4]),
    ).toEqual(['Dubai']);
    expect(requestsSent()).toContain(`GET ${STAFF_QUOTATION_LINK_API.orders}`);
  });

  it('says so when nothing was accepted yet, and when only the newest are listed', async () => {
    fake.quotationLinks.orders = [];
    const { unmount } = renderStaffApp('/orders');
    expect(await screen.findByText('No quotation has been accepted yet.')).toBeInTheDocument();
    unmount();
    fake.quotationLinks.orders = [order()];
    fake.quotationLinks.more = true;
    renderStaffApp('/orders');
    expect(
      await screen.findByRole('table', { name: 'The newest 200 orders (the files hold them all)' }),
    ).toBeInTheDocument();
  });
});
