// Where a remote's container comes from: the remotes map names a remote's mf-manifest.json (or its remoteEntry.js);
// the federation runtime is given the remoteEntry.js the manifest names. The shell reads the manifest itself: the
// runtime's own manifest reader (its snapshot handler) is left out of the build (~3 KB gzip, tools/webpack/federated-app.cjs).
import { remoteEntryFileOf } from '@site/contracts/federation';

export interface RemoteSource {
  /** The remote's remoteEntry.js, absolute. */
  entry: string;
  /** The global its remoteEntry.js defines (the container). */
  entryGlobalName: string;
}

/** A manifest's remoteEntry.js URL (next to the manifest) and global name, or an error saying what is wrong with it. */
export function sourceFromManifest(manifest: unknown, manifestUrl: string): RemoteSource {
  const entryFile = remoteEntryFileOf(manifest);
  const globalName = (manifest as { metaData?: { globalName?: unknown } } | null)?.metaData?.globalName;
  if (entryFile === undefined || typeof globalName !== 'string' || globalName === '') {
    throw new Error(`${manifestUrl} is not a remote's manifest (no metaData.remoteEntry.name or metaData.globalName).`);
  }
  return { entry: new URL(entryFile, manifestUrl).href, entryGlobalName: globalName };
}

/** Is the entry a manifest (fetched for the remoteEntry.js it names) rather than the remoteEntry.js itself? */
export const isManifestUrl = (entry: string): boolean => new URL(entry).pathname.endsWith('.json');

async function fetchManifest(url: string): Promise<unknown> {
  // Default fetch options: the same request as the server's <link rel=preload as=fetch crossorigin=anonymous>, so the
  // preloaded manifest is used. The server sends it no-cache: a release is seen on the next page load.
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}.`);
  return response.json();
}

/** The remoteEntry.js and global of a remote registered by `entry` (a manifest is fetched; a remoteEntry.js is used as is). */
export async function resolveRemoteSource(name: string, entry: string): Promise<RemoteSource> {
  if (!isManifestUrl(entry)) return { entry, entryGlobalName: name };
  return sourceFromManifest(await fetchManifest(entry), entry);
}
