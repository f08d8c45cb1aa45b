// The remotes as this process uses them right now: the configured ones, with the registry's pointers applied. Every
// reader of the remotes (the remotes map, the canary assignment, the pages and their cache keys, the preload hints,
// the CSP) asks `current()` per request, and a change in the registry swaps the snapshot: no restart. The registry's
// version is followed as the catalogue's is (db/versionWatch.ts).
import type { Database } from '../db/index.js';
import { watchVersion } from '../db/versionWatch.js';
import type { ReleasedRemoteConfig, RemoteConfig } from '../config.js';
import { CanaryAssignment, type CanaryAssignmentOptions } from '../http/canary.js';
import { RemotesMaps } from '../http/remotes.js';
import { readPointers, readRegistryVersion, remotesFromRegistry, REMOTES_CHANNEL, seedRegistry } from './registry.js';

/** One state of the remotes, and what is made from it once. */
export interface RemotesSnapshot {
  /** Moves on with every swap: part of the page cache's key, so no page of an older state is served. */
  generation: number;
  remotes: readonly RemoteConfig[];
  canaries: CanaryAssignment;
  maps: RemotesMaps;
  /** The staff remote, when this process serves the staff pages: only their own map names it (http/staffPage.ts). */
  staff: { remote: ReleasedRemoteConfig; canaries: CanaryAssignment } | undefined;
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
}

const snapshotOf = (
  generation: number,
  remotes: readonly RemoteConfig[],
  staff: ReleasedRemoteConfig | undefined,
  options: CanaryAssignmentOptions,
): RemotesSnapshot => ({
  generation,
  remotes,
  canaries: new CanaryAssignment(remotes, options),
  maps: new RemotesMaps(remotes),
  // its own assignment: a staff canary changes nothing of the public pages (their cache keys, their cohort cookie)
  staff: staff === undefined ? undefined : { remote: staff, canaries: new CanaryAssignment([staff], options) },
});

/**
 * Seeds the registry from the configured remotes, reads it and follows it. Never throws: a database that cannot be read
 * leaves the configured remotes in use (and is reported through `warn`).
 */
export async function startLiveRemotes(db: Database, configured: readonly RemoteConfig[], options: LiveRemotesOptions = {}): Promise<LiveRemotes> {
  const warn = options.warn ?? (() => undefined);
  const configuredStaff = options.staff;
  let snapshot = snapshotOf(0, configured, configuredStaff, options);
  let reading: Promise<void> | undefined;
  let again = false;

  const read = async () => {
    const pointers = await readPointers(db.kysely);
    const remotes = remotesFromRegistry(configured, pointers);
    const staff = configuredStaff === undefined ? undefined : remotesFromRegistry([configuredStaff], pointers)[0];
    if (JSON.stringify([remotes, staff]) !== JSON.stringify([snapshot.remotes, snapshot.staff?.remote])) {
      snapshot = snapshotOf(snapshot.generation + 1, remotes, staff, options);
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
