// zod schemas of the files in content/data. Node and build tools only: do not import this from index.ts
// (zod must stay out of the browser bundles).
import { z } from 'zod';
import { descriptionSection, tableHeaderProblems, tableRowProblems } from './catalogue';
import {
  BRANCH_LABELS,
  BRANDS,
  CATEGORY_IMAGE_KEYS,
  PRODUCT_IMAGE_KEYS,
  TEASER_CATEGORY_IDS,
  type Branch,
  type BranchId,
  type Certificate,
  type CompanyInfo,
  type CustomerReview,
  type DescriptionEntry,
  type DetailBlock,
  type MenuItem,
  type Product,
  type ProductCategory,
  type ProductDetail,
  type SearchResult,
  type SpecificationBlock,
  type TableCell,
  type TableRow,
  type KnowledgeBaseFacts,
  type TeamMember,
} from './types';
import type { CarouselSlide, HomeContent, Partner, Project } from './companyPages';

const BRANCH_IDS = ['dubai', 'oman', 'bahrain', 'saudi'] as const satisfies readonly BranchId[];

const text = z.string().trim().min(1);
/** International phone number in groups, e.g. '+971 4 347 1100'; X digits mark a placeholder ('+966 XX XXX XXXX'). */
const phone = z.string().regex(/^\+\d{3}( [\dX]{1,4}){2,4}$/, 'expected an international phone number like +971 4 347 1100');
const email = z.email();
/** An embeddable map URL: https://www.google.com/maps?q=<url-encoded place>&output=embed */
const mapEmbedUrl = z
  .string()
  .regex(/^https:\/\/www\.google\.com\/maps\?q=[^&\s]+&output=embed$/, 'expected https://www.google.com/maps?q=<place>&output=embed');

function addDuplicateIssues(ids: readonly string[], ctx: z.RefinementCtx, what: string): void {
  const seen = new Set<string>();
  ids.forEach((id, index) => {
    if (seen.has(id)) ctx.addIssue({ code: 'custom', message: `duplicate ${what} '${id}'`, path: [index] });
    seen.add(id);
  });
}

export const productCategorySchema = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9]+(_[A-Za-z0-9]+)*$/, 'expected an id of words joined by underscores'),
  title: text,
  info: text,
  image: z.enum(CATEGORY_IMAGE_KEYS),
  company: text.optional(),
}) satisfies z.ZodType<ProductCategory>;

/** products-category.json: one category per image key, unique ids, including the home page teaser ids. */
export const productCategoriesSchema = z
  .array(productCategorySchema)
  .length(CATEGORY_IMAGE_KEYS.length)
  .superRefine((categories, ctx) => {
    addDuplicateIssues(categories.map((c) => c.id), ctx, 'category id');
    addDuplicateIssues(categories.map((c) => c.image), ctx, 'category image key');
    const ids = new Set(categories.map((c) => c.id));
    for (const id of TEASER_CATEGORY_IDS) {
      if (!ids.has(id)) ctx.addIssue({ code: 'custom', message: `missing home teaser category '${id}'` });
    }
  }) satisfies z.ZodType<ProductCategory[]>;

export const branchSchema = z
  .strictObject({
    id: z.enum(BRANCH_IDS),
    name: text,
    label: text,
    address: text,
    mobileNo: phone,
    fax: phone.optional(),
    email,
    location: mapEmbedUrl,
    mapTitle: text,
  })
  .superRefine((branch, ctx) => {
    const expected = BRANCH_LABELS[branch.id];
    if (branch.label !== expected) {
      ctx.addIssue({ code: 'custom', message: `label of '${branch.id}' must be '${expected}'`, path: ['label'] });
    }
  }) satisfies z.ZodType<Branch>;

