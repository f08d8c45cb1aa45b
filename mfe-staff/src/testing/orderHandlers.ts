// A small fake of the staff's reads of sent quotations (STAFF_QUOTATION_LINK_API) for the request page's and the
// orders page's tests: each request's revisions and the orders in memory, kept to the caller's branch as the server
// keeps them (admins every branch's, branch staff their own: 403 for another's request), behind handlers.ts's session
// check. The PO file and the orders' files are links the tests read, not calls they make.
import { HttpResponse } from 'msw';
import { http } from './contractHttp';
import {
  STAFF_QUOTATION_LINK_API,
  type QuotationLinkHistory,
  type QuotationLinkState,
  type StaffOrder,
  type StaffOrderList,
} from '@site/contracts/quotation-link-api';
import type { InboxItemDetail, StaffSession } from '@site/contracts/staff-api';

export interface FakeOrders {
  /** Each quote request's sent revisions, newest first, by request id. */
  sentQuotations: Record<number, QuotationLinkState[]>;
  orders: StaffOrder[];
  /** What GET orders answers as `more`. */
  more?: boolean;
}

/** A revision as sent and not yet opened; `overrides` move it along. */
export function sentQuotation(overrides: Partial<QuotationLinkState> = {}): QuotationLinkState {
  return {
    id: 5,
    number: 'QT-AE-2026-000041',
    revision: 0,
    state: 'sent',
    currency: 'AED',
    total: '12,600.00',
    sentAt: '2026-11-21T08:00:00.000Z',
    sentBy: 'dubai@crescent.example',
    validUntil: '2026-12-21',
    viewedAt: null,
    changes: [],
    acceptance: null,
    expiredAt: null,
    supersededBy: null,
    ...overrides,
  };
}

export function order(overrides: Partial<StaffOrder> = {}): StaffOrder {
  return {
    id: '1',
    quotationId: 6,
    requestId: 12,
    createdAt: '2026-11-23T11:15:00.000Z',
    requestReference: 'RFQ-AE-2026-000123',
    quotationNumber: 'QT-AE-2026-000041-R1',
    buyerCompany: 'Gulf Build LLC',
    branch: 'Dubai',
    currency: 'AED',
    total: '11,970.00',
    poNumber: 'PO-7781',
    hasPoFile: true,
    ...overrides,
  };
}

export const fakeOrders = (overrides: Partial<FakeOrders> = {}): FakeOrders => ({
  sentQuotations: {},
  orders: [],
  ...overrides,
});

/** What of handlers.ts's fake server these handlers read (named here: that file imports this one). */
interface OrdersFakeServer {
  session: StaffSession | null;
  items: InboxItemDetail[];
  quotationLinks: FakeOrders;
}

/** The handlers serving `fake.quotationLinks`, for its session and inbox items. */
export function orderHandlers(fake: OrdersFakeServer, refusal: (request: Request) => Response | undefined) {
  const account = () => fake.session!.account;
  const sees = (branch: string | null) =>
    account().role === 'admin' || (branch !== null && account().branch === branch);
  const pricer = (request: Request): Response | undefined => {
    const refused = refusal(request);
    if (refused !== undefined) return refused;
    const { role } = account();
    return role === 'admin' || role === 'branch'
      ? undefined
      : HttpResponse.json({ error: 'Only administrators and branch staff prepare quotations.' }, { status: 403 });
  };
  return [
    http.get(STAFF_QUOTATION_LINK_API.linkStates, ({ request }) => {
      const refused = pricer(request);
      if (refused !== undefined) return refused;
      const requestId = Number(new URL(request.url).searchParams.get('requestId'));
      const item: InboxItemDetail | undefined = fake.items.find(
        (each) => each.kind === 'quote' && each.id === requestId,
      );
      if (item === undefined)
        return HttpResponse.json({ error: 'There is no such request for quotation' }, { status: 404 });
      if (!sees(item.branch)) return HttpResponse.json({ error: 'This belongs to another branch.' }, { status: 403 });
      return HttpResponse.json<QuotationLinkHistory>({
        quotations: fake.quotationLinks.sentQuotations[requestId] ?? [],
      });
    }),
    http.get(STAFF_QUOTATION_LINK_API.orders, ({ request }) => {
      const refused = pricer(request);
      if (refused !== undefined) return refused;
      return HttpResponse.json<StaffOrderList>({
        orders: fake.quotationLinks.orders.filter((each) => sees(each.branch)),
        more: fake.quotationLinks.more ?? false,
      });
    }),
  ];
}
