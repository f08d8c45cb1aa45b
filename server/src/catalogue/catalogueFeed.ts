// The catalogue as the rest of the server reads it (/data files, reviews, quotes, the chat's knowledge base): every
// record in both languages, read once per catalogue version and shared, and `follow(make)` for what each of them makes
// from the records, kept per version too (versionedCache.ts); `perVersion(make)` for what reads its own rows instead.
// Over the database every reader of the server does (pages' heads and sitemap, /data, reviews, quotes, the code look-up,
// the chat): `records()` there is read by tests only, to compare with the files. The version is followed across
// processes (changes.ts), so an import beside the servers reaches all of them.
import type { Product, ProductCategory, ProductDetail } from '@site/content';
import type { Locale } from '@site/contracts/locale';
import { sql } from 'kysely';
import type { Database } from '../platform/db/index.js';
import { watchCatalogueVersion, type CatalogueVersionWatch } from './changes.js';
import { CatalogueStore } from './catalogueStore.js';
import type { CatalogueSource } from './seed.js';
import { VersionedCache } from './versionedCache.js';

/** One language's catalogue: the records of products-category.json, products.json and product-details.json. */
export interface CatalogueEdition {
  categories: readonly ProductCategory[];
  products: readonly Product[];
  details: readonly ProductDetail[];
}

export type CatalogueRecords = Readonly<Record<Locale, CatalogueEdition>>;

export interface CatalogueFeed {
  /** The version the records are at now (what every cache keys on). */
  version(): number;
  /** Every record at the current version. */
  records(): Promise<CatalogueRecords>;
  /** `make(records)` at the current version, made once per version on first use. */
  follow<T>(make: (records: CatalogueRecords) => T | Promise<T>): () => Promise<T>;
  stop(): Promise<void>;
}

function feedOver(
  version: () => number,
  read: () => Promise<CatalogueRecords>,
  stop: () => Promise<void>,
): CatalogueFeed {
  const records = new VersionedCache(version, read);
  return {
    version,
    records: () => records.get(),
    follow<T>(make: (records: CatalogueRecords) => T | Promise<T>) {
      const made = new VersionedCache(version, async () => make(await records.get()));
      return () => made.get();
    },
    stop,
  };
}

/** Both editions read in one snapshot, so that no change committed between two reads mixes two versions. */
async function readRecords(db: Database): Promise<CatalogueRecords> {
  return db.kysely.transaction().execute(async (trx) => {
    await sql`set transaction isolation level repeatable read`.execute(trx);
    const store = new CatalogueStore(trx);
    const edition = async (locale: Locale): Promise<CatalogueEdition> => ({
      categories: await store.categories(locale),
      products: await store.allProducts(locale),
      details: await store.allDetails(locale),
    });
    return { en: await edition('en'), ar: await edition('ar') };
  });
}

/** The database's feed: also what reads its own rows, rather than every record, kept per version. */
export interface DatabaseCatalogueFeed extends CatalogueFeed {
  /**
   * `make(version)` at the current version, made once per version on first use, without reading the records (a page's
   * head reads its own rows when asked for; a /data file is read as it is sent).
   */
  perVersion<T>(make: (version: number) => T | Promise<T>): () => Promise<T>;
}

/**
 * The catalogue in the database, following its version. Never fails to start: while the database cannot be reached
 * the records are refused (their readers answer 503) and the version is looked for again on the next read.
 */
export function databaseCatalogueFeed(db: Database): DatabaseCatalogueFeed {
  let watch: CatalogueVersionWatch | undefined;
  let starting: Promise<CatalogueVersionWatch> | undefined;
  let stopped = false;
  const started = async (): Promise<void> => {
    if (watch !== undefined) return;
    starting ??= watchCatalogueVersion(db, () => undefined).finally(() => {
      starting = undefined;
    });
    const made = await starting;
    if (stopped) await made.stop();
    else watch ??= made;
  };
  const feed = feedOver(
    () => watch?.current() ?? -1,
    () => readRecords(db),
    async () => {
      stopped = true;
      await starting?.catch(() => undefined);
      await watch?.stop();
    },
  );
  // Started now when the database answers (a failure is tried again on the first read).
  started().catch(() => undefined);
  const follow = feed.follow.bind(feed);
  return {
    ...feed,
    records: async () => {
      await started();
      return feed.records();
    },
    follow<T>(make: (records: CatalogueRecords) => T | Promise<T>) {
      const current = follow(make);
      return async () => {
        await started();
        return current();
      };
    },
    perVersion<T>(make: (version: number) => T | Promise<T>) {
      const made = new VersionedCache(feed.version, async (version) => make(version));
      return async () => {
        await started();
        return made.get();
      };
    },
  };
}

/** A catalogue that does not change: `source`'s records (the site's committed files, or a test's own). */
export function fixedCatalogueFeed(source: CatalogueSource): CatalogueFeed {
  const records: CatalogueRecords = {
    en: { categories: source.categories, products: source.products, details: source.details },
    ar: { categories: source.categoriesAr, products: source.productsAr, details: source.detailsAr },
  };
  return feedOver(
    () => 0,
    async () => records,
    async () => undefined,
  );
}
