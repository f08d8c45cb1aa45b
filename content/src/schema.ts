// zod schemas of the files in content/data, and the one statement of their shapes: types.ts derives the data types from
// them (z.infer). Node and build tools only: import it as '@site/content/schema', never from index.ts or browser code
// other than `import type` (zod must stay out of the browser bundles).
import { z } from 'zod';
import {
  BRANCH_IDS,
  BRANCH_LABELS,
  BRANDS,
  CATEGORY_IMAGE_KEYS,
  descriptionSection,
  PRODUCT_IMAGE_KEYS,
  TEASER_CATEGORY_IDS,
} from './dataConstants';
import { tableHeaderProblems, tableRowProblems } from './detailTable';
import { QUOTE_UNITS } from './validation/quantity';
import { normalizedProductCode } from './validation/quote';
import { BRANCH_NAMES } from './validation/rules';
import { PRICE_BREAKS_MAX } from './priceBreaks';

const text = z.string().trim().min(1);
/** International phone number in groups, e.g. '+971 4 347 1100'; X digits mark a placeholder ('+966 XX XXX XXXX'). */
const phone = z
  .string()
  .regex(/^\+\d{3}( [\dX]{1,4}){2,4}$/, 'expected an international phone number like +971 4 347 1100');
const email = z.email();
/** An embeddable map URL: https://www.google.com/maps?q=<url-encoded place>&output=embed */
const mapEmbedUrl = z
  .string()
  .regex(
    /^https:\/\/www\.google\.com\/maps\?q=[^&\s]+&output=embed$/,
    'expected https://www.google.com/maps?q=<place>&output=embed',
  );

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
});

/** products-category.json: one category per image key, unique ids, including the home page teaser ids. */
export const productCategoriesSchema = z
  .array(productCategorySchema)
  .length(CATEGORY_IMAGE_KEYS.length)
  .superRefine((categories, ctx) => {
    addDuplicateIssues(
      categories.map((c) => c.id),
      ctx,
      'category id',
    );
    addDuplicateIssues(
      categories.map((c) => c.image),
      ctx,
      'category image key',
    );
    const ids = new Set(categories.map((c) => c.id));
    for (const id of TEASER_CATEGORY_IDS) {
      if (!ids.has(id)) ctx.addIssue({ code: 'custom', message: `missing home teaser category '${id}'` });
    }
  });

export const branchSchema = z
  .strictObject({
    id: z.enum(BRANCH_IDS),
    /** Branch name (BRANCH_NAMES), also the contact form's `country` value: 'Dubai', 'Oman', 'Bahrain', 'Saudi Arabia'. */
    name: text,
    /** Label of the region selector, e.g. 'Oman (Muscat Office)'. */
    label: text,
    address: text,
    mobileNo: phone,
    fax: phone.optional(),
    email,
    /** Map embed URL for an iframe. */
    location: mapEmbedUrl,
    /** Title of the map iframe (accessibility). */
    mapTitle: text,
  })
  .superRefine((branch, ctx) => {
    const expected = BRANCH_LABELS[branch.id];
    if (branch.label !== expected) {
      ctx.addIssue({ code: 'custom', message: `label of '${branch.id}' must be '${expected}'`, path: ['label'] });
    }
  });

/** branches.json: the four branches, each once, in the order of the region selector. */
export const branchesSchema = z.array(branchSchema).superRefine((branches, ctx) => {
  const ids = branches.map((b) => b.id).join(',');
  if (ids !== BRANCH_IDS.join(',')) {
    ctx.addIssue({
      code: 'custom',
      message: `expected branches ${BRANCH_IDS.join(', ')} in this order, got ${ids || 'none'}`,
    });
  }
  const names = branches.map((b) => b.name).join(', ');
  if (names !== BRANCH_NAMES.join(', ')) {
    ctx.addIssue({
      code: 'custom',
      message: `expected branch names ${BRANCH_NAMES.join(', ')} in this order, got ${names || 'none'}`,
    });
  }
});

export const menuItemSchema = z.strictObject({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/, 'expected a lower-case id'),
  name: text,
  path: z.string().regex(/^\/[a-z0-9-]+$/, 'expected an absolute path like /contact-us'),
  /** Shown in the wide header navigation (Career Opportunities is drawer-only). */
  inHeader: z.boolean(),
});

