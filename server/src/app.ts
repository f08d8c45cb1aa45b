import type { FastifyInstance } from 'fastify';
import type { Database } from './platform/db/index.js';
import { registerCompression } from './platform/http/compression.js';
import type { SideListener, SideSiteOptions } from './platform/http/sideListener.js';
import { createSiteOrigin } from './platform/http/siteOrigin.js';
import { createAccountSurface, registerAccountSurface } from './platform/http/accountSurface.js';
import { createStaffSurface, registerStaffSurface } from './platform/http/staffSurface.js';
import { seoPlugin, siteMapOrigins } from './seo/index.js';
import { catalogueReadersOf, openCatalogue, pageCatalogueOf, siteDataFiles } from './app/catalogueReaders.js';
import { featurePageAnswers, registerFeatures } from './app/features.js';
import { registerFiles } from './app/files.js';
import { registerGuards } from './app/guards.js';
import { answerErrors, createInstance } from './app/instance.js';
import type { AppConfig, BuildAppOptions } from './app/options.js';
import { createPageAnswer } from './app/pages.js';
import { startRemotes } from './app/remotes.js';
import { registerServiceRoutes } from './app/serviceRoutes.js';
import { canaryHoldsOf, registerMetricsRoute, startMetrics } from './app/metrics.js';
import { answerUnknownPaths, PageCache, registerPageRoutes, type RenderedPage } from './pages/index.js';
import { releaseLoadTotals } from './releases/index.js';

export type { AppConfig, BuildAppOptions } from './app/options.js';

/** A side site's settings (the staff app's, the account's) as its surface takes them. */
const sideSite = (
  config: AppConfig,
  site: { origin: string | undefined; port: number | undefined } | undefined,
  listener: SideListener,
): SideSiteOptions => ({
  configuredOrigin: site?.origin,
  publicSiteUrl: config.http.publicSiteUrl,
  listenHost: config.host,
  configuredPort: site?.port,
  listener,
});

/**
 * The site's HTTP server: the pages (the shell with each page's head and first view, at every client route), each
 * remote's bundle under /remotes/<name>/, /data/*.json and the content files, /remotes.json, /healthz and each feature's
 * /api calls. Each step is a module of ./app/; the order is theirs to keep: what every answer passes through (headers,
 * host checks, compression, the error handler) before any route, and Redis before the features that count with it.
 */
export async function buildApp(
  config: AppConfig,
  db: Database,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const app = createInstance(config, options.logStream);
  // The site's public origin: PUBLIC_SITE_URL, or this process's own address. Never a request's Host.
  const origin = createSiteOrigin(config.http.publicSiteUrl, config, () => app.server.address());
  // The staff app's origin: its own port or host, where no public remote runs (platform/http/staffSurface.ts).
  const staffSurface = createStaffSurface(sideSite(config, config.staffSite, app.staffListener));
  app.decorate('staffSurface', staffSurface);
  // The buyer's account's origin: its own port or host, where no public remote runs (platform/http/accountSurface.ts).
  const accountSurface = createAccountSurface(sideSite(config, config.accountSite, app.accountListener));
  app.decorate('accountSurface', accountSurface);
  const catalogue = openCatalogue(app, db, options);
  const pageCache = options.pageCache ?? new PageCache<Promise<RenderedPage>>();
  // Before any route: every answer is counted by its route pattern.
  const metrics = startMetrics(app, {
    db,
    pageCache,
    catalogueVersion: () => catalogue.feed.version(),
    releaseLoads: releaseLoadTotals,
    canaryHolds: canaryHoldsOf(config),
    warn: (message, error) => app.log.warn({ err: error }, message),
  });
  const readers = catalogueReadersOf(db, catalogue, options);
  const remotes = await startRemotes(app, db, config);

  await registerGuards(app, config, remotes.live, options.seoSite?.mapOrigins ?? siteMapOrigins());
  // Before any route: the staff routes answer on the staff origin only, and it answers nothing else of the site.
  registerStaffSurface(app, staffSurface, origin);
  // ... and the buyer's account on the account origin only, which answers nothing else either.
  registerAccountSurface(app, accountSurface, origin);
  // Compression of what the server makes (HTML, JSON): before any route, as @fastify/compress attaches to routes as
  // they are added. Static files are sent as the build compressed them (staticFiles.ts).
  await registerCompression(app);
  answerErrors(app);

  const dataFiles = siteDataFiles(config, catalogue, options);
  const pageCatalogue = pageCatalogueOf(app, catalogue, readers.lookup);
  const pages = createPageAnswer(
    app,
    config,
    db,
    { remotes, dataFiles, pageCatalogue, seo: readers.seo, origin },
    { ...options, pageCache },
  );
  answerUnknownPaths(app, pages);
  registerServiceRoutes(app, db, remotes.live);
  registerMetricsRoute(app, config);

  await registerFeatures(app, config, db, { catalogue, readers, remotes, pages, metrics, origin }, options);
  await registerFiles(app, config, remotes.live, dataFiles);
  // robots.txt and sitemap.xml, from the route table and the catalogue
  await app.register(seoPlugin, { site: readers.seo, origin });
  // a form's confirmation at its page's address (the request page's, the contact page's) is drawn by its feature
  registerPageRoutes(app, pages, featurePageAnswers(db, pages));
  return app;
}
