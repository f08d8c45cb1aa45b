// The basket calls' bodies and answers (basketApi.ts), as the server checks them.
import { z } from 'zod';
import { checkQuantity, isQuoteUnit, QUOTE_LIMITS, QUOTE_UNITS } from '@site/content/validation/quantity';
import { LOCALES } from './locale';

const shortText = z.string().min(1).max(300);
const textsOf = (text: z.ZodType<string>) =>
  z.partialRecord(z.enum(LOCALES), text).refine((texts) => Object.keys(texts).length <= LOCALES.length);

/** One line of the basket, as the page keeps it (shared-store's QuoteLine); its quantity one its unit takes. */
export const basketLineSchema = z
  .strictObject({
    productId: shortText,
    code: shortText,
    productCategoryId: shortText,
    image: shortText,
    unit: z.enum(QUOTE_UNITS),
    names: textsOf(shortText).refine((names) => Object.keys(names).length > 0, 'a line names its product'),
    labels: textsOf(z.string().max(300)),
    quantity: z.number(),
  })
  .superRefine((line, context) => {
    if (isQuoteUnit(line.unit) && !checkQuantity(line.quantity, line.unit).ok)
      context.addIssue({ code: 'custom', path: ['quantity'], message: 'a quantity the unit does not take' });
  });
export type BasketLine = z.infer<typeof basketLineSchema>;

/** The body of merge and of PUT: at most a request's lines, each code once. */
export const basketBodySchema = z.strictObject({
  lines: z
    .array(basketLineSchema)
    .max(QUOTE_LIMITS.maxLines)
    .refine((lines) => new Set(lines.map((line) => line.code)).size === lines.length, 'each code once'),
});
export type BasketBody = z.infer<typeof basketBodySchema>;

/** merge's answer: the account's basket, and whether this call merged the browser's into it. */
export const basketAnswerSchema = z.strictObject({ lines: z.array(basketLineSchema), merged: z.boolean() });
export type BasketAnswer = z.infer<typeof basketAnswerSchema>;
