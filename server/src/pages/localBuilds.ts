// The builds of remotes that sit on this server's disk as configured and are served by it: a remote's dist folder at
// /remotes/<name>/ and a canary's REMOTE_<NAME>_CANARY_DIR at /remotes/<name>/canary/. Those get preload hints
// (remoteHints.ts) and a server-rendered first view (ssr/firstView.ts) from their folders. A registry release with
// recorded content (`build`) is rendered from its verified module instead (ssr/buildCache.ts), fetched ahead of the
// pages: the server does not fetch other origins while writing a page beyond a short bounded wait.
import { MANIFEST_FILE } from '@site/contracts/federation';
import { canaryServedPath, remoteServedPath } from '../platform/config.js';
import type { Variant } from './canary.js';
import { storedBuildFolder, storedBuildOf, storedBuildPath } from '../platform/http/buildStore.js';
import type { RegisteredBuild } from './ssr/buildCache.js';

/** A remote as configured (a RemoteConfig fits): its stable build and maybe a canary. */
export interface ServedRemote {
  name: string;
  /** What the shell registers (see RemoteConfig.entry). */
  entry: string;
  /** The remote's build output, served at /remotes/<name>/. */
  distDir: string;
  canary?: { entry: string; distDir: string | undefined; build?: RegisteredBuild | undefined } | undefined;
  /**
   * A registry release's recorded content (releases/registry.ts: remotesFromRegistry): rendered from those bytes
   * (ssr/buildCache.ts), never from a folder that may have changed since.
   */
  build?: RegisteredBuild | undefined;
}

export interface LocalBuild {
  remote: string;
  variant: Variant;
  distDir: string;
  /** The URL path its files are served at, ending in '/'. */
  servedAt: string;
}

/** Names one build of a remote: 'catalogue' or 'catalogue/canary'. */
export const buildId = (remote: string, variant: Variant): string =>
  variant === 'stable' ? remote : `${remote}/canary`;

/**
 * The builds registered by the manifest this server serves from its disk; with `storeDir` (REMOTE_BUILDS_DIR) also the
 * registered builds stored there (buildStore.ts), which never change: for their preload hints.
 */
export function localBuilds(remotes: readonly ServedRemote[], storeDir?: string): LocalBuild[] {
  const stored = (remote: string, variant: Variant, entry: string | undefined): LocalBuild[] => {
    const build = storeDir === undefined || entry === undefined ? undefined : storedBuildOf(entry);
    if (storeDir === undefined || build === undefined || build.remote !== remote) return [];
    return [
      { remote, variant, distDir: storedBuildFolder(storeDir, build), servedAt: storedBuildPath(remote, build.id) },
    ];
  };
  return remotes.flatMap(({ name, entry, distDir, canary }) => {
    const builds: LocalBuild[] = [...stored(name, 'stable', entry), ...stored(name, 'canary', canary?.entry)];
    const stableAt = remoteServedPath(name);
    // (a registry release with recorded content never names these folders: it was stored apart when registered)
    if (entry === stableAt + MANIFEST_FILE)
      builds.push({ remote: name, variant: 'stable', distDir, servedAt: stableAt });
    const canaryAt = canaryServedPath(name);
    if (canary?.distDir !== undefined && canary.entry === canaryAt + MANIFEST_FILE) {
      builds.push({ remote: name, variant: 'canary', distDir: canary.distDir, servedAt: canaryAt });
    }
    return builds;
  });
}

/** The registry releases among `remotes` the server renders from their recorded content (stable and canary). */
export function registeredBuilds(remotes: readonly ServedRemote[]): RegisteredBuild[] {
  return remotes.flatMap((remote) => [remote.build, remote.canary?.build].filter((build) => build !== undefined));
}
