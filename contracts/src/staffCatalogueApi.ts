// The staff catalogue editor's requests and answers (addresses: STAFF_API.catalogue* in ./staffApi.ts). The schemas
// are the routes' own (server/src/catalogue/staff/routes.ts validates with them); the staff app imports the types.
// A product's editable content is the catalogue file's row (server/src/catalogue/file/columns.ts): the same fields,
// checked by the same rules as an import, with the two detail documents as JSON objects instead of JSON text.
import { z } from 'zod';
import { apiProblemsSchema } from './apiProblems';
import { textField } from './textField';
import { CATALOGUE_MEDIA_PREFIX, uploadedDatasheetSchema, uploadedPictureSchema } from '@site/content/schema';

export { CATALOGUE_MEDIA_PREFIX };

/** A product id as the catalogue keeps them. */
export const PRODUCT_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
/** Products a list page holds: the default, and the most a page may ask for. */
export const EDITOR_PAGE_SIZE = 50;
export const EDITOR_PAGE_SIZE_MAX = 200;
/** Largest draft body, in bytes: the biggest detail documents of the catalogue are a few tens of kilobytes. */
export const EDITOR_BODY_LIMIT = 256 * 1024;

/**
 * archived: withdrawn from the public site (the list shows archived products only when asked for them); new: created in
 * the editor and never published (its draft alone). The `draft` filter lists both kinds of pending drafts.
 */
export const EDITOR_STATUSES = ['published', 'draft', 'new', 'archived'] as const;
export type EditorStatus = (typeof EDITOR_STATUSES)[number];

const text = (field: string, max: number) =>
  z.string({ error: `${field} must be text` }).max(max, { error: `${field} must be at most ${max} characters` });
const document = (field: string) => z.record(z.string(), z.unknown(), { error: `${field} must be a JSON object` });

/**
 * An orderable variant as the editor edits it (docs/decisions/034-orderable-variants.md): the catalogue file's variant
 * columns, text as in the file ('' for none), its table row's cells as JSON objects, published as a boolean.
 */
export const editableVariantSchema = z.strictObject({
  code: text('code', 200),
  /** The manufacturer's part number; '' for none. */
  mpn: text('mpn', 64),
  label: text('label', 120),
  label_ar: text('label_ar', 120),
  /** Its row of the specification table (leaf column id → value), where the table lists the product's parts. */
  row: document('row').optional(),
  /** The row in Arabic; absent: the English row's values. */
  row_ar: document('row_ar').optional(),
  /** AED with at most two decimals, or '' for none (price on request). */
  price: text('price', 20),
  unit: text('unit', 100),
  /** A whole number of 2 or more, or '' for none. */
  packQuantity: text('packQuantity', 9),
  /**
   * The fewest a buyer orders: a whole number of 2 or more; absent or '' for none
   * (docs/decisions/043-price-breaks-and-order-multiples.md). The order multiple is the pack quantity.
   */
  minimumOrder: text('minimumOrder', 9).optional(),
  /** Its quantity breaks beyond the price at 1, as the file's cell writes them ("50+ 12.50; 250+ 11.00"); absent or '' for none. */
  priceBreaks: text('priceBreaks', 400).optional(),
  /** false: withdrawn (not orderable, its row leaves the table). */
  published: z.boolean({ error: 'published must be true or false' }),
});
export type EditableVariant = z.infer<typeof editableVariantSchema>;
/** The most variants a product has (content/src/schema.ts PRODUCT_VARIANTS_MAX). */
export const EDITOR_VARIANTS_MAX = 200;

