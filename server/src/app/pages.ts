// The site's pages (../pages/index.ts) put together: the page answer over this app's remotes, data files, catalogue
// and SEO data, its render errors counted by the releases.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../platform/db/index.js';
import type { DataFiles } from '../platform/http/dataFiles.js';
import type { SiteOrigin } from '../platform/http/siteOrigin.js';
import { createShellResponder, type PageCatalogue, type ShellResponderFunction } from '../pages/index.js';
import { recordRenderError } from '../releases/index.js';
import { displayRateOf } from '../catalogue/index.js';
import { currentDisplayRate, type CatalogueReaders } from './catalogueReaders.js';
import type { AppConfig, BuildAppOptions } from './options.js';
import { ownBuilds, type SiteRemotes } from './remotes.js';

/** The answer of every page (../pages/shellResponder.ts), with its drawing of a draft's preview. */
export type PageAnswer = ShellResponderFunction;

export interface PageParts {
  remotes: SiteRemotes;
  dataFiles: DataFiles;
  pageCatalogue: PageCatalogue | undefined;
  seo: CatalogueReaders['seo'];
  origin: SiteOrigin;
}

/** The answer of every page, and the staff preview's drawing of one. */
export function createPageAnswer(
  app: FastifyInstance,
  config: AppConfig,
  db: Database,
  parts: PageParts,
  options: BuildAppOptions,
): PageAnswer {
  const currentRate = currentDisplayRate(db);
  return createShellResponder(config.shellDist, {
    // a listing and a product drawn in the currency the visitor's cookie names, at the staff-set rate
    displayRate: (request) => displayRateOf(request.headers.cookie, currentRate),
    // who gets a remote's canary build: one assignment for the pages and /remotes.json, which must agree
    live: parts.remotes.live,
    dataFiles: parts.dataFiles,
    pageCatalogue: parts.pageCatalogue,
    site: parts.seo,
    origin: parts.origin,
    pageCache: options.pageCache,
    serverRendering: config.http.serverRendering,
    vitalsSamplePercent: config.vitals?.samplePercent,
    // a release promoted from where this server cannot render it keeps the pages drawn by the remote's own build
    standIns: ownBuilds(config.remotes),
    buildCache: parts.remotes.buildCache,
    remoteBuildsDir: parts.remotes.buildStore.dir,
    onRenderError: (remote, variant) =>
      void recordRenderError(db.kysely, remote, variant).catch((error: unknown) =>
        app.log.warn({ err: error }, 'could not count a render error'),
      ),
  });
}
