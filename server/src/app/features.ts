// The features that answer /api calls, each one Fastify plugin from its index.ts, registered with what it needs of the
// settings and of the parts app.ts made (the catalogue's readers, the live remotes, the page answer). The SEO feature's
// robots.txt and sitemap.xml are registered by app.ts itself, after the files.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { RELEASE_SAFETY_DEFAULTS, RELEASE_VITALS_DEFAULTS, VITALS_DEFAULTS } from '../platform/config.js';
import type { Database } from '../platform/db/index.js';
import { sharedRedis } from '../platform/http/redis.js';
import {
  ACCOUNT_LINK_SEAL_PURPOSE,
  accountsPlugin,
  buyerCompanyOfAddress,
  readBuyerAuditPage,
} from '../accounts/index.js';
import { assistantPlugin, databaseStockFacts } from '../assistant/index.js';
import { cataloguePlugin, currencyRoutes, DiskMediaStore } from '../catalogue/index.js';
import { LINK_SEAL_PURPOSE, quotationLinkPlugin } from '../quotations/index.js';
import { quoteSentPage, quotesPlugin } from '../quote-requests/index.js';
import { liveVersions, readKnownReleases, releasesPlugin } from '../releases/index.js';
import { reviewsPlugin } from '../reviews/index.js';
import { recordStaffAction, staffPlugin, totpSecretBoxOf } from '../staff/index.js';
import { stockPlugin } from '../stock/index.js';
import { messageSentPage, submissionsPlugin } from '../submissions/index.js';
import { createVitalsReports, createVitalsVerdict, vitalsPlugin } from '../vitals/index.js';
import type { SiteMetrics } from '../platform/metrics.js';
import { currentDisplayRate, type CatalogueReaders, type OpenCatalogue } from './catalogueReaders.js';
import { listCatalogueOf } from './listCatalogue.js';
import type { AppConfig, BuildAppOptions } from './options.js';
import type { PageAnswers } from '../pages/index.js';
import type { PageAnswer } from './pages.js';
import { QUOTE_REQUEST_PATH } from '@site/contracts/paths';
import type { SiteRoutePath } from '@site/contracts/routes';
import type { SiteRemotes } from './remotes.js';
import type { SiteOrigin } from '../platform/http/siteOrigin.js';

export interface FeatureParts {
  catalogue: OpenCatalogue;
  readers: CatalogueReaders;
  remotes: SiteRemotes;
  pages: PageAnswer;
  metrics: SiteMetrics;
  /** The site's public origin (PUBLIC_SITE_URL, or this process's address). */
  origin: SiteOrigin;
}

/**
 * What features answer at a page's own address for one visitor (app/pages.ts): the confirmations of the forms posted
 * without the pages' scripts, which the address's query names.
 */
export function featurePageAnswers(db: Database, pages: PageAnswer): PageAnswers {
  return { [QUOTE_REQUEST_PATH]: quoteSentPage(db, pages), [CONTACT_PAGE_PATH]: messageSentPage(pages) };
}

/** The contact page's address in its edition ('/contact-us'). */
const CONTACT_PAGE_PATH = '/contact-us' satisfies `/${SiteRoutePath}`;