export const menuSchema = z
  .array(menuItemSchema)
  .min(1)
  .superRefine((items, ctx) => {
    addDuplicateIssues(
      items.map((i) => i.id),
      ctx,
      'menu id',
    );
    addDuplicateIssues(
      items.map((i) => i.path),
      ctx,
      'menu path',
    );
  });

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
  /** Map embed URL of the Dubai warehouse, for the footer. */
  warehouseMap: mapEmbedUrl,
  copyright: text,
});

export const certificateSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: text,
  country: text,
  standard: text,
  issuer: text,
  /** Path of the image under the site root, e.g. /images/certificates/iso-9001-uae.svg */
  image: z.string().regex(/^\/images\/certificates\/[a-z0-9-]+\.svg$/, 'expected /images/certificates/<name>.svg'),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  alt: text,
});

export const certificatesSchema = z
  .array(certificateSchema)
  .min(1)
  .superRefine((certs, ctx) =>
    addDuplicateIssues(
      certs.map((c) => c.id),
      ctx,
      'certificate id',
    ),
  );

// ---- catalogue: products.json, product-details.json, searchResults.json ----

/** Minimum size of the catalogue. */
export const MIN_PRODUCTS = 80;
/** Minimum number of products of every category. */
export const MIN_PRODUCTS_PER_CATEGORY = 3;

/** Product id: lower-case words joined by underscores (url-safe). */
export const productIdSchema = z.string().regex(/^[a-z0-9]+(_[a-z0-9]+)*$/, 'expected a lower_snake_case product id');
/** Model / order code of a product: upper-case letters and digits in groups joined by dashes, 3 to 32 characters ('OC-SWA-416'). */
export const productCodeSchema = z
  .string()
  .min(3)
  .max(32)
  .regex(
    /^[A-Z0-9]+(-[A-Z0-9]+)*$/,
    'expected a model code of upper-case letters and digits joined by dashes, like OC-SWA-416',
  );
/** The kinds of a product's related part: "Fits with" (accessories) and "Alternatives" on its page. */
export const RELATED_KINDS = ['accessory', 'alternative'] as const;
/** Most related parts one product names. */
export const RELATED_PARTS_MAX = 24;
/**
 * A product's related parts in order (docs/decisions/040-related-parts.md): each a code of another product or of one
 * of its variants, an accessory ("Fits with") or an alternative. Kept in the English detail document only (codes have
 * no language); whether the code is in the catalogue is the import's check, against the database.
 */
export const relatedPartsSchema = z
  .array(z.strictObject({ kind: z.enum(RELATED_KINDS), code: productCodeSchema }))
  .max(RELATED_PARTS_MAX)
  .superRefine((links, ctx) =>
    addDuplicateIssues(
      links.map((link) => link.code),
      ctx,
      'related part',
    ),
  );
const categoryId = productCategorySchema.shape.id;
const productImageKey = z.enum(PRODUCT_IMAGE_KEYS);
/** A datasheet file name under /uploads/, produced by scripts/generate-pdfs.ts. */
export const pdfFileNameSchema = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*\.pdf$/, 'expected a file name like hex-cw-gland-datasheet.pdf');
const isoDate = z.iso.date();

/**
 * Where the catalogue editor's uploads are served: `<prefix>/<product id>/<sha-256 of the upload>…`, every name made by
 * the server (server/src/catalogue/media/). A picture is its variants `<src>-<width>.avif` and `<src>-<width>.webp`.
 */
export const CATALOGUE_MEDIA_PREFIX = '/media/catalogue';
const MEDIA_PRODUCT = '[A-Za-z0-9_-]{1,100}';
export const CATALOGUE_PICTURE_SRC = new RegExp(`^${CATALOGUE_MEDIA_PREFIX}/${MEDIA_PRODUCT}/[a-f0-9]{64}$`);
export const CATALOGUE_DATASHEET_PATH = new RegExp(`^${CATALOGUE_MEDIA_PREFIX}/${MEDIA_PRODUCT}/[a-f0-9]{64}\\.pdf$`);
/** An uploaded picture: its variants' common path and their widths, for a srcset in AVIF and WebP. */
export const uploadedPictureSchema = z.strictObject({
  src: z
    .string()
    .regex(CATALOGUE_PICTURE_SRC, `expected an uploaded picture's path, ${CATALOGUE_MEDIA_PREFIX}/<product id>/<hash>`),
  widths: z.array(z.number().int().min(1).max(4096)).min(1).max(8),
});
/** An uploaded datasheet's path. */
export const uploadedDatasheetSchema = z
  .string()
  .regex(
    CATALOGUE_DATASHEET_PATH,
    `expected an uploaded datasheet's path, ${CATALOGUE_MEDIA_PREFIX}/<product id>/<hash>.pdf`,
  );

