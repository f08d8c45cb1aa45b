// The catalogue as each of its readers reads it: the pages, /data, the sitemap, reviews, quotes and the chat. Over the
// database (the default) each reads its own rows, made again on first use after the catalogue's version moved
// (../catalogue/catalogueFeed.ts); over records given (the committed files, a test's feed) each is made from those.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../platform/db/index.js';
import { DataFileCache, type DataFiles } from '../platform/http/dataFiles.js';
import type { PageCatalogue } from '../pages/index.js';
import {
  catalogueKnowledgeBases,
  databaseKnowledgeBases,
  type KnowledgeBase,
  type KnowledgeBasesFor,
} from '../assistant/index.js';
import {
  broadKeepsSettled,
  type CatalogueFeed,
  type CurrentDisplayRate,
  CatalogueStore,
  databaseCatalogueFeed,
  type DatabaseCatalogueFeed,
  databaseProductLookup,
  fixedCatalogueFeed,
  type ProductLookup,
  productLookupOf,
  siteCatalogueSource,
  withCatalogueDataFiles,
  withStreamedCatalogueDataFiles,
} from '../catalogue/index.js';
import { createQuoteCatalogue, databaseQuoteCatalogue, type QuotesPluginOptions } from '../quote-requests/index.js';
import {
  createReviewCatalogue,
  databaseReviewCatalogue,
  productRatings,
  type ReviewCatalogue,
} from '../reviews/index.js';
import { catalogueStock, StockReader } from '../stock/index.js';
import { currentRate } from '../quotations/index.js';
import { catalogueSeoSite, type CurrentSeoPages, databaseSeoPages, seoPagesOf, type SeoSite } from '../seo/index.js';
import type { Locale } from '@site/contracts/locale';
import type { AppConfig, BuildAppOptions } from './options.js';

/** Where the catalogue comes from, and its reads that the others are made over. */
export interface OpenCatalogue {
  feed: CatalogueFeed;
  /** The database's own feed (the default), for what reads its rows; undefined over records given. */
  databaseFeed: DatabaseCatalogueFeed | undefined;
  /** The catalogue's reads, for its API and the pages' heads alike. */
  store: CatalogueStore;
  /** The reviews' catalogue: over the database a query per product; over records given, made from them. */
  reviews: () => Promise<ReviewCatalogue>;
  /** Over the committed files (tests on a stub database): no catalogue in the database to ask. */
  files: boolean;
  /**
   * The process's reader of the stock (the stock plugin's app.stock), made here because the catalogue's listing and
   * search read the stock too ("In stock at", the cards' badge) and follow its version; undefined over the files.
   */
  stock: StockReader | undefined;
}

/** The catalogue's feed and reads, closed with the app. */
export function openCatalogue(app: FastifyInstance, db: Database, options: BuildAppOptions): OpenCatalogue {
  const { feed, databaseFeed } = catalogueFeedOf(db, options.catalogue);
  if (databaseFeed !== undefined) app.addHook('onClose', async () => databaseFeed.stop()); // the app's own: its LISTEN goes with it
  // A broad search's keep under way finishes before the database it writes to is closed (it takes ~1 s at most).
  app.addHook('onClose', broadKeepsSettled);
  const reviews: () => Promise<ReviewCatalogue> =
    databaseFeed === undefined
      ? feed.follow((records) => createReviewCatalogue(records.en.details))
      : constant(databaseReviewCatalogue(db.kysely, databaseFeed));
  const files = options.catalogue === 'files';
  const stock = files ? undefined : new StockReader(db);
  const store = new CatalogueStore(
    db.kysely,
    async () => productRatings(db.kysely, await reviews()),
    // over the committed files the database's catalogue has no version followed: read it every time
    stock === undefined ? {} : { version: () => feed.version(), stock: catalogueStock(stock) },
  );
  return { feed, databaseFeed, store, reviews, files, stock };
}

