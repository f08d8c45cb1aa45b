// The staff remote, found and registered the way the shell registers the public ones (shell/src/remotes/), for this
// one remote only: the page's remotes map names its mf-manifest.json (or remoteEntry.js), the manifest names the
// remoteEntry.js and its global, and that is registered with the federation runtime the build plugin made.
import { getInstance } from '@module-federation/enhanced/runtime';
import { REMOTES_MAP_ELEMENT_ID } from '@site/contracts/dom-ids';
import { rememberCanaryFailure, remoteEntryFileOf, withRetryQuery } from '@site/contracts/federation';
import { STAFF_APP_MODULE, STAFF_REMOTE } from '@site/contracts/staff-api';
import type { StaffExposes } from '@site/mfe-staff/exposes';

export type StaffAppModule = StaffExposes[typeof STAFF_APP_MODULE];

/**
 * The staff remote's entry in the page's remotes map, absolute, and for a visitor on its canary the stable build's
 * (`fallback`); undefined when the map is missing or names none.
 */
export function staffRemoteOf(doc: Document, baseUrl: string): { entry: string; fallback: string | undefined } | undefined {
  const element = doc.getElementById(REMOTES_MAP_ELEMENT_ID);
  if (element === null || element.getAttribute('type') !== 'application/json') return undefined;
  try {
    const map = JSON.parse(element.textContent ?? '') as { remotes?: unknown };
    const remotes = Array.isArray(map.remotes) ? (map.remotes as { name?: unknown; entry?: unknown; fallback?: unknown }[]) : [];
    const staff = remotes.find((remote) => remote?.name === STAFF_REMOTE);
    if (typeof staff?.entry !== 'string' || staff.entry === '') return undefined;
    const fallback = typeof staff.fallback === 'string' && staff.fallback !== '' ? new URL(staff.fallback, baseUrl).href : undefined;
    return { entry: new URL(staff.entry, baseUrl).href, fallback };
  } catch {
    return undefined;
  }
}


/** The remoteEntry.js and global of the remote registered by `entry` (a manifest is read; a remoteEntry.js used as is). */
export async function resolveStaffSource(entry: string, fetchFile: typeof fetch = (input, init) => fetch(input, init)): Promise<{ entry: string; entryGlobalName: string }> {
  if (!new URL(entry).pathname.endsWith('.json')) return { entry, entryGlobalName: STAFF_REMOTE };
  // Default options: the request the server's <link rel=preload as=fetch crossorigin=anonymous> matches.
  const response = await fetchFile(entry);
  if (!response.ok) throw new Error(`${entry} answered HTTP ${response.status}.`);
  const manifest: unknown = await response.json();
  const file = remoteEntryFileOf(manifest);
  const globalName = (manifest as { metaData?: { globalName?: unknown } } | null)?.metaData?.globalName;
  if (file === undefined || typeof globalName !== 'string' || globalName === '') throw new Error(`${entry} is not a remote's manifest.`);
  return { entry: new URL(file, entry).href, entryGlobalName: globalName };
}

type Federation = NonNullable<ReturnType<typeof getInstance>>;

/**
 * Registers the staff remote by `entry` and loads its StaffApp module. A failed load (its manifest or its remoteEntry.js
 * did not arrive, or the module failed) is tried once more as the shell does for its remotes: registered again (forced:
 * the failed entry's global and loading are dropped) by a cache-busting address, then loaded again.
 */
async function loadFrom(federation: Federation, entry: string, force: boolean): Promise<StaffAppModule> {
  const request = `${STAFF_REMOTE}/${STAFF_APP_MODULE.replace(/^\.\//, '')}`;
  let loaded: StaffAppModule | null;
  try {
    federation.registerRemotes([{ name: STAFF_REMOTE, ...(await resolveStaffSource(entry)) }], force ? { force: true } : undefined);
    loaded = await federation.loadRemote<StaffAppModule>(request);
  } catch {
    const source = await resolveStaffSource(withRetryQuery(entry));
    federation.registerRemotes([{ name: STAFF_REMOTE, ...source, entry: withRetryQuery(source.entry) }], { force: true });
    loaded = await federation.loadRemote<StaffAppModule>(request);
  }
  if (loaded == null) throw new Error('The staff remote returned nothing.');
  return loaded;
}

/**
 * Loads the StaffApp module of the staff remote the page's map names (each build tried twice: loadFrom). A visitor on
 * the staff remote's canary whose canary does not load gets the stable build (`fallback`) instead, as the shell does
 * for the public remotes, and the failed-canaries cookie tells the server to send the stable build from now on.
 * `federation` is the runtime the build plugin made; a test passes its own.
 */
export async function loadStaffApp(doc: Document = document, federation: Federation | null | undefined = getInstance()): Promise<StaffAppModule> {
  const remote = staffRemoteOf(doc, doc.location.href);
  if (remote === undefined) throw new Error('The page names no staff remote.');
  if (!federation) throw new Error('The Module Federation runtime is missing from the staff host build.');
  try {
    return await loadFrom(federation, remote.entry, false);
  } catch (error) {
    if (remote.fallback === undefined) throw error;
    rememberCanaryFailure(STAFF_REMOTE, doc);
    return loadFrom(federation, remote.fallback, true);
  }
}
