// The bodies and query strings of the quotation calls of ./quotationsApi.ts as allow-list zod schemas: the server
// registers them on its routes (server/src/quotations/), the staff app imports their types only (`import type`: no zod
// in its bundle). Who may ask (a role, a branch) is the server's, checked before these; so are an amount's decimals,
// which depend on the quotation's currency.
import { z } from 'zod';
import { calendarDayProblem } from '@site/content/validation';
import { strictObject } from './formsApi';
import { STAFF_BRANCHES } from './staffApi';
import {
  CURRENCY_DECIMALS,
  DOCUMENT_LIMITS,
  INCOTERMS,
  QUOTATION_CURRENCIES,
  QUOTATION_LIMITS,
  QUOTATION_STATES,
  RATE_CURRENCIES,
  VAT_COUNTRIES,
  type BranchDetailsTable,
  type CopiedQuotation,
  type CopySourceList,
  type CurrencyRateTable,
  type ExpiringQuotationList,
  type Quotation,
  type QuotationCurrency,
  type QuotationList,
  type QuotationPartList,
  type StaleQuotationAnswer,
  type VatRateTable,
} from './quotationsApi';
import type { Equals, Expect } from './typeEquality';
import { textField } from './textField';

const id = (field: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a number`) })
    .int({ error: `${field} must be a whole number` })
    .positive({ error: `${field} must be positive` })
    .max(Number.MAX_SAFE_INTEGER, { error: `${field} is too large` });

/** The version a change was made on (its answer's `version`): a change on an older one is refused (409). */
const version = z
  .number({
    error: (issue) =>
      issue.input === undefined ? 'version is required: the version you read' : 'version must be a number',
  })
  .int({ error: 'version must be a whole number' })
  .min(1, { error: 'version must be 1 or more' })
  .max(2_000_000_000, { error: 'version is too large' });

/**
 * A decimal typed by staff: text of digits with at most one '.', or a JSON number (read as its shortest text). Its
 * decimals and bounds are checked where they are known (the server's money rules); here only that it is a plain
 * decimal, not negative.
 */
export const decimalText = (field: string, example: string) =>
  z
    .union([z.string(), z.number()], { error: `${field} must be a number written as text, such as "${example}"` })
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .superRefine((value, context) => {
      if (value === '') context.addIssue({ code: 'custom', message: `${field} is required`, input: value });
      else if (/^-\s*\d/.test(value))
        context.addIssue({ code: 'custom', message: `${field} cannot be negative`, input: value });
      else if (!/^\d{1,20}(\.\d{1,20})?$/.test(value))
        context.addIssue({
          code: 'custom',
          message: `${field} must be a number such as "${example}" (digits, one '.', no spaces or thousands separators)`,
          input: value,
        });
    });

const day = (field: string) => {
  const message = `${field} must be a date written YYYY-MM-DD`;
  return z.string({ error: message }).refine((value) => calendarDayProblem(value) === null, { error: message });
};

/** One line as staff edit it: a catalogue part (its variant code) or free text (code null). */
export const quotationLineInputSchema = strictObject({
  code: textField('code', { max: QUOTATION_LIMITS.code }).nullable(),
  description: textField('description', { max: QUOTATION_LIMITS.description }).refine((value) => value !== '', {
    error: 'description is required',
    abort: true,
  }),
  /** The unit the quantity counts ('piece', 'metre'…); '' for none. */
  unit: textField('unit', { max: QUOTATION_LIMITS.unit }),
  quantity: decimalText('quantity', '12.5'),
  /** In the quotation's currency, with at most its decimals. */
  unitPrice: decimalText('unitPrice', '12.50'),
  /** 0 to 100, at most two decimals. */
  discountPercent: decimalText('discountPercent', '2.5'),
  availabilityNote: textField('availabilityNote', { max: QUOTATION_LIMITS.availabilityNote }),
  lineNote: textField('lineNote', { max: QUOTATION_LIMITS.lineNote, kind: 'multiline' }),
});
export type QuotationLineInput = z.input<typeof quotationLineInputSchema>;
/** A line as the schema leaves it: its decimals as trimmed text. */
export type QuotationLineValues = z.output<typeof quotationLineInputSchema>;

/** POST QUOTATIONS_API.quotations. */
export const createQuotationBodySchema = strictObject({ requestId: id('requestId') });
export type CreateQuotationBody = z.input<typeof createQuotationBodySchema>;

/** GET QUOTATIONS_API.parts: the text a part is looked for by (a code, or words of its name). */
export const quotationPartsQuerySchema = z.strictObject(
  {
    q: z
      .string({ error: 'q is required: a code or a name' })
      .trim()
      .min(1, { error: 'q is required: a code or a name' })
      .max(QUOTATION_LIMITS.code, { error: `q is at most ${QUOTATION_LIMITS.code} characters` }),
  },
  { error: 'Only q is expected in the query string' },
);

/** GET QUOTATIONS_API.copySources: words of a number or a buyer's company ('' or left out: the newest). */
export const copySourcesQuerySchema = z.strictObject(
  {
    q: z
      .string({ error: 'q must be text: a quotation number or a buyer company' })
      .trim()
      .max(100, { error: 'q is at most 100 characters' })
      .optional(),
  },
  { error: 'Only q is expected in the query string' },
);

/** GET QUOTATIONS_API.quotations: a request's quotations. */
export const quotationListQuerySchema = z.strictObject(
  {
    requestId: z
      .string({ error: 'requestId is required' })
      .regex(/^[1-9]\d{0,14}$/, { error: 'requestId must be a request id' })
      .transform(Number),
  },
  { error: 'Only requestId is expected in the query string' },
);

/** PUT QUOTATIONS_API.quotation: the whole draft, as read at `version`. */
export const saveQuotationBodySchema = strictObject({
  version,
  validUntil: day('validUntil'),
  paymentTerms: textField('paymentTerms', { max: QUOTATION_LIMITS.terms, kind: 'multiline' }),
  deliveryTerms: textField('deliveryTerms', { max: QUOTATION_LIMITS.terms, kind: 'multiline' }),
  buyerNote: textField('buyerNote', { max: QUOTATION_LIMITS.buyerNote, kind: 'multiline' }),
  /** Left out: kept as it is (a client older than these fields). */
  incoterm: z
    .enum(INCOTERMS, { error: `incoterm must be one of the Incoterms 2020: ${INCOTERMS.join(', ')}` })
    .optional(),
  deliveryPlace: textField('deliveryPlace', { max: DOCUMENT_LIMITS.deliveryPlace }).optional(),
  lines: z
    .array(quotationLineInputSchema, { error: 'lines must be a list' })
    .max(QUOTATION_LIMITS.lines, { error: `A quotation holds at most ${QUOTATION_LIMITS.lines} lines` }),
});
export type SaveQuotationBody = z.input<typeof saveQuotationBodySchema>;
export type SaveQuotationValues = z.output<typeof saveQuotationBodySchema>;

/** POST QUOTATIONS_API.lines: another catalogue part by its code, priced from the catalogue, or a free-text line. */
export const addQuotationLineBodySchema = strictObject({
  version,
  line: z.discriminatedUnion(
    'kind',
    [
      strictObject({
        kind: z.literal('catalogue'),
        code: textField('code', { max: QUOTATION_LIMITS.code }).refine((value) => value !== '', {
          error: 'code is required',
        }),
        quantity: decimalText('quantity', '12.5').optional(),
      }),
      strictObject({
        kind: z.literal('text'),
        description: textField('description', { max: QUOTATION_LIMITS.description }).refine((value) => value !== '', {
          error: 'description is required',
        }),
        quantity: decimalText('quantity', '12.5').optional(),
        unitPrice: decimalText('unitPrice', '12.50').optional(),
      }),
    ],
    { error: 'line.kind must be catalogue (a product by its code) or text (a free-text line)' },
  ),
});
export type AddQuotationLineBody = z.input<typeof addQuotationLineBodySchema>;
export type AddQuotationLineValues = z.output<typeof addQuotationLineBodySchema>;

/** DELETE QUOTATIONS_API.line. */
export const removeQuotationLineQuerySchema = z.strictObject(
  {
    version: z
      .string({ error: 'version is required: the version you read' })
      .regex(/^[1-9]\d{0,9}$/, { error: 'version must be a whole number' })
      .transform(Number),
  },
  { error: 'Only version is expected in the query string' },
);

/** POST QUOTATIONS_API.send and QUOTATIONS_API.revise. */
export const quotationVersionBodySchema = strictObject({ version });

/** PUT QUOTATIONS_API.currencyRate: 1 AED = `rate` of the currency in the address, exactly as typed. */
export const setCurrencyRateBodySchema = strictObject({ rate: decimalText('rate', '0.10477') });
export type SetCurrencyRateBody = z.input<typeof setCurrencyRateBodySchema>;

/** PUT BRANCH_DETAILS_API.branch: the branch's details as typed (their formats are checked by the server's words). */
export const setBranchDetailsBodySchema = strictObject({
  legalName: textField('legalName', { max: DOCUMENT_LIMITS.legalName }),
  taxNumber: textField('taxNumber', { max: 40 }),
  commercialRegistration: textField('commercialRegistration', { max: 40 }),
});
export type SetBranchDetailsBody = z.input<typeof setBranchDetailsBodySchema>;

/** PUT QUOTATIONS_API.vatRates: a country's rate from a day on (the day's rate replaced when it has one). */
export const setVatRateBodySchema = strictObject({
  country: z.enum(VAT_COUNTRIES, { error: `country must be one of: ${VAT_COUNTRIES.join(', ')}` }),
  ratePercent: decimalText('ratePercent', '5'),
  startsOn: day('startsOn'),
});
export type SetVatRateBody = z.input<typeof setVatRateBodySchema>;

// ---- answers (the staff app's tests parse their fakes' answers with these: mfe-staff/src/testing/contractHttp.ts) ----

const currencyRateSchema = z.strictObject({
  currency: z.enum(RATE_CURRENCIES),
  rate: z.string(),
  setBy: z.string().nullable(),
  setAt: z.string(),
});
/** GET QUOTATIONS_API.currencyRates, and PUT currencyRate's answer. */
export const currencyRateTableSchema = z.strictObject({
  current: z.array(currencyRateSchema),
  history: z.array(currencyRateSchema),
});

const vatRateSchema = z.strictObject({
  country: z.enum(VAT_COUNTRIES),
  ratePercent: z.string(),
  startsOn: z.string(),
  setBy: z.string().nullable(),
  setAt: z.string().nullable(),
});
/** GET and PUT QUOTATIONS_API.vatRates. */
export const vatRateTableSchema = z.strictObject({ rates: z.array(vatRateSchema), today: z.array(vatRateSchema) });

/**
 * An amount as the server writes it (quotationsApi.ts): decimal text, never a JSON number. How many decimals it has is
 * its currency's, checked by the answer that names the currency (amountsOf).
 */
const amount = z.string().regex(/^(0|[1-9]\d*)(\.\d+)?$/, { error: 'an amount is decimal text, such as "12.500"' });
/** A quantity or a percentage: decimal text without trailing zeros ("12.5", "40", "0"). */
const shortDecimal = z
  .string()
  .regex(/^(0|[1-9]\d*)(\.\d*[1-9])?$/, { error: 'decimal text without trailing zeros, such as "12.5" or "40"' });

/** Each amount (by its path) with exactly the decimals of `currency` ("12.500" in rials, "12.50" in dirhams). */
function amountsOf(
  currency: QuotationCurrency,
  amounts: readonly { path: (string | number)[]; value: string }[],
  context: z.RefinementCtx,
): void {
  const decimals = CURRENCY_DECIMALS[currency];
  for (const { path, value } of amounts) {
    if ((value.split('.')[1] ?? '').length !== decimals)
      context.addIssue({
        code: 'custom',
        path,
        message: `${currency} amounts have exactly ${decimals} decimals: "${value}"`,
        input: value,
      });
  }
}

const quotationLineSchema = z.strictObject({
  position: z.number().int(),
  code: z.string().nullable(),
  description: z.string(),
  unit: z.string(),
  quantity: shortDecimal,
  unitPrice: amount,
  discountPercent: shortDecimal,
  lineTotal: amount,
  vatPercent: shortDecimal,
  vat: amount,
  availabilityNote: z.string(),
  availabilityNow: z.string(),
  quantityNote: z.string(),
  lineNote: z.string(),
});

/** GET QUOTATIONS_API.quotation, and the quotation as each change (create, save, lines, send, revise) left it. */
export const quotationSchema = z
  .strictObject({
    id: z.number().int(),
    requestId: z.number().int(),
    requestReference: z.string(),
    branch: z.enum(STAFF_BRANCHES),
    currency: z.enum(QUOTATION_CURRENCIES),
    decimals: z.number().int(),
    rate: z.strictObject({ rate: shortDecimal, setAt: z.string().nullable(), setBy: z.string().nullable() }),
    vatCountry: z.enum(VAT_COUNTRIES),
    vatDate: z.string(),
    vatPercent: shortDecimal.nullable(),
    state: z.enum(QUOTATION_STATES),
    number: z.string().nullable(),
    revision: z.number().int(),
    version: z.number().int(),
    validUntil: z.string(),
    paymentTerms: z.string(),
    deliveryTerms: z.string(),
    buyerNote: z.string(),
    incoterm: z.enum(INCOTERMS).nullable(),
    deliveryPlace: z.string(),
    seller: z
      .strictObject({
        legalName: z.string(),
        taxLabel: z.string(),
        taxNumber: z.string(),
        commercialRegistration: z.string(),
      })
      .nullable(),
    salesperson: z.strictObject({ name: z.string(), phone: z.string(), email: z.string() }).nullable(),
    sendBlockers: z.array(
      z.strictObject({
        field: z.enum(['legalName', 'taxNumber', 'commercialRegistration', 'deliveryPlace']),
        message: z.string(),
      }),
    ),
    lines: z.array(quotationLineSchema),
    totals: z.strictObject({ subtotal: amount, vat: amount, total: amount }),
    vatRounding: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    updatedBy: z.string().nullable(),
    sentAt: z.string().nullable(),
  })
  .superRefine((quotation, context) => {
    if (quotation.decimals !== CURRENCY_DECIMALS[quotation.currency])
      context.addIssue({
        code: 'custom',
        path: ['decimals'],
        message: `${quotation.currency} has ${CURRENCY_DECIMALS[quotation.currency]} decimals`,
        input: quotation.decimals,
      });
    amountsOf(
      quotation.currency,
      [
        ...quotation.lines.flatMap((line, index) =>
          (['unitPrice', 'lineTotal', 'vat'] as const).map((key) => ({
            path: ['lines', index, key],
            value: line[key],
          })),
        ),
        ...(['subtotal', 'vat', 'total'] as const).map((key) => ({
          path: ['totals', key],
          value: quotation.totals[key],
        })),
      ],
      context,
    );
  });

/** GET QUOTATIONS_API.quotations: a request's quotations. */
export const quotationListSchema = z.strictObject({
  quotations: z.array(
    z
      .strictObject({
        id: z.number().int(),
        state: z.enum(QUOTATION_STATES),
        number: z.string().nullable(),
        revision: z.number().int(),
        currency: z.enum(QUOTATION_CURRENCIES),
        total: amount,
        updatedAt: z.string(),
      })
      .superRefine((summary, context) =>
        amountsOf(summary.currency, [{ path: ['total'], value: summary.total }], context),
      ),
  ),
});

const quotationPartSchema = z.strictObject({
  code: z.string(),
  description: z.string(),
  unit: z.string(),
  /** In the quotation's currency (which the list does not name: its decimals are not checked here). */
  unitPrice: amount,
  onRequest: z.boolean(),
  availabilityNote: z.string(),
});
/** GET QUOTATIONS_API.parts. */
export const quotationPartListSchema = z.strictObject({
  exact: quotationPartSchema.nullable(),
  parts: z.array(quotationPartSchema),
});

const copySourceSchema = z
  .strictObject({
    id: z.number().int(),
    number: z.string(),
    state: z.enum(QUOTATION_STATES),
    requestReference: z.string(),
    buyerCompany: z.string(),
    sentAt: z.string(),
    lineCount: z.number().int(),
    currency: z.enum(QUOTATION_CURRENCIES),
    total: amount,
  })
  .superRefine((source, context) => amountsOf(source.currency, [{ path: ['total'], value: source.total }], context));
/** GET QUOTATIONS_API.copySources. */
export const copySourceListSchema = z.strictObject({ quotations: z.array(copySourceSchema) });

/** GET QUOTATIONS_API.copyFrom. */
export const copiedQuotationSchema = z
  .strictObject({
    source: copySourceSchema,
    lines: z.array(
      z.strictObject({
        code: z.string().nullable(),
        description: z.string(),
        unit: z.string(),
        quantity: shortDecimal,
        unitPrice: amount,
        discountPercent: shortDecimal,
        cataloguePrice: amount.nullable(),
        priceCheck: z.string(),
        availabilityNote: z.string(),
      }),
    ),
  })
  .superRefine((copied, context) =>
    amountsOf(
      copied.source.currency,
      copied.lines.flatMap((line, index) => [
        { path: ['lines', index, 'unitPrice'], value: line.unitPrice },
        ...(line.cataloguePrice === null
          ? []
          : [{ path: ['lines', index, 'cataloguePrice'], value: line.cataloguePrice }]),
      ]),
      context,
    ),
  );

/** GET QUOTATIONS_API.expiring. */
export const expiringQuotationListSchema = z.strictObject({
  quotations: z.array(
    z
      .strictObject({
        id: z.number().int(),
        number: z.string(),
        state: z.enum(QUOTATION_STATES),
        requestId: z.number().int(),
        requestReference: z.string(),
        buyerCompany: z.string(),
        branch: z.enum(STAFF_BRANCHES),
        currency: z.enum(QUOTATION_CURRENCIES),
        total: amount,
        validUntil: z.string(),
        daysLeft: z.number().int().min(0),
        sentBy: z.string().nullable(),
        reminderSentAt: z.string().nullable(),
      })
      .superRefine((quotation, context) =>
        amountsOf(quotation.currency, [{ path: ['total'], value: quotation.total }], context),
      ),
  ),
});

/** 409 of a change made on an older version of the quotation (save, lines, send, revise): who saved it since. */
export const staleQuotationAnswerSchema = z.strictObject({
  error: z.string(),
  version: z.number().int(),
  savedBy: z.string().nullable(),
  savedAt: z.string(),
});

const branchDetailsSchema = z.strictObject({
  branch: z.enum(STAFF_BRANCHES),
  legalName: z.string(),
  taxNumber: z.string(),
  commercialRegistration: z.string(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
/** GET BRANCH_DETAILS_API.branches, and PUT branch's answer. */
export const branchDetailsTableSchema = z.strictObject({
  branches: z.array(z.strictObject({ branch: z.enum(STAFF_BRANCHES), details: branchDetailsSchema.nullable() })),
});

/** The answer schemas' types are the TypeScript types the apps use (a type error here: one of them drifted). */
export type RateAnswerSchemasMatchTheirTypes = [
  Expect<Equals<z.infer<typeof currencyRateTableSchema>, CurrencyRateTable>>,
  Expect<Equals<z.infer<typeof vatRateTableSchema>, VatRateTable>>,
  Expect<Equals<z.infer<typeof branchDetailsTableSchema>, BranchDetailsTable>>,
];
export type QuotationAnswerSchemasMatchTheirTypes = [
  Expect<Equals<z.infer<typeof quotationSchema>, Quotation>>,
  Expect<Equals<z.infer<typeof quotationListSchema>, QuotationList>>,
  Expect<Equals<z.infer<typeof quotationPartListSchema>, QuotationPartList>>,
  Expect<Equals<z.infer<typeof staleQuotationAnswerSchema>, StaleQuotationAnswer>>,
  Expect<Equals<z.infer<typeof copySourceListSchema>, CopySourceList>>,
  Expect<Equals<z.infer<typeof copiedQuotationSchema>, CopiedQuotation>>,
  Expect<Equals<z.infer<typeof expiringQuotationListSchema>, ExpiringQuotationList>>,
];