export const editableProductSchema = z.strictObject({
  productCategoryId: text('productCategoryId', 100),
  productName: text('productName', 500),
  productName_ar: text('productName_ar', 500),
  code: text('code', 200),
  /** The listing's brand line; '' for none. */
  company: text('company', 500),
  /** AED with at most two decimals, or '' for none (price on request). */
  price: text('price', 20),
  unit: text('unit', 100),
  /** A whole number from 0 to 100, as text. */
  popularity: text('popularity', 3),
  /** YYYY-MM-DD. */
  dateAdded: text('dateAdded', 10),
  image: text('image', 500),
  details: document('details'),
  details_ar: document('details_ar'),
  /**
   * Its orderable variants in order; the product's `code`, `price` and `unit` are made from them when they are saved
   * (its first published variant's code and unit, its lowest published price). Absent (content saved before variants):
   * one variant of the product's code, price and unit.
   */
  variants: z
    .array(editableVariantSchema)
    .max(EDITOR_VARIANTS_MAX, { error: `a product has at most ${EDITOR_VARIANTS_MAX} variants` })
    .optional(),
});
export type EditableProduct = z.infer<typeof editableProductSchema>;

export const productIdParamsSchema = z.strictObject({
  id: z.string().regex(PRODUCT_ID_PATTERN, 'There is no such product'),
});
export const versionParamsSchema = productIdParamsSchema.extend({
  version: z
    .string()
    .regex(/^\d{1,15}$/, 'There is no such version')
    .transform(Number),
});

const wholeNumber = (what: string) =>
  z
    .string()
    .regex(/^\d{1,15}$/, `${what} must be a whole number`)
    .transform(Number);

/** The list's orders: a column, ascending or descending (`-desc`); without one, by id. */
export const EDITOR_SORT_COLUMNS = ['name', 'code', 'price', 'sizes', 'changed'] as const;
export type EditorSortColumn = (typeof EDITOR_SORT_COLUMNS)[number];
export const EDITOR_SORTS = EDITOR_SORT_COLUMNS.flatMap((column) => [`${column}-asc`, `${column}-desc`] as const);
export type EditorSort = `${EditorSortColumn}-${'asc' | 'desc'}`;

export const editorListQuerySchema = z.strictObject({
  /**
   * Found anywhere in the name (either language) or the code, any case; or a part of one of its variants' codes or
   * part numbers, with case, spaces, dashes and dots ignored (as the public search compares codes).
   */
  q: text('q', 200).optional(),
  category: text('category', 100).optional(),
  /** One of the product's brands, exactly. */
  brand: text('brand', 200).optional(),
  status: z.enum(EDITOR_STATUSES, { error: `status must be one of: ${EDITOR_STATUSES.join(', ')}` }).optional(),
  /** '1': only products whose Arabic name has no Arabic letter yet. */
  missingArabic: z.literal('1', { error: 'missingArabic must be 1 when given' }).optional(),
  /** The order (EDITOR_SORTS, e.g. `price-desc`); without one, by id. Pages follow the order. */
  sort: z
    .enum(EDITOR_SORTS as [EditorSort, ...EditorSort[]], {
      error: `sort must be one of: ${EDITOR_SORTS.join(', ')}`,
    })
    .optional(),
  /** The last id of the page before (keyset paging: the next page starts past that product in the list's order). */
  after: z.string().regex(PRODUCT_ID_PATTERN, 'after must be a product id').optional(),
  limit: wholeNumber('limit')
    .pipe(
      z
        .number()
        .min(1, 'limit must be at least 1')
        .max(EDITOR_PAGE_SIZE_MAX, `limit must be at most ${EDITOR_PAGE_SIZE_MAX}`),
    )
    .default(EDITOR_PAGE_SIZE),
});
export type EditorListQuery = z.input<typeof editorListQuerySchema>;

export const editorProductSummarySchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  nameAr: z.string(),
  code: z.string(),
  categoryId: z.string(),
  company: z.string().nullable(),
  status: z.enum(EDITOR_STATUSES),
  missingArabic: z.boolean(),
  version: z.number(),
  /** Its variants' lowest and highest price (AED, as stored: "12.00"); null when none has a price. */
  priceLow: z.string().nullable(),
  priceHigh: z.string().nullable(),
  /** How many sizes (variants) it has; withdrawn variants are not counted. */
  sizes: z.number(),
  /** Its last change: when (ISO time) and, if known, by whom (an email). */
  changedAt: z.string().nullable(),
  changedBy: z.string().nullable(),
});
export type EditorProductSummary = z.infer<typeof editorProductSummarySchema>;