/**
 * An HTML fragment from the data. The UI sanitises it anyway; the data itself must not carry anything active,
 * and its tags must be balanced.
 */
export const htmlSchema = text.superRefine((html, ctx) => {
  if (/<\s*(script|style|iframe|object|embed|form|input)\b/i.test(html))
    ctx.addIssue({ code: 'custom', message: 'active or form element in HTML' });
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

/** The most pictures a product's gallery holds. */
export const GALLERY_PICTURES_MAX = 12;
/**
 * A picture of a product's gallery (details.gallery, in order; docs/catalogue.md "Pictures and documents"): an uploaded
 * picture and its alt text in the document's language (the English document's in English, the Arabic one's in Arabic).
 */
export const galleryPictureSchema = uploadedPictureSchema.extend({
  alt: noMarkup(
    z
      .string()
      .trim()
      .min(1, 'the alt text is missing: say in words what the picture shows')
      .max(250, 'the alt text must be 250 characters or fewer'),
  ),
});
/** A variant's own picture and datasheet (details.variantMedia), where they differ from the product's; by its code. */
export const variantMediaSchema = z
  .strictObject({
    code: z.string().trim().min(1).max(200),
    picture: uploadedPictureSchema.optional(),
    datasheet: uploadedDatasheetSchema.optional(),
  })
  .refine((media) => media.picture !== undefined || media.datasheet !== undefined, {
    message: "a variant's media names a picture, a datasheet or both",
  });

export const productSchema = z.strictObject({
  /** Url-safe id (letters, digits, underscores), unique over the catalogue; also the id of the detail record. */
  id: productIdSchema,
  productCategoryId: categoryId,
  /** Display name of the category: the `title` of the category record. */
  productCategory: plain,
  productName: plain,
  /**
   * Model / order code, as a buyer's list names it ('OC-SWA-416', 'ABB-S201-C16'); unique over the catalogue, also once
   * normalised (normalizedProductCode: case, spaces and dashes ignored), and never another product's id normalised,
   * so a pasted list's "code quantity" line finds one product by its code or its id. Not translated.
   */
  code: productCodeSchema,
  image: productImageKey,
  /** Brand(s) of the product, the detail record's `company` names joined with ', '. */
  company: plain.optional(),
  /** Popularity figure for 'Sort by popularity' (higher = more popular), 0..100. */
  popularity: z.number().int().min(0).max(100),
  /** Date the product was added to the catalogue, ISO 'YYYY-MM-DD', for 'Sort by newness'. */
  dateAdded: isoDate,
  /**
   * The unit the product is sold and quoted in (QUOTE_UNITS: 'metre' for cable cut to length, 'coil', 'length' for
   * trays and conduit, 'pack' of ties or terminals, 'piece'...): the unit of `price` and of a quote line's quantity
   * (decimals only for metres, unitAllowsDecimals). Not translated: the apps word it.
   */
  unit: z.enum(QUOTE_UNITS),
  /**
   * Indicative price in AED for one `unit` of the product (a metre of cable, a 100 m coil, a pack of 100 ties), for
   * the most common size of a range.
   * Absent where a price makes no sense (assemblies built to order, machines quoted per project).
   */
  price: z.number().positive().max(1_000_000).optional(),
});

/**
 * The codes' rules across the catalogue: unique as written and once normalised ('OC-SWA-416' and 'OC SWA 416' cannot
 * both exist), and no code reads as another product's id (normalised the same way), so "Paste a list" cannot match
 * one line to two products.
 */
function addProductCodeIssues(products: readonly { id: string; code: string }[], ctx: z.RefinementCtx): void {
  const byCode = new Map<string, string>();
  const byId = new Map(products.map((p) => [normalizedProductCode(p.id), p.id]));
  products.forEach((product, index) => {
    const code = normalizedProductCode(product.code);
    const first = byCode.get(code);
    if (first !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `code '${product.code}' of '${product.id}' is the code of '${first}' (case, spaces and dashes aside)`,
        path: [index, 'code'],
      });
    } else byCode.set(code, product.id);
    const idOwner = byId.get(code);
    if (idOwner !== undefined && idOwner !== product.id) {
      ctx.addIssue({
        code: 'custom',
        message: `code '${product.code}' of '${product.id}' reads as the id of '${idOwner}'`,
        path: [index, 'code'],
      });
    }
  });
}

