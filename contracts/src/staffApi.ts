// The staff app's calls: what mfe-staff asks and the server answers, each address and shape once.
// Public pages never import this module (the staff app is never loaded on them); only strings and types, and the
// branch list of the field rules. The bodies' schemas: ./staffApiSchemas.ts.
//
// Every staff call is JSON under /api/staff/, answers `cache-control: no-store`, and:
// - 401 {error} without a valid session (or with one still waiting for its second factor, outside the sign-in steps),
//   except GET session, which answers 200 {session: null} (see STAFF_API.session);
// - 403 {error} outside the account's role (admin-only calls) or branch (another branch's row);
// - 403 {error: 'Your session has expired or the form is stale. Please reload the page.'} for a state-changing call
//   (every method but GET/HEAD) whose `x-csrf-token` header is missing or is not the session's token.

import { BRANCH_NAMES, type BranchName } from '@site/content/validation';

/** The branches staff work for: the branch names of the forms (the CLI also takes `Saudi`). */
export const STAFF_BRANCHES = BRANCH_NAMES;
export type StaffBranch = BranchName;

/**
 * admin: everything; branch: their branch's inbox; catalogue: the catalogue editor only (never the inbox or reviews);
 * release: the releases console of its named remotes only (a team releases its own remote). Admins and the catalogue
 * role edit the catalogue; admins release every remote.
 */
