// Writes the search index of the header's search modal, {outDir}/data/searchResults.json (served at
// /data/searchResults.json), from products.json and the categories. Generated at build time and never committed,
// so it cannot drift from the catalogue.
// Usage (from the repo root): npx tsx content/scripts/generate-search.ts [outDir]   (default content/generated)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { productCategoriesSchema, productsSchema, searchResultsSchema } from '../src/schema';
import type { Product, ProductCategory, SearchResult } from '../src/types';

const CONTENT_DIR = resolve(__dirname, '..');

/** Path of the index under the output folder. */
export const SEARCH_RESULTS_FILE = join('data', 'searchResults.json');

/** One entry per product, in catalogue order: title = product name, category = the category's title, company = brands or ''. */
export function buildSearchResults(products: Product[], categories: ProductCategory[]): SearchResult[] {
  const titles = new Map(categories.map((c) => [c.id, c.title]));
  return products.map((p) => {
    const productCategory = titles.get(p.productCategoryId);
    if (productCategory === undefined) throw new Error(`product ${p.id}: unknown category ${p.productCategoryId}`);
    return {
      id: p.id,
      title: p.productName,
      productCategory,
      productCategoryId: p.productCategoryId,
      company: p.company ?? '',
      image: p.image,
    };
  });
}

/** Builds the index from content/data and writes it; returns the entries. */
export function writeSearchResults(outDir: string, contentDir: string = CONTENT_DIR): SearchResult[] {
  const read = (file: string): unknown => JSON.parse(readFileSync(join(contentDir, 'data', file), 'utf8')) as unknown;
  const results = searchResultsSchema.parse(
    buildSearchResults(
      productsSchema.parse(read('products.json')),
      productCategoriesSchema.parse(read('products-category.json')),
    ),
  );
  const file = join(outDir, SEARCH_RESULTS_FILE);
  mkdirSync(join(outDir, 'data'), { recursive: true });
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  return results;
}

if (require.main === module) {
  const outDir = resolve(process.argv[2] ?? join(CONTENT_DIR, 'generated'));
  const results = writeSearchResults(outDir);
  console.log(`Wrote ${results.length} search entries to ${join(outDir, SEARCH_RESULTS_FILE)}`);
}
