import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { CanaryAssignment } from './platform/http/canary.js';
import { refusalAnswer } from './platform/http/contracts.js';
import { canaryServedPath, RELEASE_SAFETY_DEFAULTS, remoteServedPath, type Config, type ReleasedRemoteConfig } from './platform/config.js';
import { describeError, type Database } from './platform/db/index.js';
import { LOCALE_BASE, localizedPath, type Locale } from '@site/contracts/locale';
import { HOME_PATH } from '@site/contracts/routes';
import { STAFF_REMOTE } from '@site/contracts/staff-api';
import { MANIFEST_FILE } from '@site/contracts/federation';
import { CACHE_IMMUTABLE, CACHE_PER_VISITOR } from './platform/http/caching.js';
import { registerCompression } from './platform/http/compression.js';
import { DataFileCache, dataFileRoutes } from './platform/http/dataFiles.js';
import { BuildCache } from './platform/http/ssr/buildCache.js';
import { isStoredBuildFile, storedBuildsPath } from './platform/http/buildStore.js';
import { registeredBuilds } from './platform/http/localBuilds.js';
import { chosenLocale } from './platform/http/languageChoice.js';
import { followRemoteOrigins, registerSecurityHeaders } from './platform/http/securityHeaders.js';
import { allowedOriginsOf, recordRenderError, releasesPlugin, startLiveRemotes } from './releases/index.js';
import { registerHostCheck } from './platform/http/allowedHosts.js';
import { rewriteMalformedUrl } from './platform/http/malformedUrls.js';
import type { PageCache } from './platform/http/pageCache.js';
import { createSiteOrigin } from './platform/http/siteOrigin.js';
import { CLIENT_ROUTES, createShellResponder, hasFileExtension, isClientRoutePath, type PageCatalogue, type RenderedPage } from './platform/http/spa.js';
import { registerStaticFiles } from './platform/http/staticFiles.js';
import { REMOTES_PREFIX, remoteBundleRoutes, type RemoteBundlesOptions } from './platform/http/remoteBundles.js';
import { serverTimeoutOptions } from './platform/http/timeouts.js';
import { catalogueSeoSite, databaseSeoPages, seoPagesOf, seoPlugin, type SeoSite, siteMapOrigins } from './seo/index.js';
import { staffPageRoutes } from './platform/http/staffPage.js';
import { staffPlugin } from './staff/index.js';
import { fastifyTrustProxy } from './platform/http/trustProxy.js';
import { AFTER_FIRST_PAINT_PATH, AFTER_FIRST_PAINT_SOURCE } from './platform/http/ssr/afterFirstPaint.js';
import { answerClientError, registerExpectationFailed, registerHostRequired } from './platform/http/bareAnswers.js';
import { isBrowserFile } from './platform/http/browserFiles.js';
import { submissionsPlugin } from './submissions/index.js';
import { sharedRedis } from './platform/http/redis.js';
import { assistantPlugin, catalogueKnowledgeBases, type CatalogueKnowledgeLimits, databaseKnowledgeBases, type KnowledgeBase, type KnowledgeBasesFor } from './assistant/index.js';
import { broadKeepsSettled, type CatalogueFeed, cataloguePlugin, CatalogueStore, databaseCatalogueFeed, type DatabaseCatalogueFeed, databaseProductLookup, DiskMediaStore, firstViewCatalogue, fixedCatalogueFeed, onceAPage, type ProductLookup, productLookupOf, siteCatalogueSource, withCatalogueDataFiles, withStreamedCatalogueDataFiles } from './catalogue/index.js';
import { createReviewCatalogue, databaseReviewCatalogue, productRatings, type ReviewCatalogue, reviewsPlugin } from './reviews/index.js';
import { createQuoteCatalogue, databaseQuoteCatalogue, quotesPlugin } from './quotes/index.js';

/** The settings buildApp uses (a full Config fits). */
export type AppConfig = Pick<Config, 'host' | 'port' | 'dataDir' | 'logLevel' | 'shellDist' | 'content' | 'remotes' | 'submissions' | 'assistant' | 'http' | 'staff' | 'staffPages'> &
  // config.ts's defaults when not given (tests that do not look at them)
  Partial<Pick<Config, 'requirePassedRun' | 'releaseSafety' | 'remoteOrigins' | 'remoteBuilds'>>;

