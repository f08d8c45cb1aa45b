// A small fake of the catalogue editor's calls (STAFF_API.catalogue*) for the catalogue screens' tests: products in
// memory with their drafts and published versions, optimistic locking (409 with who and when), a few of the catalogue's
// rules (400: the sentence, and each problem at its value's path as the server answers it), 403 for branch staff, and a session and CSRF check as handlers.ts's. The two upload addresses
// take one file part and answer a reference as the server does (server/src/catalogue/staff/uploads.ts): the type by the content's first bytes,
// 413/415 with a sentence. A catalogue file's upload is a job (202 at once, the same job again for its Idempotency-Key,
// 409 while another import runs), each read of it one step further until it is done with its report.
import { HttpResponse, type PathParams } from 'msw';
import { http } from './contractHttp';
import { server } from '@test/msw';
import type { ApiProblem } from '@site/contracts/forms-api';
import { CSRF_HEADER, STAFF_API, type StaffSession } from '@site/contracts/staff-api';
import {
  CATALOGUE_MEDIA_PREFIX,
  DATASHEET_MAX_BYTES,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IMPORT_MAX_BYTES,
  PICTURE_MAX_BYTES,
  type BulkEditBody,
  type ImportBusy,
  type ImportJob,
  type ImportJobList,
  type ImportReport,
  type MissingArabicReport,
  type EditableProduct,
  type EditorCategoryList,
  type EditorProduct,
  type EditorProductPage,
  type EditorProductSummary,
  type ProductDiff,
  type ProductVersionList,
  type ScheduleList,
  dubaiLocalToInstant,
  formatDubaiTime,
  type StaleEditAnswer,
  type UploadedDatasheet,
  type UploadedPicture,
} from '@site/contracts/staff-catalogue-api';
import seededCategories from '@site/content/data/products-category.json';
import { fakeStaffServer, sessionOf, staffHandlers, type FakeStaffServer } from './handlers';

export const CATALOGUE_EDITOR = { id: 3, email: 'layla@crescent.example', role: 'catalogue', branch: null } as const;

export function glandContent(overrides: Partial<EditableProduct> = {}): EditableProduct {
  return {
    productCategoryId: 'industrial_cable_glands',
    productName: 'CW Brass Cable Gland',
    productName_ar: 'جلبة كابل نحاسية CW',
    code: 'CW-20S',
    company: 'Hex',
    price: '12.50',
    unit: 'piece',
    popularity: '80',
    dateAdded: '2026-01-15',
    image: 'gland_brass',
    details: {
      detail: ['<p>The general-purpose gland for armoured cables.</p>'],
      description: [
        { key: 'Material', value: 'Brass CZ121' },
        { key: 'Accessories', value: '' },
        { key: '-1', value: 'PVC shroud' },
        { key: '^', value: '<p>Sizes 20S to 75.</p>' },
        { key: '*Application', value: '<p>Switchgear and motors.</p>' },
        { key: '*Construction', value: [{ key: 'Body', value: 'Brass' }] },
      ],
      detailDescription: [
        {
          title: '<h3>Selecting a gland</h3>',
          table: [
            ['Size', 'Thread'],
            ['20S', 'M20'],
          ],
        },
      ],
      company: ['Hex'],
      companyImg: ['/images/brands/hex.svg'],
    },
    details_ar: {
      detail: ['<p>جلبة للكابلات المدرعة.</p>'],
      description: [
        { key: 'المادة', value: 'نحاس CZ121' },
        { key: '*Application', value: '<p>لوحات التوزيع والمحركات.</p>' },
      ],
      company: ['Hex'],
      companyImg: ['/images/brands/hex.svg'],
    },
    ...overrides,
  };
}

/** The server's refusals of a draft's variants (server/src/catalogue/staff/variantRows.ts words them), at their paths in the body. */
function variantProblemsOf(content: EditableProduct): ApiProblem[] {
  const variants = content.variants ?? [];
  const named = (index: number) => `variant ${index + 1} (${variants[index]!.code})`;
  const problems: ApiProblem[] = [];
  const first = new Map<string, number>();
  variants.forEach((variant, index) => {
    if (!PRICE.test(variant.price))
      problems.push({
        path: ['content', 'variants', index, 'price'],
        message: `${named(index)}: bad price "${variant.price}": a number of AED with at most two decimals (no currency or separators), or empty`,
      });
    // a cell of the Arabic row with a direction control (the server's one-line rule for cells, contentText.ts), at its keys
    for (const [key, value] of Object.entries(variant.row_ar ?? {})) {
      if (typeof value === 'string' && /[\u202A-\u202E\u2066-\u2069]/.test(value)) {
        problems.push({
          path: ['content', 'variants', index, 'row_ar', key],
          message: `content.variants.${index}.row_ar.${key} contains invisible text-direction characters (U+202A–U+202E, U+2066–U+2069), which are not allowed`,
        });
      }
    }
    const key = variant.code.toLowerCase().replace(/[^a-z0-9]+/g, '');
    const before = first.get(key);
    if (before === undefined) first.set(key, index);
    else {
      const message = `${named(before)} and ${named(index)} have one code (${variant.code}): each variant needs its own`;
      problems.push(
        { path: ['content', 'variants', before, 'code'], message },
        { path: ['content', 'variants', index, 'code'], message },
      );
    }
  });
  if (variants.length > 0 && !variants.some((variant) => variant.published))
    problems.push({
      path: ['content', 'variants'],
      message: 'At least one variant must be published: a product with none cannot be ordered.',
    });
  return problems;
}

interface FakeProduct {
  product: EditorProduct;
  versions: ({ version: number; publishedBy: string | null; publishedAt: string; content: EditableProduct } & Pick<
    ProductVersionList['versions'][number],
    'action' | 'importedFrom' | 'importJob' | 'onSchedule'
  >)[];
}

