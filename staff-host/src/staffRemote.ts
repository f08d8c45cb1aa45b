// The staff page's remotes, found and registered the way the shell registers the public ones (shell/src/remotes/): the
// page's remotes map names each one's mf-manifest.json (or remoteEntry.js), the manifest names the remoteEntry.js and
// its global, and that is registered with the federation runtime the build plugin made. The staff remote is loaded at
// once; the catalogue remote only when the editor's preview is opened (catalogueRemote.ts).
// The staff remote's load, or its failure, is reported to the server per build as the shell reports the public remotes
// (@site/contracts/remote-load-reports), so a failing staff canary is taken out automatically like theirs.
import { getInstance } from '@module-federation/enhanced/runtime';
import { REMOTES_MAP_ELEMENT_ID } from '@site/contracts/dom-ids';
import { rememberCanaryFailure, remoteEntryFileOf, withRetryQuery } from '@site/contracts/federation';
import type { RemoteLoadReport } from '@site/contracts/releases-api-schemas';
import {
  loadFailureKind,
  remoteLoadReporter,
  type LoadReporter,
  type SendLoadReport,
} from '@site/contracts/remote-load-reports';
import { STAFF_APP_MODULE, STAFF_REMOTE } from '@site/contracts/staff-api';
import type { StaffExposes } from '@site/mfe-staff/exposes';

export type StaffAppModule = StaffExposes[typeof STAFF_APP_MODULE];

/**
 * Remote `name`'s entry in the page's remotes map, absolute, and for a visitor on its canary the stable build's
 * (`fallback`); undefined when the map is missing or names none.
 */
export function remoteOfMap(
  doc: Document,
  baseUrl: string,
  name: string,
): { entry: string; fallback: string | undefined } | undefined {
  const element = doc.getElementById(REMOTES_MAP_ELEMENT_ID);
  if (element === null || element.getAttribute('type') !== 'application/json') return undefined;
  try {
    const map = JSON.parse(element.textContent ?? '') as { remotes?: unknown };
    const remotes = Array.isArray(map.remotes)
      ? (map.remotes as { name?: unknown; entry?: unknown; fallback?: unknown }[])
      : [];
    const remote = remotes.find((candidate) => candidate?.name === name);
    if (typeof remote?.entry !== 'string' || remote.entry === '') return undefined;
    const fallback =
      typeof remote.fallback === 'string' && remote.fallback !== ''
        ? new URL(remote.fallback, baseUrl).href
        : undefined;
    return { entry: new URL(remote.entry, baseUrl).href, fallback };
  } catch {
    return undefined;
  }
}

/** The staff remote's entry in the page's remotes map, with its stable build for a visitor on its canary. */
export function staffRemoteOf(
  doc: Document,
  baseUrl: string,
): { entry: string; fallback: string | undefined } | undefined {
  return remoteOfMap(doc, baseUrl, STAFF_REMOTE);
}

/**
 * The remoteEntry.js and global of the remote registered by `entry` (a manifest is read; a remoteEntry.js used as is,
 * its global being the remote's name, `name`).
 */
export async function resolveStaffSource(
  entry: string,
  fetchFile: typeof fetch = (input, init) => fetch(input, init),
  name: string = STAFF_REMOTE,
): Promise<{ entry: string; entryGlobalName: string }> {
  if (!new URL(entry).pathname.endsWith('.json')) return { entry, entryGlobalName: name };
  // Default options: the request the server's <link rel=preload as=fetch crossorigin=anonymous> matches.
  const response = await fetchFile(entry);
  if (!response.ok) throw new Error(`${entry} answered HTTP ${response.status}.`);
  const manifest: unknown = await response.json();
  const file = remoteEntryFileOf(manifest);
  const globalName = (manifest as { metaData?: { globalName?: unknown } } | null)?.metaData?.globalName;
  if (file === undefined || typeof globalName !== 'string' || globalName === '')
    throw new Error(`${entry} is not a remote's manifest.`);
  return { entry: new URL(file, entry).href, entryGlobalName: globalName };
}

