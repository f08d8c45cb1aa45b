import { screen, within } from '@testing-library/react';
import { server } from '@test/msw';
import {
  DUBAI_STAFF,
  fakeStaffServer,
  HOSTILE,
  sessionOf,
  staffHandlers,
  type FakeStaffServer,
} from '../testing/handlers';
import { fakeOrders, sentQuotation } from '../testing/orderHandlers';
import { renderStaffApp } from '../testing/renderStaff';
import { axeViolations } from '../testing/axe';

let fake: FakeStaffServer;
beforeEach(() => {
  fake = fakeStaffServer({
    quotationLinks: fakeOrders({
      sentQuotations: {
        12: [
          sentQuotation({
            id: 6,
            number: 'QT-AE-2026-000041-R1',
            revision: 1,
            state: 'accepted',
            total: '11,970.00',
            sentAt: '2026-11-22T09:00:00.000Z',
            viewedAt: '2026-11-22T10:00:00.000Z',
            acceptance: {
              name: HOSTILE,
              position: 'Procurement manager',
              poNumber: 'PO-7781',
              poFile: true,
              acceptedAt: '2026-11-23T11:15:00.000Z',
            },
          }),
          sentQuotation({
            state: 'superseded',
            viewedAt: '2026-11-21T09:30:00.000Z',
            changes: [
              { message: 'Can you deliver in two lots?\nThe first by Sunday.', askedAt: '2026-11-21T10:00:00.000Z' },
            ],
            supersededBy: { number: 'QT-AE-2026-000041-R1', sentAt: '2026-11-22T09:00:00.000Z' },
          }),
        ],
      },
    }),
  });
  server.use(...staffHandlers(fake));
});

/** The facts of the revision titled `number: state`, as term → description. */
function factsOf(title: string): Record<string, string> {
  const revision = screen.getByRole('article', { name: title });
  const terms = within(revision).getAllByRole('term');
  return Object.fromEntries(terms.map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']));
}

describe("a quote request's sent quotations", () => {
  it('lists each revision newest first with what the buyer did: viewed, changes asked in their words, accepted with the PO file', async () => {
    renderStaffApp('/inbox/quote/12');
    const section = await screen.findByRole('region', { name: 'Sent quotations' });
    const list = await within(section).findByRole('list', { name: 'Sent quotations, newest first' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['QT-AE-2026-000041-R1: Accepted', 'QT-AE-2026-000041: Superseded']);

    const accepted = factsOf('QT-AE-2026-000041-R1: Accepted');
    expect(accepted).toMatchObject({
      Total: 'AED 11,970.00',
      'PO number': 'PO-7781',
      'PO file': 'Download the purchase order (PDF)',
    });
    expect(accepted.Accepted).toMatch(
      new RegExp(`by ${HOSTILE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, Procurement manager$`),
    );
    expect(accepted.Viewed).not.toBe('Not opened yet');
    const download = within(screen.getByRole('article', { name: 'QT-AE-2026-000041-R1: Accepted' })).getByRole('link', {
      name: 'Download the purchase order (PDF)',
    });
    expect(download).toHaveAttribute('href', '/api/staff/quotations/6/purchase-order');
    expect(download).toHaveAttribute('download');

    const superseded = factsOf('QT-AE-2026-000041: Superseded');
    expect(superseded['Changes asked']).toContain('Can you deliver in two lots?The first by Sunday.');
    expect(superseded.Superseded).toMatch(/^by QT-AE-2026-000041-R1, sent /);
    expect(superseded).not.toHaveProperty('PO file');
    // the buyer's name stays text
    expect(document.querySelector('main img')).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it('says when the buyer has not opened it, when it expired, and when nothing was sent yet', async () => {
    fake.quotationLinks.sentQuotations[12] = [
      sentQuotation({ state: 'expired', expiredAt: '2026-12-22T06:00:00.000Z' }),
    ];
    renderStaffApp('/inbox/quote/12');
    await screen.findByRole('article', { name: 'QT-AE-2026-000041: Expired' });
    expect(factsOf('QT-AE-2026-000041: Expired')).toMatchObject({
      Viewed: 'Not opened yet',
      Sent: expect.stringMatching(/ by dubai@crescent\.example$/),
    });
    expect(factsOf('QT-AE-2026-000041: Expired').Expired).toMatch(/2026/);
  });

  it('shows nothing sent yet for a request without a sent quotation', async () => {
    fake.quotationLinks.sentQuotations = {};
    renderStaffApp('/inbox/quote/12');
    expect(await screen.findByText('No quotation has been sent for this request yet.')).toBeInTheDocument();
  });

  it("shows the server's refusal when the list cannot be read", async () => {
    fake.session = sessionOf({ ...DUBAI_STAFF, branch: 'Oman' });
    renderStaffApp('/inbox/quote/12');
    expect(
      await screen.findByText(/The sent quotations could not be loaded\. This belongs to another branch\./),
    ).toBeInTheDocument();
  });
});
