// Node-only checks of the whole content folder: every data file against its schema, plus the files they point to.
// Used by scripts/validate-content.ts, scripts/build-content.ts and the tests. Not exported from index.ts.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { checkArabicDictionary, checkDictionariesAgree, isDictionary } from './arabic/check';
import { translateData, type ArabicDictionary } from './arabic/translatable';
import { DATA_FILES, MIN_PRODUCTS_PER_CATEGORY, type DataFileName } from './schema';
import {
  BRANDS,
  CATEGORY_IMAGE_KEYS,
  CEILING_ROSE_TABLE_IMAGE,
  CHARACTERISTICS_IMAGE,
  PRODUCT_IMAGE_KEYS,
  TEASER_CATEGORY_IDS,
} from './dataConstants';
import type { KnowledgeBaseFacts, MenuItem, Product, ProductCategory, ProductDetail, TeamMember } from './types';

/** Upper size limit of a category illustration (they are meant to stay around 4 KB). */
export const MAX_CATEGORY_SVG_BYTES = 5 * 1024;
/** Upper size limit of a product illustration, a brand logo or a detail picture. */
export const MAX_PRODUCT_SVG_BYTES = 6 * 1024;

/**
 * Structural checks of an SVG file: a single well-nested <svg> root with a <title> and role="img",
 * and nothing active or external (scripts, event handlers, foreignObject, external href/url()).
 * Returns the problems found (empty when the SVG is fine).
 */
