// The remotes as this process uses them right now: the configured ones, with the registry's pointers applied. Every
// reader of the remotes (the remotes map, the canary assignment, the pages and their cache keys, the preload hints,
// the CSP) asks `current()` per request, and a change in the registry swaps the snapshot: no restart. The registry's
// version is followed as the catalogue's is (db/versionWatch.ts).
import { PRODUCT_PREVIEW_REMOTE } from '@site/contracts/product-preview';
import type { RemotePointers } from '@site/contracts/releases-api';
import type { Database } from '../platform/db/index.js';
import { watchVersion } from '../platform/db/versionWatch.js';
import type { ReleasedRemoteConfig, RemoteConfig } from '../platform/config.js';
import { CanaryAssignment, type CanaryAssignmentOptions, RemotesMaps } from '../pages/index.js';
import { servablePointers, type AllowedOrigins } from './allowedOrigins.js';
import { readPointers, readRegistryVersion, remotesFromRegistry, REMOTES_CHANNEL, seedRegistry } from './registry.js';
import { readStaffTrust, staffPagesRemote } from './staffPagesTrust.js';

/** One state of the remotes, and what is made from it once. */
export interface RemotesSnapshot {
  /** Moves on with every swap: part of the page cache's key, so no page of an older state is served. */
  generation: number;
  remotes: readonly RemoteConfig[];
  canaries: CanaryAssignment;
  maps: RemotesMaps;
  /**
   * The staff remote as the staff pages run it, when this process serves them: only their own map names it
   * (http/staffPage.ts). Only builds a person put there (staffPagesTrust.ts), unlike the public remotes above.
   */
  staff: { remote: ReleasedRemoteConfig; canaries: CanaryAssignment } | undefined;
  /** The catalogue as the staff pages' product preview loads it: its stable build, one a person put there. */
  preview: ReleasedRemoteConfig | undefined;
}

export interface LiveRemotes {
  current(): RemotesSnapshot;
  /** Reads the registry again now (a change made in this process need not wait for its own notification). */
  refresh(): Promise<void>;
  stop(): Promise<void>;
}

export interface LiveRemotesOptions extends CanaryAssignmentOptions {
  /** Where a registry that cannot be read is reported (the configured remotes are used meanwhile). */
  warn?: (message: string, error: unknown) => void;
  /** The staff remote as configured (REMOTE_STAFF_*): released through the registry like the public ones. */
  staff?: ReleasedRemoteConfig | undefined;
  /** The origins a registry release may be served from (allowedOrigins.ts); undefined: any (tests of this module). */
  allowedOrigins?: AllowedOrigins | undefined;
  /** Told of each new state of the remotes (and the first): e.g. to fetch what rendering it needs before a page asks. */
  onChange?: ((remotes: readonly RemoteConfig[]) => void) | undefined;
}

/** What the staff pages run: the staff remote and the preview's catalogue. */
type StaffPagesRemotes = { staff: ReleasedRemoteConfig | undefined; preview: ReleasedRemoteConfig | undefined };

const snapshotOf = (
  generation: number,
  remotes: readonly RemoteConfig[],
  staffPages: StaffPagesRemotes,
  options: CanaryAssignmentOptions,
): RemotesSnapshot => ({
  generation,
  remotes,
  canaries: new CanaryAssignment(remotes, options),
  maps: new RemotesMaps(remotes),
  // its own assignment: a staff canary changes nothing of the public pages (their cache keys, their cohort cookie)
  staff:
    staffPages.staff === undefined
      ? undefined
      : { remote: staffPages.staff, canaries: new CanaryAssignment([staffPages.staff], options) },
  preview: staffPages.preview,
});

/**
 * Seeds the registry from the configured remotes, reads it and follows it. Never throws: a database that cannot be read
 * leaves the configured remotes in use (and is reported through `warn`).
 */
export async function startLiveRemotes(
  db: Database,
  configured: readonly RemoteConfig[],
  options: LiveRemotesOptions = {},
): Promise<LiveRemotes> {
  const warn = options.warn ?? (() => undefined);
  const configuredStaff = options.staff;
  const configuredPreview = configured.find((remote) => remote.name === PRODUCT_PREVIEW_REMOTE);
  let snapshot = snapshotOf(0, configured, { staff: configuredStaff, preview: configuredPreview }, options);
  let reading: Promise<void> | undefined;
  let again = false;

  const allowed = options.allowedOrigins;
  /** A remote as the staff pages run it (only when the registry decides for it is its audit read). */
  const forStaffPages = async <Remote extends ReleasedRemoteConfig>(
    remote: Remote | undefined,
    pointers: ReadonlyMap<string, RemotePointers>,
  ) => {
    const state = remote === undefined ? undefined : pointers.get(remote.name);
    if (remote === undefined || state?.source !== 'registry') return remote;
    return staffPagesRemote(remote, state, await readStaffTrust(db.kysely, remote.name), allowed);
  };
  const read = async () => {
    const registry = await readPointers(db.kysely);
    const pointers =
      allowed === undefined
        ? registry
        : servablePointers(registry, allowed, (remote, entry) =>
            warn(`${remote}: ${entry} is on an origin not allowed (REMOTE_ORIGINS); it is not served`, undefined),
          );
    const remotes = remotesFromRegistry(configured, pointers);
    const staffPages = {
      staff: await forStaffPages(configuredStaff, pointers),
      preview: await forStaffPages(configuredPreview, pointers),
    };
    if (
      JSON.stringify([remotes, staffPages]) !==
      JSON.stringify([snapshot.remotes, { staff: snapshot.staff?.remote, preview: snapshot.preview }])
    ) {
      snapshot = snapshotOf(snapshot.generation + 1, remotes, staffPages, options);
      options.onChange?.(remotes);
    }
  };
  // One read at a time; a change heard during one is read once it ends.
  const refresh = async (): Promise<void> => {
    if (reading !== undefined) {
      again = true;
      return reading;
    }
    reading = (async () => {
      do {
        again = false;
        try {
          await read();
        } catch (error) {
          warn('could not read the remotes registry; the remotes stay as they were', error);
        }
      } while (again);
    })().finally(() => {
      reading = undefined;
    });
    return reading;
  };

  try {
    await seedRegistry(db.kysely, configuredStaff === undefined ? configured : [...configured, configuredStaff]);
  } catch (error) {
    warn('could not seed the remotes registry from the REMOTE_* variables', error);
  }
  let stopListening: () => Promise<void> = async () => undefined;
  try {
    // A change this process made was read by its own refresh(); its notification reads once more (harmless).
    stopListening = (await watchVersion(db, REMOTES_CHANNEL, readRegistryVersion, () => void refresh())).stop;
  } catch (error) {
    warn('could not listen for changes of the remotes registry', error);
  }
  // after LISTEN: a change committed before it is read here
  await refresh();
  return { current: () => snapshot, refresh, stop: () => stopListening() };
}