export const editorProductPageSchema = z.strictObject({
  products: z.array(editorProductSummarySchema),
  /** The `after` of the next page, or null on the last. */
  next: z.string().nullable(),
  /** How many products match the filters (every page's). */
  total: z.number(),
});
export type EditorProductPage = z.infer<typeof editorProductPageSchema>;

const byWhomSchema = z.strictObject({ by: z.string().nullable(), at: z.string() });

// ---- scheduled publishing (STAFF_API.catalogueSchedule*): a draft published at a time in the branch's time zone ----

/**
 * The catalogue's branch time zone: a schedule's time is entered and shown in it. Asia/Dubai keeps no summer time, so
 * it is always UTC+4 and a local time is one instant.
 */
export const SCHEDULE_TIME_ZONE = 'Asia/Dubai';
const DUBAI_OFFSET = '+04:00';
/** A local date and time as a datetime-local input writes it: 2027-01-01T00:00. */
export const LOCAL_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** The instant of a Dubai local date and time (2027-01-01T00:00), or undefined when it is no such date. */
export function dubaiLocalToInstant(local: string): Date | undefined {
  if (!LOCAL_TIME_PATTERN.test(local)) return undefined;
  const instant = new Date(`${local}:00${DUBAI_OFFSET}`);
  // 2027-02-30 is no date: the round trip to local time must give back what was written
  return Number.isNaN(instant.getTime()) || instantToDubaiLocal(instant) !== local ? undefined : instant;
}