/** branches.json: the four branches, each once, in the order of the region selector. */
export const branchesSchema = z
  .array(branchSchema)
  .superRefine((branches, ctx) => {
    const ids = branches.map((b) => b.id).join(',');
    if (ids !== BRANCH_IDS.join(',')) {
      ctx.addIssue({ code: 'custom', message: `expected branches ${BRANCH_IDS.join(', ')} in this order, got ${ids || 'none'}` });
    }
  }) satisfies z.ZodType<Branch[]>;

export const menuItemSchema = z.strictObject({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/, 'expected a lower-case id'),
  name: text,
  path: z.string().regex(/^\/[a-z0-9-]+$/, 'expected an absolute path like /contact-us'),
  inHeader: z.boolean(),
}) satisfies z.ZodType<MenuItem>;

export const menuSchema = z
  .array(menuItemSchema)
  .min(1)
  .superRefine((items, ctx) => {
    addDuplicateIssues(items.map((i) => i.id), ctx, 'menu id');
    addDuplicateIssues(items.map((i) => i.path), ctx, 'menu path');
  }) satisfies z.ZodType<MenuItem[]>;

export const companySchema = z.strictObject({
  name: text,
  shortName: text,
  tagline: text,
  founded: z.number().int().min(1900).max(2100),
  address: text,
  mainPhone: phone,
  secondPhone: phone,
  generalEmail: email,
  careersEmail: email,
  postalAddress: text,
  socials: z
    .array(
      z.strictObject({
        name: text,
        url: z.url({ protocol: /^https$/ }),
        kind: z.enum(['professional', 'photo']),
      }),
    )
    .min(1),
  warehouseMap: mapEmbedUrl,
  copyright: text,
  brochureFile: z.string().regex(/^[a-z0-9-]+\.pdf$/, 'expected a file name like catalogue.pdf'),
}) satisfies z.ZodType<CompanyInfo>;

export const certificateSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: text,
  country: text,
  standard: text,
  issuer: text,
  image: z.string().regex(/^\/images\/certificates\/[a-z0-9-]+\.svg$/, 'expected /images/certificates/<name>.svg'),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  alt: text,
}) satisfies z.ZodType<Certificate>;

export const certificatesSchema = z
  .array(certificateSchema)
  .min(1)
  .superRefine((certs, ctx) => addDuplicateIssues(certs.map((c) => c.id), ctx, 'certificate id')) satisfies z.ZodType<
  Certificate[]
>;

// ---- catalogue: products.json, product-details.json, searchResults.json ----

/** Minimum size of the catalogue. */
export const MIN_PRODUCTS = 80;
/** Minimum number of products of every category. */
export const MIN_PRODUCTS_PER_CATEGORY = 3;

/** Product id: lower-case words joined by underscores (url-safe). */
export const productIdSchema = z.string().regex(/^[a-z0-9]+(_[a-z0-9]+)*$/, 'expected a lower_snake_case product id');
const categoryId = productCategorySchema.shape.id;
const productImageKey = z.enum(PRODUCT_IMAGE_KEYS);
/** A datasheet file name under /uploads/, produced by scripts/generate-pdfs.ts. */
export const pdfFileNameSchema = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*\.pdf$/, 'expected a file name like hex-cw-gland-datasheet.pdf');
const isoDate = z.iso.date();

/**
 * An HTML fragment from the data. The UI sanitises it anyway; the data itself must not carry anything active,
 * and its tags must be balanced.
 */
export const htmlSchema = text.superRefine((html, ctx) => {
  if (/<\s*(script|style|iframe|object|embed|form|input)\b/i.test(html)) ctx.addIssue({ code: 'custom', message: 'active or form element in HTML' });
  if (/\son[a-z]+\s*=/i.test(html)) ctx.addIssue({ code: 'custom', message: 'event handler attribute in HTML' });
  if (/javascript:/i.test(html)) ctx.addIssue({ code: 'custom', message: 'javascript: URL in HTML' });
  const voids = new Set(['br', 'hr', 'img', 'wbr']);
  const stack: string[] = [];
  for (const m of html.matchAll(/<(\/?)([a-z][a-z0-9]*)\b[^>]*?(\/?)>/gi)) {
    const name = (m[2] ?? '').toLowerCase();
    if (voids.has(name) || m[3]) continue;
    if (m[1]) {
      if (stack.pop() !== name) {
        ctx.addIssue({ code: 'custom', message: `unbalanced </${name}> in HTML` });
        return;
      }
    } else stack.push(name);
  }
  if (stack.length) ctx.addIssue({ code: 'custom', message: `unclosed <${stack.join('>, <')}> in HTML` });
});

