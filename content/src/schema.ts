// zod schemas of the files in content/data. Node and build tools only: do not import this from index.ts
// (zod must stay out of the browser bundles).
import { z } from 'zod';
import {
  BRANCH_LABELS,
  CATEGORY_IMAGE_KEYS,
  TEASER_CATEGORY_IDS,
  type Branch,
  type BranchId,
  type Certificate,
  type CompanyInfo,
  type MenuItem,
  type ProductCategory,
} from './types';

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

/** Every data file of content/data with its schema. */
export const DATA_FILES = {
  'products-category.json': productCategoriesSchema,
  'branches.json': branchesSchema,
  'company.json': companySchema,
  'menu.json': menuSchema,
  'certificates.json': certificatesSchema,
} as const;

export type DataFileName = keyof typeof DATA_FILES;