export interface BuildAppOptions {
  /** Called when a form submission queued a mail (main.ts wakes the outbox worker). */
  onOutboxWrite?: () => void;
  /** The data of the pages' heads, robots.txt and sitemap.xml (tests); the site's own content by default. */
  seoSite?: SeoSite;
  /** Where rendered pages are kept (tests: a small one, to watch it); a PageCache of the default size otherwise. */
  pageCache?: PageCache<Promise<RenderedPage>>;
  /**
   * Where the catalogue is read from: the database, following its version (by default); another feed; or 'files', the
   * catalogue as committed in content/data with every /data file read from the data folders as it is (tests of the
   * HTTP layer over a stub database).
   */
  catalogue?: CatalogueFeed | 'files';
  /**
   * The most products a catalogue in the database may have for its /data files to be made whole and sent from memory
   * (WHOLE_DATA_FILES_MAX_PRODUCTS by default); past it they are streamed. Tests of the streaming set 0.
   */
  wholeDataFilesMaxProducts?: number;
  /** Over the database, how many products of each category and of a question's search the chat's knowledge base holds (tests set fewer). */
  chatKnowledge?: CatalogueKnowledgeLimits;
  /** The time remote load reports are received at, which the automatic rollback's window is judged by (tests move it). */
  releaseClock?: () => Date;
}

/**
 * The site's HTTP server: the shell with its client-route fallback, each remote's bundle under
 * /remotes/<name>/, /data/*.json and the content files, /remotes.json, /healthz and the form POSTs
 * (routes/submissions.ts). Later features add their /api routes to the returned instance (before it is ready).
 */
