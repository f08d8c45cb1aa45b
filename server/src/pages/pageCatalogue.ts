// What a page reads of the catalogue: its head and its first view through one set of reads (a product read once for
// both), the first view through the catalogue API's own answers (../catalogue/catalogueAnswers.ts).
import type { FastifyBaseLogger } from 'fastify';
import { describeError } from '../platform/db/index.js';
import {
  answerInCurrency,
  type DisplayRate,
  firstViewCatalogue,
  onceAPage,
  type CatalogueFeed,
  type CatalogueStore,
  type ProductLookup,
} from '../catalogue/index.js';
import type { PageReads } from '../seo/index.js';
import type { CatalogueApiReader } from './ssr/firstView.js';

/** The catalogue the pages read, as app/ opens it over the database. */
export interface PageCatalogue {
  feed: CatalogueFeed;
  store: CatalogueStore;
  lookup: ProductLookup;
  /** The stock's version, which a listing's and a search's answers follow too; none when the stock is not read. */
  stockVersion: (() => number) | undefined;
  /** Where a failed read of the catalogue API for a page is told. */
  log: FastifyBaseLogger;
}

/** The catalogue API's answers that show stock: a category's listing, the search. */
const STOCK_SHOWN = /^\/api\/catalogue\/(categories\/[^/?]+\/products|search)(\?|$)/;

/**
 * A fresh set of reads for one page, and the catalogue API over them: its listing's and product's answers in the
 * visitor's currency (`display`), as the API answers that visitor's browser.
 */
export function pageReadsOf(
  { feed, store, lookup, stockVersion, log }: PageCatalogue,
  display?: DisplayRate,
): {
  reads: PageReads;
  api: CatalogueApiReader;
} {
  const reads = onceAPage(store);
  const read = firstViewCatalogue(reads, lookup, (error, href) =>
    log.error({ err: error }, `could not read ${href} for a page: ${describeError(error)}`),
  );
  const answer =
    display === undefined ? read : async (href: string) => answerInCurrency(href, await read(href), display);
  // a listing's and a search's answers show stock (counts, badges): their pages' key names the stock's version too
  const version = (href: string) =>
    STOCK_SHOWN.test(href) && stockVersion !== undefined ? `${feed.version()}+stock${stockVersion()}` : feed.version();
  return { reads, api: { get: answer, version } };
}
