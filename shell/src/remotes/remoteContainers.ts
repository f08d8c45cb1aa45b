// Loads remotes' containers at run time with webpack's own Module Federation: the remote's remoteEntry.js defines a
// global (its container), which is given the page's share scope once, then asked for exposed modules. The remote's
// URL comes from the remotes map: its mf-manifest.json (which names the remoteEntry.js and the global) or its
// remoteEntry.js itself (the global is then the remote's name).
import { remoteEntryFileOf } from '@site/content';

/** What a remoteEntry.js defines (webpack's ContainerEntryModule). */
export interface RemoteContainer {
  init(shareScope: unknown): unknown;
  get(exposedModule: string): Promise<() => unknown>;
}

/** Where a remote's container comes from. */
export interface ContainerSource {
  scriptUrl: string;
  globalName: string;
}

/** A manifest's remoteEntry.js URL (next to the manifest) and global name, or an error saying what is wrong with it. */
export function containerSourceFromManifest(manifest: unknown, manifestUrl: string): ContainerSource {
  const entryFile = remoteEntryFileOf(manifest);
  const globalName = (manifest as { metaData?: { globalName?: unknown } } | null)?.metaData?.globalName;
  if (entryFile === undefined || typeof globalName !== 'string' || globalName === '') {
    throw new Error(`${manifestUrl} is not a remote's manifest (no metaData.remoteEntry.name or metaData.globalName).`);
  }
  return { scriptUrl: new URL(entryFile, manifestUrl).href, globalName };
}

/** Is the entry a manifest (fetched for the remoteEntry.js it names) rather than the remoteEntry.js itself? */
export const isManifestUrl = (entry: string): boolean => new URL(entry).pathname.endsWith('.json');

/**
 * Each download is tried once more when it fails. The server preloads the page's remote files (remoteHints.ts); when
 * the remote was down as the page loaded, the browser keeps those failed preloads and answers the next request for
 * each file with that failure, without asking the network. The second request goes to the network, so a remote that
 * is back is used on the next navigation.
 */
async function onceMoreOnFailure<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch {
    return attempt();
  }
}

async function fetchManifest(entry: string): Promise<unknown> {
  // Default fetch options: the same request as the server's <link rel=preload as=fetch crossorigin=anonymous>, so the
  // preloaded manifest is used. The server sends it no-cache: a release is seen on the next page load.
  const response = await fetch(entry);
  if (!response.ok) throw new Error(`${entry} answered HTTP ${response.status}.`);
  return response.json();
}

async function resolveSource(name: string, entry: string): Promise<ContainerSource> {
  if (!isManifestUrl(entry)) return { scriptUrl: entry, globalName: name };
  return containerSourceFromManifest(await onceMoreOnFailure(() => fetchManifest(entry)), entry);
}

/** Runs a classic script: no crossorigin attribute, as the server's preload of it and webpack's chunk loading. */
function loadScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new Error(`${url} could not be loaded.`));
    };
    document.head.appendChild(script);
  });
}

function globalContainer(globalName: string): RemoteContainer | undefined {
  const value = (window as unknown as Record<string, unknown>)[globalName] as Partial<RemoteContainer> | undefined;
  return typeof value?.get === 'function' && typeof value.init === 'function' ? (value as RemoteContainer) : undefined;
}

/** Gives a container the page's share scope: the shell's React, router, store... are the ones the remote uses. */
async function initialise(container: RemoteContainer): Promise<void> {
  await __webpack_init_sharing__('default');
  await container.init(__webpack_share_scopes__.default);
}

/** Containers that loaded, by remote name: a remote's entry runs once per page (a release is seen on reload). */
const containers = new Map<string, Promise<RemoteContainer>>();

async function startContainer(name: string, entry: string): Promise<RemoteContainer> {
  const source = await resolveSource(name, entry);
  if (!globalContainer(source.globalName)) await onceMoreOnFailure(() => loadScript(source.scriptUrl));
  const container = globalContainer(source.globalName);
  if (!container) throw new Error(`${source.scriptUrl} did not define the container "${source.globalName}".`);
  await initialise(container);
  return container;
}

/** The remote's container, loading it on first use. A failed load is forgotten, so the next call tries again. */
function remoteContainer(name: string, entry: string): Promise<RemoteContainer> {
  let started = containers.get(name);
  if (!started) {
    started = startContainer(name, entry);
    containers.set(name, started);
    started.catch(() => containers.delete(name));
  }
  return started;
}

/** An exposed module of a remote ('./ProductDetailsPage'), evaluated. */
export async function loadExposedModule<T>(name: string, entry: string, exposedModule: string): Promise<T> {
  const container = await remoteContainer(name, entry);
  // webpack forgets a chunk that failed to load, so asking again downloads it again.
  const factory = await onceMoreOnFailure(() => container.get(exposedModule));
  return factory() as T;
}
