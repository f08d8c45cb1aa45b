import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { requestsSent, server } from '@test/msw';
import { QUOTATIONS_API, type ExpiringQuotation } from '@site/contracts/quotations-api';
import { http } from '../testing/contractHttp';
import {
  DUBAI_STAFF,
  fakeStaffServer,
  HOSTILE,
  sessionOf,
  staffHandlers,
  type FakeStaffServer,
} from '../testing/handlers';
import { expiringQuotation } from '../testing/quotationFixtures';
import { renderStaffApp } from '../testing/renderStaff';
import { axeViolations } from '../testing/axe';
import { formatDateTime } from '../ui/format';

let fake: FakeStaffServer;
let listed: ExpiringQuotation[];
beforeEach(() => {
  fake = fakeStaffServer();
  listed = [
    expiringQuotation({
      id: 44,
      number: 'QT-OM-2026-000007-R1',
      state: 'sent',
      requestId: 14,
      requestReference: 'RFQ-OM-2026-000130',
      buyerCompany: HOSTILE,
      branch: 'Oman',
      currency: 'OMR',
      total: '52.794',
      validUntil: '2026-11-28',
      daysLeft: 0,
      sentBy: 'oman@crescent.example',
      reminderSentAt: '2026-11-27T06:00:00.000Z',
    }),
    expiringQuotation(),
    expiringQuotation({
      id: 45,
      number: 'QT-AE-2026-000045',
      state: 'changes_asked',
      daysLeft: 3,
      validUntil: '2026-12-01',
      sentBy: null,
    }),
  ];
  server.use(
    http.get(QUOTATIONS_API.expiring, () => HttpResponse.json({ quotations: listed })),
    ...staffHandlers(fake),
  );
});

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('"Expiring in 3 days"', () => {
  it('lists the sent quotations about to expire, the soonest first, with what the buyer did and the reminder', async () => {
    renderStaffApp('/expiring-quotations');
    expect(await screen.findByRole('heading', { level: 1, name: 'Expiring in 3 days' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: '3 quotations, the soonest to expire first' });
    expect(rowsOf(table)).toEqual([
      ['Valid until', 'Quotation', 'Buyer company', 'Request', 'Branch', 'Total', 'Buyer', 'Reminder'],
      [
        '2026-11-28, ends today (its last day)',
        'QT-OM-2026-000007-R1',
        HOSTILE,
        'RFQ-OM-2026-000130',
        'Oman',
        'OMR 52.794',
        'Not opened yet',
        `Mailed to oman@crescent.example on ${formatDateTime('2026-11-27T06:00:00.000Z')}`,
      ],
      [
        '2026-11-30, ends in 2 days',
        'QT-AE-2026-000041',
        'Gulf Build LLC',
        'RFQ-AE-2026-000123',
        'Dubai',
        'AED 504.00',
        'Opened, not answered',
        'Not mailed yet',
      ],
      [
        '2026-12-01, ends in 3 days',
        'QT-AE-2026-000045',
        'Gulf Build LLC',
        'RFQ-AE-2026-000123',
        'Dubai',
        'AED 504.00',
        'Changes asked',
        'Not mailed yet',
      ],
    ]);
    expect(within(table).getByRole('link', { name: 'QT-OM-2026-000007-R1' })).toHaveAttribute('href', '/quotations/44');
    expect(within(table).getByRole('link', { name: 'RFQ-OM-2026-000130' })).toHaveAttribute('href', '/inbox/quote/14');
    expect(screen.getByRole('link', { name: 'Expiring quotations' })).toHaveAttribute('aria-current', 'page');
    expect(await axeViolations()).toEqual([]);
  });

  it('says when none runs out; branch staff have the page in their menu', async () => {
    listed = [];
    fake.session = sessionOf(DUBAI_STAFF);
    renderStaffApp('/expiring-quotations');
    expect(await screen.findByText('No sent quotation runs out within 3 days.')).toBeInTheDocument();
    expect(requestsSent()).toContain(`GET ${QUOTATIONS_API.expiring}`);
    const nav = screen.getByRole('navigation', { name: 'Staff sections' });
    expect([...nav.querySelectorAll('a')].map((link) => link.textContent)).toEqual([
      'Inbox',
      'Orders',
      'Expiring quotations',
    ]);
  });

  it('a list that cannot be loaded says so, and is read again', async () => {
    server.use(
      http.get(
        QUOTATIONS_API.expiring,
        () => HttpResponse.json({ error: 'Please try again in a minute.' }, { status: 503 }),
        {
          once: true,
        },
      ),
    );
    renderStaffApp('/expiring-quotations');
    expect(await screen.findByText(/The expiring quotations could not be loaded/)).toBeInTheDocument();
    screen.getByRole('button', { name: /retry|try again/i }).click();
    await waitFor(() => expect(screen.getByRole('table')).toBeInTheDocument());
  });
});