export async function buildApp(config: AppConfig, db: Database, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === undefined ? false : { level: config.logLevel },
    trustProxy: fastifyTrustProxy(config.http.trustProxy), // TRUST_PROXY: X-Forwarded-Proto/-Host/-For from these proxies count
    ...serverTimeoutOptions(config.http.timeouts), // HTTP_*_TIMEOUT_SECONDS: stalled clients are let go
    rewriteUrl: rewriteMalformedUrl, // /x/%ZZ reaches the routes (and hooks) as /x/%25ZZ instead of Fastify's bare 400
    clientErrorHandler: answerClientError, // what the parser refuses (bad method, 408, 431...) gets the site's headers too
  });
  // The site's public origin: PUBLIC_SITE_URL, or this process's own address. Never a request's Host.
  const siteOrigin = createSiteOrigin(config.http.publicSiteUrl, config, () => app.server.address());

  // ---- the catalogue as the pages, /data, the sitemap, reviews, quotes and the chat read it: the database's, each
  // made again on first use after its version moved (catalogue/catalogueFeed.ts) ----
  const { feed, databaseFeed } = catalogueFeedOf(db, options.catalogue);
  if (databaseFeed !== undefined) app.addHook('onClose', async () => databaseFeed.stop()); // the app's own: its LISTEN goes with it
  // A broad search's keep under way finishes before the database it writes to is closed (it takes ~1 s at most).
  app.addHook('onClose', broadKeepsSettled);
  // The reviews' catalogue: over the database a query per product; over records given, made from them.
  const reviewCatalogue: () => Promise<ReviewCatalogue> =
    databaseFeed === undefined ? feed.follow((records) => createReviewCatalogue(records.en.details)) : constant(databaseReviewCatalogue(db.kysely, databaseFeed));
  // The catalogue's reads, for its API and the pages' heads alike.
  const catalogue = new CatalogueStore(
    db.kysely,
    async () => productRatings(db.kysely, await reviewCatalogue()),
    // over the committed files the database's catalogue has no version followed: read it every time
    options.catalogue === 'files' ? {} : { version: () => feed.version() },
  );
  // The pages' heads and the sitemap: over the database, each page from its own rows; over records given (the committed
  // files, a test's feed), from those.
  const seoSite =
    options.seoSite ??
    (databaseFeed === undefined ? feed.follow((records) => seoPagesOf(catalogueSeoSite(records))) : databaseSeoPages(catalogue, databaseFeed));

  // ---- security headers (helmet: CSP, nosniff, referrer policy...; HSTS over https): first, so that later hooks
  // (CORS/CORP on /remotes/*) can override its headers ----
  // The remotes as they are now: the configured ones with the registry's pointers applied, swapped when a release
  // moves them (releases/liveRemotes.ts). Every reader below asks it per request.
  // Remote builds come only from this site, the configured remotes' origins and REMOTE_ORIGINS (allowedOrigins.ts).
  const allowedOrigins = allowedOriginsOf(config.remoteOrigins ?? [], [...entriesOf(config.remotes, 'all'), ...entriesOf([config.staffPages], 'all')]);
  // Registered builds as registered: copied from this site's folders into a store every process reads, and each
  // process's cache of their server-render modules (http/buildStore.ts, http/ssr/buildCache.ts).
  const remoteBuilds = config.remoteBuilds ?? { storeDir: path.join(config.dataDir, 'remote-builds'), cacheDir: path.join(config.dataDir, 'remote-build-cache') };
  const buildCache = config.http.serverRendering
    ? new BuildCache({ dir: remoteBuilds.cacheDir, buildsDir: remoteBuilds.storeDir, warn: (message) => app.log.warn(message) })
    : undefined;
  // this site's build folders, which a release registered at their address is copied from (releases/buildContent.ts)
  const buildFolders = new Map<string, string>();
  for (const remote of [...config.remotes, config.staffPages]) {
    buildFolders.set(remoteServedPath(remote.name), remote.distDir);
    if (remote.canary?.distDir !== undefined) buildFolders.set(canaryServedPath(remote.name), remote.canary.distDir);
  }
  const buildStore = { dir: remoteBuilds.storeDir, folders: buildFolders };
  const liveRemotes = await startLiveRemotes(db, config.remotes, {
    staff: config.staffPages,
    allowedOrigins,
    warn: (message, error) => app.log.warn({ err: error }, message),
    // a release made live is fetched now, on every process, not by its first visitor
    onChange: (remotes) => buildCache?.prefetch(registeredBuilds(remotes)),
  });
  app.addHook('onClose', async () => liveRemotes.stop());
  // A canary on another origin is allowed like a stable remote there; a release on a new origin adds it.
  const frameOrigins = options.seoSite?.mapOrigins ?? siteMapOrigins();
  await registerSecurityHeaders(app, { remoteEntries: entriesOf(config.remotes), frameOrigins });
  // The entries made once per state of the remotes, not per request.
  let liveEntries: { remotes: readonly Config['remotes'][number][]; entries: string[] } | undefined;
  const currentEntries = () => {
    const { remotes } = liveRemotes.current();
    if (liveEntries?.remotes !== remotes) liveEntries = { remotes, entries: entriesOf(remotes) };
    return liveEntries.entries;
  };
  followRemoteOrigins(app, { frameOrigins, configured: entriesOf(config.remotes), current: currentEntries });
  // ALLOWED_HOSTS: other Host names are refused (421), after helmet so that the refusal carries its headers too.
  // No Host at all (HTTP/1.1) is a 400 whatever the list: Node's own check is off (timeouts.ts) for this one.
  registerHostRequired(app);
  registerExpectationFailed(app); // Expect: other than 100-continue: Node's 417, with the site's headers
  registerHostCheck(app, config.http.allowedHosts);

  // ---- compression of what the server makes (HTML, JSON): static files are sent as the build compressed them
  // (staticFiles.ts). Before any route: @fastify/compress attaches to routes as they are added ----
  await registerCompression(app);

  // Never leak internals: 5xx answer a generic message (the error is logged); 4xx keep their message.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode !== undefined && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).header('cache-control', 'no-store').send({ error: 'Internal server error' });
    }
    return reply.code(status).send(refusalAnswer(error));
  });

  // remotes: the inline remotes map and the preload hints of each page's remote (read from its dist's manifest)
  // The data files: committed, then generated (first root wins). Served at /data, and read by pages rendered here.
  const dataRoots = [config.content.dataDir, path.join(config.content.generatedDir, 'data')];
  const diskFiles = new DataFileCache(dataRoots);
  // the catalogue's files: from the database (a small catalogue's made whole once per version, a large one's streamed
  // as they are sent), or made from the records given
  const dataFiles =
    options.catalogue === 'files'
      ? diskFiles
      : databaseFeed === undefined
        ? withCatalogueDataFiles(diskFiles, feed)
        : withStreamedCatalogueDataFiles(diskFiles, databaseFeed, catalogue, { wholeMaxProducts: options.wholeDataFilesMaxProducts });
  // What a page reads of the catalogue: its head and its first view through one set of reads (a product read once for
  // both), the first view through the catalogue API's own answers (catalogue/catalogueAnswers.ts), handed over as
  // objects. Over the committed files (tests on a stub database) there is no catalogue to ask.
  const pageCatalogue: PageCatalogue | undefined =
    options.catalogue === 'files'
      ? undefined
      : {
          forPage: () => {
            const reads = onceAPage(catalogue);
            const answer = firstViewCatalogue(reads, lookup, (error, href) => app.log.error({ err: error }, `could not read ${href} for a page: ${describeError(error)}`));
            return { reads, api: { get: answer, version: () => feed.version() } };
          },
        };
  const sendShell = createShellResponder(config.shellDist, {
    // who gets a remote's canary build: one assignment for the pages and /remotes.json, which must agree
    live: liveRemotes,
    dataFiles,
    pageCatalogue,
    site: seoSite,
    origin: siteOrigin,
    pageCache: options.pageCache,
    serverRendering: config.http.serverRendering,
    // a release promoted from where this server cannot render it keeps the pages drawn by the remote's own build
    standIns: ownBuilds(config.remotes),
    buildCache,
    remoteBuildsDir: remoteBuilds.storeDir,
    onRenderError: (remote, variant) =>
      void recordRenderError(db.kysely, remote, variant).catch((error: unknown) => app.log.warn({ err: error }, 'could not count a render error')),
  });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = pathOf(request.url);
    if ((request.method === 'GET' || request.method === 'HEAD') && isClientRoutePath(pathname)) {
      return sendShell(request, reply, 404); // the shell shows its error screen for unknown routes
    }
    return reply.code(404).send({ error: 'Not found' });
  });

  // ---- remotes map (also inline in every page: spa.ts), health ----
  app.get('/remotes.json', async (request, reply) => {
    const { canaries, maps } = liveRemotes.current();
    const visitor = canaries.visitor(request);
    canaries.sendHeaders(reply, visitor);
    return maps.for(visitor).body;
  });

  // The script that starts a server-rendered page's scripts once it is on screen (its name carries its hash).
  app.get(AFTER_FIRST_PAINT_PATH, async (_request, reply) => {
    reply.header('cache-control', CACHE_IMMUTABLE).header('content-type', 'text/javascript; charset=utf-8');
    return AFTER_FIRST_PAINT_SOURCE;
  });

  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await sql`select 1`.execute(db.kysely);
      return { status: 'ok', database: 'ok' };
    } catch (error) {
      return reply.code(503).send({ status: 'error', database: describeError(error) });
    }
  });

  // ---- the one Redis connection (REDIS_URL) of every rate limit and the staff sign-in lockout: app.redis ----
  if (config.submissions.redisUrl !== undefined) await app.register(sharedRedis, { url: config.submissions.redisUrl });

  // ---- form submissions: /api/send-contact-form, /api/send-user-registration, /api/send-inquiry ----
  await app.register(submissionsPlugin, { ...config.submissions, db, onOutboxWrite: options.onOutboxWrite });

  // ---- the chat assistant: /api/chat (AI provider, or the knowledge base) ----
  // over the database a sample of each category and each question's search results; over records given, made from them
  const knowledgeBases: KnowledgeBasesFor =
    databaseFeed === undefined ? ignoringQuestion(feed.follow(catalogueKnowledgeBases)) : databaseKnowledgeBases(catalogue, databaseFeed, options.chatKnowledge);
  await app.register(assistantPlugin, { ...config.assistant, knowledgeBases });

  // ---- product reviews: /api/products/:productId/reviews, /api/products/ratings ----
  await app.register(reviewsPlugin, { ...config.submissions, db, catalogue: reviewCatalogue });

  // ---- the catalogue: /api/catalogue/categories, /api/catalogue/categories/:categoryId/products, /api/catalogue/products/:productId ----
  // the look-up: over the database a query of the products named; over records given, made from them per version
  const lookup: ProductLookup = databaseFeed === undefined ? recordsLookup(feed) : databaseProductLookup(catalogue);
  // and the catalogue editor's uploads: kept in DATA_DIR, served to anyone at CATALOGUE_MEDIA_PREFIX
  const media = new DiskMediaStore(path.join(config.dataDir, 'catalogue-media'));
  await app.register(cataloguePlugin, { store: catalogue, lookup, media, db: db.kysely });

  // ---- requests for quotation: /api/quote-requests, /api/quote-requests/<reference>.pdf ----
  await app.register(quotesPlugin, {
    ...config.submissions,
    db,
    onOutboxWrite: options.onOutboxWrite,
    // over the database the products each request names; over records given, made from them
    catalogue: databaseFeed === undefined ? feed.follow((records) => createQuoteCatalogue(records.en.products, records.ar.products)) : databaseQuoteCatalogue(db.kysely),
  });

  // ---- the staff app's API: /api/staff/* (sign-in, sessions, and the signed-in staff's work calls), and the staff
  // preview of a product's draft: /staff/preview/products/:id, drawn as the public page (never cached) ----
  await app.register(staffPlugin, {
    ...config.staff,
    media,
    db,
    onOutboxWrite: options.onOutboxWrite,
    publicSiteUrl: config.http.publicSiteUrl,
    releases: { liveRemotes, siteHost: config.http.allowedHosts?.[0], requirePassedRun: config.requirePassedRun, allowedOrigins, buildStore },
    renderPreview: sendShell.preview,
  });

  // ---- the remotes registry's API for deployment pipelines: /api/releases/* (a token per pipeline), and the browser's
  // reports of remote loads (public), which can take a failing canary out ----
  await app.register(releasesPlugin, {
    db,
    liveRemotes,
    siteHost: config.http.allowedHosts?.[0],
    requirePassedRun: config.requirePassedRun,
    allowedOrigins,
    buildStore,
    releaseSafety: config.releaseSafety ?? RELEASE_SAFETY_DEFAULTS,
    onOutboxWrite: options.onOutboxWrite,
    now: options.releaseClock,
  });

  // ---- remote bundles, the staff remote's included: loadable from any origin (CORS in their scope only) ----
  // A missing dist folder is fine: its files 404 (the shell shows that remote's routes as errors),
  // and a remote built later is served without a restart.
  const builds: RemoteBundlesOptions['builds'][number][] = config.remotes.flatMap((remote) => [
    { root: remote.distDir, servedPath: remoteServedPath(remote.name) },
    // A canary build on this disk (REMOTE_<NAME>_CANARY_DIR), beside the stable one and by the same rules.
    ...(remote.canary?.distDir === undefined ? [] : [{ root: remote.canary.distDir, servedPath: canaryServedPath(remote.name) }]),
  ]);
  builds.push({ root: config.staffPages.distDir, servedPath: remoteServedPath(STAFF_REMOTE) });
  if (config.staffPages.canary?.distDir !== undefined) builds.push({ root: config.staffPages.canary.distDir, servedPath: canaryServedPath(STAFF_REMOTE) });
  // the registered builds stored apart, each at /remotes/<name>/builds/<sha256>/
  for (const { name } of [...config.remotes, config.staffPages]) builds.push({ root: path.join(remoteBuilds.storeDir, name), servedPath: storedBuildsPath(name), allowedPath: isStoredBuildFile });
  await app.register(remoteBundleRoutes, { prefix: REMOTES_PREFIX, builds });

  // ---- the staff pages: /staff/* (their own HTML, noindex, strict CSP), the staff host's files, the staff remote ----
  // the staff remote as the registry has it now, only builds a person put there (the snapshot holds it: it was given
  // above; else as configured)
  const configuredStaff = { remote: config.staffPages, canaries: new CanaryAssignment([config.staffPages]) };
  // Its map also names the catalogue's stable build (the product editor's live preview), as a person's release moves it.
  await app.register(staffPageRoutes, {
    hostDist: config.staffPages.hostDist,
    current: () => liveRemotes.current().staff ?? configuredStaff,
    catalogueEntry: () => liveRemotes.current().preview?.entry,
  });

  // ---- data: committed, then generated (first root wins), served from memory with the build's compressed copies; the
  // catalogue's streamed from the database ----
  await app.register(dataFileRoutes, { prefix: '/data', cache: dataFiles });

  // ---- shell assets and content files at the root ----
  await registerStaticFiles(app, {
    root: [config.shellDist, config.content.publicDir, config.content.generatedDir],
    prefix: '/',
    allowedPath: isBrowserFile,
  });

  // ---- robots.txt and sitemap.xml, from the route table and the catalogue ----
  await app.register(seoPlugin, { site: seoSite, origin: siteOrigin });

  // ---- client routes: the shell's index.html, with each page's own head, in both editions ('/about', '/ar/about') ----
  const queryOf = (url: string): string => url.slice(pathOf(url).length);
  // The file itself, served as is, would be the shell without any page's head: its address is the home page's.
  app.get('/index.html', async (request, reply) => reply.redirect(`${HOME_PATH}${queryOf(request.url)}`, 301));
  // '/' goes to the home page of the visitor's language (their site_lang cookie, else Accept-Language): the one address
  // answered by language, so it varies by both and no shared cache may keep it. Every other address is one edition's.
  app.get('/', async (request, reply) =>
    reply
      .header('cache-control', CACHE_PER_VISITOR)
      .header('vary', 'Cookie, Accept-Language')
      .redirect(`${localizedPath(chosenLocale(request.headers), HOME_PATH)}${queryOf(request.url)}`, 302),
  );
  // The Arabic edition's root is its home page, whatever the visitor's language.
  for (const url of [LOCALE_BASE.ar, `${LOCALE_BASE.ar}/`]) {
    app.get(url, async (request, reply) => reply.redirect(`${localizedPath('ar', HOME_PATH)}${queryOf(request.url)}`, 301));
  }
  for (const route of CLIENT_ROUTES) {
    for (const url of [route, `${route}/`]) {
      app.get(url, async (request, reply) => {
        // /our-products/x.png is a missing file, not a product page
        if (hasFileExtension(pathOf(request.url).replace(/\/$/, ''))) return reply.callNotFound();
        return sendShell(request, reply, 200);
      });
    }
  }

  return app;
}