/** Adds the plain-text rule to a string schema: text shown as text (not HTML) has no tags and no character entities. */
const noMarkup = (schema: z.ZodString): z.ZodString =>
  schema
    .refine((s) => !/<\/?[a-z!]/i.test(s), 'HTML tag in a plain-text field')
    .refine((s) => !/&(#\d+|#x[\da-f]+|[a-z]+);/i.test(s), 'character entity in a plain-text field');
export const plainTextSchema = noMarkup(z.string());
const plain = noMarkup(text);

export const productSchema = z.strictObject({
  id: productIdSchema,
  productCategoryId: categoryId,
  productCategory: plain,
  productName: plain,
  image: productImageKey,
  company: plain.optional(),
  popularity: z.number().int().min(0).max(100),
  dateAdded: isoDate,
  price: z.number().positive().max(1_000_000).optional(),
}) satisfies z.ZodType<Product>;

/** products.json: unique ids, at least MIN_PRODUCTS products. */
export const productsSchema = z
  .array(productSchema)
  .min(MIN_PRODUCTS)
  .superRefine((products, ctx) => addDuplicateIssues(products.map((p) => p.id), ctx, 'product id')) satisfies z.ZodType<Product[]>;

const specificationBlockSchema = z
  .strictObject({
    extraSpecTitle: plain.optional(),
    extraSpec: z.array(plain).min(1).optional(),
    specification: z.array(plain).min(1).optional(),
  })
  .refine((b) => b.extraSpecTitle || b.extraSpec || b.specification, 'empty specification block') satisfies z.ZodType<SpecificationBlock>;

const descriptionRowSchema = z.strictObject({ key: plain, value: htmlSchema });

export const descriptionEntrySchema = z
  .strictObject({
    key: z.string(),
    value: z.union([z.string(), z.array(descriptionRowSchema).min(1)]),
  })
  .superRefine((entry, ctx) => {
    if (entry.key.startsWith('*')) {
      const section = descriptionSection(entry.key);
      if (!section) {
        ctx.addIssue({ code: 'custom', message: `unknown description section key '${entry.key}'`, path: ['key'] });
        return;
      }
      if (section.kind === 'table' && !Array.isArray(entry.value)) {
        ctx.addIssue({ code: 'custom', message: `'${entry.key}' takes a list of {key, value} rows`, path: ['value'] });
      }
      if (section.kind === 'html') {
        const html = htmlSchema.safeParse(entry.value);
        if (!html.success) ctx.addIssue({ code: 'custom', message: `'${entry.key}' takes a non-empty HTML string`, path: ['value'] });
      }
      return;
    }
    if (Array.isArray(entry.value)) {
      ctx.addIssue({ code: 'custom', message: 'only `*` section keys take a list of rows', path: ['value'] });
      return;
    }
    if ((entry.key === '' || /^[-^%]/.test(entry.key)) && entry.value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: `the '${entry.key}' entry needs a value`, path: ['value'] });
    }
    if (entry.key.startsWith('^')) {
      const html = htmlSchema.safeParse(entry.value);
      if (!html.success) ctx.addIssue({ code: 'custom', message: html.error.issues[0]?.message ?? 'bad HTML', path: ['value'] });
    } else {
      // sub-headings, list items, '%' alt texts and 'key : value' rows are plain text
      for (const [field, value] of [['key', entry.key], ['value', entry.value]] as const) {
        const check = plainTextSchema.safeParse(value);
        if (!check.success) ctx.addIssue({ code: 'custom', message: check.error.issues[0]?.message ?? 'not plain text', path: [field] });
      }
    }
    if (entry.key !== entry.key.trim()) ctx.addIssue({ code: 'custom', message: 'key with surrounding spaces', path: ['key'] });
  }) satisfies z.ZodType<DescriptionEntry>;

