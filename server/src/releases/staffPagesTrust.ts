// The builds the staff pages run. A script on a staff page runs in an admin's session, so those pages (the staff remote,
// and the catalogue build the product editor's live preview loads) run only builds a person with the role put there:
// the configured ones (the REMOTE_* variables' releases), a stable release an admin or a release account promoted, and
// (the staff remote's) a canary one of them set. A change made with a release token alone moves the public pages, not
// these: they keep the newest stable release a person promoted, else the configured build.
//
// Who did what is read from the registry's audit (as pinnedRuns.ts reads the runs), where every change is kept with
// its actor: a member of staff's change is `staff <email>`, a token's `token <id> "<name>"`.
import type { Kysely } from 'kysely';
import { VARIABLES_CANARY_RELEASE, VARIABLES_RELEASE, type RemotePointers } from '@site/contracts/releases-api';
import type { ReleasedRemoteConfig } from '../platform/config.js';
import type { DatabaseSchema } from '../platform/db/index.js';
import { isAllowedEntry, type AllowedOrigins } from './allowedOrigins.js';
import { isStaffActor } from './releaseActors.js';
import { remotesFromRegistry } from './registry.js';

type Db = Kysely<DatabaseSchema>;

/** What the audit says of one remote's releases. */
export interface StaffTrust {
  /** Release ids a person promoted, and the configured releases. */
  promoted: ReadonlySet<number>;
  /** Release ids a person set as the canary, and the configured releases. */
  canaried: ReadonlySet<number>;
  /** The releases that were made stable, newest first (promotions and rollbacks), then the configured one. */
  stableHistory: readonly number[];
  /** Each release's manifest address. */
  entries: ReadonlyMap<number, string>;
}

/** Reads what the audit says of `remote`'s releases. */
export async function readStaffTrust(db: Db, remote: string): Promise<StaffTrust> {
  const releases = await db
    .selectFrom('remote_releases')
    .select(['id', 'version', 'entry'])
    .where('remote', '=', remote)
    .execute();
  const idOf = new Map(releases.map((row) => [row.version, Number(row.id)]));
  const configured = [VARIABLES_RELEASE, VARIABLES_CANARY_RELEASE].flatMap((version) => idOf.get(version) ?? []);
  const promoted = new Set(configured);
  const canaried = new Set(configured);
  const stableHistory: number[] = [];
  const rows = await db
    .selectFrom('release_audit')
    .select(['actor', 'action', 'detail'])
    .where('remote', '=', remote)
    .where('action', 'in', ['promote', 'rollback', 'canary'])
    .orderBy('id', 'desc')
    .execute();
  for (const { actor, action, detail } of rows) {
    // registry.ts writes 'release <id> is stable' (promote), '… is stable again, canary at 0%' (rollback), '<version> at <n>%' (canary)
    const stable = /^release (\d+) is stable/.exec(detail ?? '')?.[1];
    if (stable !== undefined && (action === 'promote' || action === 'rollback')) {
      stableHistory.push(Number(stable));
      if (action === 'promote' && isStaffActor(actor)) promoted.add(Number(stable));
    }
    const canary = action === 'canary' ? /^(\S+) at \d+%$/.exec(detail ?? '')?.[1] : undefined;
    const canaryId = canary === undefined ? undefined : idOf.get(canary);
    if (canaryId !== undefined && isStaffActor(actor)) canaried.add(canaryId);
  }
  stableHistory.push(...(idOf.has(VARIABLES_RELEASE) ? [idOf.get(VARIABLES_RELEASE) as number] : []));
  return { promoted, canaried, stableHistory, entries: new Map(releases.map((row) => [Number(row.id), row.entry])) };
}

/**
 * `configured` as the staff pages run it: the registry's state with its stable release replaced by the newest one a
 * person promoted (when the current one was not) and its canary left out unless a person set it; as configured when
 * nothing the registry has qualifies (or the remote still follows its variables). `allowed` undefined: any origin.
 */
export function staffPagesRemote<Remote extends ReleasedRemoteConfig>(
  configured: Remote,
  state: RemotePointers | undefined,
  trust: StaffTrust | undefined,
  allowed: AllowedOrigins | undefined,
): Remote {
  if (state === undefined || state.source !== 'registry' || trust === undefined) return configured;
  const usable = (id: number, vouched: ReadonlySet<number>) => {
    const entry = trust.entries.get(id);
    return vouched.has(id) && entry !== undefined && (allowed === undefined || isAllowedEntry(entry, allowed));
  };
  const stableId = [state.stable.id, ...trust.stableHistory].find((id) => usable(id, trust.promoted));
  if (stableId === undefined) return configured;
  const trusted: RemotePointers = {
    ...state,
    stable: { ...state.stable, id: stableId, entry: trust.entries.get(stableId) as string },
    canary: state.canary !== undefined && usable(state.canary.id, trust.canaried) ? state.canary : undefined,
  };
  return remotesFromRegistry([configured], new Map([[configured.name, trusted]]))[0] ?? configured;
}