/** products.json: unique ids, unique codes (addProductCodeIssues), at least MIN_PRODUCTS products. */
export const productsSchema = z
  .array(productSchema)
  .min(MIN_PRODUCTS)
  .superRefine((products, ctx) => {
    addDuplicateIssues(
      products.map((p) => p.id),
      ctx,
      'product id',
    );
    addProductCodeIssues(products, ctx);
  });

/** A 'Specification' block of the product summary. */
export const specificationBlockSchema = z
  .strictObject({
    extraSpecTitle: plain.optional(),
    extraSpec: z.array(plain).min(1).optional(),
    /** Lines of the 'Specification :' list. */
    specification: z.array(plain).min(1).optional(),
  })
  .refine((b) => b.extraSpecTitle || b.extraSpec || b.specification, 'empty specification block');

/** One row of a two-column table section of the description (Construction, Technical Data, ...). Value is HTML. */
export const descriptionRowSchema = z.strictObject({ key: plain, value: htmlSchema });

/**
 * One entry of the 'Description :' list of a product detail. The key decides how it shows:
 *
 * | key                         | value        | shows as                                                          |
 * |-----------------------------|--------------|-------------------------------------------------------------------|
 * | '*Application'              | HTML string  | not a row: the content of the expandable 'Application' section     |
 * | '*Design Features'          | HTML string  | not a row: the content of the expandable 'Design Features' section |
 * | '*Construction', '*TechnicalData', '*Characteristics', '*Design', '*Specifications', '*TechnicalSpecifications' | DescriptionRow[] | not a row: the rows of that section's two-column key/value table (values HTML) |
 * | any key, value ''           | ''           | the key as a sub-heading                                          |
 * | '' or a key starting '-'    | string       | a plain list item showing only the value ('-' keys may be numbered: '-1', '-2') |
 * | a key starting '^'          | HTML string  | an unbulleted HTML paragraph (the key itself is not shown)        |
 * | a key starting '%'          | any string   | the fixed ceiling-rose table image (CEILING_ROSE_TABLE_IMAGE); the value is its alt text |
 * | anything else               | string       | a row 'key : value'                                               |
 *
 * Only the eight `*` keys of DESCRIPTION_SECTIONS exist; each appears at most once per product, and its value has
 * the kind given there (an array only for 'table' sections). A section with no content is not shown.
 */
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
        if (!html.success)
          ctx.addIssue({ code: 'custom', message: `'${entry.key}' takes a non-empty HTML string`, path: ['value'] });
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
      if (!html.success)
        ctx.addIssue({ code: 'custom', message: html.error.issues[0]?.message ?? 'bad HTML', path: ['value'] });
    } else {
      // sub-headings, list items, '%' alt texts and 'key : value' rows are plain text
      for (const [field, value] of [
        ['key', entry.key],
        ['value', entry.value],
      ] as const) {
        const check = plainTextSchema.safeParse(value);
        if (!check.success)
          ctx.addIssue({ code: 'custom', message: check.error.issues[0]?.message ?? 'not plain text', path: [field] });
      }
    }
    if (entry.key !== entry.key.trim())
      ctx.addIssue({ code: 'custom', message: 'key with surrounding spaces', path: ['key'] });
  });

/**
 * A detail description block (detailDescription shows after the table, detailDescriptionAfterTable before it,
 * per the spec's section order).
 */