const detailBlockSchema = z
  .strictObject({
    title: htmlSchema.optional(),
    images1: z.array(productImageKey).min(1).optional(),
    content: z.array(htmlSchema).min(1).optional(),
    table: z.array(z.array(plainTextSchema)).min(2).optional(),
    images2: z.array(productImageKey).min(1).optional(),
    DataAfterTable: z.array(htmlSchema).min(1).optional(),
    downloadFile: pdfFileNameSchema.optional(),
  })
  .superRefine((block, ctx) => {
    const header = block.table?.[0];
    block.table?.forEach((row, index) => {
      if (row.length !== header?.length) {
        ctx.addIssue({ code: 'custom', message: `table row ${index} has ${row.length} cells, the header ${header?.length ?? 0}`, path: ['table', index] });
      }
    });
    if (header?.some((cell) => cell.trim() === '')) ctx.addIssue({ code: 'custom', message: 'empty table header cell', path: ['table', 0] });
    if (Object.keys(block).length === 0) ctx.addIssue({ code: 'custom', message: 'empty block' });
  }) satisfies z.ZodType<DetailBlock>;

const tableCellSchema = z.strictObject({
  id: text,
  name: plainTextSchema,
  colSpan: z.number().int().min(1).optional(),
  customeWidth: z.string().regex(/^\d+(\.\d+)?(px|%|rem|em)$/, 'expected a CSS width like 18% or 120px').optional(),
}) satisfies z.ZodType<TableCell>;

const tableValue = z.union([plainTextSchema, z.number()]);
const tableRowSchema = z.record(z.string(), z.union([tableValue, z.record(z.string(), tableValue)])) satisfies z.ZodType<TableRow>;

const reviewSchema = z.strictObject({
  customerName: noMarkup(text.max(80)),
  stars: z.number().int().min(1).max(5),
  comment: noMarkup(text.max(1000)),
}) satisfies z.ZodType<CustomerReview>;

const brandNames = new Set<string>(BRANDS.map((b) => b.name));
const logoOf = (name: string): string | undefined => {
  const brand = BRANDS.find((b) => b.name === name);
  return brand && `/images/brands/${brand.slug}.svg`;
};