export interface FakeCatalogue {
  products: FakeProduct[];
  /** The catalogue's version, moved on by each import that writes. */
  version: number;
  /** The missing-Arabic report's page size when the request names none (the real one: 50). */
  reportPageSize?: number;
  /** The ids each import that wrote brought in (the dry runs write nothing). */
  imported: string[][];
  /** The import jobs, newest first (a test may put one of a colleague's in, running: fakeImportJob). */
  importJobs: FakeImportJob[];
  /** What an undo's check finds changed again since the import (none: it may be undone). */
  undoConflicts?: ImportReport['problems'];
  importJobCount: number;
  /** Every upload's Idempotency-Key, in order ('' when it had none). */
  importKeys: string[];
  /** What a new job's reads show before its end, one each (default: checking, half of its rows). */
  importJobSteps?: Partial<ImportJob>[];
  /** A new job's end instead of its report (a failure). */
  importJobEnd?: Partial<ImportJob>;
  /** Every bulk edit's body, in order. */
  bulkEdits: BulkEditBody[];
  /** The session's account's e-mail, as the server writes it as author. */
  now: string;
}

export function fakeCatalogue(count = 3): FakeCatalogue {
  const products: FakeProduct[] = [];
  for (let index = 0; index < count; index += 1) {
    const id = index === 0 ? 'hex_cw_brass_cable_gland' : `product_${String(index).padStart(3, '0')}`;
    const content =
      index === 0
        ? glandContent()
        : glandContent({
            productName: `Product ${index}`,
            code: `P-${index}`,
            productName_ar: index === 2 ? 'Product 2' : `منتج ${index}`,
          });
    products.push({ product: { id, version: 0, published: content, draft: null, lastChange: null }, versions: [] });
  }
  return {
    products,
    version: 40,
    imported: [],
    importJobs: [],
    importJobCount: 0,
    importKeys: [],
    bulkEdits: [],
    now: '2026-11-25T10:00:00.000Z',
  };
}

/** An import job as the fake keeps it: the job, the key and file it was sent with, its steps still to show. */
export interface FakeImportJob {
  job: ImportJob;
  key: string;
  by: string | null;
  text: string;
  steps: Partial<ImportJob>[];
  /** Its end, once its steps are shown; none: it stays as it is (a colleague's, running). */
  end?: () => Partial<ImportJob>;
}

const importJobFinished = (job: ImportJob) => job.state !== 'queued' && job.state !== 'running';

/** A job as it is made: queued, nothing read or checked yet, no report. */
const JUST_MADE = {
  state: 'queued',
  phase: 'waiting',
  startedAt: null,
  finishedAt: null,
  rowsTotal: null,
  rowsChecked: 0,
  rowsWritten: 0,
  attempts: 1,
  report: null,
  failure: null,
  undoOf: null,
  undoneBy: null,
} as const satisfies Partial<ImportJob>;

/** A job sent by someone else, as the fake would answer it (running an import unless `job` says otherwise). */
export function fakeImportJob(job: Partial<ImportJob> & Pick<ImportJob, 'id'>): FakeImportJob {
  return {
    job: {
      ...JUST_MADE,
      kind: 'import',
      state: 'running',
      phase: 'checking',
      fileName: 'prices-november.xlsx',
      bytes: 15_000_000,
      by: 'omar@crescent.example',
      createdAt: '2026-11-25T09:58:00.000Z',
      startedAt: '2026-11-25T09:58:01.000Z',
      rowsTotal: 15_000,
      rowsChecked: 4_000,
      ...job,
    },
    key: `key-of-${job.id}`,
    by: job.by ?? 'omar@crescent.example',
    text: '',
    steps: [],
  };
}

function summaryOf({ product }: FakeProduct): EditorProductSummary {
  const content = product.draft?.content ?? product.published;
  return {
    id: product.id,
    name: content.productName,
    nameAr: content.productName_ar,
    code: content.code,
    categoryId: content.productCategoryId,
    company: content.company || null,
    status: product.unpublished === true ? 'new' : product.draft ? 'draft' : 'published',
    missingArabic: !/[\u0600-\u06ff]/.test(content.productName_ar),
    version: product.version,
    // as the server: the published variants' lowest and highest price, and how many there are
    ...pricesOf(content),
    changedAt: product.lastChange?.at ?? '2026-11-20T08:00:00.000Z',
    changedBy: product.lastChange?.by ?? null,
  };
}

function pricesOf(content: EditableProduct): Pick<EditorProductSummary, 'priceLow' | 'priceHigh' | 'sizes'> {
  const variants = (content.variants ?? [{ price: content.price, published: true }]).filter(
    (variant) => variant.published,
  );
  const prices = variants
    .map((variant) => variant.price)
    .filter((price) => price !== '')
    .map(Number);
  const shown = (price: number) => (prices.length === 0 ? null : price.toFixed(2));
  return { priceLow: shown(Math.min(...prices)), priceHigh: shown(Math.max(...prices)), sizes: variants.length };
}

/** A summary's value in a list order (the server's: a product without a price last either way). */
function sortValueOf(row: EditorProductSummary, column: string, descending: boolean): string | number {
  if (column === 'name') return row.name.toLowerCase();
  if (column === 'code') return row.code.toLowerCase();
  if (column === 'sizes') return row.sizes;
  if (column === 'changed') return row.changedAt ?? '';
  if (descending) return row.priceHigh === null ? -1 : Number(row.priceHigh);
  return row.priceLow === null ? Number.MAX_VALUE : Number(row.priceLow);
}