export function checkSvg(source: string): string[] {
  const problems: string[] = [];
  const body = source.replace(/^\uFEFF/, '').trim();
  if (!body.startsWith('<svg')) problems.push('does not start with <svg');
  if (!body.endsWith('</svg>')) problems.push('does not end with </svg>');
  if (!/^<svg[^>]*\sxmlns="http:\/\/www\.w3\.org\/2000\/svg"/.test(body))
    problems.push('root <svg> lacks the SVG xmlns');
  if (!/^<svg[^>]*\sviewBox="[\d.\s-]+"/.test(body)) problems.push('root <svg> lacks a viewBox');
  if (!/^<svg[^>]*\srole="img"/.test(body)) problems.push('root <svg> lacks role="img"');
  if (!/<title(?:\s[^>]*)?>[^<]+<\/title>/.test(body)) problems.push('no non-empty <title>');
  if (/<script/i.test(body)) problems.push('contains <script>');
  if (/<foreignObject/i.test(body)) problems.push('contains <foreignObject>');
  if (/\son[a-z]+\s*=/i.test(body)) problems.push('contains an event handler attribute');
  if (/<!DOCTYPE|<!ENTITY/i.test(body)) problems.push('contains a DOCTYPE or ENTITY declaration');
  if (/@import|@font-face/i.test(body)) problems.push('contains @import or @font-face');
  for (const m of body.matchAll(/(?:xlink:)?href\s*=\s*["']([^"']*)["']/g)) {
    if (!m[1]?.startsWith('#')) problems.push(`external reference href="${m[1] ?? ''}"`);
  }
  for (const m of body.matchAll(/url\(\s*['"]?([^)'"]*)/g)) {
    if (!m[1]?.startsWith('#')) problems.push(`external reference url(${m[1] ?? ''})`);
  }

  // Well-formedness: tags nest properly, with exactly one root element.
  const stack: string[] = [];
  let roots = 0;
  const withoutComments = body.replace(/<!--[\s\S]*?-->/g, '');
  for (const m of withoutComments.matchAll(
    /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|<[^>]*>?/g,
  )) {
    const [tag, closing, name, , selfClosing] = m;
    if (name === undefined) {
      if (!tag.startsWith('<?')) problems.push(`malformed tag ${tag.slice(0, 40)}`);
      continue;
    }
    if (closing) {
      const open = stack.pop();
      if (open !== name) problems.push(`</${name}> closes <${open ?? 'nothing'}>`);
    } else {
      if (stack.length === 0) roots += 1;
      if (!selfClosing) stack.push(name);
    }
  }
  if (stack.length > 0) problems.push(`unclosed <${stack.join('>, <')}>`);
  if (roots !== 1) problems.push(`expected one root element, found ${roots}`);
  const text = withoutComments.replace(/<[^>]*>/g, '');
  if (/<|&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[\da-fA-F]+);)/.test(text)) problems.push('unescaped < or & in text');
  return problems;
}

export interface ContentReport {
  errors: string[];
  /** Problems that do not fail the build (an Arabic dictionary's unused entries). */
  warnings: string[];
  /** Parsed data of each file that passed its schema. */
  data: Partial<{ [K in DataFileName]: z.output<(typeof DATA_FILES)[K]> }>;
}

function formatIssues(file: string, error: z.ZodError): string[] {
  return error.issues.map(
    (issue) => `${file}: ${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}`,
  );
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8')) as unknown;
}

function checkSvgFile(contentDir: string, sitePath: string, maxBytes?: number, viewBox?: string): string[] {
  const file = join(contentDir, 'public', sitePath);
  const label = `public${sitePath}`;
  if (!existsSync(file)) return [`${label}: file not found`];
  const source = readFileSync(file, 'utf8');
  const errors = checkSvg(source).map((p) => `${label}: ${p}`);
  if (viewBox !== undefined && !source.includes(`viewBox="${viewBox}"`))
    errors.push(`${label}: expected viewBox="${viewBox}"`);
  const size = statSync(file).size;
  if (maxBytes !== undefined && size > maxBytes) errors.push(`${label}: ${size} bytes, more than ${maxBytes}`);
  return errors;
}

/** Validates content/data (with its Arabic dictionaries) and the images it references. `contentDir` is the content package folder. */
export function validateContent(contentDir: string): ContentReport {
  const errors: string[] = [];
  const data: ContentReport['data'] = {};
  const sources: Partial<Record<DataFileName, unknown>> = {};

  for (const [file, schema] of Object.entries(DATA_FILES) as [DataFileName, (typeof DATA_FILES)[DataFileName]][]) {
    let json: unknown;
    try {
      json = readJson(join(contentDir, 'data', file));
    } catch (e) {
      errors.push(`data/${file}: ${e instanceof Error ? e.message : String(e)}`);
      continue;
    }
    sources[file] = json;
    const result = schema.safeParse(json);
    if (result.success) Object.assign(data, { [file]: result.data });
    else errors.push(...formatIssues(`data/${file}`, result.error));
  }

  for (const key of CATEGORY_IMAGE_KEYS) {
    errors.push(...checkSvgFile(contentDir, `/images/categories/${key}.svg`, MAX_CATEGORY_SVG_BYTES));
  }
  errors.push(...checkSvgFile(contentDir, '/images/logo.svg'));
  for (const cert of data['certificates.json'] ?? []) {
    errors.push(...checkSvgFile(contentDir, cert.image));
  }

  for (const key of PRODUCT_IMAGE_KEYS) {
    errors.push(...checkSvgFile(contentDir, `/images/products/${key}.svg`, MAX_PRODUCT_SVG_BYTES, '0 0 400 300'));
  }
  const productsDir = join(contentDir, 'public', 'images', 'products');
  const known = new Set<string>(PRODUCT_IMAGE_KEYS.map((k) => `${k}.svg`));
  if (existsSync(productsDir)) {
    for (const file of readdirSync(productsDir)) {
      // an image's .br and .gz beside it are the build's compressed copies (scripts/precompress-content.mjs)
      if (!known.has(file.replace(/\.(br|gz)$/, '')))
        errors.push(
          `public/images/products/${file}: not a product image key (add it to PRODUCT_IMAGE_KEYS or remove it)`,
        );
    }
  }
  for (const brand of BRANDS) {
    errors.push(...checkSvgFile(contentDir, `/images/brands/${brand.slug}.svg`, MAX_PRODUCT_SVG_BYTES));
  }
  errors.push(...checkSvgFile(contentDir, CEILING_ROSE_TABLE_IMAGE, MAX_PRODUCT_SVG_BYTES));
  errors.push(...checkSvgFile(contentDir, CHARACTERISTICS_IMAGE, MAX_PRODUCT_SVG_BYTES));

  const categories = data['products-category.json'];
  const products = data['products.json'];
  const details = data['product-details.json'];
  if (categories && products && details) errors.push(...checkCatalogue(categories, products, details));

  for (const member of data['our-team.json'] ?? []) {
    errors.push(...checkSvgFile(contentDir, `/images/team/${member.image}.svg`, MAX_PRODUCT_SVG_BYTES, '0 0 320 320'));
  }
  const facts = data['knowledge-base.json'];
  if (facts)
    errors.push(
      ...checkKnowledgeBaseFacts(facts, data['our-team.json'] ?? [], data['menu.json'] ?? [], categories ?? []),
    );

  const company = data['company.json'];
  const dubai = data['branches.json']?.find((b) => b.id === 'dubai');
  if (company && dubai) {
    if (company.mainPhone !== dubai.mobileNo) {
      errors.push(
        `data/company.json: mainPhone '${company.mainPhone}' differs from the Dubai branch number '${dubai.mobileNo}'`,
      );
    }
    if (company.warehouseMap !== dubai.location) {
      errors.push('data/company.json: warehouseMap differs from the Dubai branch map');
    }
  }
  const arabic = checkArabicEditions(contentDir, sources, data);
  errors.push(...arabic.errors);
  return { errors, warnings: arabic.warnings, data };
}

/** The Arabic dictionaries' folder under the content folder: content/translations/ar/<file>.json, one per data file. */
export const ARABIC_DICTIONARY_DIR = join('translations', 'ar');

/** Reads the Arabic dictionary of a data file; undefined when there is none (an error message says why). */
export function readArabicDictionary(
  contentDir: string,
  file: string,
): { dictionary?: ArabicDictionary; error?: string } {
  const path = join(contentDir, ARABIC_DICTIONARY_DIR, file);
  if (!existsSync(path))
    return {
      error: `translations/ar/${file}: file not found (every data file has an Arabic dictionary: English text → Arabic text)`,
    };
  try {
    const json = readJson(path);
    return isDictionary(json)
      ? { dictionary: json }
      : { error: `translations/ar/${file}: expected a JSON object of English text → Arabic text (strings only)` };
  } catch (e) {
    return { error: `translations/ar/${file}: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/**
 * The Arabic edition: each data file's dictionary has an Arabic text for every text a visitor reads, keeps
 * its HTML tags, numbers and Western digits (arabic/check.ts), and agrees with the other dictionaries; the translated
 * catalogue keeps the cross-file rules. `sources` are the files' JSON as read, `data` those that passed their schema.
 */
function checkArabicEditions(
  contentDir: string,
  sources: Partial<Record<DataFileName, unknown>>,
  data: ContentReport['data'],
): Omit<ContentReport, 'data'> {
  const errors: string[] = [];
  const warnings: string[] = [];
  const dictionaries: Partial<Record<DataFileName, ArabicDictionary>> = {};
  for (const file of Object.keys(DATA_FILES) as DataFileName[]) {
    const { dictionary, error } = readArabicDictionary(contentDir, file);
    if (error !== undefined) errors.push(error);
    if (dictionary === undefined) continue;
    dictionaries[file] = dictionary;
    if (!(file in sources)) continue; // the English file could not be read (reported above)
    const report = checkArabicDictionary(file, sources[file], dictionary);
    errors.push(...report.errors);
    warnings.push(...report.warnings);
  }
  const folder = join(contentDir, ARABIC_DICTIONARY_DIR);
  for (const file of existsSync(folder) ? readdirSync(folder) : []) {
    if (file.endsWith('.json') && !(file in DATA_FILES))
      warnings.push(`translations/ar/${file}: a dictionary of no data file`);
  }
  errors.push(...checkDictionariesAgree(dictionaries));

  const translated = <F extends DataFileName>(file: F) => {
    const english = data[file];
    const dictionary = dictionaries[file];
    return english === undefined || dictionary === undefined ? undefined : translateData(english, dictionary);
  };
  const categories = translated('products-category.json');
  const products = translated('products.json');
  const details = translated('product-details.json');
  if (categories && products && details) {
    errors.push(...checkCatalogue(categories, products, details).map((error) => `Arabic edition: ${error}`));
  }
  return { errors, warnings };
}

/**
 * Cross-file rules of the catalogue: every product's category exists; products.json and product-details.json hold
 * the same ids in the same order and agree on name, image, category and brands; every category (and so every home
 * teaser category) has at least MIN_PRODUCTS_PER_CATEGORY products.
 */
export function checkCatalogue(categories: ProductCategory[], products: Product[], details: ProductDetail[]): string[] {
  const errors: string[] = [];
  const categoryById = new Map(categories.map((c) => [c.id, c]));
  const detailById = new Map(details.map((d) => [d.id, d]));
  const productIds = new Set(products.map((p) => p.id));

  for (const product of products) {
    const where = `data/products.json: ${product.id}`;
    const category = categoryById.get(product.productCategoryId);
    if (!category) errors.push(`${where}: unknown category '${product.productCategoryId}'`);
    else if (product.productCategory !== category.title) {
      errors.push(
        `${where}: productCategory '${product.productCategory}' must be the category title '${category.title}'`,
      );
    }
    const detail = detailById.get(product.id);
    if (!detail) {
      errors.push(`${where}: no record in product-details.json`);
      continue;
    }
    if (detail.productName !== product.productName)
      errors.push(`${where}: productName differs from product-details.json`);
    if (detail.image !== product.image) errors.push(`${where}: image differs from product-details.json`);
    if (detail.productCategory !== product.productCategoryId)
      errors.push(`${where}: category differs from product-details.json`);
    const brands = detail.company?.join(', ');
    if (brands !== product.company)
      errors.push(`${where}: company '${product.company ?? ''}' must be the detail's brands '${brands ?? ''}'`);
  }
  for (const detail of details) {
    const where = `data/product-details.json: ${detail.id}`;
    if (!productIds.has(detail.id)) errors.push(`${where}: no record in products.json`);
    const category = categoryById.get(detail.productCategory);
    if (!category) errors.push(`${where}: unknown category '${detail.productCategory}'`);
    else if (detail.categoryName !== category.title) errors.push(`${where}: categoryName must be '${category.title}'`);
  }
  if (products.map((p) => p.id).join() !== details.map((d) => d.id).join()) {
    errors.push('data/products.json and data/product-details.json must list the same ids in the same order');
  }
  for (const category of categories) {
    const count = products.filter((p) => p.productCategoryId === category.id).length;
    if (count < MIN_PRODUCTS_PER_CATEGORY) {
      errors.push(`category '${category.id}' has ${count} products, at least ${MIN_PRODUCTS_PER_CATEGORY} expected`);
    }
  }
  for (const id of TEASER_CATEGORY_IDS) {
    if (!products.some((p) => p.productCategoryId === id)) errors.push(`home teaser category '${id}' has no products`);
  }
  return errors;
}

/** Cross-file rules of knowledge-base.json: its founder is a team member, its pages are the menu's, its notes name categories. */
export function checkKnowledgeBaseFacts(
  facts: KnowledgeBaseFacts,
  team: TeamMember[],
  menu: MenuItem[],
  categories: ProductCategory[],
): string[] {
  const where = 'data/knowledge-base.json';
  const errors: string[] = [];
  if (!team.some((m) => m.id === facts.founderId))
    errors.push(`${where}: founderId ${facts.founderId} is not in our-team.json`);
  const menuIds = menu
    .map((m) => m.id)
    .sort()
    .join(', ');
  const pageIds = Object.keys(facts.pages).sort().join(', ');
  if (menuIds !== pageIds)
    errors.push(`${where}: pages must describe exactly the menu's pages (${menuIds}), got ${pageIds}`);
  for (const id of Object.keys(facts.categoryNotes)) {
    if (!categories.some((c) => c.id === id)) errors.push(`${where}: categoryNotes names an unknown category '${id}'`);
  }
  return errors;
}