export const productDetailSchema = z
  .strictObject({
    id: productIdSchema,
    productName: plain,
    image: productImageKey,
    productCategory: categoryId,
    categoryName: plain,
    Specification: z.array(specificationBlockSchema).min(1).optional(),
    companyImg: z.array(text).min(1).optional(),
    company: z.array(text).min(1).optional(),
    detail: z.array(htmlSchema).min(1).optional(),
    description: z.array(descriptionEntrySchema).min(1).optional(),
    detailDescription: z.array(detailBlockSchema).min(1).optional(),
    detailDescriptionAfterTable: z.array(detailBlockSchema).min(1).optional(),
    productDetailTableColumns: z.array(z.array(tableCellSchema).min(1)).min(1).optional(),
    productDetailTableData: z.array(tableRowSchema).min(1).optional(),
    customerReviews: z.array(reviewSchema).optional(),
    downloadFile: pdfFileNameSchema.optional(),
    downloadFiles: z.record(text, pdfFileNameSchema).optional(),
    viewManufacturersCatalogue: z.url({ protocol: /^https$/ }).optional(),
  })
  .superRefine((d, ctx) => {
    // brands: known names, logos parallel to the names
    const names = d.company ?? [];
    const logos = d.companyImg ?? [];
    if (names.length !== logos.length) {
      ctx.addIssue({ code: 'custom', message: `company has ${names.length} names but companyImg ${logos.length} logos`, path: ['companyImg'] });
    }
    names.forEach((name, i) => {
      if (!brandNames.has(name)) ctx.addIssue({ code: 'custom', message: `unknown brand '${name}'`, path: ['company', i] });
      else if (logos[i] !== undefined && logos[i] !== logoOf(name)) {
        ctx.addIssue({ code: 'custom', message: `logo of '${name}' must be ${logoOf(name)}`, path: ['companyImg', i] });
      }
    });
    // description: each section key at most once
    const sectionKeys = (d.description ?? []).map((e) => e.key).filter((k) => k.startsWith('*'));
    addDuplicateIssues(sectionKeys, ctx, 'description section');
    // spec table: header and rows
    const header = d.productDetailTableColumns;
    const rows = d.productDetailTableData;
    if (!header !== !rows) {
      ctx.addIssue({ code: 'custom', message: 'productDetailTableColumns and productDetailTableData go together', path: ['productDetailTableColumns'] });
    }
    if (header) {
      for (const problem of tableHeaderProblems(header)) ctx.addIssue({ code: 'custom', message: problem, path: ['productDetailTableColumns'] });
      rows?.forEach((row, i) => {
        for (const problem of tableRowProblems(header, row)) ctx.addIssue({ code: 'custom', message: problem, path: ['productDetailTableData', i] });
      });
    }
    if (d.downloadFiles && Object.keys(d.downloadFiles).length === 0) {
      ctx.addIssue({ code: 'custom', message: 'empty downloadFiles', path: ['downloadFiles'] });
    }
  }) satisfies z.ZodType<ProductDetail>;

/** product-details.json: unique ids, at least MIN_PRODUCTS records. */
export const productDetailsSchema = z
  .array(productDetailSchema)
  .min(MIN_PRODUCTS)
  .superRefine((details, ctx) => addDuplicateIssues(details.map((p) => p.id), ctx, 'product id')) satisfies z.ZodType<ProductDetail[]>;

/** Generated searchResults.json. */
export const searchResultsSchema = z.array(
  z.strictObject({
    id: productIdSchema,
    title: text,
    productCategory: text,
    productCategoryId: categoryId,
    company: z.string(),
    image: productImageKey,
  }) satisfies z.ZodType<SearchResult>,
);

// ---- team and the chat knowledge base: our-team.json, knowledge-base.json ----

/** Number of team members (spec "Built-in knowledge base": five team members). */
export const TEAM_SIZE = 5;

export const teamMemberSchema = z.strictObject({
  id: z.number().int().positive(),
  name: text,
  position: text,
  bio: text,
  image: z.string().regex(/^team-\d+$/, 'expected a portrait key like team-1'),
  altTextForImg: text,
}) satisfies z.ZodType<TeamMember>;

/** our-team.json: the five members, unique ids and portraits. */
export const teamSchema = z
  .array(teamMemberSchema)
  .length(TEAM_SIZE)
  .superRefine((team, ctx) => {
    addDuplicateIssues(team.map((m) => String(m.id)), ctx, 'team member id');
    addDuplicateIssues(team.map((m) => m.image), ctx, 'team portrait');
  }) satisfies z.ZodType<TeamMember[]>;

const branchFactsSchema = z.strictObject({ country: text, type: text, manager: text.optional(), location: text.optional() });

/** knowledge-base.json: the chat's own facts (cross-file rules in validate.ts). */
export const knowledgeBaseFactsSchema = z.strictObject({
  founderId: z.number().int().positive(),
  about: text,
  values: z.array(text).min(1),
  stats: z.strictObject({ customers: text, countries: text, products: text, suppliers: text, experience: text }),
  certifications: z.array(text).min(1),
  locations: z.strictObject({ dubai: branchFactsSchema, oman: branchFactsSchema, bahrain: branchFactsSchema, saudi: branchFactsSchema }),
  categoryNotes: z.record(z.string(), text),
  services: z.array(text).min(1),
  pages: z.record(z.string(), text),
  brochure: z.strictObject({ title: text, description: text }),
  careers: z.strictObject({ opening: text, requirements: text, responsibilities: z.array(text).min(1) }),
  projectExperience: z.strictObject({ summary: text, clients: z.array(text).min(1), projects: z.array(text).min(1) }),
}) satisfies z.ZodType<KnowledgeBaseFacts>;

