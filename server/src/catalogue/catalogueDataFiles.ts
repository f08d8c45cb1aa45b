// The catalogue's /data files made from the catalogue instead of content/data and the build's generated files:
// products-category.json, products.json, product-details.json and searchResults.json, English at /data and Arabic at
// /data/ar, each in the bytes the committed or generated file has (catalogueFeed.test.ts compares them with the
// seeded database). Every other data file is still read from disk (dataFiles.ts).
//
// Over the database, a large catalogue's files are streamed: read a page of rows at a time (CatalogueStore's pages) and
// written as read, compressed on the way by Accept-Encoding (dataFiles.ts), so that a server holds a page, never the
// catalogue; the ETag is the catalogue's version, so a conditional GET is answered 304 without reading a row. A small
// catalogue's (and over records given: a test's feed) are made whole once per version, with their compressed copies,
// and sent from memory.
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Product, ProductCategory, ProductDetail, SearchResult } from '@site/content';
import type { Locale } from '@site/contracts/locale';
import type { CatalogueEdition, CatalogueFeed, CatalogueRecords, DatabaseCatalogueFeed } from './catalogueFeed.js';
import type { CatalogueStore } from './catalogueStore.js';
import { COMPRESS_THRESHOLD, type Encoding } from '../platform/http/compression.js';
import type { DataFile, DataFiles, StreamedDataFile } from '../platform/http/dataFiles.js';
import { contentEtag } from '../platform/http/etag.js';
import { jsonArrayText } from '../platform/http/jsonArrayText.js';

/** The data files that are the catalogue's (in each edition's folder). */
export const CATALOGUE_DATA_FILES = [
  'products-category.json',
  'products.json',
  'product-details.json',
  'searchResults.json',
] as const;

type CatalogueDataFile = (typeof CATALOGUE_DATA_FILES)[number];

/** Products read per statement when a file is streamed from the database (a page of details is a few MB at most). */
export const DATA_FILE_PAGE_SIZE = 500;

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

/** One edition's catalogue as the files read it: its categories, and its products and details a page at a time. */
interface EditionPages {
  categories(): Promise<readonly ProductCategory[]>;
  products(): AsyncIterable<readonly Product[]>;
  details(): AsyncIterable<readonly ProductDetail[]>;
}

/** What each file holds, a page at a time: read on asking, so that only the file asked for is read. */
async function* filePages(edition: EditionPages, file: CatalogueDataFile): AsyncGenerator<readonly unknown[]> {
  switch (file) {
    case 'products-category.json':
      yield await edition.categories();
      return;
    case 'products.json':
      yield* edition.products();
      return;
    case 'product-details.json':
      yield* edition.details();
      return;
    case 'searchResults.json': {
      const categories = await edition.categories();
      for await (const products of edition.products()) yield searchResultsOf(products, categories);
    }
  }
}

/**
 * The file's text, in pieces, as the site has always served it: English indented (the committed files, and the
 * generated search index), the Arabic edition on one line (content/scripts/generate-editions.ts).
 */
const fileText = (edition: EditionPages, locale: Locale, file: CatalogueDataFile): AsyncGenerator<string> =>
  jsonArrayText(filePages(edition, file), locale === 'en');

// ---- over records (a feed other than the database's) ----