/** The server's refusals of an upload (server/src/catalogue/media/mediaFiles.ts), as sentences. */
export const UPLOAD_REFUSALS = {
  notPicture:
    'The file is not a picture this site takes: send a JPEG, PNG, WebP or AVIF image (its name and type do not matter, its content does). Nothing was kept.',
  notPdf:
    'The file is not a PDF: a datasheet must be a PDF document (its name and type do not matter, its content does). Nothing was kept.',
  notMultipart: 'Send the file as multipart/form-data, in one file part.',
} as const;

/** A made-up content hash per upload (64 hex digits, as the server's SHA-256). */
const fakeHash = (count: number) => count.toString(16).padStart(64, 'a');

/** What the content's first bytes say it is, as the server decides by the content and never by the name. */
function sniff(bytes: Uint8Array): 'png' | 'jpeg' | 'webp' | 'avif' | 'pdf' | undefined {
  const text = String.fromCharCode(...bytes.slice(0, 12));
  if (text.startsWith('\x89PNG')) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'jpeg';
  if (text.startsWith('RIFF') && text.slice(8, 12) === 'WEBP') return 'webp';
  if (text.slice(4, 12) === 'ftypavif') return 'avif';
  if (text.startsWith('%PDF-')) return 'pdf';
  return undefined;
}

const PRICE = /^(\d+(\.\d{1,2})?)?$/;
const CATEGORY_IDS = new Set((seededCategories as { id: string }[]).map(({ id }) => id));

/**
 * A few of the catalogue's rules, worded as the import words them and each at its value's path as the server answers
 * it: the price, the category, the Arabic name, a specification block with nothing in it, an empty description row,
 * and the variants' (a bad price, two of one code, none published).
 */
function contentProblems(content: EditableProduct): ApiProblem[] {
  const problems: ApiProblem[] = [];
  if (!CATEGORY_IDS.has(content.productCategoryId))
    problems.push({
      path: ['content', 'productCategoryId'],
      message: `unknown category "${content.productCategoryId}"`,
    });
  // content with variants: the price is each variant's (variantProblemsOf), the product's made from them
  if (content.variants === undefined && !PRICE.test(content.price)) {
    problems.push({
      path: ['content', 'price'],
      message: `bad price "${content.price}": a number of AED with at most two decimals (no currency or separators), or empty`,
    });
  }
  if (content.productName_ar.trim() === '')
    problems.push({ path: ['content', 'productName_ar'], message: 'missing Arabic: productName_ar is empty' });
  for (const field of ['details', 'details_ar'] as const) {
    const blocks = Array.isArray(content[field].Specification)
      ? (content[field].Specification as Record<string, unknown>[])
      : [];
    blocks.forEach((block, index) => {
      if (Object.keys(block).length === 0)
        problems.push({
          path: ['content', field, 'Specification', index],
          message: `${field}: Specification.${index}: empty specification block`,
        });
    });
    const entries = Array.isArray(content[field].description)
      ? (content[field].description as { key: string; value: unknown }[])
      : [];
    entries.forEach((entry, index) => {
      if (entry.key === '' && entry.value === '')
        problems.push({
          path: ['content', field, 'description', index, 'value'],
          message: `${field}: description.${index}.value: the '' entry needs a value`,
        });
    });
    // the gallery's alt texts, as the server's schema says of them (content/src/schema.ts galleryPictureSchema)
    const gallery = Array.isArray(content[field].gallery) ? (content[field].gallery as { alt?: unknown }[]) : [];
    gallery.forEach((picture, index) => {
      if (typeof picture.alt !== 'string' || picture.alt.trim() === '')
        problems.push({
          path: ['content', field, 'gallery', index, 'alt'],
          message: `${field}: gallery.${index}.alt: the alt text is missing: say in words what the picture shows`,
        });
    });
  }
  return [...problems, ...variantProblemsOf(content)];
}

/**
 * The related parts' rule (server/src/catalogue/related/relatedImport.ts), worded as it: each code names another of the
 * catalogue's products (by its code here: the fake's products have one variant).
 */
function relatedProblemsOf(content: EditableProduct, catalogue: FakeCatalogue, id: string): ApiProblem[] {
  const related = Array.isArray(content.details.related) ? (content.details.related as { code: string }[]) : [];
  const owners = new Map(catalogue.products.map(({ product }) => [product.published.code, product.id]));
  return related.flatMap(({ code }, index) => {
    const owner = owners.get(code);
    return owner !== undefined && owner !== id
      ? []
      : [
          {
            path: ['content', 'details', 'related', index, 'code'],
            message:
              owner === id
                ? `details: related part "${code}" is this product's own code: link another product`
                : `details: related part "${code}" is not in the catalogue: no published product or variant has this code (an archived product's neither)`,
          },
        ];
  });
}

/** Every field that differs, top-level and one level into the detail documents. */
function changes(before: EditableProduct, after: EditableProduct): ProductDiff['changes'] {
  const list: ProductDiff['changes'] = [];
  for (const field of Object.keys(after) as (keyof EditableProduct)[]) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field]))
      list.push({ field, before: before[field], after: after[field] });
  }
  return list;
}

