// Writes the Arabic edition of every data file, {outDir}/data/ar/<file>.json, served at /data/ar/<file>.json
// (the store's fetch reads there on Arabic pages, server rendering too): the English file as committed with each text a
// visitor reads replaced by its Arabic text from content/translations/ar/<file>.json (src/arabic/translatable.ts). Same
// records, ids, prices, pictures and technical values: the English file stays the one source of every fact, and the
// edition is generated at build time and never committed, so the two cannot drift. Also the Arabic search index,
// {outDir}/data/ar/searchResults.json, built from the Arabic products and categories like the English one.
// Run by scripts/build-content.ts after the validation (which fails on a missing Arabic text).
// Usage (from the repo root): npx tsx content/scripts/generate-editions.ts [outDir]   (default content/generated)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { missingTranslations, translateData } from '../src/arabic/translatable';
import {
  DATA_FILES,
  productCategoriesSchema,
  productsSchema,
  searchResultsSchema,
  type DataFileName,
} from '../src/schema';
import { readArabicDictionary } from '../src/validate';
import { buildSearchResults } from './generate-search';

const CONTENT_DIR = resolve(__dirname, '..');

/** The Arabic edition's folder under the output folder (served at /data/ar). */
export const ARABIC_EDITION_DIR = join('data', 'ar');

/** The Arabic edition of each data file, by name, from the committed English file and its dictionary. */
export function buildArabicEditions(contentDir: string = CONTENT_DIR): Map<DataFileName, unknown> {
  const editions = new Map<DataFileName, unknown>();
  for (const file of Object.keys(DATA_FILES) as DataFileName[]) {
    const english = JSON.parse(readFileSync(join(contentDir, 'data', file), 'utf8')) as unknown;
    const { dictionary, error } = readArabicDictionary(contentDir, file);
    if (dictionary === undefined) throw new Error(error);
    const missing = missingTranslations(english, dictionary);
    if (missing.length > 0)
      throw new Error(
        `translations/ar/${file}: no Arabic text for ${missing.length} text(s), e.g. ${JSON.stringify(missing[0])}`,
      );
    editions.set(file, translateData(english, dictionary));
  }
  return editions;
}

/** Writes the Arabic editions and the Arabic search index under {outDir}/data/ar; returns the names written. */
export function writeArabicEditions(outDir: string, contentDir: string = CONTENT_DIR): string[] {
  const editions = buildArabicEditions(contentDir);
  const searchResults = searchResultsSchema.parse(
    buildSearchResults(
      productsSchema.parse(editions.get('products.json')),
      productCategoriesSchema.parse(editions.get('products-category.json')),
    ),
  );
  const dir = join(outDir, ARABIC_EDITION_DIR);
  mkdirSync(dir, { recursive: true });
  const files: [string, unknown][] = [...editions, ['searchResults.json', searchResults]];
  // One line, like the browser reads it: the English files are committed indented for review, these only served.
  for (const [file, json] of files) writeFileSync(join(dir, file), `${JSON.stringify(json)}\n`);
  return files.map(([file]) => file);
}

if (require.main === module) {
  const outDir = resolve(process.argv[2] ?? join(CONTENT_DIR, 'generated'));
  const files = writeArabicEditions(outDir);
  console.log(`Wrote ${files.length} Arabic data files to ${join(outDir, ARABIC_EDITION_DIR)}`);
}