/** An edition's records as pages: each part one page, read out of the records only when asked for. */
function recordPages(edition: CatalogueEdition): EditionPages {
  return {
    categories: async () => edition.categories,
    async *products() {
      yield edition.products;
    },
    async *details() {
      yield edition.details;
    },
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

/** A file's text read to its end and kept whole, with the ETag of its bytes and its compressed copies. */
async function wholeFile(text: AsyncIterable<string>): Promise<DataFile> {
  const pieces: string[] = [];
  for await (const piece of text) pieces.push(piece);
  const body = Buffer.from(pieces.join(''));
  return { body, etag: contentEtag(body), copies: await copiesOf(body) };
}

/** One catalogue data file of an edition made whole from the records. */
const catalogueDataFile = (records: CatalogueRecords, locale: Locale, file: CatalogueDataFile): Promise<DataFile> =>
  wholeFile(fileText(recordPages(records[locale]), locale, file));

/** Every catalogue data file of both editions made from records, by name ('products.json', 'ar/products.json'), with its copies. */
export async function catalogueDataFiles(records: CatalogueRecords): Promise<ReadonlyMap<string, DataFile>> {
  const files = new Map<string, DataFile>();
  for (const locale of ['en', 'ar'] as const) {
    for (const file of CATALOGUE_DATA_FILES)
      files.set(inEdition(locale, file), await catalogueDataFile(records, locale, file));
  }
  return files;
}

/** /data's files with the catalogue's in front of `disk`'s: `catalogue(name)` is a catalogue file's current version. */
function inFrontOf(
  disk: DataFiles,
  catalogue: (locale: Locale, file: CatalogueDataFile) => () => Promise<DataFile | StreamedDataFile>,
): DataFiles {
  const files = new Map(
    (['en', 'ar'] as const).flatMap((locale) =>
      CATALOGUE_DATA_FILES.map((file) => [inEdition(locale, file), catalogue(locale, file)] as const),
    ),
  );
  return {
    async get(name) {
      const current = files.get(name);
      return current === undefined ? disk.get(name) : current();
    },
  };
}

/**
 * /data's files: the catalogue's made from the feed's records, each on its own first request after the version moved
 * (a reader of products.json does not make every edition's details); the others from `disk`.
 */
export function withCatalogueDataFiles(disk: DataFiles, feed: CatalogueFeed): DataFiles {
  return inFrontOf(disk, (locale, file) => feed.follow((records) => catalogueDataFile(records, locale, file)));
}

// ---- over the database ----

/** The catalogue's version moved while a file was being read: what was sent mixes two versions, so it is cut off. */
export class CatalogueMovedError extends Error {
  constructor(file: string, from: number, to: number) {
    super(`the catalogue moved from version ${from} to ${to} while /data/${file} was read`);
  }
}

/**
 * `pages` as long as the catalogue stays at `version`: its version is read before the first page and after each (each
 * page is a statement of its own; a version read on each side of it is the version it read, since every change bumps
 * the version in its own transaction), and a move fails the read.
 */
async function* atVersion<T>(
  pages: AsyncIterable<T>,
  version: number,
  versionNow: () => Promise<number>,
  file: string,
): AsyncGenerator<T> {
  const check = async () => {
    const now = await versionNow();
    if (now !== version) throw new CatalogueMovedError(file, version, now);
  };
  const iterator = pages[Symbol.asyncIterator]();
  await check();
  for (;;) {
    const next = await iterator.next();
    await check();
    if (next.done === true) return;
    yield next.value;
  }
}

/** The weak ETag of the catalogue's files at `version` (weak: the answer's bytes depend on its encoding too). */
export const catalogueVersionEtag = (version: number): string => `W/"catalogue-${version}"`;

/** An edition read from the store `pageSize` products at a time. */
function storePages(store: CatalogueStore, locale: Locale, pageSize: number): EditionPages {
  return {
    categories: () => store.categories(locale),
    products: () => store.productPages(locale, pageSize),
    details: () => store.detailPages(locale, pageSize),
  };
}

/**
 * A catalogue of at most this many products has its files made whole once per version, with their compressed copies
 * (a few MB in all at this size), and sent from memory: thousands of requests a second, as the committed files were.
 * A larger one's are streamed, so that a server's memory does not grow with the catalogue.
 */
export const WHOLE_DATA_FILES_MAX_PRODUCTS = 2_000;

/**
 * /data's files over the database: the catalogue's from `store`, `pageSize` products per statement. Up to
 * `wholeMaxProducts` products, each file is made whole on its first request after the version moved (its
 * ETag its bytes'); past that it is streamed, tagged with the feed's version (known before any row is read) and read
 * at the database's (which the feed hears of a moment later: a file is never read at a version it is not tagged with).
 * Either way it is read at one version or not at all. The other files come from `disk`.
 */
export function withStreamedCatalogueDataFiles(
  disk: DataFiles,
  feed: DatabaseCatalogueFeed,
  store: CatalogueStore,
  {
    pageSize = DATA_FILE_PAGE_SIZE,
    wholeMaxProducts = WHOLE_DATA_FILES_MAX_PRODUCTS,
  }: { pageSize?: number; wholeMaxProducts?: number } = {},
): DataFiles {
  return inFrontOf(disk, (locale, file) => {
    const name = inEdition(locale, file);
    const readAt = (version: number) =>
      atVersion(fileText(storePages(store, locale, pageSize), locale, file), version, () => store.version(), name);
    return feed.perVersion(async (version): Promise<DataFile | StreamedDataFile> => {
      if (!(await store.hasMoreProductsThan(wholeMaxProducts))) return wholeFile(readAt(await store.version()));
      return {
        etag: catalogueVersionEtag(version),
        open: async () => {
          const now = await store.version();
          return { etag: catalogueVersionEtag(now), body: Readable.from(readAt(now), { objectMode: false }) };
        },
      };
    });
  });
}
