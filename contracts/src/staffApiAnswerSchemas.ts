// The answers of the staff calls of ./staffApi.ts as zod schemas, each checked equal to its TypeScript type below: the
// staff app's tests parse their fakes' answers with them (mfe-staff/src/testing/contractHttp.ts), so a fake cannot
// answer what the server cannot. The app itself imports the types only (no zod in its bundle).
import { z } from 'zod';
import { apiProblemsSchema } from './apiProblems';
import { staffSettingsSchema } from './staffApiSchemas';
import {
  INBOX_KINDS,
  INBOX_STATUSES,
  REVIEW_VISIBILITIES,
  STAFF_BRANCHES,
  STAFF_ROLES,
  type AuditPage,
  type InboxItemDetail,
  type InboxPage,
  type ReviewPage,
  type SessionAnswer,
  type StaffAccountSummary,
  type StaffReview,
  type StaffSession,
  type TotpSetup,
} from './staffApi';
import { STOCK_REFUSAL_REASONS, type StockFeedDetail, type StockFeedHealth, type StockFeedList } from './stockApi';
import type { Equals, Expect } from './typeEquality';

/** Every refusal of a staff call: its sentence, and for a refused body or query each problem at its path. */
export const staffRefusalSchema = z.strictObject({ error: z.string(), problems: apiProblemsSchema });

export const staffAccountSummarySchema = z.strictObject({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  branch: z.enum(STAFF_BRANCHES).nullable(),
  remotes: z.array(z.string()).optional(),
});

export const staffSessionSchema = z.strictObject({
  account: staffAccountSummarySchema,
  csrfToken: z.string(),
  state: z.enum(['active', 'second-factor', 'totp-setup']),
  secondFactor: z.boolean(),
});

/** GET STAFF_API.session. */
export const sessionAnswerSchema = z.strictObject({ session: staffSessionSchema.nullable() });
/** POST STAFF_API.signIn and STAFF_API.secondFactor: the session (SignInResult). */
export const signInResultSchema = staffSessionSchema;
/** POST STAFF_API.totpSetup. */
export const totpSetupSchema = z.strictObject({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() });
/** POST STAFF_API.totpConfirm: the recovery codes, shown once, and the session now active. */
export const totpConfirmedSchema = z.strictObject({ recoveryCodes: z.array(z.string()), session: staffSessionSchema });
/** GET STAFF_API.accounts. */
export const staffAccountListSchema = z.strictObject({ accounts: z.array(staffAccountSummarySchema) });

const inboxItemSummaryShape = {
  kind: z.enum(INBOX_KINDS),
  id: z.number().int(),
  createdAt: z.string(),
  branch: z.enum(STAFF_BRANCHES).nullable(),
  status: z.enum(INBOX_STATUSES),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  preview: z.string(),
  assignee: staffAccountSummarySchema.nullable(),
};

/** GET STAFF_API.inbox. */
export const inboxPageSchema = z.strictObject({
  items: z.array(z.strictObject(inboxItemSummaryShape)),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});

/** GET STAFF_API.inboxItem, and the item as a change (status, assignee, note, resend) left it. */
export const inboxItemDetailSchema = z.strictObject({
  ...inboxItemSummaryShape,
  fields: z.array(z.strictObject({ label: z.string(), value: z.string() })),
  reference: z.string().optional(),
  lines: z
    .array(
      z.strictObject({
        productId: z.string(),
        productCode: z.string(),
        productName: z.string(),
        variantLabel: z.string(),
        unit: z.string(),
        quantity: z.string(),
      }),
    )
    .optional(),
  buyerCompany: z.strictObject({ name: z.string(), domain: z.string(), buyers: z.array(z.string()) }).optional(),
  mails: z.array(
    z.strictObject({
      id: z.number().int(),
      kind: z.string(),
      recipient: z.string(),
      state: z.enum(['sent', 'pending', 'failed']),
      attempts: z.number().int(),
      lastError: z.string().nullable(),
      sentAt: z.string().nullable(),
    }),
  ),
  notes: z.array(
    z.strictObject({
      id: z.number().int(),
      author: staffAccountSummarySchema,
      text: z.string(),
      createdAt: z.string(),
    }),
  ),
});