export const STAFF_ROLES = ['admin', 'branch', 'catalogue', 'release'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The header a state-changing staff call carries its CSRF token in (the token comes with the session). */
export const CSRF_HEADER = 'x-csrf-token';

/** The staff pages' base address: served only to staff, noindex, never linked from the public site. */
export const STAFF_BASE = '/staff';
export const STAFF_SIGN_IN_PATH = '/staff/sign-in';

/**
 * The staff remote (mfe-staff) by its federation name: only the staff pages' own remotes map names it (never the
 * public pages' map or /remotes.json). Served at /remotes/staff/, configured by REMOTE_STAFF_URL.
 */
export const STAFF_REMOTE = 'staff';
/** What the staff host page renders from it. */
export const STAFF_APP_MODULE = './StaffApp';
/** Where the server serves the staff host page's own files (staff-host/dist: its webpack publicPath). */
export const STAFF_HOST_ASSETS_PATH = '/staff/assets/';

/** The start of the staff API's registry calls (the same calls as the pipelines' /api/releases/…). */
export const STAFF_RELEASES_PREFIX = '/api/staff/releases';

export const STAFF_API = {
  /** POST {email, password} → 200 SignInResult | 401 {error} (one message for every wrong e-mail/password) | 429 {error}. */
  signIn: '/api/staff/sign-in',
  /** POST {code} (a TOTP code or a recovery code), in a session waiting for its second factor → 200 SignInResult | 401 | 429. */
  secondFactor: '/api/staff/sign-in/second-factor',
  /** POST (csrf) → 204; the session ends on the server and its cookie is cleared. */
  signOut: '/api/staff/sign-out',
  /**
   * GET → 200 SessionAnswer, in any state: `{session: null}` without a valid session (none, unknown, expired, ended,
   * disabled account, or over https a cookie without the `__Host-` prefix). Never 401: the app asks it on every page,
   * signed out too, and browsers log each 4xx as a console error; it tells only whether the caller's own cookie is a
   * session. It sets no cookie and changes no session's state (like any call, it restarts the idle clock).
   */
  session: '/api/staff/session',
  /** POST (csrf), in a session waiting for TOTP set-up (admins without one) → 200 TotpSetup. */
  totpSetup: '/api/staff/totp/setup',
  /** POST {code} (csrf) → 200 {recoveryCodes: string[], session: StaffSession}: TOTP on, the session becomes active. */
  totpConfirm: '/api/staff/totp/confirm',
  /** GET → {accounts: StaffAccountSummary[]}: enabled colleagues one may assign to (own branch, and admins). */
  accounts: '/api/staff/accounts',
  /** GET ?InboxQuery → InboxPage. */
  inbox: '/api/staff/inbox',
  /** GET ?InboxQuery (no cursor/limit) → text/csv of the whole filtered view, formula-safe. */
  inboxCsv: '/api/staff/inbox.csv',
  /** GET → InboxItemDetail. */
  inboxItem: '/api/staff/inbox/:kind/:id',
  /** POST {status: InboxStatus} (csrf) → InboxItemDetail. Setting or leaving 'spam' moves it to or from the spam list. */
  inboxStatus: '/api/staff/inbox/:kind/:id/status',
  /** POST {assigneeId: number | null} (csrf) → InboxItemDetail. */
  inboxAssign: '/api/staff/inbox/:kind/:id/assign',
  /** POST {text} (csrf) → InboxItemDetail. */
  inboxNote: '/api/staff/inbox/:kind/:id/notes',
  /** POST {mailId} (csrf) → InboxItemDetail: a failed mail is queued again now. */
  inboxResend: '/api/staff/inbox/:kind/:id/resend',
  /** DELETE (csrf), spam rows only → 204. */
  inboxDelete: '/api/staff/inbox/:kind/:id',
  /** GET ?ReviewQuery → ReviewPage. */
  reviews: '/api/staff/reviews',
  /** POST {hidden: boolean} (csrf) → StaffReview: hide (or unhide / approve a held one). */
  reviewVisibility: '/api/staff/reviews/:id/visibility',
  /** GET → StaffSettings; PUT StaffSettings (csrf, admins) → StaffSettings. */
  settings: '/api/staff/settings',
  /** GET ?page (admins) → AuditPage. */
  audit: '/api/staff/audit',
  /** GET ?page (admins) → AuditPage: the buyers' accounts' log (sign-ins, company changes), the buyer as the actor. */
  buyerAudit: '/api/staff/audit/buyers',
  // The catalogue editor (admins and the catalogue role; shapes and rules: @site/contracts/staff-catalogue-api).
  /** GET ?q&category&brand&status&missingArabic&after&limit → EditorProductPage (keyset paging by id: `after`). */
  catalogueProducts: '/api/staff/catalogue/products',
  /** GET → EditorProduct: every field in both languages, its version and its pending draft. */
  catalogueProduct: '/api/staff/catalogue/products/:id',
  /** PUT {baseVersion, content} (csrf) → EditorProduct | 400 {error} | 409 StaleEditAnswer. */
  catalogueDraft: '/api/staff/catalogue/products/:id/draft',
  /** POST {baseVersion} (csrf) → EditorProduct: the draft goes live (search, filters, every process's caches). */
  cataloguePublish: '/api/staff/catalogue/products/:id/publish',
  /** GET → ProductVersionList: every published version, newest first. */
  catalogueVersions: '/api/staff/catalogue/products/:id/versions',
  /** GET ?from&to → ProductDiff: field by field, between two published versions. */
  catalogueDiff: '/api/staff/catalogue/products/:id/diff',
  /** POST {baseVersion} (csrf) → EditorProduct: an earlier version becomes the pending draft. */
  catalogueRestore: '/api/staff/catalogue/products/:id/versions/:version/restore',
  /** POST {baseVersion} (csrf) → EditorProduct: the product is withdrawn (gone from the public site; its page a 410). */
  catalogueArchive: '/api/staff/catalogue/products/:id/archive',
  /** POST {baseVersion} (csrf) → EditorProduct: an archived product is published again as it was archived. */
  catalogueUnarchive: '/api/staff/catalogue/products/:id/unarchive',
  /** PUT ScheduleBody (csrf) → EditorProduct: its draft published at a Dubai date and time (a pending one moved). */
  catalogueSchedule: '/api/staff/catalogue/products/:id/schedule',
  /** POST CancelScheduleBody (csrf) → EditorProduct: its pending publish schedule cancelled. */
  catalogueScheduleCancel: '/api/staff/catalogue/products/:id/schedule/cancel',
  /** GET → ScheduleList: every pending publish schedule, the soonest first. */
  catalogueSchedules: '/api/staff/catalogue/schedules',
  /** POST multipart/form-data, one file part (csrf) → UploadedPicture: put its `picture` into the draft's details. */
  cataloguePictures: '/api/staff/catalogue/products/:id/pictures',
  /** POST multipart/form-data, one file part (csrf) → UploadedDatasheet: put its `datasheet` into the draft's details. */
  catalogueDatasheets: '/api/staff/catalogue/products/:id/datasheets',
  /** POST a new product, as a draft (CreateProductBody); not public until published. */
  catalogueCreate: '/api/staff/catalogue/new-product',
  /** POST: a new draft product copying this one (a new id, its code and names marked as a copy). */
  catalogueDuplicate: '/api/staff/catalogue/products/:id/duplicate',
  /** POST {baseVersion} (csrf) → {deleted: id}: a product created in the editor and never published is deleted (409 once published). */
  catalogueDeleteNew: '/api/staff/catalogue/products/:id/delete',
  /** GET ?format=csv|xlsx → the whole catalogue as `npm run catalogue -- export` writes it (an attachment). */
  catalogueExport: '/api/staff/catalogue/export',
  /**
   * POST multipart/form-data, one file part: a .csv or .xlsx catalogue file (csrf), ?dryRun=1 to check only, an
   * Idempotency-Key header → 202 ImportJob at once (200 with the same job when the key or the file is already a job's;
   * 409 ImportBusy while another import runs). The job checks, then writes in one transaction (the catalogue version
   * announced); its progress and report are read from catalogueImportJob.
   */
  catalogueImport: '/api/staff/catalogue/import',
  /** GET → ImportJobList: the running import, if any, and the latest jobs, newest first. */
  catalogueImportJobs: '/api/staff/catalogue/import-jobs',
  /** GET → ImportJob: its state, progress (rows checked, rows written) and, once finished, its report. */
  catalogueImportJob: '/api/staff/catalogue/import-jobs/:id',
  /**
   * POST (csrf) ?dryRun=1, an Idempotency-Key header → 202 ImportJob (kind undo-check, or undo): the import undone as one
   * step, each product it changed set back where no later change touched the same field (else refused in words, named
   * field by field), each product it added and unchanged since withdrawn. 409 while another import or undo runs, or
   * when the job is no import that wrote, or is undone already.
   */
  catalogueImportUndo: '/api/staff/catalogue/import-jobs/:id/undo',
  /**
   * POST BulkEditBody (csrf) ?dryRun=1, an Idempotency-Key header → 202 ImportJob (kind bulk-check, or bulk): the chosen
   * products' or sizes' fields changed as an import of their rows (the same report by code, one version a product,
   * undone by catalogueImportUndo); {check} writes a check's products and changes. 409 while an import runs.
   */
  catalogueBulkEdit: '/api/staff/catalogue/bulk-edits',
  /** GET ?category&after&limit → MissingArabicReport: the products (and categories) whose Arabic is still missing. */
  catalogueMissingArabic: '/api/staff/catalogue/missing-arabic',
  /** GET → EditorCategoryList (the catalogue's order); POST CreateCategoryBody (csrf) → EditorCategory: live at once. */
  catalogueCategories: '/api/staff/catalogue/categories',
  /** GET → EditorCategory; PUT SaveCategoryBody (csrf) → EditorCategory | 400 {error} | 409 {error} (saved by another meanwhile). */
  catalogueCategory: '/api/staff/catalogue/categories/:id',
  /** POST DuplicateCategoryBody (csrf) → EditorCategory: a draft copy under the id the editor confirmed (409 when taken). */
  catalogueCategoryDuplicate: '/api/staff/catalogue/categories/:id/duplicate',
  /** POST {baseVersion} (csrf) → EditorCategory: withdrawn from the public site (409 while it holds live products). */
  catalogueCategoryArchive: '/api/staff/catalogue/categories/:id/archive',
  /** POST {baseVersion} (csrf) → EditorCategory: a draft or archived category goes live. */
  catalogueCategoryPublish: '/api/staff/catalogue/categories/:id/publish',
  // The releases console (admins: every remote; the release role: its own remotes, else 403; shapes: releases-api).
  /** GET → {remotes: RemoteListing[]}: the caller's remotes, each with its pointers and latest releases. */
  releaseRemotes: `${STAFF_RELEASES_PREFIX}/remotes`,
  /** GET → RemoteListing. */
  releaseRemote: `${STAFF_RELEASES_PREFIX}/remotes/:remote`,
  /** POST {version, entry, notes?} (csrf) → 201 {release} | 400 {error} (the manifest's refusal, in words) | 409. */
  releaseRegister: `${STAFF_RELEASES_PREFIX}/remotes/:remote/releases`,
  /** POST {version?, percent} (csrf) → RemotePointers: that release in front of percent % of visitors (0 takes it out). */
  releaseCanary: `${STAFF_RELEASES_PREFIX}/remotes/:remote/canary`,
  /** POST no body or {} (csrf) → RemotePointers: the canary becomes stable. */
  releasePromote: `${STAFF_RELEASES_PREFIX}/remotes/:remote/promote`,
  /** POST no body or {} (csrf) → RemotePointers: the canary out, the previous stable back. */
  releaseRollback: `${STAFF_RELEASES_PREFIX}/remotes/:remote/rollback`,
  /**
   * POST {passed, report?} (csrf) → 201 {run: {remote, version, passed}}: how a test run pinned to the live canary went
   * (409 when no canary is live).
   */
  releaseRuns: `${STAFF_RELEASES_PREFIX}/remotes/:remote/runs`,
  /** POST → 201 CreatedQaToken: a token for one pinned QA run of the remote (releases-api QA_TOKEN_SCOPE). */
  releaseQaToken: `${STAFF_RELEASES_PREFIX}/remotes/:remote/qa-token`,
  /** GET → RemoteVitalsReport (vitals-api): the field vitals of the remote's stable release beside its canary's. */
  releaseVitals: `${STAFF_RELEASES_PREFIX}/remotes/:remote/vitals`,
  /** GET → SiteVitalsReport (vitals-api): every page pattern's field vitals over 28 days (admins and the release role). */
  siteVitals: `${STAFF_RELEASES_PREFIX}/site-vitals`,
  /**
   * GET (admins) → {tokens: ReleaseTokenInfo[]} (no secrets); POST {name, scope?, remotes, expiresInDays} (csrf) → 201
   * CreatedReleaseToken: a pipeline's token, for releases (its remotes) or the stock feed (scope 'stock', no remotes).
   */
  releaseTokens: '/api/staff/release-tokens',
  /** POST (csrf, admins) → {revoked: true} | 404. */
  releaseTokenRevoke: '/api/staff/release-tokens/:id/revoke',
  // The ERP's stock feeds (admins; shapes: @site/contracts/stock-api).
  /** GET ?before → StockFeedList: the feeds of the last 30 days, newest first, 100 a page. */
  stockFeeds: '/api/staff/stock/feeds',
  /** GET → StockFeedDetail: one feed with its refused rows. */
  stockFeed: '/api/staff/stock/feeds/:id',
  /** GET → StockFeedHealth: whether a feed arrived within STOCK_FEED_STALE_MINUTES (the home's warning). */
  stockHealth: '/api/staff/stock/health',
} as const;

/**
 * The staff preview of a product's pending draft, drawn as the public page draws it (server: catalogue/staff/
 * preview.ts): `/staff/preview/products/:id`, the Arabic edition's under `/staff/preview/ar/…`.
 */
export const STAFF_PREVIEW_PATTERNS = [
  `${STAFF_BASE}/preview/products/:id`,
  `${STAFF_BASE}/preview/ar/products/:id`,
] as const;
export const staffPreviewPath = (productId: string, locale: 'en' | 'ar' = 'en'): string =>
  `${STAFF_BASE}/preview${locale === 'ar' ? '/ar' : ''}/products/${encodeURIComponent(productId)}`;

/** Whether an account may edit the catalogue. */
export const canEditCatalogue = (account: Pick<StaffAccountSummary, 'role'>): boolean =>
  account.role === 'admin' || account.role === 'catalogue';
/** Whether an account may read the inbox (the catalogue and release roles work on their own things only). */
export const canReadInbox = (account: Pick<StaffAccountSummary, 'role'>): boolean =>
  account.role === 'admin' || account.role === 'branch';
/** Whether an account may use the releases console (for `remote`, when named): admins every remote, the release role its own. */
export const canRelease = (account: Pick<StaffAccountSummary, 'role' | 'remotes'>, remote?: string): boolean =>
  account.role === 'admin' ||
  (account.role === 'release' && (remote === undefined || (account.remotes ?? []).includes(remote)));

/**
 * The roles that can change what the public sees (admins everything; the catalogue role the catalogue, a whole one by
 * file; the release role which builds visitors get): each signs in with a second factor, set up at the first sign-in.
 * Branch staff answer their own branch's customers one by one (the inbox, quotations mailed to one buyer) and change
 * nothing public: the second factor stays theirs to add.
 */
export const SECOND_FACTOR_ROLES: readonly StaffRole[] = ['admin', 'catalogue', 'release'];
/** Whether an account must sign in with a second factor (SECOND_FACTOR_ROLES). */
export const mustUseSecondFactor = (account: Pick<StaffAccountSummary, 'role'>): boolean =>
  SECOND_FACTOR_ROLES.includes(account.role);

/** An address of STAFF_API with its :params filled. */
export function staffApiPath(pattern: string, params: Readonly<Record<string, string | number>>): string {
  return pattern.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(String(params[name])));
}

