// The files the site serves: the remotes' bundles, the staff pages, /data and the shell's and content's own files.
import type { FastifyInstance } from 'fastify';
import { isBrowserFile } from '../platform/http/browserFiles.js';
import { dataFileRoutes, type DataFiles } from '../platform/http/dataFiles.js';
import { CanaryAssignment, REMOTES_PREFIX, remoteBundleRoutes, staffPageRoutes } from '../pages/index.js';
import { registerStaticFiles } from '../platform/http/staticFiles.js';
import type { AppConfig } from './options.js';
import { remoteBundleBuilds, type SiteRemotes } from './remotes.js';

export async function registerFiles(
  app: FastifyInstance,
  config: AppConfig,
  live: SiteRemotes['live'],
  dataFiles: DataFiles,
): Promise<void> {
  // ---- remote bundles, the staff remote's included: loadable from any origin (CORS in their scope only) ----
  await app.register(remoteBundleRoutes, { prefix: REMOTES_PREFIX, builds: remoteBundleBuilds(config) });

  // ---- the staff pages: /staff/* (their own HTML, noindex, strict CSP), the staff host's files, the staff remote ----
  // the staff remote as the registry has it now, only builds a person put there (the snapshot holds it: it was given
  // to the live remotes; else as configured)
  const configuredStaff = { remote: config.staffPages, canaries: new CanaryAssignment([config.staffPages]) };
  // Its map also names the catalogue's stable build (the product editor's live preview), as a person's release moves it.
  await app.register(staffPageRoutes, {
    hostDist: config.staffPages.hostDist,
    current: () => live.current().staff ?? configuredStaff,
    catalogueEntry: () => live.current().preview?.entry,
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
}
