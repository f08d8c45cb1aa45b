// The catalogue's /data files made from the database instead of content/data and the build's generated files:
// products-category.json, products.json, product-details.json and searchResults.json, English at /data and Arabic at
// /data/ar, each in the bytes the committed or generated file has (catalogueFeed.test.ts compares them with the
// seeded database). Each made once per catalogue version, on its first request after it moved, with an ETag of its bytes
// and its brotli and gzip copies (as the build's precompressed files had: the route sends copies, and a body this big
// is past compression.ts's cache). Every other data file is still read from disk (dataFiles.ts).
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Product, ProductCategory, SearchResult } from '@site/content';
import type { Locale } from '@site/contracts/locale';
import type { CatalogueEdition, CatalogueFeed, CatalogueRecords } from '../catalogue/catalogueFeed.js';
import { COMPRESS_THRESHOLD, type Encoding } from './compression.js';
import type { DataFile, DataFiles } from './dataFiles.js';
import { contentEtag } from './etag.js';

/** The data files that are the catalogue's (in each edition's folder). */
export const CATALOGUE_DATA_FILES = ['products-category.json', 'products.json', 'product-details.json', 'searchResults.json'] as const;

/** A file's name in an edition: 'products.json' at the top for English, 'ar/products.json' for Arabic. */
const inEdition = (locale: Locale, file: string): string => (locale === 'en' ? file : `${locale}/${file}`);

/**
 * The search modal's index: one entry per product in the catalogue's order (as content/scripts/generate-search.ts
 * writes it at build time; a product of an unknown category cannot be in the database).
 */
export function searchResultsOf(products: readonly Product[], categories: readonly ProductCategory[]): SearchResult[] {
  const titles = new Map(categories.map((category) => [category.id, category.title]));
  return products.map((product) => ({
    id: product.id,
    title: product.productName,
    productCategory: titles.get(product.productCategoryId) ?? product.productCategory,
    productCategoryId: product.productCategoryId,
    company: product.company ?? '',
    image: product.image,
  }));
}

/**
 * The JSON text as the site has always served it: English indented (the committed files, and the generated search
 * index), the Arabic edition on one line (content/scripts/generate-editions.ts).
 */
function jsonText(locale: Locale, value: unknown): string {
  return `${locale === 'en' ? JSON.stringify(value, null, 2) : JSON.stringify(value)}\n`;
}

/** What each file holds: made on asking, so that only the file asked for is read out of the records. */
function editionFiles(edition: CatalogueEdition): Record<(typeof CATALOGUE_DATA_FILES)[number], () => unknown> {
  return {
    'products-category.json': () => edition.categories,
    'products.json': () => edition.products,
    'product-details.json': () => edition.details,
    'searchResults.json': () => searchResultsOf(edition.products, edition.categories),
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The copies of a body, made off the main thread (brotli at 6: 11 takes seconds on a catalogue of thousands). */
async function copiesOf(body: Buffer): Promise<Partial<Record<Encoding, Buffer>>> {
  if (body.length < COMPRESS_THRESHOLD) return {}; // too small to gain from it
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzip(body, { level: 9 }),
  ]);
  return { br, gzip: gz };
}

type CatalogueDataFile = (typeof CATALOGUE_DATA_FILES)[number];

/** One catalogue data file of an edition, with its ETag and compressed copies. */
async function catalogueDataFile(records: CatalogueRecords, locale: Locale, file: CatalogueDataFile): Promise<DataFile> {
  const body = Buffer.from(jsonText(locale, editionFiles(records[locale])[file]()));
  return { body, etag: contentEtag(body), copies: await copiesOf(body) };
}

/** Every catalogue data file of both editions, by name ('products.json', 'ar/products.json'), with its copies. */
export async function catalogueDataFiles(records: CatalogueRecords): Promise<ReadonlyMap<string, DataFile>> {
  const files = new Map<string, DataFile>();
  for (const locale of ['en', 'ar'] as const) {
    for (const file of CATALOGUE_DATA_FILES) files.set(inEdition(locale, file), await catalogueDataFile(records, locale, file));
  }
  return files;
}

/**
 * /data's files: the catalogue's from the feed, each made on its own first request after the version moved (a reader
 * of products.json does not make every edition's details: at 100,000 products each file is tens of megabytes, and
 * their copies more); the others from `disk`.
 */
export function withCatalogueDataFiles(disk: DataFiles, feed: CatalogueFeed): DataFiles {
  const files = new Map(
    (['en', 'ar'] as const).flatMap((locale) =>
      CATALOGUE_DATA_FILES.map((file) => [inEdition(locale, file), feed.follow((records) => catalogueDataFile(records, locale, file))] as const),
    ),
  );
  return {
    async get(name) {
      const current = files.get(name);
      return current === undefined ? disk.get(name) : current();
    },
  };
}