/** What the features and the pages read of the catalogue, each over the database's rows or the records given. */
export interface CatalogueReaders {
  /** The pages' heads and the sitemap: over the database each page from its own rows. */
  seo: SeoSite | CurrentSeoPages;
  /** The look-up of products by code: over the database a query of the products named. */
  lookup: ProductLookup;
  /** The chat's knowledge: over the database a sample of each category and each question's search results. */
  knowledgeBases: KnowledgeBasesFor;
  /** The products each request for quotation names. */
  quotes: QuotesPluginOptions['catalogue'];
}

export function catalogueReadersOf(
  db: Database,
  { feed, databaseFeed, store }: OpenCatalogue,
  options: BuildAppOptions,
): CatalogueReaders {
  if (databaseFeed === undefined) {
    return {
      seo: options.seoSite ?? feed.follow((records) => seoPagesOf(catalogueSeoSite(records))),
      lookup: recordsLookup(feed),
      knowledgeBases: ignoringQuestion(feed.follow(catalogueKnowledgeBases)),
      quotes: feed.follow((records) => createQuoteCatalogue(records.en.products, records.ar.products)),
    };
  }
  return {
    seo: options.seoSite ?? databaseSeoPages(store, databaseFeed),
    lookup: databaseProductLookup(store),
    knowledgeBases: databaseKnowledgeBases(store, databaseFeed, options.chatKnowledge),
    quotes: databaseQuoteCatalogue(db.kysely),
  };
}

/**
 * The data files: committed, then generated (first root wins), served at /data and read by pages rendered here. The
 * catalogue's come from the database (a small catalogue's made whole once per version, a large one's streamed as they
 * are sent), or are made from the records given.
 */
export function siteDataFiles(config: AppConfig, catalogue: OpenCatalogue, options: BuildAppOptions): DataFiles {
  const diskFiles = new DataFileCache([config.content.dataDir, path.join(config.content.generatedDir, 'data')]);
  if (catalogue.files) return diskFiles;
  if (catalogue.databaseFeed === undefined) return withCatalogueDataFiles(diskFiles, catalogue.feed);
  return withStreamedCatalogueDataFiles(diskFiles, catalogue.databaseFeed, catalogue.store, {
    wholeMaxProducts: options.wholeDataFilesMaxProducts,
  });
}

/** The catalogue the pages read (../pages/pageCatalogue.ts). Over the committed files there is no catalogue to ask. */
export function pageCatalogueOf(
  app: FastifyInstance,
  { feed, store, files, stock }: OpenCatalogue,
  lookup: ProductLookup,
): PageCatalogue | undefined {
  if (files) return undefined;
  return { feed, store, lookup, stockVersion: stock === undefined ? undefined : () => stock.version(), log: app.log };
}

/** The feed `catalogue` names; the database's own (the default) also returned as such, for what reads its rows. */
function catalogueFeedOf(
  db: Database,
  catalogue: BuildAppOptions['catalogue'],
): { feed: CatalogueFeed; databaseFeed?: DatabaseCatalogueFeed } {
  if (catalogue === undefined) {
    const databaseFeed = databaseCatalogueFeed(db);
    return { feed: databaseFeed, databaseFeed };
  }
  return { feed: catalogue === 'files' ? fixedCatalogueFeed(siteCatalogueSource()) : catalogue };
}

/** The look-up made from the records given, per version. */
function recordsLookup(feed: CatalogueFeed): ProductLookup {
  const lookupOfRecords = feed.follow(productLookupOf);
  return async (codes, locale) => (await lookupOfRecords())(codes, locale);
}

/** Knowledge bases made of every record: the same whatever the question. */
const ignoringQuestion =
  (knowledgeBases: () => Promise<Record<Locale, KnowledgeBase>>): KnowledgeBasesFor =>
  async () =>
    knowledgeBases();

/** A value as the readers of what a feed makes ask for it. */
const constant =
  <T>(value: T): (() => Promise<T>) =>
  async () =>
    value;

/**
 * The rate a catalogue price is shown at in another currency than AED: the one staff set last on the rates/VAT page
 * (the one a quotation prepared now is priced at), its row's id its version (a new rate, new pages).
 */
export const currentDisplayRate =
  (db: Database): CurrentDisplayRate =>
  async (currency) => {
    const stored = await currentRate(db.kysely, currency);
    return stored === undefined ? undefined : { rate: stored.rate, version: String(stored.id) };
  };