/** An instant as a Dubai local date and time, as a datetime-local input takes it (2027-01-01T00:00). */
export function instantToDubaiLocal(instant: Date | string): string {
  const at = new Date(new Date(instant).getTime() + 4 * 3_600_000);
  return at.toISOString().slice(0, 16);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** An instant in Dubai time as people read it: "1 Jan 2027, 00:00" (the same on the server and in any browser). */
export function formatDubaiTime(instant: Date | string): string {
  const local = instantToDubaiLocal(instant);
  const [year, month, day] = local.slice(0, 10).split('-').map(Number) as [number, number, number];
  return `${day} ${MONTHS[month - 1]} ${year}, ${local.slice(11, 16)}`;
}

/** PUT STAFF_API.catalogueSchedule: publish the draft of `baseVersion` at `dueAt`, Dubai time (or move its time). */
export const scheduleBodySchema = z.strictObject({
  baseVersion: z.number().int().min(0),
  dueAt: z
    .string()
    .regex(LOCAL_TIME_PATTERN, 'dueAt: a date and time in Dubai time, as 2027-01-01T00:00')
    .refine((local) => dubaiLocalToInstant(local) !== undefined, 'dueAt: there is no such date'),
});
export type ScheduleBody = z.infer<typeof scheduleBodySchema>;
/** POST STAFF_API.catalogueScheduleCancel: the pending schedule cancelled (the one the editor showed). */
export const cancelScheduleBodySchema = z.strictObject({ scheduleId: z.string().min(1).max(100) });
export type CancelScheduleBody = z.infer<typeof cancelScheduleBodySchema>;

/**
 * A product's publish schedule: the pending one, or the last one that failed (why, in words) while nothing was
 * changed in the editor since. `dueAt` is an instant (ISO, UTC); show it with formatDubaiTime.
 */
export const publishScheduleSchema = z.strictObject({
  id: z.string(),
  state: z.enum(['scheduled', 'failed']),
  dueAt: z.string(),
  scheduledBy: z.string(),
  scheduledAt: z.string(),
  failure: z.string().optional(),
});
export type PublishSchedule = z.infer<typeof publishScheduleSchema>;

/** GET STAFF_API.catalogueSchedules: every pending schedule, the soonest first. */
export const scheduleListSchema = z.strictObject({
  schedules: z.array(
    z.strictObject({
      id: z.string(),
      productId: z.string(),
      productName: z.string(),
      dueAt: z.string(),
      scheduledBy: z.string(),
    }),
  ),
});
export type ScheduleList = z.infer<typeof scheduleListSchema>;

export const editorProductSchema = z.strictObject({
  id: z.string(),
  /** The product's edit version: send it back as `baseVersion` with the next change. */
  version: z.number(),
  /** What the catalogue shows now (for a product never published, its draft's content: see `unpublished`). */
  published: editableProductSchema,
  /**
   * A product created or duplicated in the editor and never published: the public cannot see it until its draft is
   * published. The server always sends it; optional for the clients written before.
   */
  unpublished: z.boolean().optional(),
  /** The pending draft, if any: its content, the version it was based on, who saved it and when. */
  draft: z
    .strictObject({
      content: editableProductSchema,
      basedOn: z.number(),
      savedBy: z.string().nullable(),
      savedAt: z.string(),
    })
    .nullable(),
  /** Who last changed it in the editor, or null when it never was. */
  lastChange: byWhomSchema.nullable(),
  /**
   * Who archived it and when, or null when it is in the catalogue (an archived product is restored before it is
   * edited). The server always sends it; optional for the clients written before archiving.
   */
  archived: byWhomSchema.nullable().optional(),
  /** Its publish schedule (pending, or failed and not yet seen to): the server always sends it. */
  schedule: publishScheduleSchema.nullable().optional(),
});
export type EditorProduct = z.infer<typeof editorProductSchema>;

export const saveDraftBodySchema = z.strictObject({
  baseVersion: z.number().int().min(0),
  content: editableProductSchema,
});
export type SaveDraftBody = z.infer<typeof saveDraftBodySchema>;
export const baseVersionBodySchema = z.strictObject({ baseVersion: z.number().int().min(0) });
/** A new product: its id (letters, digits, '_' and '-', unique, never changed) and its whole content, as a draft. */
export const createProductBodySchema = z.strictObject({
  id: z.string().regex(PRODUCT_ID_PATTERN, 'id: letters, digits, _ and - only, 1 to 100 of them'),
  content: editableProductSchema,
});
export type CreateProductBody = z.infer<typeof createProductBodySchema>;
/** A duplicate needs nothing but the product it copies (its address). */
export const duplicateProductBodySchema = z.strictObject({});
export const deletedProductSchema = z.strictObject({ deleted: z.string() });
export type DeletedProduct = z.infer<typeof deletedProductSchema>;

/** A refused change: a sentence; for content that breaks the catalogue's rules, every problem with its field. */
export const editorErrorSchema = z.strictObject({ error: z.string(), problems: apiProblemsSchema });

/** 409: someone changed the product after `baseVersion`; `yours` is the content sent, returned untouched. */
export const staleEditSchema = z.strictObject({
  error: z.string(),
  version: z.number(),
  changedBy: z.string().nullable(),
  changedAt: z.string(),
  yours: editableProductSchema.optional(),
});
export type StaleEditAnswer = z.infer<typeof staleEditSchema>;

export const productVersionListSchema = z.strictObject({
  versions: z.array(
    z.strictObject({
      version: z.number(),
      /** null: the content it had before the editor first published it (seed or import). */
      publishedBy: z.string().nullable(),
      publishedAt: z.string(),
      /** What made the version: a publish, the content as archived or restored, an import, a bulk edit or an undo. */
      action: z.enum(['publish', 'archive', 'unarchive', 'import', 'undo-import', 'bulk-edit']).optional(),
      /** An import's: the file's name, and the staff app's job (its report) when it came from there. */
      importedFrom: z.string().optional(),
      importJob: z.string().optional(),
      /** Published by a schedule (its `publishedBy` is who scheduled it). */
      onSchedule: z.literal(true).optional(),
    }),
  ),
});
export type ProductVersionList = z.infer<typeof productVersionListSchema>;

export const diffQuerySchema = z.strictObject({ from: wholeNumber('from'), to: wholeNumber('to') });

export const productDiffSchema = z.strictObject({
  from: z.number(),
  to: z.number(),
  /**
   * Every field that differs: its path ('productName', 'details.description.2'; a variant's by its code, as an
   * import's report words it: 'HEX-CW-25: price', and a variant only one side has as 'HEX-CW-90'), and its value in
   * each (null: absent).
   */
  changes: z.array(z.strictObject({ field: z.string(), before: z.unknown(), after: z.unknown() })),
});
export type ProductDiff = z.infer<typeof productDiffSchema>;

// ---- uploads (STAFF_API.cataloguePictures, STAFF_API.catalogueDatasheets): one file part of multipart/form-data ----

/** Largest picture and datasheet, in bytes: a bigger upload is refused with 413 as it streams, and nothing is kept. */
export const PICTURE_MAX_BYTES = 10 * 1024 * 1024;
export const DATASHEET_MAX_BYTES = 20 * 1024 * 1024;
/** Most pixels (width × height, read from the header before decoding) a picture may declare. */
export const PICTURE_MAX_PIXELS = 40_000_000;
/** The widths a picture is made in (never wider than it is; a narrower picture gets one variant, its own width). */
export const PICTURE_WIDTHS = [320, 640, 1280] as const;

/**
 * A stored picture. Put `picture` into the draft's `details.picture` (and `details_ar.picture`) and save the draft:
 * the page's srcset is `${src}-${width}.avif` (and `.webp`) for each width. The file name sent is never used.
 */
export const uploadedPictureAnswerSchema = z.strictObject({
  picture: uploadedPictureSchema,
  /** The upload's own size and format, as decoded. */
  width: z.number(),
  height: z.number(),
  format: z.enum(['jpeg', 'png', 'webp', 'avif']),
});
export type UploadedPicture = z.infer<typeof uploadedPictureAnswerSchema>;

/** A stored datasheet. Put `datasheet` into the draft's `details.datasheet` (and `details_ar.datasheet`). */
export const uploadedDatasheetAnswerSchema = z.strictObject({ datasheet: uploadedDatasheetSchema, bytes: z.number() });
export type UploadedDatasheet = z.infer<typeof uploadedDatasheetAnswerSchema>;

/** The largest catalogue file an import takes (the CLI's limit too). */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** At most this many problems are listed in an import's report (the rest are counted). */
export const IMPORT_PROBLEMS_LISTED = 1000;
export const CATALOGUE_FILE_FORMATS = ['csv', 'xlsx'] as const;
export type CatalogueFileFormat = (typeof CATALOGUE_FILE_FORMATS)[number];

export const exportQuerySchema = z.strictObject({
  format: z.enum(CATALOGUE_FILE_FORMATS, { error: 'format must be csv or xlsx' }),
});
export const importQuerySchema = z.strictObject({
  dryRun: z.enum(['1', '0'], { error: 'dryRun must be 1 or 0' }).optional(),
});

/** One problem of an import's file: its line (1 is the header), the row's id, the column it names (if one), why. */
export const importProblemSchema = z.strictObject({
  line: z.number(),
  id: z.string(),
  column: z.string().nullable(),
  reason: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

/** What a dry run found, or an import did: nothing is written when any row has a problem. */
export const importReportSchema = z.strictObject({
  dryRun: z.boolean(),
  written: z.boolean(),
  format: z.enum(CATALOGUE_FILE_FORMATS),
  rows: z.number(),
  added: z.number(),
  changed: z.number(),
  unchanged: z.number(),
  badRows: z.number(),
  problems: z.array(importProblemSchema),
  /** How many problems there are in all (more than `problems` lists past IMPORT_PROBLEMS_LISTED). */
  problemCount: z.number(),
  /** The catalogue's version after an import that wrote (the pages follow it); null otherwise. */
  version: z.number().nullable(),
  /**
   * What the rows change, the first IMPORT_PROBLEMS_LISTED of them: a product's columns, and each variant's by its code
   * ("HEX-CW-25: price 14 → 15"), new, withdrawn and removed variants too. Optional for the servers written before.
   */
  changes: z.array(z.strictObject({ line: z.number(), id: z.string(), change: z.string() })).optional(),
  changeCount: z.number().optional(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** The header an upload carries so that sending it again (a retry, a double click) is the same job. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/**
 * An import's or dry run's job. `state`: queued (waiting for its turn), running (`phase` says what it does), done (its
 * `report`: a dry run's findings, or an import written, or refused whole for its rows' problems), refused (the file
 * could not be read: `failure` says why; nothing was imported), failed (the server could not finish it: `failure` says
 * why in words; nothing was imported).
 */
export const IMPORT_JOB_KINDS = ['check', 'import', 'undo-check', 'undo', 'bulk-check', 'bulk'] as const;
export const IMPORT_JOB_STATES = ['queued', 'running', 'done', 'refused', 'failed'] as const;
export const IMPORT_JOB_PHASES = ['waiting', 'reading', 'checking', 'writing', 'finished'] as const;
export const importJobSchema = z.strictObject({
  id: z.string(),
  /**
   * check / import: a file's dry run or import; undo-check / undo: an import's undo, checked or done (`undoOf`);
   * bulk-check / bulk: a bulk edit of the product list, checked or done (`fileName` says what it changes).
   */
  kind: z.enum(IMPORT_JOB_KINDS),
  state: z.enum(IMPORT_JOB_STATES),
  phase: z.enum(IMPORT_JOB_PHASES),
  fileName: z.string(),
  bytes: z.number(),
  /** Who sent it. */
  by: z.string(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** The file's rows, once read; null before. */
  rowsTotal: z.number().nullable(),
  rowsChecked: z.number(),
  /** The variants' rows written so far (an import's, inside its transaction: none are public until all are). */
  rowsWritten: z.number(),
  /** How many times it was started: more than 1 after a server's restart took it up again. */
  attempts: z.number(),
  report: importReportSchema.nullable(),
  failure: z.string().nullable(),
  /** An undo's: the import it undoes. */
  undoOf: z.string().nullable(),
  /** An import's: the undo that undid it, once done. */
  undoneBy: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

/** 409 to an import sent while another runs: the running one, to wait for. */
export const importBusySchema = z.strictObject({ error: z.string(), job: importJobSchema });
export type ImportBusy = z.infer<typeof importBusySchema>;

export const importJobListSchema = z.strictObject({
  /** The import queued or running now, if any (one at a time). */
  running: importJobSchema.nullable(),
  /** The latest jobs, newest first, without their reports. */
  jobs: z.array(importJobSchema),
});
export type ImportJobList = z.infer<typeof importJobListSchema>;

/** The most products one bulk edit changes (its rows are one import's, in one transaction). */
export const BULK_EDIT_PRODUCTS_MAX = 10_000;
/** A price change: a signed amount of AED or percentage, at most two decimals ("5", "-2.5"). */
export const BULK_PRICE_CHANGE = /^[+-]?\d{1,7}(\.\d{1,2})?$/;
export const bulkChangesSchema = z
  .strictObject({
    /** Each chosen size's price moved by an amount or a percentage, rounded to fils (half away from zero). */
    price: z
      .strictObject({
        by: z.enum(['amount', 'percent'], { error: 'price.by must be amount or percent' }),
        value: z.string({ error: 'price.value must be text' }).regex(BULK_PRICE_CHANGE, {
          error: 'The price change must be a number with at most two decimals, e.g. 5 or -2.5',
        }),
      })
      .optional(),
    /** Each chosen size's pack quantity: a whole number of 2 or more, or '' for none. */
    packQuantity: textField('packQuantity', { max: 9 }).optional(),
    /** Each chosen product's category. */
    categoryId: z.string().regex(PRODUCT_ID_PATTERN, { error: 'categoryId must be a category id' }).optional(),
    /** Each chosen product's brand line ('' for none). */
    brand: textField('brand', { max: 200 }).optional(),
    /** Each chosen size published (true) or withdrawn (false). */
    published: z.boolean({ error: 'published must be true or false' }).optional(),
  })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), {
    error: 'Choose at least one change: price, pack, category, brand, or published.',
  });
export type BulkChanges = z.infer<typeof bulkChangesSchema>;
/** The filters of the product list ("all results"): resolved to the products they match when the edit is sent. */
export const bulkListQuerySchema = editorListQuerySchema.pick({
  q: true,
  category: true,
  brand: true,
  status: true,
  missingArabic: true,
});
export const bulkSelectionSchema = z.union(
  [
    /** These products, every size of each. */
    z.strictObject({
      products: z
        .array(z.string().regex(PRODUCT_ID_PATTERN, { error: 'products must be product ids' }))
        .min(1, { error: 'Choose at least one product.' })
        .max(BULK_EDIT_PRODUCTS_MAX, {
          error: `At most ${BULK_EDIT_PRODUCTS_MAX.toLocaleString('en')} products at once.`,
        }),
    }),
    /** These sizes, by code (their products' own fields too: category, brand). */
    z.strictObject({
      codes: z
        .array(textField('codes', { max: 200 }))
        .min(1, { error: 'Choose at least one size.' })
        .max(BULK_EDIT_PRODUCTS_MAX, {
          error: `At most ${BULK_EDIT_PRODUCTS_MAX.toLocaleString('en')} sizes at once.`,
        }),
    }),
    /**
     * Every product the list's filters match; with onlyMatchingSizes, only their sizes whose code or part number holds
     * the search (`q`, compared as the list compares codes).
     */
    z.strictObject({
      query: bulkListQuerySchema,
      onlyMatchingSizes: z.boolean({ error: 'onlyMatchingSizes must be true or false' }).optional(),
    }),
  ],
  { error: 'selection must name products, sizes (codes) or the list query' },
);
export type BulkSelection = z.infer<typeof bulkSelectionSchema>;
/** A bulk edit's check (dryRun=1) or write: its products and changes, or a check's job to write as it was checked. */
export const bulkEditBodySchema = z.union(
  [
    z.strictObject({ selection: bulkSelectionSchema, changes: bulkChangesSchema }),
    z.strictObject({ check: z.string().regex(/^[a-f0-9-]{36}$/, { error: 'check must be a job id' }) }),
  ],
  { error: 'The body must hold the selection and the changes, or the checked job' },
);
export type BulkEditBody = z.input<typeof bulkEditBodySchema>;

/** A product's fields that can lack Arabic: the name with no Arabic letter, the details with none (an English copy). */
export const MISSING_ARABIC_PRODUCT_FIELDS = ['productName_ar', 'details_ar'] as const;
/** A category's texts that can lack Arabic. */
export const MISSING_ARABIC_CATEGORY_FIELDS = ['title_ar', 'info_ar'] as const;

export const missingArabicQuerySchema = z.strictObject({
  category: z.string().regex(PRODUCT_ID_PATTERN, 'category must be a category id').optional(),
  /** `<category id>/<product id>` of the last row of the page before (keyset paging in the report's order). */
  after: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}\/[A-Za-z0-9_-]{1,100}$/, 'after must be the next value of a page before')
    .optional(),
  limit: wholeNumber('limit')
    .pipe(
      z
        .number()
        .min(1, 'limit must be at least 1')
        .max(EDITOR_PAGE_SIZE_MAX, `limit must be at most ${EDITOR_PAGE_SIZE_MAX}`),
    )
    .default(EDITOR_PAGE_SIZE),
});
export type MissingArabicQuery = z.input<typeof missingArabicQuerySchema>;

export const missingArabicReportSchema = z.strictObject({
  /** Every category in the catalogue's order: its own texts lacking Arabic, and how many of its products lack some. */
  categories: z.array(
    z.strictObject({
      id: z.string(),
      title: z.string(),
      titleAr: z.string(),
      fields: z.array(z.enum(MISSING_ARABIC_CATEGORY_FIELDS)),
      products: z.number(),
    }),
  ),
  /** The products lacking Arabic, in all (or the category asked for). */
  total: z.number(),
  /** A page of them, by category and id. */
  products: z.array(
    z.strictObject({
      id: z.string(),
      name: z.string(),
      nameAr: z.string(),
      categoryId: z.string(),
      fields: z.array(z.enum(MISSING_ARABIC_PRODUCT_FIELDS)),
    }),
  ),
  /** The `after` of the next page; null on the last. */
  next: z.string().nullable(),
});
export type MissingArabicReport = z.infer<typeof missingArabicReportSchema>;

// Categories (STAFF_API.catalogueCategories, catalogueCategory): saved directly, no draft; `version` is the lock.
/** A category id as content/data writes them: words of letters and digits joined by underscores. */
export const CATEGORY_ID_PATTERN = /^[A-Za-z0-9]+(_[A-Za-z0-9]+)*$/;
export const CATEGORY_ID_MAX = 100;

/** Every field of a category the staff edit, in both languages ('' company: none). */
export const editableCategorySchema = z.strictObject({
  title: text('title', 200),
  title_ar: text('title_ar', 200),
  /** The introduction on the category grid: plain text (the page shows it as text, never as HTML). */
  info: text('info', 2000),
  info_ar: text('info_ar', 2000),
  /** The category's illustration: one of the site's category picture keys. */
  image: text('image', 100),
  /** The brand line shown on its card; '' for none. */
  company: text('company', 200),
  /** Its place in the catalogue's order (the grid, the menu, the sitemap): smaller first, then by id. */
  position: z
    .number({ error: 'position must be a whole number' })
    .int({ error: 'position must be a whole number' })
    .min(0, { error: 'position must be 0 or more' })
    .max(1_000_000, { error: 'position must be at most 1000000' }),
});
export type EditableCategory = z.infer<typeof editableCategorySchema>;

export const categoryIdParamsSchema = z.strictObject({
  id: z.string().regex(PRODUCT_ID_PATTERN, 'There is no such category'),
});

/**
 * Where a category stands: `live` on the public site; `draft` (a duplicate) shown to staff only until it is published;
 * `archived`: gone from the menus, listings, search and sitemap, its page a 410. Products live in live categories only.
 */
export const CATEGORY_STATES = ['draft', 'live', 'archived'] as const;
export type CategoryState = (typeof CATEGORY_STATES)[number];

export const editorCategorySchema = z.strictObject({
  id: z.string(),
  content: editableCategorySchema,
  /** The lock: send it back as baseVersion with the next save. */
  version: z.number(),
  /** Its products in the catalogue (published ones). */
  products: z.number(),
  state: z.enum(CATEGORY_STATES),
  lastChange: z.strictObject({ by: z.string().nullable(), at: z.string() }),
});
export type EditorCategory = z.infer<typeof editorCategorySchema>;

export const editorCategoryListSchema = z.strictObject({
  categories: z.array(
    z.strictObject({
      id: z.string(),
      title: z.string(),
      titleAr: z.string(),
      position: z.number(),
      products: z.number(),
      /** Its title or introduction has no Arabic letter in the Arabic field. */
      missingArabic: z.boolean(),
      version: z.number(),
      state: z.enum(CATEGORY_STATES),
    }),
  ),
});
export type EditorCategoryList = z.infer<typeof editorCategoryListSchema>;

export const saveCategoryBodySchema = z.strictObject({
  baseVersion: z.number().int().min(0),
  content: editableCategorySchema,
});
export type SaveCategoryBody = z.infer<typeof saveCategoryBodySchema>;
export const createCategoryBodySchema = z.strictObject({
  id: z
    .string({ error: 'id must be text' })
    .max(CATEGORY_ID_MAX, { error: `id must be at most ${CATEGORY_ID_MAX} characters` })
    .regex(CATEGORY_ID_PATTERN, { error: 'id: letters and digits, words joined by underscores (e.g. cable_trays)' }),
  content: editableCategorySchema,
});
export type CreateCategoryBody = z.infer<typeof createCategoryBodySchema>;
/** A duplicate's id, which the editor confirms (the copy's page address once published). */
export const duplicateCategoryBodySchema = createCategoryBodySchema.pick({ id: true });
export type DuplicateCategoryBody = z.infer<typeof duplicateCategoryBodySchema>;