export interface StaffAccountSummary {
  id: number;
  email: string;
  role: StaffRole;
  /** null for admins (all branches) and the catalogue and release roles (no branch's work). */
  branch: StaffBranch | null;
  /** The release role's remotes (federation names), which it alone may release; absent for every other role. */
  remotes?: string[];
}

export interface StaffSession {
  account: StaffAccountSummary;
  /** Sent back in the x-csrf-token header of every state-changing call. */
  csrfToken: string;
  /** 'active': signed in; the others allow only the sign-in steps they name. */
  state: 'active' | 'second-factor' | 'totp-setup';
  /** Whether the account signs in with a second step (SECOND_FACTOR_ROLES always; branch staff once they set it up). */
  secondFactor: boolean;
}

/** GET STAFF_API.session's answer: the caller's session, or null when signed out. */
export interface SessionAnswer {
  session: StaffSession | null;
}

export type SignInResult = StaffSession;

export interface TotpSetup {
  /** base32, for typing in by hand. */
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as an SVG QR code (made on the server). */
  qrSvg: string;
}

export const INBOX_KINDS = ['contact', 'registration', 'enquiry', 'quote'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** Longest internal note, in characters (as the public forms' message): the note box's maxLength, the server's bound. */
export const NOTE_MAX_LENGTH = 4000;

export const INBOX_STATUSES = ['new', 'in_progress', 'handled', 'spam'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

/** The inbox's page size: `limit` when left out, and the largest `limit` taken. */
export const INBOX_LIMIT = { default: 50, max: 100 } as const;

/** Longest search text (`q`) of the inbox and the review list, and the review list's product id, in characters. */
export const STAFF_SEARCH_MAX_LENGTH = 200;

// The query strings of the inbox (InboxQuery: its filters, all optional; without `status`, spam is left out, it sits
// apart) and of the review list (ReviewQuery) are their schemas' types, imported as types from ./staffApiSchemas.ts
// (which imports this module's constants: a re-export here would close the circle).

export interface InboxItemSummary {
  kind: InboxKind;
  id: number;
  createdAt: string;
  branch: StaffBranch | null;
  status: InboxStatus;
  name: string;
  email: string;
  company: string | null;
  /** The first 200 characters of the message (or the quote's notes / line count), as plain text. */
  preview: string;
  assignee: StaffAccountSummary | null;
}

export interface InboxPage {
  items: InboxItemSummary[];
  /** Rows matching the filters (all pages). */
  total: number;
  nextCursor: string | null;
}

export interface InboxMail {
  id: number;
  kind: string;
  recipient: string;
  state: 'sent' | 'pending' | 'failed';
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
}

export interface InboxNote {
  id: number;
  author: StaffAccountSummary;
  text: string;
  createdAt: string;
}

export interface QuoteLineDetail {
  productId: string;
  /** The variant's code: the part asked for (docs/decisions/034-orderable-variants.md). */
  productCode: string;
  productName: string;
  /** The variant's English label ('Size 25 (M25)'); '' for a product's only variant. */
  variantLabel: string;
  unit: string;
  quantity: string;
}

export interface BuyerCompanyOnRequest {
  name: string;
  domain: string;
  /** The colleagues' addresses, the administrator first. */
  buyers: string[];
}

export interface InboxItemDetail extends InboxItemSummary {
  /** Every field the visitor sent, in the form's order: label → value, shown as text. */
  fields: { label: string; value: string }[];
  /** Quote requests only. */
  reference?: string;
  lines?: QuoteLineDetail[];
  /** Quote requests sent from an address in a buyers' company account: the company and its buyers' addresses. */
  buyerCompany?: BuyerCompanyOnRequest;
  mails: InboxMail[];
  notes: InboxNote[];
}

/** A review's visibility: 'held' waits for approval (the "hold new reviews" setting was on when it came). */
export const REVIEW_VISIBILITIES = ['visible', 'hidden', 'held'] as const;
export type ReviewVisibility = (typeof REVIEW_VISIBILITIES)[number];

export interface StaffReview {
  id: number;
  productId: string;
  productName: string;
  customerName: string;
  email: string | null;
  comment: string;
  stars: number;
  createdAt: string;
  visibility: ReviewVisibility;
}

export interface ReviewPage {
  reviews: StaffReview[];
  total: number;
  page: number;
  pageCount: number;
}

// The settings (GET and PUT STAFF_API.settings): StaffSettings, their schema's type in ./staffApiSchemas.ts.

/**
 * An audit entry's values by name ({"step": "password", "email": "…", "address": "…"}): each value is only ever its
 * field's, whatever it holds (a `;` in a typed e-mail cannot add a field). Shown and exported as name and value.
 */
export type AuditFields = Readonly<Record<string, string | number | boolean | null>>;

export interface AuditEntry {
  id: number;
  at: string;
  actor: string | null;
  action: string;
  target: string | null;
  /** The server's own words about the entry (older entries: their values too, as one text). */
  detail: string | null;
  /** The entry's values by name; null when it has none (and for entries written before there were fields). */
  fields: AuditFields | null;
}

export interface AuditPage {
  entries: AuditEntry[];
  page: number;
  pageCount: number;
}