/** The feed `catalogue` names; the database's own (the default) also returned as such, for what reads its rows. */
function catalogueFeedOf(db: Database, catalogue: BuildAppOptions['catalogue']): { feed: CatalogueFeed; databaseFeed?: DatabaseCatalogueFeed } {
  if (catalogue === undefined) {
    const databaseFeed = databaseCatalogueFeed(db);
    return { feed: databaseFeed, databaseFeed };
  }
  return { feed: catalogue === 'files' ? fixedCatalogueFeed(siteCatalogueSource()) : catalogue };
}

/** By remote: its dist folder, for the remotes this server serves itself at /remotes/<name>/ as configured. */
const ownBuilds = (remotes: Config['remotes']): Map<string, string> =>
  new Map(remotes.filter((remote) => remote.entry === `${remoteServedPath(remote.name)}${MANIFEST_FILE}`).map((remote) => [remote.name, remote.distDir]));

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

/**
 * The entries of the builds that can be served: every remote's, and its canary's while its percent is above 0 (a canary
 * at 0, rolled back by hand or automatically, is in no page's map, so its origin is in no CSP). 'all' takes every
 * canary (the configured origins of the allow-list: allowedOrigins.ts).
 */
const entriesOf = (remotes: readonly ReleasedRemoteConfig[], canaries: 'served' | 'all' = 'served'): string[] =>
  remotes.flatMap((remote) =>
    remote.canary === undefined || (canaries === 'served' && remote.canary.percent <= 0) ? [remote.entry] : [remote.entry, remote.canary.entry],
  );

/** A value as the readers of what a feed makes ask for it. */
const constant =
  <T>(value: T): (() => Promise<T>) =>
  async () =>
    value;

function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}
