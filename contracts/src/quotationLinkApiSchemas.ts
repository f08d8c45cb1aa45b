// The bodies of the buyer's calls on a sent quotation (quotationLinkApi.ts), as zod schemas the server registers.
import { z } from 'zod';
import { BUYER_TEXT_LIMITS, ORDER_FILE_FORMATS } from './quotationLinkApi';

const line = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, { error: `${field} is required` })
    .max(max, { error: `${field} is at most ${max} characters` })
    // one line of text: no control characters
    // eslint-disable-next-line no-control-regex -- control characters are what this refuses
    .refine((value) => !/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(value), { error: `${field} must be one line of text` });

export const acceptQuotationBodySchema = z.strictObject({
  name: line('name', BUYER_TEXT_LIMITS.name),
  position: line('position', BUYER_TEXT_LIMITS.position),
  poNumber: line('poNumber', BUYER_TEXT_LIMITS.poNumber).optional(),
});

export const askForChangesBodySchema = z.strictObject({
  message: z
    .string({ error: 'message is required' })
    .trim()
    .min(1, { error: 'message is required' })
    .max(BUYER_TEXT_LIMITS.message, { error: `message is at most ${BUYER_TEXT_LIMITS.message} characters` })
    // eslint-disable-next-line no-control-regex -- control characters (but line breaks and tabs) are what this refuses
    .refine((value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.test(value), { error: 'message holds characters that are not text' }),
});

export const ordersQuerySchema = z.strictObject({
  since: z.string().regex(/^(0|[1-9]\d{0,17})$/, { error: 'since must be the cursor a previous page gave (a whole number), or left out' }).optional(),
});

/** GET STAFF_QUOTATION_LINK_API.linkStates. */
export const quotationLinkStatesQuerySchema = z.strictObject(
  { requestId: z.string({ error: 'requestId is required' }).regex(/^[1-9]\d{0,14}$/, { error: 'requestId must be a request id' }).transform(Number) },
  { error: 'Only requestId is expected in the query string' },
);

/** GET STAFF_QUOTATION_LINK_API.ordersFile. */
export const ordersFileQuerySchema = z.strictObject(
  { format: z.enum(ORDER_FILE_FORMATS, { error: 'format must be csv or xlsx' }) },
  { error: 'Only format is expected in the query string' },
);