// ---- company pages: home.json, projects.json ----

/** Spec "Business constants": 3 carousel slides, 4 background pictures, 4 counters, 16 partners, 7 projects. */
export const CAROUSEL_SLIDE_COUNT = 3;
export const CAROUSEL_BACKGROUND_COUNT = 4;
export const HOME_COUNTER_COUNT = 4;
export const PARTNER_COUNT = 16;
export const PROJECT_COUNT = 7;

const sitePath = (folder: string, extensions: string) =>
  z.string().regex(new RegExp(`^/images/${folder}/[a-z0-9-]+\\.(${extensions})$`), `expected /images/${folder}/<name>.(${extensions})`);
const pixels = z.number().int().positive();

export const carouselSlideSchema = z.strictObject({
  rank: text.nullable(),
  heading: text,
  companyText: text,
  info: text,
  extraText: text,
  image: sitePath('carousel', 'jpg|webp'),
  width: pixels,
  height: pixels,
  alt: text,
}) satisfies z.ZodType<CarouselSlide>;

/** home.json: three slides (two JPEG pictures and one WebP, as the spec names them), counters and partners. */
export const homeSchema = z.strictObject({
  slides: z
    .array(carouselSlideSchema)
    .length(CAROUSEL_SLIDE_COUNT)
    .superRefine((slides, ctx) => {
      const formats = slides.map((slide) => slide.image.split('.').pop()).sort().join(',');
      if (formats !== 'jpg,jpg,webp') ctx.addIssue({ code: 'custom', message: `expected two jpg pictures and one webp, found ${formats}` });
    }),
  backgrounds: z
    .array(z.strictObject({ image: sitePath('carousel', 'svg|jpg|webp'), width: pixels, height: pixels }))
    .length(CAROUSEL_BACKGROUND_COUNT),
  about: z.strictObject({ heading: text, text: z.array(text).min(1) }),
  counters: z.array(z.strictObject({ end: z.number().int().positive(), suffix: z.string(), label: text })).length(HOME_COUNTER_COUNT),
  partners: z.strictObject({
    heading: text,
    subtitle: text,
    items: z
      .array(z.strictObject({ name: text, brand: z.enum(BRANDS.map((b) => b.slug)), alt: text }) satisfies z.ZodType<Partner>)
      .length(PARTNER_COUNT)
      .superRefine((items, ctx) => addDuplicateIssues(items.map((p) => p.name), ctx, 'partner')),
  }),
}) satisfies z.ZodType<HomeContent>;

/** projects.json: the seven project cards. */
export const projectsSchema = z
  .array(
    z.strictObject({ id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/), title: text, image: sitePath('projects', 'svg'), width: pixels, height: pixels, alt: text }),
  )
  .length(PROJECT_COUNT)
  .superRefine((items, ctx) => addDuplicateIssues(items.map((p) => p.id), ctx, 'project id')) satisfies z.ZodType<Project[]>;

/** Every data file of content/data with its schema. */
export const DATA_FILES = {
  'products-category.json': productCategoriesSchema,
  'branches.json': branchesSchema,
  'company.json': companySchema,
  'menu.json': menuSchema,
  'certificates.json': certificatesSchema,
  'products.json': productsSchema,
  'product-details.json': productDetailsSchema,
  'our-team.json': teamSchema,
  'knowledge-base.json': knowledgeBaseFactsSchema,
  'home.json': homeSchema,
  'projects.json': projectsSchema,
} as const;

export type DataFileName = keyof typeof DATA_FILES;