export function catalogueHandlers(fake: FakeCatalogue, session: () => StaffSession | null) {
  const refusal = (request: Request): Response | undefined => {
    const current = session();
    if (current === null || current.state !== 'active')
      return HttpResponse.json({ error: 'Please sign in.' }, { status: 401 });
    if (current.account.role === 'branch')
      return HttpResponse.json({ error: 'Only administrators and catalogue editors can do this.' }, { status: 403 });
    if (request.method !== 'GET' && request.headers.get(CSRF_HEADER) !== current.csrfToken)
      return HttpResponse.json({ error: 'Stale form.' }, { status: 403 });
    return undefined;
  };
  const find = (id: unknown) => fake.products.find(({ product }) => product.id === id);
  const notFound = () => HttpResponse.json({ error: 'There is no such product.' }, { status: 404 });
  const stale = (entry: FakeProduct, yours?: EditableProduct) =>
    HttpResponse.json<StaleEditAnswer>(
      {
        error: 'Someone changed this product after you opened it.',
        version: entry.product.version,
        changedBy: entry.product.lastChange?.by ?? null,
        changedAt: entry.product.lastChange?.at ?? fake.now,
        ...(yours ? { yours } : {}),
      },
      { status: 409 },
    );
  const author = () => session()?.account.email ?? null;
  let uploads = 0;
  let schedules = 0;
  /** The request's one file part, or a refusal. */
  const filePart = async (
    request: Request,
    what: string,
    limit: number,
  ): Promise<{ bytes: Uint8Array; name: string } | Response> => {
    if (!(request.headers.get('content-type') ?? '').startsWith('multipart/form-data'))
      return HttpResponse.json({ error: UPLOAD_REFUSALS.notMultipart }, { status: 415 });
    const entries = [...(await request.formData()).entries()];
    const file = entries[0]?.[1];
    if (entries.length !== 1 || typeof file === 'string' || file === undefined)
      return HttpResponse.json(
        { error: `${UPLOAD_REFUSALS.notMultipart} Other parts or fields are not taken.` },
        { status: 400 },
      );
    if (file.size > limit)
      return HttpResponse.json(
        { error: `The ${what} is too large: at most ${limit / (1024 * 1024)} MB is taken. Nothing was kept.` },
        { status: 413 },
      );
    if (file.size === 0) return HttpResponse.json({ error: `The ${what} is empty.` }, { status: 400 });
    return { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name };
  };
  /** A handler of one product's address: the session's checks, then `answer` with the product (404 without one). */
  const forProduct =
    (answer: (entry: FakeProduct, request: Request, params: PathParams) => Response | Promise<Response>) =>
    ({ request, params }: { request: Request; params: PathParams }) => {
      const refused = refusal(request);
      if (refused) return refused;
      const entry = find(params.id);
      return entry === undefined ? notFound() : answer(entry, request, params);
    };
  /** A change's baseVersion, or the 409 of one older than the product's. */
  const baseVersionOf = async (entry: FakeProduct, request: Request): Promise<number | Response> => {
    const { baseVersion } = (await request.json()) as { baseVersion: number };
    return baseVersion === entry.product.version ? baseVersion : stale(entry);
  };
  const changedNow = () => ({ by: author(), at: fake.now });
  /** A product made in the editor: its draft alone, never published. */
  const newProduct = (id: string, content: EditableProduct): EditorProduct => ({
    id,
    version: 1,
    unpublished: true,
    published: content,
    draft: { content, basedOn: 0, savedBy: author(), savedAt: fake.now },
    lastChange: changedNow(),
    archived: null,
  });

  return [
    // the categories products can be put in (the category screens' own fake: categoryHandlers.ts)
    http.get(STAFF_API.catalogueCategories, ({ request }) => {
      const refused = refusal(request);
      if (refused) return refused;
      const list: EditorCategoryList = {
        categories: (seededCategories as { id: string; title: string }[]).map(({ id, title }, position) => ({
          id,
          title,
          titleAr: title,
          position,
          products: 0,
          missingArabic: false,
          version: 0,
          state: 'live' as const,
        })),
      };
      return HttpResponse.json(list);
    }),
    // The import of a catalogue file, simplified: CSV lines of `id,price`; a price that is not a number is a bad row.
    // The upload answers a job at once (202); each read of the job moves it one step (importJobSteps), then it is done
    // with the report (an import writes then) or ends as importJobEnd says.
    http.post(STAFF_API.catalogueImport, async ({ request }) => {
      const refused = refusal(request);
      if (refused) return refused;
      const key = request.headers.get(IDEMPOTENCY_KEY_HEADER) ?? '';
      fake.importKeys.push(key);
      if (!IDEMPOTENCY_KEY_PATTERN.test(key))
        return HttpResponse.json(
          { error: 'Send an Idempotency-Key header: 8 to 100 letters, digits, - or _.' },
          { status: 400 },
        );
      const kind = new URL(request.url).searchParams.get('dryRun') === '1' ? 'check' : 'import';
      const again = fake.importJobs.find(
        (entry) => entry.key === key && entry.job.kind === kind && entry.by === author(),
      );
      if (again) return HttpResponse.json<ImportJob>(again.job, { status: 200 });
      const part = await filePart(request, 'catalogue file', IMPORT_MAX_BYTES);
      if (part instanceof Response) return part;
      const text = new TextDecoder().decode(part.bytes);
      if (/^\s*</.test(text))
        return HttpResponse.json(
          {
            error:
              'The file is not CSV: it looks like HTML or XML. Send a .csv or .xlsx catalogue file. Nothing was imported.',
          },
          { status: 415 },
        );
      const busy = fake.importJobs.find((entry) => entry.job.kind === 'import' && !importJobFinished(entry.job));
      if (kind === 'import' && busy !== undefined) {
        const running = busy.job;
        return HttpResponse.json<ImportBusy>(
          {
            error: `${running.fileName} is being imported by ${running.by} (${running.rowsChecked.toLocaleString('en')} of ${(running.rowsTotal ?? 0).toLocaleString('en')} rows checked): import again once it has finished.`,
            job: running,
          },
          { status: 409 },
        );
      }
      const sameFile = fake.importJobs.find(
        (entry) =>
          entry.text === text && entry.job.kind === kind && entry.by === author() && !importJobFinished(entry.job),
      );
      if (sameFile) return HttpResponse.json<ImportJob>(sameFile.job, { status: 200 });
      const rows = text
        .split('\n')
        .slice(1)
        .filter((line) => line.trim() !== '')
        .map((line, index) => ({ line: index + 2, id: line.split(',')[0] ?? '', price: line.split(',')[1] ?? '' }));
      const problems = rows
        .filter((row) => !PRICE.test(row.price))
        .map((row) => ({
          line: row.line,
          id: row.id,
          column: 'price',
          reason: `bad price "${row.price}": a number of AED with at most two decimals (no currency or separators), or empty`,
        }));
      const known = rows.filter((row) => find(row.id) !== undefined).length;
      // the server's words of each change, by the variant's code (server/src/catalogue/file/importChanges.ts)
      const importChanges = (list: typeof rows) => {
        const changes = list.flatMap((row) => {
          const content = find(row.id)?.product.published;
          if (content === undefined) return [];
          return content.price === row.price
            ? []
            : [
                {
                  line: row.line,
                  id: row.id,
                  change: `${content.code}: price ${content.price || 'none'} → ${row.price || 'none'}`,
                },
              ];
        });
        return { changes, changeCount: changes.length };
      };
      const dryRun = kind === 'check';
      /** The job's end: its report, the import written then. */
      const finish = (): Partial<ImportJob> => {
        const written = !dryRun && problems.length === 0;
        if (written) {
          fake.version += 1;
          fake.imported.push(rows.map((row) => row.id));
        }
        const report: ImportReport = {
          dryRun,
          written,
          format: 'csv',
          rows: rows.length,
          added: rows.length - known,
          changed: known,
          unchanged: 0,
          badRows: problems.length,
          problems,
          problemCount: problems.length,
          version: written ? fake.version : null,
          ...importChanges(rows),
        };
        return {
          state: 'done',
          phase: 'finished',
          rowsChecked: rows.length,
          rowsWritten: written ? rows.length : 0,
          report,
        };
      };
      fake.importJobCount += 1;
      const job: ImportJob = {
        ...JUST_MADE,
        id: `job-${fake.importJobCount}`,
        kind,
        fileName: part.name,
        bytes: part.bytes.length,
        by: author() ?? '',
        createdAt: fake.now,
      };
      const steps = fake.importJobSteps ?? [
        {
          state: 'running',
          phase: 'checking',
          startedAt: fake.now,
          rowsTotal: rows.length,
          rowsChecked: Math.ceil(rows.length / 2),
        },
      ];
      fake.importJobs.unshift({
        job,
        key,
        by: author(),
        text,
        steps: [...steps],
        end: () => ({ ...(fake.importJobEnd ?? finish()), finishedAt: fake.now }),
      });
      return HttpResponse.json<ImportJob>(job, { status: 202 });
    }),
    // A bulk edit, simplified: the ticked products' (or every product's, for the list's filters) prices by the
    // percentage asked, one change each by the product's code; {check} writes the checked job's edit.
    http.post(STAFF_API.catalogueBulkEdit, async ({ request }) => {
      const refused = refusal(request);
      if (refused) return refused;
      const body = (await request.json()) as BulkEditBody;
      fake.bulkEdits.push(body);
      const dryRun = new URL(request.url).searchParams.get('dryRun') === '1';
      const checked = 'check' in body ? fake.importJobs.find(({ job }) => job.id === body.check) : undefined;
      const edit = 'check' in body ? fake.bulkEdits.find((sent) => 'selection' in sent) : body;
      if (edit === undefined || !('selection' in edit))
        return HttpResponse.json({ error: 'There is no such bulk edit.' }, { status: 404 });
      const ids =
        'products' in edit.selection ? edit.selection.products : fake.products.map(({ product }) => product.id);
      const percent = Number(edit.changes.price?.value ?? 0);
      const changes = ids.flatMap((id, index) => {
        const content = find(id)?.product.published;
        if (content === undefined) return [];
        const after = Math.round(Number(content.price) * (100 + percent)) / 100;
        return [{ line: index + 1, id, change: `${content.code}: price ${content.price} → ${after}` }];
      });
      const written = !dryRun;
      if (written) fake.version += 1;
      fake.importJobCount += 1;
      const job: ImportJob = {
        ...JUST_MADE,
        id: `job-${fake.importJobCount}`,
        kind: dryRun ? 'bulk-check' : 'bulk',
        fileName: checked?.job.fileName ?? `Bulk edit of ${ids.length} products: price +${percent} %`,
        bytes: 0,
        by: author() ?? '',
        createdAt: fake.now,
      };
      const report: ImportReport = {
        dryRun,
        written,
        format: 'csv',
        rows: changes.length,
        added: 0,
        changed: changes.length,
        unchanged: 0,
        badRows: 0,
        problems: [],
        problemCount: 0,
        version: written ? fake.version : null,
        changes,
        changeCount: changes.length,
      };
      fake.importJobs.unshift({
        job,
        key: request.headers.get(IDEMPOTENCY_KEY_HEADER) ?? '',
        by: author(),
        text: '',
        steps: [],
        end: () => ({ state: 'done', phase: 'finished', report, finishedAt: fake.now }),
      });
      return HttpResponse.json<ImportJob>(job, { status: 202 });
    }),
    // A job read: one step further each time (a job seeded as running, without an end, stays as it is).
    http.get(STAFF_API.catalogueImportJob, ({ request, params }) => {
      const refused = refusal(request);
      if (refused) return refused;
      const entry = fake.importJobs.find(({ job }) => job.id === params.id);
      if (entry === undefined) return HttpResponse.json({ error: 'There is no such import job.' }, { status: 404 });
      if (!importJobFinished(entry.job)) {
        const next = entry.steps.shift() ?? entry.end?.();
        if (next !== undefined) entry.job = { ...entry.job, ...next };
      }
      return HttpResponse.json<ImportJob>(entry.job);
    }),
    // An import's undo: its check lists one price set back (or the conflicts the test gave); done, it marks the import
    http.post(STAFF_API.catalogueImportUndo, ({ request, params }) => {
      const refused = refusal(request);
      if (refused) return refused;
      const imported = fake.importJobs.find(({ job }) => job.id === params.id);
      if (imported === undefined) return HttpResponse.json({ error: 'There is no such import job.' }, { status: 404 });
      if (
        (imported.job.kind !== 'import' && imported.job.kind !== 'bulk') ||
        imported.job.report?.written !== true ||
        imported.job.undoneBy !== null
      )
        return HttpResponse.json({ error: 'Only an import that wrote can be undone.' }, { status: 409 });
      const dryRun = new URL(request.url).searchParams.get('dryRun') === '1';
      const problems = fake.undoConflicts ?? [];
      const written = !dryRun && problems.length === 0;
      fake.importJobCount += 1;
      const job: ImportJob = {
        ...imported.job,
        id: `job-${fake.importJobCount}`,
        kind: dryRun ? 'undo-check' : 'undo',
        bytes: 0,
        by: author() ?? '',
        attempts: 1,
        undoOf: imported.job.id,
        undoneBy: null,
        report: {
          dryRun,
          written,
          format: 'csv',
          rows: 1,
          added: 0,
          changed: problems.length === 0 ? 1 : 0,
          unchanged: 0,
          badRows: problems.length === 0 ? 0 : 1,
          problems,
          problemCount: problems.length,
          version: written ? 9 : null,
          changes: [{ line: 0, id: 'hex_cw_brass_cable_gland', change: 'HEX-CW-25: price 15 → 14' }],
          changeCount: 1,
        },
      };
      if (written) imported.job = { ...imported.job, undoneBy: job.id };
      fake.importJobs.unshift({ job, key: '', by: author(), text: '', steps: [] });
      return HttpResponse.json<ImportJob>(job, { status: 202 });
    }),
    http.get(STAFF_API.catalogueImportJobs, ({ request }) => {
      const refused = refusal(request);
      if (refused) return refused;
      const running = fake.importJobs.find(({ job }) => job.kind === 'import' && !importJobFinished(job));
      return HttpResponse.json<ImportJobList>({
        running: running?.job ?? null,
        jobs: fake.importJobs.slice(0, 20).map(({ job }) => ({ ...job, report: null })),
      });
    }),
    // What lacks Arabic: the products whose Arabic name has no Arabic letter (their details are taken as translated).
    http.get(STAFF_API.catalogueMissingArabic, ({ request }) => {
      const refused = refusal(request);
      if (refused) return refused;
      const params = new URL(request.url).searchParams;
      const limit = Number(params.get('limit') ?? fake.reportPageSize ?? 50);
      const category = params.get('category');
      const after = params.get('after');
      const missing = fake.products.map(summaryOf).filter((row) => row.missingArabic);
      const categoryIds = [...new Set(fake.products.map(({ product }) => product.published.productCategoryId))];
      let rows = missing
        .filter((row) => category === null || row.categoryId === category)
        .sort((a, b) => `${a.categoryId}/${a.id}`.localeCompare(`${b.categoryId}/${b.id}`));
      if (after) rows = rows.filter((row) => `${row.categoryId}/${row.id}` > after);
      const products = rows.slice(0, limit);
      const last = products.at(-1);
      return HttpResponse.json<MissingArabicReport>({
        categories: categoryIds.map((id) => ({
          id,
          title: id === 'industrial_cable_glands' ? 'Industrial Cable Glands' : id,
          titleAr: 'فئة',
          fields: [],
          products: missing.filter((row) => row.categoryId === id).length,
        })),
        total: missing.filter((row) => category === null || row.categoryId === category).length,
        products: products.map((row) => ({
          id: row.id,
          name: row.name,
          nameAr: row.nameAr,
          categoryId: row.categoryId,
          fields: ['productName_ar'],
        })),
        next: rows.length > limit && last !== undefined ? `${last.categoryId}/${last.id}` : null,
      });
    }),
    http.get(STAFF_API.catalogueProducts, ({ request }) => {
      const refused = refusal(request);
      if (refused) return refused;
      const params = new URL(request.url).searchParams;
      const q = params.get('q')?.toLowerCase();
      const limit = Number(params.get('limit') ?? 50);
      const after = params.get('after');
      let rows = fake.products.map(summaryOf);
      if (q) rows = rows.filter((row) => `${row.name} ${row.nameAr} ${row.code}`.toLowerCase().includes(q));
      const status = params.get('status');
      // as the server: the draft filter lists the new products' drafts too
      if (status) rows = rows.filter((row) => row.status === status || (status === 'draft' && row.status === 'new'));
      if (params.get('category')) rows = rows.filter((row) => row.categoryId === params.get('category'));
      if (params.get('missingArabic') === '1') rows = rows.filter((row) => row.missingArabic);
      const total = rows.length;
      const sort = params.get('sort');
      if (sort !== null) {
        const [column = '', direction] = sort.split('-');
        const descending = direction === 'desc';
        const value = (row: EditorProductSummary) => sortValueOf(row, column, descending);
        rows.sort((a, b) => {
          const [x, y] = [value(a), value(b)];
          const byValue = x < y ? -1 : x > y ? 1 : 0;
          return (descending ? -byValue : byValue) || (a.id < b.id ? -1 : 1);
        });
        const at = after ? rows.findIndex((row) => row.id === after) : -1;
        rows = rows.slice(at + 1);
      } else if (after) rows = rows.filter((row) => row.id > after);
      const products = rows.slice(0, limit);
      const page: EditorProductPage = {
        products,
        next: rows.length > limit ? (products[products.length - 1]?.id ?? null) : null,
        total,
      };
      return HttpResponse.json(page);
    }),
    http.get(
      STAFF_API.catalogueProduct,
      forProduct((entry) => HttpResponse.json(entry.product)),
    ),
    http.put(
      STAFF_API.catalogueDraft,
      forProduct(async (entry, request) => {
        const { baseVersion, content } = (await request.json()) as { baseVersion: number; content: EditableProduct };
        if (baseVersion !== entry.product.version) return stale(entry, content);
        const problems = [...contentProblems(content), ...relatedProblemsOf(content, fake, entry.product.id)];
        if (problems.length > 0) {
          return HttpResponse.json(
            {
              error: `The product was not saved: ${problems.length} problem${problems.length === 1 ? '' : 's'} to fix: ${problems.map(({ message }) => message).join('; ')}`,
              problems,
            },
            { status: 400 },
          );
        }
        const version = entry.product.version + 1;
        entry.product = {
          ...entry.product,
          version,
          draft: { content, basedOn: baseVersion, savedBy: author(), savedAt: fake.now },
          lastChange: changedNow(),
        };
        return HttpResponse.json(entry.product);
      }),
    ),
    http.post(
      STAFF_API.cataloguePublish,
      forProduct(async (entry, request) => {
        const based = await baseVersionOf(entry, request);
        if (based instanceof Response) return based;
        const draft = entry.product.draft;
        if (draft === null) return HttpResponse.json({ error: 'There is no draft to publish.' }, { status: 409 });
        if (entry.versions.length === 0)
          entry.versions.push({
            version: 0,
            publishedBy: null,
            publishedAt: '2026-01-15T00:00:00.000Z',
            content: entry.product.published,
          });
        const version = entry.product.version + 1;
        entry.versions.unshift({ version, publishedBy: author(), publishedAt: fake.now, content: draft.content });
        // a pending schedule is over, its draft live (as the server's)
        const schedule = entry.product.schedule?.state === 'scheduled' ? null : entry.product.schedule;
        entry.product = {
          ...entry.product,
          version,
          published: draft.content,
          draft: null,
          lastChange: changedNow(),
          ...(schedule === undefined ? {} : { schedule }),
        };
        return HttpResponse.json(entry.product);
      }),
    ),
    // as the server: the saved draft published at a Dubai time later than the fake's now; a pending one moved
    http.put(
      STAFF_API.catalogueSchedule,
      forProduct(async (entry, request) => {
        const { baseVersion, dueAt } = (await request.json()) as { baseVersion: number; dueAt: string };
        if (baseVersion !== entry.product.version) return stale(entry);
        if (entry.product.draft === null)
          return HttpResponse.json(
            { error: 'There is no draft of this product to schedule: save one first.' },
            { status: 409 },
          );
        const due = dubaiLocalToInstant(dueAt);
        if (due === undefined || due.getTime() <= Date.parse(fake.now)) {
          const error = `${formatDubaiTime(due ?? new Date(0))} (Dubai time) has passed: choose a later date and time.`;
          return HttpResponse.json({ error, problems: [{ path: ['dueAt'], message: error }] }, { status: 400 });
        }
        schedules += 1;
        entry.product = {
          ...entry.product,
          schedule: {
            id: entry.product.schedule?.state === 'scheduled' ? entry.product.schedule.id : `schedule-${schedules}`,
            state: 'scheduled',
            dueAt: due.toISOString(),
            scheduledBy: author() ?? 'someone',
            scheduledAt: fake.now,
          },
        };
        return HttpResponse.json(entry.product);
      }),
    ),
    http.post(
      STAFF_API.catalogueScheduleCancel,
      forProduct(async (entry, request) => {
        const { scheduleId } = (await request.json()) as { scheduleId: string };
        const pending = entry.product.schedule;
        if (pending?.state !== 'scheduled' || pending.id !== scheduleId)
          return HttpResponse.json(
            { error: 'This publish is no longer scheduled: reload the product.' },
            { status: 409 },
          );
        entry.product = { ...entry.product, schedule: null };
        return HttpResponse.json(entry.product);
      }),
    ),
    http.get(STAFF_API.catalogueSchedules, ({ request }) => {
      const refused = refusal(request);
      if (refused) return refused;
      const schedules: ScheduleList['schedules'] = fake.products.flatMap(({ product }) =>
        product.schedule?.state === 'scheduled'
          ? [
              {
                id: product.schedule.id,
                productId: product.id,
                productName: (product.draft?.content ?? product.published).productName,
                dueAt: product.schedule.dueAt,
                scheduledBy: product.schedule.scheduledBy,
              },
            ]
          : [],
      );
      return HttpResponse.json<ScheduleList>({ schedules });
    }),
    // as the server: a new product is a draft only (unpublished), its id no other's and its code no published one's
    http.post(STAFF_API.catalogueCreate, async ({ request }) => {
      const refused = refusal(request);
      if (refused) return refused;
      const { id, content } = (await request.json()) as { id: string; content: EditableProduct };
      if (find(id) !== undefined || id === 'new') {
        const taken = `id: a product with the id "${id}" already exists. Choose another id.`;
        return HttpResponse.json({ error: taken, problems: [{ path: ['id'], message: taken }] }, { status: 409 });
      }
      const owner = fake.products.find(
        ({ product }) => product.published.code === content.code && !product.unpublished,
      );
      if (owner !== undefined) {
        const problem = `duplicate code "${content.code}": product ${owner.product.id} in the catalogue has it`;
        return HttpResponse.json(
          {
            error: `The product was not created: 1 problem to fix: ${problem}`,
            problems: [{ path: ['content', 'code'], message: problem }],
          },
          { status: 400 },
        );
      }
      const product = newProduct(id, content);
      fake.products.push({ product, versions: [] });
      return HttpResponse.json(product);
    }),
    http.post(
      STAFF_API.catalogueDuplicate,
      forProduct((entry) => {
        const source = entry.product.draft?.content ?? entry.product.published;
        let id = `${entry.product.id}_copy`;
        for (let n = 2; find(id) !== undefined; n += 1) id = `${entry.product.id}_copy_${n}`;
        const product = newProduct(id, {
          ...source,
          code: `${source.code}-COPY`,
          productName: `${source.productName} (copy)`,
          productName_ar: `${source.productName_ar} (نسخة)`,
        });
        fake.products.push({ product, versions: [] });
        return HttpResponse.json(product);
      }),
    ),
    // as the server: only a product never published is deleted, at its current version
    http.post(
      STAFF_API.catalogueDeleteNew,
      forProduct(async (entry, request) => {
        const based = await baseVersionOf(entry, request);
        if (based instanceof Response) return based;
        if (entry.product.unpublished !== true)
          return HttpResponse.json(
            {
              error:
                'This product was published: it cannot be deleted. Withdraw it from the catalogue instead (its page then says it is no longer available).',
            },
            { status: 409 },
          );
        fake.products.splice(fake.products.indexOf(entry), 1);
        return HttpResponse.json({ deleted: entry.product.id });
      }),
    ),
    // as the server: withdrawing and putting back move the version; the product keeps its content
    ...(
      [
        [STAFF_API.catalogueArchive, true],
        [STAFF_API.catalogueUnarchive, false],
      ] as const
    ).map(([address, withdraw]) =>
      http.post(
        address,
        forProduct(async (entry, request) => {
          const based = await baseVersionOf(entry, request);
          if (based instanceof Response) return based;
          if (withdraw === (entry.product.archived != null))
            return HttpResponse.json(
              { error: withdraw ? 'This product is withdrawn already.' : 'This product is in the catalogue.' },
              { status: 409 },
            );
          entry.product = {
            ...entry.product,
            version: entry.product.version + 1,
            archived: withdraw ? changedNow() : null,
            lastChange: changedNow(),
          };
          return HttpResponse.json(entry.product);
        }),
      ),
    ),
    http.post(
      STAFF_API.cataloguePictures,
      forProduct(async (entry, request) => {
        const part = await filePart(request, 'picture', PICTURE_MAX_BYTES);
        if (part instanceof Response) return part;
        const format = sniff(part.bytes);
        if (format === undefined || format === 'pdf')
          return HttpResponse.json({ error: UPLOAD_REFUSALS.notPicture }, { status: 415 });
        uploads += 1;
        return HttpResponse.json<UploadedPicture>({
          picture: {
            src: `${CATALOGUE_MEDIA_PREFIX}/${entry.product.id}/${fakeHash(uploads)}`,
            widths: [320, 640, 1280],
          },
          width: 1600,
          height: 1200,
          format,
        });
      }),
    ),
    http.post(
      STAFF_API.catalogueDatasheets,
      forProduct(async (entry, request) => {
        const part = await filePart(request, 'datasheet', DATASHEET_MAX_BYTES);
        if (part instanceof Response) return part;
        if (sniff(part.bytes) !== 'pdf') return HttpResponse.json({ error: UPLOAD_REFUSALS.notPdf }, { status: 415 });
        uploads += 1;
        return HttpResponse.json<UploadedDatasheet>({
          datasheet: `${CATALOGUE_MEDIA_PREFIX}/${entry.product.id}/${fakeHash(uploads)}.pdf`,
          bytes: part.bytes.length,
        });
      }),
    ),
    http.get(
      STAFF_API.catalogueVersions,
      forProduct((entry) =>
        HttpResponse.json<ProductVersionList>({
          versions: entry.versions.map(({ content: _content, ...version }) => version),
        }),
      ),
    ),
    http.get(
      STAFF_API.catalogueDiff,
      forProduct((entry, request) => {
        const query = new URL(request.url).searchParams;
        const from = entry.versions.find((each) => each.version === Number(query.get('from')));
        const to = entry.versions.find((each) => each.version === Number(query.get('to')));
        if (from === undefined || to === undefined) return notFound();
        return HttpResponse.json<ProductDiff>({
          from: from.version,
          to: to.version,
          changes: changes(from.content, to.content),
        });
      }),
    ),
    http.post(
      STAFF_API.catalogueRestore,
      forProduct(async (entry, request, params) => {
        const old = entry.versions.find((each) => String(each.version) === params.version);
        if (old === undefined) return notFound();
        const based = await baseVersionOf(entry, request);
        if (based instanceof Response) return based;
        entry.product = {
          ...entry.product,
          version: based + 1,
          draft: { content: old.content, basedOn: based, savedBy: author(), savedAt: fake.now },
          lastChange: changedNow(),
        };
        return HttpResponse.json(entry.product);
      }),
    ),
  ];
}

/** A signed-in catalogue editor beside a fake catalogue of `count` products, both answering through msw. */
export function servedCatalogueEditor(count: number): { fake: FakeStaffServer; catalogue: FakeCatalogue } {
  const fake = fakeStaffServer({ session: sessionOf(CATALOGUE_EDITOR) });
  const catalogue = fakeCatalogue(count);
  server.use(...staffHandlers(fake), ...catalogueHandlers(catalogue, () => fake.session));
  return { fake, catalogue };
}