export async function registerFeatures(
  app: FastifyInstance,
  config: AppConfig,
  db: Database,
  parts: FeatureParts,
  options: BuildAppOptions,
): Promise<void> {
  const { onOutboxWrite } = options;
  const { catalogue, readers, remotes } = parts;
  // The one Redis connection (REDIS_URL) of every rate limit and the staff sign-in lockout, app.redis: before them all.
  if (config.submissions.redisUrl !== undefined) await app.register(sharedRedis, { url: config.submissions.redisUrl });

  // the forms' API, and the contact page's message form as a plain form post (drawn pages, from this origin only)
  await app.register(submissionsPlugin, {
    ...config.submissions,
    db,
    onOutboxWrite,
    sendPage: parts.pages,
    publicSiteUrl: config.http.publicSiteUrl,
  });
  // stock questions: the catalogue's search and the stock's reader (app.stock, registered below); none over fixed files
  const stockFacts = catalogue.files
    ? undefined
    : databaseStockFacts(catalogue.store, (codes) => app.stock.availability(codes));
  await app.register(assistantPlugin, { ...config.assistant, knowledgeBases: readers.knowledgeBases, stockFacts });
  await app.register(reviewsPlugin, { ...config.submissions, db, catalogue: catalogue.reviews });
  // the catalogue editor's uploads: kept in DATA_DIR, served by the catalogue, written by the staff
  const media = new DiskMediaStore(path.join(config.dataDir, 'catalogue-media'));
  // the listing's and the product's answers in the visitor's currency, at the staff-set rates; its choice page
  const currentRate = currentDisplayRate(db);
  await app.register(cataloguePlugin, {
    store: catalogue.store,
    lookup: readers.lookup,
    currentRate,
    media,
    db: db.kysely,
  });
  await app.register(currencyRoutes, { currentRate, publicSiteUrl: config.http.publicSiteUrl });
  // each line's availability is read when a request is sent (app.stock: the stock feature, registered below)
  const availability = (codes: readonly string[]) => app.stock.availability(codes);
  // the request page's form also as a plain form post: its lines a pasted list, the products its codes name looked up
  const plainForm = { db, sendPage: parts.pages, lookup: readers.lookup, publicSiteUrl: config.http.publicSiteUrl };
  await app.register(quotesPlugin, {
    ...config.submissions,
    db,
    onOutboxWrite,
    catalogue: readers.quotes,
    availability,
    plainForm,
  });

  // the field vitals: the beacons, and the canary-hold rule promote asks (both ways in: the pipelines' and the staff's)
  await app.register(vitalsPlugin, {
    db,
    beaconsPerMinute: (config.vitals ?? VITALS_DEFAULTS).beaconsPerMinute,
    readKnownReleases,
    metrics: parts.metrics,
    now: options.vitalsClock,
  });
  const releaseVitals = config.releaseVitals ?? RELEASE_VITALS_DEFAULTS;
  const vitalsHold = {
    verdict: createVitalsVerdict(liveVersions, releaseVitals, options.vitalsClock),
    rollback: releaseVitals.rollback,
  };

  // what the releases' calls act on: the live remotes, and where registered builds are kept
  const releases = {
    liveRemotes: remotes.live,
    siteHost: config.http.allowedHosts?.[0],
    requirePassedRun: config.requirePassedRun,
    allowedOrigins: remotes.allowedOrigins,
    buildStore: remotes.buildStore,
    vitalsHold,
    vitalsReports: createVitalsReports(liveVersions, releaseVitals, options.vitalsClock),
  };
  await app.register(staffPlugin, {
    ...config.staff,
    media,
    db,
    onOutboxWrite,
    publicSiteUrl: config.http.publicSiteUrl,
    staffOrigin: () => app.staffSurface.fixedOrigin(),
    releases,
    stock: config.stock,
    renderPreview: parts.pages.preview,
    // a request's buyers' company account, on the request in the inbox
    buyerCompanyOf: (email) => buyerCompanyOfAddress(db.kysely, email),
    // the buyers' accounts' log, on the audit page beside the staff's
    buyerAuditPage: (page) => readBuyerAuditPage(db.kysely, page),
  });
  await app.register(releasesPlugin, {
    db,
    ...releases,
    releaseSafety: config.releaseSafety ?? RELEASE_SAFETY_DEFAULTS,
    onOutboxWrite,
    now: options.releaseClock,
  });
  // a sent quotation's buyer link (the token the only key): its calls and its page, drawn here with the quotation and
  // never kept (its forms posted as plain forms too, from this origin only); the ERP's orders (an orders token)
  await app.register(quotationLinkPlugin, {
    db,
    recordStaffAction,
    onOutboxWrite,
    redisNamespace: undefined,
    sendPage: parts.pages,
    publicSiteUrl: config.http.publicSiteUrl,
    // the keys the staff's send sealed each token with: a replaced revision's page links to the latest one
    linkSealer: (await totpSecretBoxOf(config.staff.totpKeys, config.staff.totpKeyFile)).forPurpose(LINK_SEAL_PURPOSE),
  });
  // the buyer's account, on its own origin: sign-in by e-mail link (sealed in the outbox as the quotation links are)
  await app.register(accountsPlugin, {
    db: db.kysely,
    sealer: (await totpSecretBoxOf(config.staff.totpKeys, config.staff.totpKeyFile)).forPurpose(
      ACCOUNT_LINK_SEAL_PURPOSE,
    ),
    origin: () => app.accountSurface.origin(),
    fixedOrigin: () => app.accountSurface.fixedOrigin(),
    rateLimit: { ...config.submissions, redisNamespace: undefined },
    ...(onOutboxWrite === undefined ? {} : { onOutboxWrite }),
    lists: listCatalogueOf(readers.lookup, readers.quotes, catalogue.files ? undefined : catalogue.store),
    publicOrigin: parts.origin,
    publicSiteUrl: config.http.publicSiteUrl,
  });
  // the ERP's stock feed (a stock token), and the process's reader of availability (app.stock)
  await app.register(stockPlugin, {
    db,
    display: config.stock?.display,
    ...options.stock,
    ...(catalogue.stock === undefined ? {} : { reader: catalogue.stock }),
  });
}