export const detailBlockSchema = z
  .strictObject({
    /** Heading, HTML. */
    title: htmlSchema.optional(),
    /** Product image keys shown before the paragraphs. */
    images1: z.array(productImageKey).min(1).optional(),
    /** Paragraphs, HTML. */
    content: z.array(htmlSchema).min(1).optional(),
    /** A plain table: first row = header, every row as long as the header. Cells are plain text. */
    table: z.array(z.array(plainTextSchema)).min(2).optional(),
    /** Product image keys shown after the table. */
    images2: z.array(productImageKey).min(1).optional(),
    /** Paragraphs after the table, HTML. */
    DataAfterTable: z.array(htmlSchema).min(1).optional(),
    /** A datasheet of this block: file name under /uploads/. */
    downloadFile: pdfFileNameSchema.optional(),
  })
  .superRefine((block, ctx) => {
    const header = block.table?.[0];
    block.table?.forEach((row, index) => {
      if (row.length !== header?.length) {
        ctx.addIssue({
          code: 'custom',
          message: `table row ${index} has ${row.length} cells, the header ${header?.length ?? 0}`,
          path: ['table', index],
        });
      }
    });
    if (header?.some((cell) => cell.trim() === ''))
      ctx.addIssue({ code: 'custom', message: 'empty table header cell', path: ['table', 0] });
    if (Object.keys(block).length === 0) ctx.addIssue({ code: 'custom', message: 'empty block' });
  });

/**
 * A header cell of the product detail table.
 *
 * The header is a list of rows. The LAST row holds the leaf cells, one per data column, in data order: a leaf's id is
 * the data key of its column, a dotted path for a value nested one level ('threadSize.mm' reads row.threadSize.mm).
 * Rows above it are group rows: the colSpans of every row add up to the number of leaf columns. A group row cell
 * with colSpan 1 already names the column below it, so that leaf may have an empty name (a rowSpan-like header).
 * Cell ids are unique within the header.
 */
export const tableCellSchema = z.strictObject({
  id: text,
  name: plainTextSchema,
  /** Number of leaf columns covered (default 1). */
  colSpan: z.number().int().min(1).optional(),
  /** CSS width of the column, e.g. '18%' or '120px'. */
  customeWidth: z
    .string()
    .regex(/^\d+(\.\d+)?(px|%|rem|em)$/, 'expected a CSS width like 18% or 120px')
    .optional(),
});

export const tableValueSchema = z.union([plainTextSchema, z.number()]);
/**
 * A body row of the product detail table: leaf column id -> value, with one level of nesting for grouped columns
 * (e.g. { size: '20', threadSize: { mm: 'M20', inch: '3/4"' } }). Flattened in key order the row gives exactly the
 * leaf columns, in order (see detailTable.ts flattenTableRow).
 */
export const tableRowSchema = z.record(z.string(), z.union([tableValueSchema, z.record(z.string(), tableValueSchema)]));

/** AED has fils: a price has at most two decimals. */
export const aedPriceSchema = z
  .number()
  .positive()
  .max(1_000_000)
  .refine(
    (price) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6,
    'a price in AED has at most two decimals (fils)',
  );

/** Most variants one product may have (the spec table a page draws, the editor's rows). */
export const PRODUCT_VARIANTS_MAX = 200;

/**
 * An orderable variant of a product: the part a buyer orders (docs/decisions/034-orderable-variants.md). A product is the
 * family; each of its variants has its own code, price, pack and published state.
 */
export const productVariantSchema = z.strictObject({
  /** Our order code (SKU): unique over the catalogue with every variant's code and every product's id, also normalised. */
  code: productCodeSchema,
  /** The manufacturer's part number, where the maker names the part otherwise. */
  mpn: z.string().trim().min(1).max(64).optional(),
  /** What tells it apart from its siblings, in the answer's language ('Size 25 (M25)'); '' for a product's only variant. */
  label: noMarkup(z.string().max(120)),
  /** Its row of the product's specification table, when the table lists the product's parts (tableRowSchema's form). */
  row: tableRowSchema.optional(),
  /** AED for one `unit`; absent: "Price on request". */
  price: aedPriceSchema.optional(),
  unit: z.enum(QUOTE_UNITS),
  /** How many come in a pack or carton: quantities in its multiples are suggested, never required. */
  packQuantity: z.number().int().min(2).max(100_000).optional(),
  /** The fewest a buyer orders (docs/decisions/043-price-breaks-and-order-multiples.md); absent: one. */
  minimumOrder: z.number().int().min(2).max(100_000).optional(),
  /**
   * Its quantity breaks beyond its price at 1 (decision 043): quantities 2 or more, strictly rising, each price (AED,
   * an exact decimal string) at most the one before; only with a price.
   */
  priceBreaks: z
    .array(
      z.strictObject({ quantity: z.number().int().min(2).max(100_000), price: z.string().regex(/^\d{1,9}\.\d{2}$/) }),
    )
    .min(1)
    .max(PRICE_BREAKS_MAX)
    .optional(),
});

