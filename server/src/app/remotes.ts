// The remotes as they are now: the configured ones with the registry's pointers applied, swapped when a release moves
// them (../releases/liveRemotes.ts); every reader asks them per request. Also where their builds are kept and served.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MANIFEST_FILE } from '@site/contracts/federation';
import { STAFF_REMOTE } from '@site/contracts/staff-api';
import { canaryServedPath, remoteServedPath, type ReleasedRemoteConfig } from '../platform/config.js';
import type { Database } from '../platform/db/index.js';
import { isStoredBuildFile, storedBuildsPath } from '../platform/http/buildStore.js';
import { BuildCache, registeredBuilds, type RemoteBundlesOptions } from '../pages/index.js';
import { allowedOriginsOf, type ReleasesPluginOptions, startLiveRemotes } from '../releases/index.js';
import type { Config } from './config.js';
import type { AppConfig } from './options.js';

export interface SiteRemotes {
  live: ReleasesPluginOptions['liveRemotes'];
  /** Remote builds come only from this site, the configured remotes' origins and REMOTE_ORIGINS (allowedOrigins.ts). */
  allowedOrigins: ReleasesPluginOptions['allowedOrigins'];
  /** Registered builds as registered: copied from this site's folders into a store every process reads (http/buildStore.ts). */
  buildStore: NonNullable<ReleasesPluginOptions['buildStore']>;
  /** Each process's cache of registered builds' server-render modules (http/ssr/buildCache.ts); none without server rendering. */
  buildCache: BuildCache | undefined;
}

/** The live remotes, read from the registry now and followed until the app closes. */
export async function startRemotes(app: FastifyInstance, db: Database, config: AppConfig): Promise<SiteRemotes> {
  const allowedOrigins = allowedOriginsOf(config.remoteOrigins ?? [], [
    ...entriesOf(config.remotes, 'all'),
    ...entriesOf([config.staffPages], 'all'),
  ]);
  const { storeDir, cacheDir } = remoteBuildsOf(config);
  const buildCache = config.http.serverRendering
    ? new BuildCache({ dir: cacheDir, buildsDir: storeDir, warn: (message) => app.log.warn(message) })
    : undefined;
  // this site's build folders, which a release registered at their address is copied from (releases/buildContent.ts)
  const folders = new Map<string, string>();
  for (const remote of [...config.remotes, config.staffPages]) {
    folders.set(remoteServedPath(remote.name), remote.distDir);
    if (remote.canary?.distDir !== undefined) folders.set(canaryServedPath(remote.name), remote.canary.distDir);
  }
  const live = await startLiveRemotes(db, config.remotes, {
    staff: config.staffPages,
    allowedOrigins,
    warn: (message, error) => app.log.warn({ err: error }, message),
    // a release made live is fetched now, on every process, not by its first visitor
    onChange: (remotes) => buildCache?.prefetch(registeredBuilds(remotes)),
  });
  app.addHook('onClose', async () => live.stop());
  return { live, allowedOrigins, buildStore: { dir: storeDir, folders }, buildCache };
}

/** REMOTE_BUILDS_DIR and REMOTE_BUILD_CACHE_DIR, or their defaults in DATA_DIR. */
export const remoteBuildsOf = (config: AppConfig): NonNullable<AppConfig['remoteBuilds']> =>
  config.remoteBuilds ?? {
    storeDir: path.join(config.dataDir, 'remote-builds'),
    cacheDir: path.join(config.dataDir, 'remote-build-cache'),
  };

/**
 * The builds /remotes/ serves, the staff remote's included: each remote's dist folder, a canary build on this disk
 * (REMOTE_<NAME>_CANARY_DIR) beside the stable one and by the same rules, and the registered builds stored apart, each at
 * /remotes/<name>/builds/<sha256>/. A missing folder is fine: its files 404 (the shell shows that remote's routes as
 * errors), and a remote built later is served without a restart.
 */
export function remoteBundleBuilds(config: AppConfig): RemoteBundlesOptions['builds'][number][] {
  const builds: RemoteBundlesOptions['builds'][number][] = config.remotes.flatMap((remote) => [
    { root: remote.distDir, servedPath: remoteServedPath(remote.name) },
    ...(remote.canary?.distDir === undefined
      ? []
      : [{ root: remote.canary.distDir, servedPath: canaryServedPath(remote.name) }]),
  ]);
  builds.push({ root: config.staffPages.distDir, servedPath: remoteServedPath(STAFF_REMOTE) });
  if (config.staffPages.canary?.distDir !== undefined)
    builds.push({ root: config.staffPages.canary.distDir, servedPath: canaryServedPath(STAFF_REMOTE) });
  const { storeDir } = remoteBuildsOf(config);
  for (const { name } of [...config.remotes, config.staffPages])
    builds.push({
      root: path.join(storeDir, name),
      servedPath: storedBuildsPath(name),
      allowedPath: isStoredBuildFile,
    });
  return builds;
}

/**
 * The entries of the builds that can be served: every remote's, and its canary's while its percent is above 0 (a canary
 * at 0, rolled back by hand or automatically, is in no page's map, so its origin is in no CSP). 'all' takes every
 * canary (the configured origins of the allow-list: allowedOrigins.ts).
 */
export const entriesOf = (remotes: readonly ReleasedRemoteConfig[], canaries: 'served' | 'all' = 'served'): string[] =>
  remotes.flatMap((remote) =>
    remote.canary === undefined || (canaries === 'served' && remote.canary.percent <= 0)
      ? [remote.entry]
      : [remote.entry, remote.canary.entry],
  );

/** By remote: its dist folder, for the remotes this server serves itself at /remotes/<name>/ as configured. */
export const ownBuilds = (remotes: Config['remotes']): Map<string, string> =>
  new Map(
    remotes
      .filter((remote) => remote.entry === `${remoteServedPath(remote.name)}${MANIFEST_FILE}`)
      .map((remote) => [remote.name, remote.distDir]),
  );
