// The bodies and query strings of the staff calls of ./staffApi.ts as allow-list zod schemas: the server registers
// them on its routes (server/src/staff/ and staff/work/), the staff app imports their types only
// (`import type`: no zod in its bundle). Who may ask what (a role, a branch) is the server's, checked before these.
import { z } from 'zod';
import { calendarDayProblem } from '@site/content/validation';
import { strictObject } from './formsApi';
import {
  INBOX_KINDS,
  INBOX_LIMIT,
  INBOX_STATUSES,
  NOTE_MAX_LENGTH,
  REVIEW_VISIBILITIES,
  STAFF_BRANCHES,
  STAFF_SEARCH_MAX_LENGTH,
} from './staffApi';
import { textField } from './textField';

const id = (field: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a number`) })
    .int({ error: `${field} must be a whole number` })
    .positive({ error: `${field} must be positive` });

const boolean = (field: string) =>
  z.boolean({
    error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be true or false`),
  });

// The e-mail and codes reach the database (lockout counters, the audit log): the text rule of every stored field
// refuses NUL (PostgreSQL cannot hold it), other controls and the direction overrides (they forge audit lines). The
// password is only ever hashed: any character a password manager makes is taken.
/** POST STAFF_API.signIn. */
export const signInBodySchema = strictObject({
  email: textField('email', { max: 320, trim: false }),
  password: z
    .string({ error: 'password must be text' })
    .max(1024, { error: 'password must be at most 1024 characters' }),
});

/** POST STAFF_API.secondFactor (a TOTP code or a recovery code) and STAFF_API.totpConfirm (a TOTP code). */
export const codeBodySchema = strictObject({
  code: textField('code', { max: 64, trim: false }),
});

/** POST STAFF_API.inboxStatus. */
export const inboxStatusBodySchema = strictObject({
  status: z.enum(INBOX_STATUSES, { error: `status must be one of: ${INBOX_STATUSES.join(', ')}` }),
});
/** POST STAFF_API.inboxAssign: null unassigns. */
export const inboxAssignBodySchema = strictObject({ assigneeId: id('assigneeId').nullable() });
/** POST STAFF_API.inboxNote. */
export const inboxNoteBodySchema = strictObject({
  text: textField('text', { max: NOTE_MAX_LENGTH, kind: 'multiline' }).refine((value) => value !== '', {
    error: 'text is required',
    abort: true,
  }),
});
/** POST STAFF_API.inboxResend. */
export const inboxResendBodySchema = strictObject({ mailId: id('mailId') });
/** POST STAFF_API.reviewVisibility. */
export const reviewVisibilityBodySchema = strictObject({ hidden: boolean('hidden') });
/** GET and PUT STAFF_API.settings. */
export const staffSettingsSchema = strictObject({
  /** New reviews wait for a member of staff's approval before they are shown (off by default). */
  holdNewReviews: boolean('holdNewReviews'),
});

// ---- query strings (as Fastify parses them: a parameter given twice is a list) ----

/** A query string of exactly these parameters; the 400 of any other names it and the expected ones. */
function strictQuery<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.strictObject(shape, {
    error: (issue) => {
      if (issue.code !== 'unrecognized_keys') return 'The query string is not valid';
      const names = issue.keys.map((key) => `"${key}"`).join(', ');
      return `Unknown parameter${issue.keys.length > 1 ? 's' : ''} ${names}: expected only ${Object.keys(shape).join(', ')}`;
    },
  });
}

/**
 * One query parameter, which may be left out: given twice it is refused, given empty it counts as left out (with
 * `trim`, blank too, and the value is checked trimmed). `In` is what a client writes, the schema's input unless given.
 */
function param<T extends z.ZodType, In = z.input<T>>(name: string, schema: T, { trim = false } = {}) {
  return z
    .preprocess((value: In, context) => {
      if (Array.isArray(value)) {
        context.addIssue({ code: 'custom', message: `${name} must be given once`, input: value });
        return z.NEVER;
      }
      const given = trim && typeof value === 'string' ? value.trim() : value;
      return given === '' ? undefined : given;
    }, schema.optional())
    .optional();
}

/** A whole number from 1 to `max`, written in digits (a client writes a number). */
function wholeNumber(name: string, { max, message, trim = false }: { max: number; message: string; trim?: boolean }) {
  const digits = z
    .string({ error: message })
    .refine((text) => /^\d{1,7}$/.test(text) && Number(text) >= 1 && Number(text) <= max, { error: message })
    .transform(Number);
  return param<typeof digits, number>(name, digits, { trim });
}

const oneOf = <const T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, { error: `${name} must be one of: ${values.join(', ')}` });

/** A day written YYYY-MM-DD, one of the calendar. */
const day = (name: string) => {
  const message = `${name} must be a date written YYYY-MM-DD`;
  return z.string({ error: message }).refine((value) => calendarDayProblem(value) === null, { error: message });
};

/** Search text: one line of at most STAFF_SEARCH_MAX_LENGTH characters, the text rule of every field (textField.ts). */
const searchText = (name: string) => param(name, textField(name, { max: STAFF_SEARCH_MAX_LENGTH }), { trim: true });

/** Where a page of the inbox starts: after the row with this (created_at, kind rank, id), in the inbox's order. */
export interface InboxCursor {
  /** created_at to the microsecond, ISO 8601 UTC (a JS Date would lose the microseconds and skip or repeat rows). */
  at: string;
  /** The row's kind, 1 + its index in INBOX_KINDS. */
  rank: number;
  id: number;
}

