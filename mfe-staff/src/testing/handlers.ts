// What the staff app's tests talk to (with MSW, see tools/jest/msw.ts): a small fake of the staff API of
// contracts/src/staffApi.ts, holding its state in memory. It checks what the real one checks where the app's behaviour
// depends on it: the session cookie's place is taken by `fake.session`, and every state-changing call must carry the
// session's CSRF token (403 otherwise), so a test sees a forgotten header fail as it would on the server.
import { HttpResponse } from 'msw';
import { http } from './contractHttp';
import type { StockFeedDetail, StockFeedHealth, StockFeedList } from '@site/contracts/stock-api';
import {
  CSRF_HEADER,
  mustUseSecondFactor,
  STAFF_API,
  type AuditPage,
  type InboxItemDetail,
  type InboxPage,
  type InboxStatus,
  type ReviewPage,
  type SessionAnswer,
  type StaffAccountSummary,
  type StaffReview,
  type StaffSession,
  type TotpSetup,
} from '@site/contracts/staff-api';
import type { StaffSettings } from '@site/contracts/staff-api-schemas';
import { CATALOGUE_LOOKUP_API_PATH, CATALOGUE_SEARCH_API_PATH } from '@site/contracts/api';
import type { LookupResponse, SearchResponse } from '@site/contracts/catalogue-api';
import type { Product, SearchResult } from '@site/content';
// the catalogue's data, as the content package validates it (JSON imports are typed loosely)
import catalogueRecords from '@site/content/data/products.json';
import { fakeOrders, orderHandlers, type FakeOrders } from './orderHandlers';
import { fakeRates, rateHandlers, type FakeRates } from './rateHandlers';

/** The public catalogue's products the reviews page's product filter can find (the catalogue search and look-up). */
export const CATALOGUE: readonly SearchResult[] = [
  {
    id: 'oc_fire_resistant_cable',
    title: 'Fire resistant cable',
    productCategory: 'Cables',
    productCategoryId: 'cables',
    company: 'Oxford Cavi',
    image: 'cable_armoured',
  },
  {
    id: 'hex_cw_brass_cable_gland',
    title: 'CW Brass Cable Gland',
    productCategory: 'Glands',
    productCategoryId: 'industrial_cable_glands',
    company: 'Hex',
    image: 'gland_brass',
  },
];

function catalogueRecord(id: string): Product {
  const record = (catalogueRecords as Product[]).find((each) => each.id === id);
  if (record === undefined) throw new Error(`No product ${id} in products.json`);
  return record;
}

/** A name a visitor might send to try to run script in the staff pages. */
export const HOSTILE = '<img src=x onerror=alert(1)>';