type Federation = NonNullable<ReturnType<typeof getInstance>>;
type FailureKind = NonNullable<RemoteLoadReport['kind']>;

/** A build that did not load, and what of it failed (its manifest, its remoteEntry.js or the module) for the report. */
class BuildLoadError extends Error {
  constructor(
    readonly kind: FailureKind,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = 'BuildLoadError';
  }
}

/** Registers remote `name` by `entry` and loads its module; a failure is a BuildLoadError saying what failed. */
async function loadOnce<T>(
  federation: Federation,
  name: string,
  request: string,
  entry: string,
  retry: boolean,
  force: boolean,
): Promise<T | null> {
  let source: { entry: string; entryGlobalName: string };
  try {
    source = await resolveStaffSource(retry ? withRetryQuery(entry) : entry, (input, init) => fetch(input, init), name);
  } catch (error) {
    throw new BuildLoadError('manifest', error);
  }
  federation.registerRemotes(
    [{ name, ...source, entry: retry ? withRetryQuery(source.entry) : source.entry }],
    force ? { force: true } : undefined,
  );
  try {
    return await federation.loadRemote<T>(request);
  } catch (error) {
    throw new BuildLoadError(loadFailureKind(error), error);
  }
}

/**
 * Registers remote `name` by `entry` and loads its module `module`. A failed load (its manifest or its remoteEntry.js
 * did not arrive, or the module failed) is tried once more as the shell does for its remotes: registered again (forced:
 * the failed entry's global and loading are dropped) by a cache-busting address, then loaded again.
 */
async function loadFrom<T>(
  federation: Federation,
  name: string,
  module: string,
  entry: string,
  force: boolean,
): Promise<T> {
  const request = `${name}/${module.replace(/^\.\//, '')}`;
  let loaded: T | null;
  try {
    loaded = await loadOnce<T>(federation, name, request, entry, false, force);
  } catch {
    loaded = await loadOnce<T>(federation, name, request, entry, true, true);
  }
  if (loaded == null)
    throw new BuildLoadError('module', new Error(`The ${name} remote returned nothing for ${module}.`));
  return loaded;
}

/**
 * Loads module `module` of remote `name` as the page's map names it (each build tried twice: loadFrom). A visitor on
 * the remote's canary whose canary does not load gets the stable build (`fallback`) instead, as the shell does for the
 * public remotes, and the failed-canaries cookie tells the server to send the stable build from now on. With `report`,
 * each build's load or failure is reported (the canary's failure, then the stable build's load).
 */
export async function loadFromPageMap<T>(
  name: string,
  module: string,
  doc: Document,
  federation: Federation | null | undefined,
  report?: LoadReporter,
): Promise<T> {
  const remote = remoteOfMap(doc, doc.location.href, name);
  if (remote === undefined) throw new Error(`The page names no ${name} remote.`);
  if (!federation) throw new Error('The Module Federation runtime is missing from the staff host build.');
  const reported = async (entry: string, force: boolean): Promise<T> => {
    try {
      const loaded = await loadFrom<T>(federation, name, module, entry, force);
      report?.(name, entry);
      return loaded;
    } catch (error) {
      report?.(name, entry, error instanceof BuildLoadError ? error.kind : 'module');
      throw error instanceof BuildLoadError ? error.cause : error;
    }
  };
  try {
    return await reported(remote.entry, false);
  } catch (error) {
    if (remote.fallback === undefined) throw error;
    rememberCanaryFailure(name, doc);
    return reported(remote.fallback, true);
  }
}

/**
 * Loads the StaffApp module of the staff remote the page's map names (loadFromPageMap), and reports it to the server.
 * `federation` is the runtime the build plugin made; a test passes its own, and its own `send` of the reports.
 */
export function loadStaffApp(
  doc: Document = document,
  federation: Federation | null | undefined = getInstance(),
  send?: SendLoadReport,
): Promise<StaffAppModule> {
  return loadFromPageMap<StaffAppModule>(STAFF_REMOTE, STAFF_APP_MODULE, doc, federation, remoteLoadReporter(send));
}
