// The bodies of the buyer's calls on a sent quotation (quotationLinkApi.ts), as zod schemas the server registers.
import { z } from 'zod';
import {
  BUYER_TEXT_LIMITS,
  ORDER_FILE_FORMATS,
  SUBMISSION_KEY,
  type QuotationLinkHistory,
  type StaffOrderList,
} from './quotationLinkApi';
import { QUOTATION_CURRENCIES, QUOTATION_STATES } from './quotationsApi';
import type { Equals, Expect } from './typeEquality';
import { textField } from './textField';

/**
 * A required text of the buyer's (trimmed, at most `max` characters), under the shared character rule (textField.ts):
 * no control character or lone surrogate half, and in one line no text-direction control either (these values go to
 * the ERP's orders and the orders file).
 */
const required = (field: string, max: number, kind: 'line' | 'multiline') =>
  textField(field, { max, kind }).refine((value) => value !== '', { error: `${field} is required`, abort: true });

/** One line: the shared rule, and no line or paragraph separator (U+2028, U+2029), which the rule leaves to names. */
const line = (field: string, max: number) =>
  required(field, max, 'line').refine((value) => !/[\u2028\u2029]/.test(value), {
    error: `${field} must be one line of text`,
  });

export const acceptQuotationBodySchema = z.strictObject({
  name: line('name', BUYER_TEXT_LIMITS.name),
  position: line('position', BUYER_TEXT_LIMITS.position),
  poNumber: line('poNumber', BUYER_TEXT_LIMITS.poNumber).optional(),
  submission: z
    .string()
    .regex(SUBMISSION_KEY, { error: 'submission must be a key of 16 to 64 letters, digits, - or _' })
    .optional(),
});

export const sendLatePurchaseOrderBodySchema = z.strictObject({
  submission: z
    .string({ error: 'submission is required' })
    .regex(SUBMISSION_KEY, { error: 'submission must be a key of 16 to 64 letters, digits, - or _' }),
});

export const askForChangesBodySchema = z.strictObject({
  message: required('message', BUYER_TEXT_LIMITS.message, 'multiline'),
});

export const ordersQuerySchema = z.strictObject({
  since: z
    .string()
    .regex(/^(0|[1-9]\d{0,17})$/, {
      error: 'since must be the cursor a previous page gave (a whole number), or left out',
    })
    .optional(),
});

/** GET STAFF_QUOTATION_LINK_API.linkStates. */
export const quotationLinkStatesQuerySchema = z.strictObject(
  {
    requestId: z
      .string({ error: 'requestId is required' })
      .regex(/^[1-9]\d{0,14}$/, { error: 'requestId must be a request id' })
      .transform(Number),
  },
  { error: 'Only requestId is expected in the query string' },
);

/** GET STAFF_QUOTATION_LINK_API.ordersFile. */
export const ordersFileQuerySchema = z.strictObject(
  { format: z.enum(ORDER_FILE_FORMATS, { error: 'format must be csv or xlsx' }) },
  { error: 'Only format is expected in the query string' },
);

// ---- the staff's answers (the staff app's tests parse their fakes' answers with these: mfe-staff/src/testing/contractHttp.ts) ----

const quotationLinkStateSchema = z.strictObject({
  id: z.number().int(),
  number: z.string(),
  revision: z.number().int(),
  state: z.enum(QUOTATION_STATES),
  currency: z.enum(QUOTATION_CURRENCIES),
  total: z.string(),
  sentAt: z.string(),
  sentBy: z.string().nullable(),
  validUntil: z.string(),
  viewedAt: z.string().nullable(),
  changes: z.array(z.strictObject({ message: z.string(), askedAt: z.string() })),
  acceptance: z
    .strictObject({
      name: z.string(),
      position: z.string(),
      poNumber: z.string().nullable(),
      poFile: z.boolean(),
      acceptedAt: z.string(),
    })
    .nullable(),
  expiredAt: z.string().nullable(),
  supersededBy: z.strictObject({ number: z.string(), sentAt: z.string() }).nullable(),
});
/** GET STAFF_QUOTATION_LINK_API.linkStates. */
export const quotationLinkHistorySchema = z.strictObject({ quotations: z.array(quotationLinkStateSchema) });

/** GET STAFF_QUOTATION_LINK_API.orders. */
export const staffOrderListSchema = z.strictObject({
  orders: z.array(
    z.strictObject({
      id: z.string(),
      quotationId: z.number().int(),
      requestId: z.number().int(),
      createdAt: z.string(),
      requestReference: z.string(),
      quotationNumber: z.string(),
      buyerCompany: z.string(),
      branch: z.string(),
      currency: z.enum(QUOTATION_CURRENCIES),
      total: z.string(),
      poNumber: z.string().nullable(),
      hasPoFile: z.boolean(),
    }),
  ),
  more: z.boolean(),
});

/** The answer schemas' types are the TypeScript types the apps use (a type error here: one of them drifted). */
export type StaffLinkAnswerSchemasMatchTheirTypes = [
  Expect<Equals<z.infer<typeof quotationLinkHistorySchema>, QuotationLinkHistory>>,
  Expect<Equals<z.infer<typeof staffOrderListSchema>, StaffOrderList>>,
];