/** POST STAFF_API.reviewVisibility: the review as changed. */
export const staffReviewSchema = z.strictObject({
  id: z.number().int(),
  productId: z.string(),
  productName: z.string(),
  customerName: z.string(),
  email: z.string().nullable(),
  comment: z.string(),
  stars: z.number().int().min(1).max(5),
  createdAt: z.string(),
  visibility: z.enum(REVIEW_VISIBILITIES),
});
/** GET STAFF_API.reviews. */
export const reviewPageSchema = z.strictObject({
  reviews: z.array(staffReviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageCount: z.number().int(),
});

/** GET and PUT STAFF_API.settings: the settings (as saved). */
export const staffSettingsAnswerSchema = staffSettingsSchema;

/** GET STAFF_API.audit. */
export const auditPageSchema = z.strictObject({
  entries: z.array(
    z.strictObject({
      id: z.number().int(),
      at: z.string(),
      actor: z.string().nullable(),
      action: z.string(),
      target: z.string().nullable(),
      detail: z.string().nullable(),
      fields: z
        .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
        .readonly()
        .nullable(),
    }),
  ),
  page: z.number().int(),
  pageCount: z.number().int(),
});

// ---- the ERP's stock feeds (STAFF_API.stock*; shapes: ./stockApi.ts) ----

/** GET STAFF_API.stockHealth. */
export const stockFeedHealthSchema = z.strictObject({
  lastFeedAt: z.string().nullable(),
  staleAfterMinutes: z.number(),
  stale: z.boolean(),
});

const stockFeedSummaryShape = {
  id: z.number().int(),
  at: z.string(),
  kind: z.enum(['snapshot', 'delta']),
  format: z.enum(['json', 'csv']),
  source: z.enum(['api', 'cli']),
  actor: z.string(),
  strict: z.boolean(),
  outcome: z.enum(['applied', 'refused']),
  message: z.string().nullable(),
  rows: z.number().int(),
  applied: z.number().int(),
  changed: z.number().int(),
  cleared: z.number().int(),
  refused: z.number().int(),
  reasons: z.partialRecord(z.enum(STOCK_REFUSAL_REASONS), z.number().int()),
  durationMs: z.number(),
};

/** GET STAFF_API.stockFeeds. */
export const stockFeedListSchema = z.strictObject({
  ...stockFeedHealthSchema.shape,
  feeds: z.array(z.strictObject(stockFeedSummaryShape)),
  next: z.number().int().nullable(),
});

/** GET STAFF_API.stockFeed. */
export const stockFeedDetailSchema = z.strictObject({
  ...stockFeedSummaryShape,
  refusals: z.array(
    z.strictObject({
      line: z.number().int(),
      code: z.string(),
      reason: z.enum(STOCK_REFUSAL_REASONS),
      message: z.string(),
    }),
  ),
});

/** The schemas' types are the TypeScript types the apps use (a type error here: one of them drifted). */
export type StaffAnswerSchemasMatchTheirTypes = [
  Expect<Equals<z.infer<typeof staffAccountSummarySchema>, StaffAccountSummary>>,
  Expect<Equals<z.infer<typeof staffSessionSchema>, StaffSession>>,
  Expect<Equals<z.infer<typeof sessionAnswerSchema>, SessionAnswer>>,
  Expect<Equals<z.infer<typeof totpSetupSchema>, TotpSetup>>,
  Expect<Equals<z.infer<typeof inboxPageSchema>, InboxPage>>,
  Expect<Equals<z.infer<typeof inboxItemDetailSchema>, InboxItemDetail>>,
  Expect<Equals<z.infer<typeof staffReviewSchema>, StaffReview>>,
  Expect<Equals<z.infer<typeof reviewPageSchema>, ReviewPage>>,
  Expect<Equals<z.infer<typeof auditPageSchema>, AuditPage>>,
  Expect<Equals<z.infer<typeof stockFeedHealthSchema>, StockFeedHealth>>,
  Expect<Equals<z.infer<typeof stockFeedListSchema>, StockFeedList>>,
  Expect<Equals<z.infer<typeof stockFeedDetailSchema>, StockFeedDetail>>,
];