/** A variant as content/data/product-variants.json seeds it: its label in both languages. */
export const seededProductVariantSchema = productVariantSchema.extend({ labelAr: noMarkup(z.string().max(120)) });

/**
 * content/data/product-variants.json: the seeded catalogue's orderable variants of the products that have several (a
 * product not listed has one: its code, price and unit). Cross-file rules (codes unique over the catalogue, rows equal
 * to the tables, the first variant's code and price the product's) are held by productVariants.test.ts.
 */
export const productVariantsFileSchema = z
  .array(
    z.strictObject({
      productId: productIdSchema,
      variants: z.array(seededProductVariantSchema).min(1).max(PRODUCT_VARIANTS_MAX),
    }),
  )
  .superRefine((entries, ctx) =>
    addDuplicateIssues(
      entries.map((entry) => entry.productId),
      ctx,
      'product id',
    ),
  );

/** A review shown on a product (seed reviews carry no e-mail). */
export const customerReviewSchema = z.strictObject({
  customerName: noMarkup(text.max(80)),
  /** 1..5 */
  stars: z.number().int().min(1).max(5),
  comment: noMarkup(text.max(1000)),
});

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
    /** Category id. */
    productCategory: categoryId,
    /** Category title. */
    categoryName: plain,
    Specification: z.array(specificationBlockSchema).min(1).optional(),
    /** Logo paths (brandLogoPath(slug)), parallel to `company`. */
    companyImg: z.array(text).min(1).optional(),
    /** Brand names (Brand.name), parallel to `companyImg`. */
    company: z.array(text).min(1).optional(),
    /** Paragraphs, HTML. */
    detail: z.array(htmlSchema).min(1).optional(),
    description: z.array(descriptionEntrySchema).min(1).optional(),
    detailDescription: z.array(detailBlockSchema).min(1).optional(),
    detailDescriptionAfterTable: z.array(detailBlockSchema).min(1).optional(),
    productDetailTableColumns: z.array(z.array(tableCellSchema).min(1)).min(1).optional(),
    productDetailTableData: z.array(tableRowSchema).min(1).optional(),
    customerReviews: z.array(customerReviewSchema).optional(),
    /** Datasheet file name under /uploads/ ('Download Datasheet'). */
    downloadFile: pdfFileNameSchema.optional(),
    /** Button label -> file name under /uploads/ (one button per entry). */
    downloadFiles: z.record(text, pdfFileNameSchema).optional(),
    /** A photo uploaded in the catalogue editor, shown instead of the illustration `image` where the page can. */
    picture: uploadedPictureSchema.optional(),
    /** A datasheet uploaded in the catalogue editor (its path, not a file name under /uploads/). */
    datasheet: uploadedDatasheetSchema.optional(),
    /** The product's pictures in order, each with its alt text (the first is the lead; replaces `picture`). */
    gallery: z.array(galleryPictureSchema).min(1).max(GALLERY_PICTURES_MAX).optional(),
    /** Pictures and datasheets of single variants, by their codes (the product's own otherwise). */
    variantMedia: z.array(variantMediaSchema).min(1).max(200).optional(),
    /** External https link to the manufacturer's catalogue. */
    viewManufacturersCatalogue: z.url({ protocol: /^https$/ }).optional(),
    /** Its accessories and alternatives by code (the English document's: docs/decisions/040-related-parts.md). */
    related: relatedPartsSchema.optional(),
  })
  .superRefine((d, ctx) => {
    // brands: known names, logos parallel to the names
    const names = d.company ?? [];
    const logos = d.companyImg ?? [];
    if (names.length !== logos.length) {
      ctx.addIssue({
        code: 'custom',
        message: `company has ${names.length} names but companyImg ${logos.length} logos`,
        path: ['companyImg'],
      });
    }
    names.forEach((name, i) => {
      if (!brandNames.has(name))
        ctx.addIssue({ code: 'custom', message: `unknown brand '${name}'`, path: ['company', i] });
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
      ctx.addIssue({
        code: 'custom',
        message: 'productDetailTableColumns and productDetailTableData go together',
        path: ['productDetailTableColumns'],
      });
    }
    if (header) {
      for (const problem of tableHeaderProblems(header))
        ctx.addIssue({ code: 'custom', message: problem, path: ['productDetailTableColumns'] });
      rows?.forEach((row, i) => {
        for (const problem of tableRowProblems(header, row))
          ctx.addIssue({ code: 'custom', message: problem, path: ['productDetailTableData', i] });
      });
    }
    galleryProblems(d, ctx);
    if (d.downloadFiles && Object.keys(d.downloadFiles).length === 0) {
      ctx.addIssue({ code: 'custom', message: 'empty downloadFiles', path: ['downloadFiles'] });
    }
  });

/** The gallery's and variant media's own rules: one lead (gallery or the older picture), each picture and code once. */
function galleryProblems(
  d: { picture?: unknown; gallery?: { src: string }[]; variantMedia?: { code: string }[] },
  ctx: z.RefinementCtx,
): void {
  if (d.picture !== undefined && d.gallery !== undefined)
    ctx.addIssue({
      code: 'custom',
      message: "a product has a gallery or a single picture, not both: the gallery's first picture is its lead",
      path: ['picture'],
    });
  const once = (keys: readonly string[], field: 'gallery' | 'variantMedia', what: string) =>
    keys.forEach((key, index) => {
      if (keys.indexOf(key) !== index)
        ctx.addIssue({ code: 'custom', message: `${what} ${key} is there twice`, path: [field, index] });
    });
  once(
    (d.gallery ?? []).map((picture) => picture.src),
    'gallery',
    'the picture',
  );
  once(
    (d.variantMedia ?? []).map((media) => media.code),
    'variantMedia',
    'the variant',
  );
}

/** product-details.json: unique ids, at least MIN_PRODUCTS records. */
export const productDetailsSchema = z
  .array(productDetailSchema)
  .min(MIN_PRODUCTS)
  .superRefine((details, ctx) =>
    addDuplicateIssues(
      details.map((p) => p.id),
      ctx,
      'product id',
    ),
  );

/** An entry of the generated searchResults.json (from products.json, by scripts/generate-search.ts). */
export const searchResultSchema = z.strictObject({
  id: productIdSchema,
  title: text,
  productCategory: text,
  productCategoryId: categoryId,
  /** Brand(s); '' when the product has none. */
  company: z.string(),
  image: productImageKey,
  /** The code of the variant the text named (its code or part number): the result's link selects it (?variant=). */
  variant: productCodeSchema.optional(),
});

/** Generated searchResults.json. */
export const searchResultsSchema = z.array(searchResultSchema);

// ---- team and the chat knowledge base: our-team.json, knowledge-base.json ----

/** Number of team members (spec "Built-in knowledge base": five team members). */
export const TEAM_SIZE = 5;

export const teamMemberSchema = z.strictObject({
  id: z.number().int().positive(),
  name: text,
  position: text,
  bio: text,
  /** Portrait key: content/public/images/team/{image}.svg, served at teamImagePath(image). */
  image: z.string().regex(/^team-\d+$/, 'expected a portrait key like team-1'),
  altTextForImg: text,
});

/** our-team.json: the five members, unique ids and portraits. */
export const teamSchema = z
  .array(teamMemberSchema)
  .length(TEAM_SIZE)
  .superRefine((team, ctx) => {
    addDuplicateIssues(
      team.map((m) => String(m.id)),
      ctx,
      'team member id',
    );
    addDuplicateIssues(
      team.map((m) => m.image),
      ctx,
      'team portrait',
    );
  });

/** What the knowledge base says of a branch beyond branches.json. */
const branchFactsSchema = z.strictObject({
  country: text,
  /** e.g. 'Head office and main warehouse', 'Muscat office', 'Warehouse', 'Associated company'. */
  type: text,
  manager: text.optional(),
  location: text.optional(),
});

/** knowledge-base.json: the chat's own facts (cross-file rules in validate.ts). */
export const knowledgeBaseFactsSchema = z.strictObject({
  /** Team member id of the founder (our-team.json). */
  founderId: z.number().int().positive(),
  about: text,
  values: z.array(text).min(1),
  /** Key figures of the company, as written on the site ('1,000+'). */
  stats: z.strictObject({ customers: text, countries: text, products: text, suppliers: text, experience: text }),
  /** Claims beyond the certificates of certificates.json (e.g. the ISO 9001:2008 claim of the home page). */
  certifications: z.array(text).min(1),
  locations: z.strictObject({
    dubai: branchFactsSchema,
    oman: branchFactsSchema,
    bahrain: branchFactsSchema,
    saudi: branchFactsSchema,
  }),
  /** Extra text for some categories, by category id. */
  categoryNotes: z.record(z.string(), text),
  services: z.array(text).min(1),
  /** One-line description of each page, by menu id (menu.json). */
  pages: z.record(z.string(), text),
  brochure: z.strictObject({ title: text, description: text }),
  careers: z.strictObject({ opening: text, requirements: text, responsibilities: z.array(text).min(1) }),
  projectExperience: z.strictObject({ summary: text, clients: z.array(text).min(1), projects: z.array(text).min(1) }),
});

// ---- company pages: home.json, projects.json ----

/** Spec "Business constants": 3 carousel slides, 4 background pictures, 4 counters, 16 partners, 7 projects. */
export const CAROUSEL_SLIDE_COUNT = 3;
export const CAROUSEL_BACKGROUND_COUNT = 4;
export const HOME_COUNTER_COUNT = 4;
export const PARTNER_COUNT = 16;
export const PROJECT_COUNT = 7;

const sitePath = (folder: string, extensions: string) =>
  z
    .string()
    .regex(
      new RegExp(`^/images/${folder}/[a-z0-9-]+\\.(${extensions})$`),
      `expected /images/${folder}/<name>.(${extensions})`,
    );
const pixels = z.number().int().positive();

/** An image file under the site root with its intrinsic size (set on the <img>, so nothing shifts while it loads). */
const sizedImage = (folder: string, extensions: string) =>
  z.strictObject({
    /** Site-root path, e.g. /images/carousel/slide-1.jpg */
    image: sitePath(folder, extensions),
    width: pixels,
    height: pixels,
    alt: text,
  });

/** One slide of the home page carousel (spec "Entities: Carousel slide"). */
export const carouselSlideSchema = sizedImage('carousel', 'jpg|webp').extend({
  /** Big figure before the heading ('23', '1st'); null when the slide has none. */
  rank: text.nullable(),
  heading: text,
  companyText: text,
  info: text,
  extraText: text,
});

/** A partner logo card (spec "Entities: Partner"); the logo is the brand's logo, brandLogoPath(brand). */
export const partnerSchema = z.strictObject({
  /** Name shown on the card, e.g. 'Marechal Electric'. */
  name: text,
  /** Slug of the brand (BRANDS) whose logo the card shows. */
  brand: z.enum(BRANDS.map((b) => b.slug)),
  alt: text,
});

/** home.json: three slides (two JPEG pictures and one WebP, as the spec names them), counters and partners. */
export const homeSchema = z.strictObject({
  slides: z
    .array(carouselSlideSchema)
    .length(CAROUSEL_SLIDE_COUNT)
    .superRefine((slides, ctx) => {
      const formats = slides
        .map((slide) => slide.image.split('.').pop())
        .sort()
        .join(',');
      if (formats !== 'jpg,jpg,webp')
        ctx.addIssue({ code: 'custom', message: `expected two jpg pictures and one webp, found ${formats}` });
    }),
  /** The pictures that take turns behind the slides; decorative (empty alt). */
  backgrounds: z
    .array(z.strictObject({ image: sitePath('carousel', 'svg|jpg|webp'), width: pixels, height: pixels }))
    .length(CAROUSEL_BACKGROUND_COUNT),
  about: z.strictObject({ heading: text, text: z.array(text).min(1) }),
  /** Figures of the About Us block, counted up from 0 (e.g. 1000 + '+' 'Customers Served'). */
  counters: z
    .array(z.strictObject({ end: z.number().int().positive(), suffix: z.string(), label: text }))
    .length(HOME_COUNTER_COUNT),
  partners: z.strictObject({
    heading: text,
    subtitle: text,
    items: z
      .array(partnerSchema)
      .length(PARTNER_COUNT)
      .superRefine((items, ctx) =>
        addDuplicateIssues(
          items.map((p) => p.name),
          ctx,
          'partner',
        ),
      ),
  }),
});

/** A record of projects.json: one card of /our-projects. */
export const projectSchema = sizedImage('projects', 'svg').extend({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  title: text,
});

/** projects.json: the seven project cards. */
export const projectsSchema = z
  .array(projectSchema)
  .length(PROJECT_COUNT)
  .superRefine((items, ctx) =>
    addDuplicateIssues(
      items.map((p) => p.id),
      ctx,
      'project id',
    ),
  );

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