/** What encodeInboxCursor writes: base64url, no padding (checked first: a decoder skips other characters silently). */
const CURSOR_TEXT = /^[A-Za-z0-9_-]{1,200}$/;
const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const CURSOR_INVALID = 'cursor is not valid: use the nextCursor of the previous page';

/**
 * A cursor's instant as one that exists: the pattern alone lets `0000-00-00T…` or `2026-02-31T…` through, and the
 * database refuses them (a 503 for a crafted address). Rows are stamped by the server, so they lie after 2000.
 */
function isRealInstant(at: string): boolean {
  if (!CURSOR_AT.test(at) || at < '2000') return false;
  const date = new Date(at.slice(0, 23) + 'Z'); // milliseconds: Date keeps no microseconds
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 23) === at.slice(0, 23);
}

/** The nextCursor of an inbox page (its JSON is ASCII: btoa takes it as it is). */
export function encodeInboxCursor(cursor: InboxCursor): string {
  return btoa(JSON.stringify([cursor.at, cursor.rank, cursor.id]))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** The cursor that encodeInboxCursor wrote, or undefined for any other text (crafted ones naming no possible row too). */
export function decodeInboxCursor(text: string): InboxCursor | undefined {
  if (!CURSOR_TEXT.test(text)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(atob(text.replace(/-/g, '+').replace(/_/g, '/')));
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) return undefined;
  const [at, rank, id] = parsed as unknown[];
  const valid =
    typeof at === 'string' &&
    isRealInstant(at) &&
    Number.isInteger(rank) &&
    (rank as number) >= 1 &&
    (rank as number) <= INBOX_KINDS.length &&
    Number.isSafeInteger(id) &&
    (id as number) >= 1;
  return valid ? { at, rank: rank as number, id: id as number } : undefined;
}

const cursor = z.string({ error: CURSOR_INVALID }).transform((text, context) => {
  const decoded = decodeInboxCursor(text);
  if (decoded !== undefined) return decoded;
  context.addIssue({ code: 'custom', message: CURSOR_INVALID, input: text });
  return z.NEVER;
});

/** The inbox's filters (the list's and the CSV's). */
const inboxFilterParams = {
  kind: param('kind', oneOf('kind', INBOX_KINDS)),
  /** Branch staff see their own branch only: the server refuses another (403) before this schema is checked. */
  branch: param('branch', oneOf('branch', STAFF_BRANCHES)),
  status: param('status', oneOf('status', INBOX_STATUSES)),
  /** The first day, inclusive, in UTC. */
  from: param('from', day('from')),
  /** The last day, inclusive, in UTC. */
  to: param('to', day('to')),
  /** Full-text search over names, e-mails, companies and messages. */
  q: searchText('q'),
};

function daysInOrder(query: { from?: string | undefined; to?: string | undefined }, context: z.RefinementCtx) {
  if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
    context.addIssue({
      code: 'custom',
      message: 'from must be a day before or the same as to',
      path: ['from'],
      input: query.from,
    });
  }
}

/** GET STAFF_API.inbox's query: the filters, and which page. */
export const inboxQuerySchema = strictQuery({
  ...inboxFilterParams,
  /** Opaque: the nextCursor of the previous page. */
  cursor: param('cursor', cursor),
  /** Rows a page, INBOX_LIMIT.default when left out. */
  limit: wholeNumber('limit', {
    max: INBOX_LIMIT.max,
    message: `limit must be a whole number from 1 to ${INBOX_LIMIT.max}`,
  }),
}).superRefine(daysInOrder);

/** Any one value, not read: the CSV is the whole filtered view, whatever page the list's address was at. */
const ignored = z.string().transform(() => undefined);

/** GET STAFF_API.inboxCsv's query: the list's, its cursor and limit taken and ignored. */
export const inboxCsvQuerySchema = strictQuery({
  ...inboxFilterParams,
  cursor: param('cursor', ignored),
  limit: param('limit', ignored),
}).superRefine(daysInOrder);

/** GET STAFF_API.reviews' query: every value trimmed, blank counting as left out. */
export const reviewQuerySchema = strictQuery({
  productId: searchText('productId'),
  visibility: param('visibility', oneOf('visibility', REVIEW_VISIBILITIES), { trim: true }),
  stars: wholeNumber('stars', { max: 5, message: 'stars must be a whole number from 1 to 5', trim: true }),
  /** Found anywhere in the name, e-mail or comment (any case). */
  q: searchText('q'),
  page: wholeNumber('page', { max: 999_999, message: 'page must be a whole number from 1', trim: true }),
});

/** GET STAFF_API.audit's query. */
export const auditQuerySchema = strictQuery({
  page: wholeNumber('page', { max: 999_999, message: 'page must be a whole number from 1' }),
});

export type InboxQuery = z.input<typeof inboxQuerySchema>;
export type ReviewQuery = z.input<typeof reviewQuerySchema>;
export type SignInBody = z.input<typeof signInBodySchema>;
export type CodeBody = z.input<typeof codeBodySchema>;
export type AuditQuery = z.input<typeof auditQuerySchema>;
export type InboxStatusBody = z.input<typeof inboxStatusBodySchema>;
export type InboxAssignBody = z.input<typeof inboxAssignBodySchema>;
export type InboxNoteBody = z.input<typeof inboxNoteBodySchema>;
export type InboxResendBody = z.input<typeof inboxResendBodySchema>;
export type ReviewVisibilityBody = z.input<typeof reviewVisibilityBodySchema>;
export type StaffSettings = z.infer<typeof staffSettingsSchema>;