export const ADMIN: StaffAccountSummary = { id: 1, email: 'admin@crescent.example', role: 'admin', branch: null };
export const DUBAI_STAFF: StaffAccountSummary = {
  id: 2,
  email: 'dubai@crescent.example',
  role: 'branch',
  branch: 'Dubai',
};
export const PASSWORD = 'correct horse battery staple';
export const TOTP_CODE = '123456';
export const RECOVERY_CODE = 'abcd-efgh-ijkl';
export const RECOVERY_CODES = ['abcd-efgh-ijkl', 'mnop-qrst-uvwx', 'yzab-cdef-ghij'];
export const TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
/** The server's QR code: an SVG with something a careless page would run (it must only ever be an image). */
export const QR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><path d="M0 0h2v2H0z"/><script>alert(1)</script></svg>`;

export function detail(overrides: Partial<InboxItemDetail> = {}): InboxItemDetail {
  return {
    kind: 'contact',
    id: 7,
    createdAt: '2026-11-20T09:30:00.000Z',
    branch: 'Dubai',
    status: 'new',
    name: HOSTILE,
    email: 'visitor@example.com',
    company: 'Gulf Build LLC',
    preview: `Hello ${HOSTILE}`,
    assignee: null,
    fields: [
      { label: 'Name', value: HOSTILE },
      { label: 'Email', value: 'visitor@example.com' },
      { label: 'Message', value: `Please call me.\n<script>alert("x")</script>` },
    ],
    mails: [
      {
        id: 31,
        kind: 'to the branch',
        recipient: 'dubai@crescent.example',
        state: 'failed',
        attempts: 3,
        lastError: '550 mailbox unavailable',
        sentAt: null,
      },
      {
        id: 32,
        kind: 'confirmation',
        recipient: 'visitor@example.com',
        state: 'sent',
        attempts: 1,
        lastError: null,
        sentAt: '2026-11-20T09:31:00.000Z',
      },
    ],
    notes: [],
    ...overrides,
  };
}

export function quoteDetail(): InboxItemDetail {
  return detail({
    kind: 'quote',
    id: 12,
    name: 'Aisha Rahman',
    reference: 'RFQ-AE-2026-000123',
    preview: '2 lines',
    fields: [
      { label: 'Company', value: 'Gulf Build LLC' },
      { label: 'Needed by', value: '2026-12-01' },
    ],
    lines: [
      {
        productId: 'gland',
        productCode: 'CG-20',
        productName: 'Cable gland',
        variantLabel: 'Size 20 (M20)',
        unit: 'pcs',
        quantity: '200',
      },
      {
        productId: 'cable',
        productCode: 'XL-4',
        productName: 'XLPE cable 4 core',
        variantLabel: '',
        unit: 'm',
        quantity: '150.5',
      },
    ],
    buyerCompany: {
      name: 'Gulf Build LLC',
      domain: 'gulf-build.example',
      buyers: ['aisha.rahman@gulf-build.example', 'omar.said@gulf-build.example'],
    },
  });
}

/** An inbox item as the list answers it (GET inbox): the detail's fields, mails and history left out. */
export const summaryOf = ({
  kind,
  id,
  createdAt,
  branch,
  status,
  name,
  email,
  company,
  preview,
  assignee,
}: InboxItemDetail) => ({
  kind,
  id,
  createdAt,
  branch,
  status,
  name,
  email,
  company,
  preview,
  assignee,
});

export function review(overrides: Partial<StaffReview> = {}): StaffReview {
  return {
    id: 1,
    productId: 'oc_fire_resistant_cable',
    productName: 'Fire resistant cable',
    customerName: 'Omar',
    email: 'omar@example.com',
    comment: 'Good cable.',
    stars: 5,
    createdAt: '2026-11-19T10:00:00.000Z',
    visibility: 'visible',
    ...overrides,
  };
}

/** The fake server's state; a test changes it before rendering (or while the page is on screen). */
export interface FakeStaffServer {
  /** The session the browser's cookie names; null: signed out. */
  session: StaffSession | null;
  /** Who signs in with PASSWORD, and what their session becomes: active, or waiting for the second factor / set-up. */
  accounts: { account: StaffAccountSummary; next: StaffSession['state'] }[];
  items: InboxItemDetail[];
  /** What GET inbox answers as total and nextCursor (the first page); undefined: all items, no next page. */
  inboxPage?: Partial<InboxPage>;
  reviews: StaffReview[];
  settings: StaffSettings;
  audit: AuditPage;
  /** The buyers' accounts' log (GET buyerAudit). */
  buyerAudit: AuditPage;
  /** The ERP's stock feeds (admins): the list's answer and each feed's refused rows. */
  stockFeeds: StockFeedList;
  stockFeedDetails: StockFeedDetail[];
  /** The quote requests' sent quotations and the orders (orderHandlers.ts). */
  quotationLinks: FakeOrders;
  /** The exchange-rate and VAT tables (rateHandlers.ts). */
  rates: FakeRates;
}

export const sessionOf = (
  account: StaffAccountSummary,
  state: StaffSession['state'] = 'active',
  secondFactor = mustUseSecondFactor(account) && state !== 'totp-setup',
): StaffSession => ({
  account,
  csrfToken: `csrf-${account.id}-${state}`,
  state,
  secondFactor,
});

export function fakeStaffServer(overrides: Partial<FakeStaffServer> = {}): FakeStaffServer {
  return {
    session: sessionOf(ADMIN),
    accounts: [
      { account: ADMIN, next: 'second-factor' },
      { account: DUBAI_STAFF, next: 'active' },
    ],
    items: [detail(), quoteDetail()],
    reviews: [review(), review({ id: 2, visibility: 'held', stars: 1, comment: HOSTILE, customerName: 'Spammer' })],
    settings: { holdNewReviews: false },
    buyerAudit: {
      entries: [
        {
          id: 3,
          at: '2026-11-21T08:00:00.000Z',
          actor: 'aisha.rahman@gulf-build.example',
          action: 'buyer.company-invited',
          target: 'omar.said@gulf-build.example',
          detail: 'Chrome — Windows',
          fields: null,
        },
      ],
      page: 1,
      pageCount: 1,
    },
    audit: {
      entries: [
        {
          id: 1,
          at: '2026-11-20T10:00:00.000Z',
          actor: ADMIN.email,
          action: 'inbox.status',
          target: 'contact/7',
          detail: 'new → handled',
          fields: null,
        },
      ],
      page: 1,
      pageCount: 1,
    },
    stockFeeds: { feeds: [], next: null, lastFeedAt: '2026-11-20T10:00:00.000Z', staleAfterMinutes: 120, stale: false },
    stockFeedDetails: [],
    quotationLinks: fakeOrders(),
    rates: fakeRates(),
    ...overrides,
  };
}

const unauthorized = () => HttpResponse.json({ error: 'Please sign in.' }, { status: 401 });
const staleForm = () =>
  HttpResponse.json(
    { error: 'Your session has expired or the form is stale. Please reload the page.' },
    { status: 403 },
  );

/** The handlers serving `fake`. */
export function staffHandlers(fake: FakeStaffServer) {
  /** An active session, and for a state-changing call its CSRF token; else the answer refusing it. */
  const refusal = (request: Request): Response | undefined => {
    if (fake.session === null || fake.session.state !== 'active') return unauthorized();
    if (request.method !== 'GET' && request.headers.get(CSRF_HEADER) !== fake.session.csrfToken) return staleForm();
    return undefined;
  };
  const findItem = (params: Record<string, string | readonly string[] | undefined>) =>
    fake.items.find((item) => item.kind === params.kind && String(item.id) === params.id);
  const changeItem = (
    params: Record<string, string | readonly string[] | undefined>,
    change: (item: InboxItemDetail) => InboxItemDetail,
  ) => {
    const item = findItem(params);
    if (item === undefined) return HttpResponse.json({ error: 'Not found' }, { status: 404 });
    const changed = change(item);
    fake.items = fake.items.map((each) => (each === item ? changed : each));
    return HttpResponse.json(changed);
  };

  return [
    ...orderHandlers(fake, refusal),
    ...rateHandlers(fake, refusal),
    // As the server: 200 whether or not anyone is signed in (a 401 would be a console error on every signed-out page).
    http.get(STAFF_API.session, () => HttpResponse.json<SessionAnswer>({ session: fake.session })),
    http.post(STAFF_API.signIn, async ({ request }) => {
      const { email, password } = (await request.json()) as { email: string; password: string };
      const match = fake.accounts.find(({ account }) => account.email === email);
      if (match === undefined || password !== PASSWORD)
        return HttpResponse.json({ error: 'Wrong e-mail or password.' }, { status: 401 });
      fake.session = sessionOf(match.account, match.next);
      return HttpResponse.json(fake.session);
    }),
    http.post(STAFF_API.secondFactor, async ({ request }) => {
      const { code } = (await request.json()) as { code: string };
      if (fake.session?.state !== 'second-factor') return unauthorized();
      if (code !== TOTP_CODE && code !== RECOVERY_CODE)
        return HttpResponse.json({ error: 'That code is not right.' }, { status: 401 });
      fake.session = sessionOf(fake.session.account, 'active');
      return HttpResponse.json(fake.session);
    }),
    // as the server: an admin's first sign-in, or any active account without a second step yet
    http.post(STAFF_API.totpSetup, ({ request }) => {
      if (fake.session === null || (fake.session.state !== 'totp-setup' && fake.session.state !== 'active'))
        return unauthorized();
      if (fake.session.secondFactor)
        return HttpResponse.json({ error: 'The second factor is already set up for this account.' }, { status: 409 });
      if (request.headers.get(CSRF_HEADER) !== fake.session.csrfToken) return staleForm();
      const setup: TotpSetup = {
        secret: TOTP_SECRET,
        otpauthUrl: `otpauth://totp/Crescent:${fake.session.account.email}?secret=${TOTP_SECRET}`,
        qrSvg: QR_SVG,
      };
      return HttpResponse.json(setup);
    }),
    http.post(STAFF_API.totpConfirm, async ({ request }) => {
      if (fake.session === null || (fake.session.state !== 'totp-setup' && fake.session.state !== 'active'))
        return unauthorized();
      if (request.headers.get(CSRF_HEADER) !== fake.session.csrfToken) return staleForm();
      const { code } = (await request.json()) as { code: string };
      if (code !== TOTP_CODE) return HttpResponse.json({ error: 'That code is not right.' }, { status: 400 });
      fake.session = sessionOf(fake.session.account, 'active', true);
      return HttpResponse.json({ recoveryCodes: RECOVERY_CODES, session: fake.session });
    }),
    http.post(STAFF_API.signOut, ({ request }) => {
      const refused = refusal(request);
      if (refused) return refused;
      fake.session = null;
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(
      STAFF_API.accounts,
      ({ request }) => refusal(request) ?? HttpResponse.json({ accounts: [ADMIN, DUBAI_STAFF] }),
    ),
    http.get(STAFF_API.inbox, ({ request }) => {
      const refused = refusal(request);
      if (refused) return refused;
      const status = new URL(request.url).searchParams.get('status');
      const items = fake.items
        .filter((item) => (status === null ? item.status !== 'spam' : item.status === status))
        .map(summaryOf);
      const page: InboxPage = { items, total: items.length, nextCursor: null, ...fake.inboxPage };
      return HttpResponse.json(page);
    }),
    http.get(STAFF_API.inboxItem, ({ request, params }) => {
      const refused = refusal(request);
      if (refused) return refused;
      const item = findItem(params);
      return item === undefined
        ? HttpResponse.json({ error: 'There is no such item.' }, { status: 404 })
        : HttpResponse.json(item);
    }),
    http.post(STAFF_API.inboxStatus, async ({ request, params }) => {
      const refused = refusal(request);
      if (refused) return refused;
      const { status } = (await request.json()) as { status: InboxStatus };
      return changeItem(params, (item) => ({ ...item, status }));
    }),
    http.post(STAFF_API.inboxAssign, async ({ request, params }) => {
      const refused = refusal(request);
      if (refused) return refused;
      const { assigneeId } = (await request.json()) as { assigneeId: number | null };
      const assignee = [ADMIN, DUBAI_STAFF].find((account) => account.id === assigneeId) ?? null;
      return changeItem(params, (item) => ({ ...item, assignee }));
    }),
    http.post(STAFF_API.inboxNote, async ({ request, params }) => {
      const refused = refusal(request);
      if (refused) return refused;
      const { text } = (await request.json()) as { text: string };
      const author = fake.session!.account;
      return changeItem(params, (item) => ({
        ...item,
        notes: [...item.notes, { id: item.notes.length + 1, author, text, createdAt: '2026-11-21T08:00:00.000Z' }],
      }));
    }),
    http.post(STAFF_API.inboxResend, async ({ request, params }) => {
      const refused = refusal(request);
      if (refused) return refused;
      const { mailId } = (await request.json()) as { mailId: number };
      return changeItem(params, (item) => ({
        ...item,
        mails: item.mails.map((mail) =>
          mail.id === mailId ? { ...mail, state: 'pending' as const, lastError: null } : mail,
        ),
      }));
    }),
    http.delete(STAFF_API.inboxDelete, ({ request, params }) => {
      const refused = refusal(request);
      if (refused) return refused;
      const item = findItem(params);
      if (item === undefined || item.status !== 'spam')
        return HttpResponse.json({ error: 'Only spam can be deleted.' }, { status: 409 });
      fake.items = fake.items.filter((each) => each !== item);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(STAFF_API.reviews, ({ request }) => {
      const refused = refusal(request);
      if (refused) return refused;
      const visibility = new URL(request.url).searchParams.get('visibility');
      const reviews = fake.reviews.filter((each) => visibility === null || each.visibility === visibility);
      const page: ReviewPage = { reviews, total: reviews.length, page: 1, pageCount: 1 };
      return HttpResponse.json(page);
    }),
    http.post(STAFF_API.reviewVisibility, async ({ request, params }) => {
      const refused = refusal(request);
      if (refused) return refused;
      const { hidden } = (await request.json()) as { hidden: boolean };
      const found = fake.reviews.find((each) => String(each.id) === params.id);
      if (found === undefined) return HttpResponse.json({ error: 'Not found' }, { status: 404 });
      const changed: StaffReview = { ...found, visibility: hidden ? 'hidden' : 'visible' };
      fake.reviews = fake.reviews.map((each) => (each === found ? changed : each));
      return HttpResponse.json(changed);
    }),
    http.get(STAFF_API.settings, ({ request }) => refusal(request) ?? HttpResponse.json(fake.settings)),
    http.put(STAFF_API.settings, async ({ request }) => {
      const refused = refusal(request);
      if (refused) return refused;
      fake.settings = (await request.json()) as StaffSettings;
      return HttpResponse.json(fake.settings);
    }),
    http.get(STAFF_API.audit, ({ request }) => refusal(request) ?? HttpResponse.json(fake.audit)),
    http.get(STAFF_API.buyerAudit, ({ request }) => refusal(request) ?? HttpResponse.json(fake.buyerAudit)),
    http.get(STAFF_API.stockFeeds, ({ request }) => refusal(request) ?? HttpResponse.json(fake.stockFeeds)),
    http.get(STAFF_API.stockFeed, ({ request, params }) => {
      const feed = fake.stockFeedDetails.find((each) => String(each.id) === params.id);
      return (
        refusal(request) ??
        (feed === undefined
          ? HttpResponse.json({ error: 'No such feed in the last 30 days' }, { status: 404 })
          : HttpResponse.json(feed))
      );
    }),
    http.get(STAFF_API.stockHealth, ({ request }) => {
      const { lastFeedAt, staleAfterMinutes, stale } = fake.stockFeeds;
      return refusal(request) ?? HttpResponse.json<StockFeedHealth>({ lastFeedAt, staleAfterMinutes, stale });
    }),
    // The reviews page's product filter: the public catalogue's search (names holding the text) and look-up (by id).
    http.get(CATALOGUE_SEARCH_API_PATH, ({ request }) => {
      const needle = (new URL(request.url).searchParams.get('q') ?? '').trim().toLowerCase();
      const results = CATALOGUE.filter((product) => product.title.toLowerCase().includes(needle));
      return HttpResponse.json({
        total: results.length,
        offset: 0,
        results,
        highlight: [needle],
      } satisfies SearchResponse);
    }),
    http.get(CATALOGUE_LOOKUP_API_PATH, ({ request }) => {
      const keys = (new URL(request.url).searchParams.get('codes') ?? '').split(',');
      // the catalogue's own records (the server's answer is whole products), named as the search above names them
      const products = CATALOGUE.filter((product) => keys.includes(product.id.replaceAll('_', ''))).map(
        (product): Product => ({ ...catalogueRecord(product.id), productName: product.title }),
      );
      return HttpResponse.json({ products } satisfies LookupResponse);
    }),
  ];
}
