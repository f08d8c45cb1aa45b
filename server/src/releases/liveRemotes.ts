// The remotes as this process uses them right now: the configured ones, with the registry's pointers applied. Every
// reader of the remotes (the remotes map, the canary assignment, the pages and their cache keys, the preload hints,
// the CSP) asks `current()` per request, and a change in the registry swaps the snapshot: no restart. The registry's
// version is followed as the catalogue's is (db/versionWatch.ts).
import type { Database } from '../db/index.js';
import { watchVersion } from '../db/versionWatch.js';
import type { RemoteConfig } from '../config.js';
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
}

const snapshotOf = (generation: number, remotes: readonly RemoteConfig[], options: CanaryAssignmentOptions): RemotesSnapshot => ({
  generation,
  remotes,
  canaries: new CanaryAssignment(remotes, options),
  maps: new RemotesMaps(remotes),
});

/**
 * Seeds the registry from the configured remotes, reads it and follows it. Never throws: a database that cannot be read
 * leaves the configured remotes in use (and is reported through `warn`).
 */
export async function startLiveRemotes(db: Database, configured: readonly RemoteConfig[], options: LiveRemotesOptions = {}): Promise<LiveRemotes> {
  const warn = options.warn ?? (() => undefined);
  let snapshot = snapshotOf(0, configured, options);
  let reading: Promise<void> | undefined;
  let again = false;

  const read = async () => {
    const remotes = remotesFromRegistry(configured, await readPointers(db.kysely));
    if (JSON.stringify(remotes) !== JSON.stringify(snapshot.remotes)) snapshot = snapshotOf(snapshot.generation + 1, remotes, options);
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
    await seedRegistry(db.kysely, configured);
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
