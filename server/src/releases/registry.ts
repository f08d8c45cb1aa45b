// The remotes registry: each remote's releases and its live pointers (stable, canary and its percent), in the
// database. Every change bumps remote_registry_state.version and NOTIFYs it in its own transaction, as catalogue
// changes do (catalogue/state.ts), so every server process hears of it once it commits (liveRemotes.ts).
//
// A remote whose pointers were only ever seeded from the REMOTE_* variables keeps following them (source
// 'variables'): a site that never uses the registry behaves as the variables say. The first change through the
// registry makes it 'registry', and from then on the database decides.
import { sql, type Kysely } from 'kysely';
import { MANIFEST_FILE, RELEASED_REMOTES, type ReleasedRemote } from '@site/contracts/federation';
import {
  VARIABLES_CANARY_RELEASE,
  VARIABLES_RELEASE,
  type Release,
  type ReleaseBuild,
  type ReleaseHealth,
  type RemoteListing,
  type RemotePointers,
} from '@site/contracts/releases-api';
import { canaryServedPath, type ReleasedRemoteConfig } from '../platform/config.js';
import type { DatabaseSchema } from '../platform/db/index.js';
import { notifyChannel } from '../platform/db/channels.js';
import { httpError } from '../platform/http/jsonEndpoint.js';
import type { RegisteredBuild } from '../pages/index.js';
import { isStaffActor } from './releaseActors.js';

/** The channel a registry change is announced on; the payload is the registry's new version. */
export const REMOTES_CHANNEL = 'remotes_changed';

type Db = Kysely<DatabaseSchema>;

export type { Release, RemoteListing, RemotePointers };

/** A remote as the registry alone lists it (what its promote waits for is added by pinnedRuns.ts). */
export type RegistryListing = Omit<RemoteListing, 'promoteGate'>;

/** A remote the registry releases: a public one or the staff remote. */
export const isReleasedRemote = (name: string): name is ReleasedRemote =>
  (RELEASED_REMOTES as readonly string[]).includes(name);

type ReleaseRow = {
  id: number;
  remote: string;
  version: string;
  entry: string;
  notes: string | null;
  registered_by: string;
  registered_at: Date;
  rolled_back_at: Date | null;
  rolled_back_reason: string | null;
  manifest_sha256: string | null;
  render_module: string | null;
  render_sha256: string | null;
};

const releaseOf = (row: ReleaseRow): Release => ({
  id: row.id,
  remote: row.remote,
  version: row.version,
  entry: row.entry,
  notes: row.notes,
  registeredBy: row.registered_by,
  registeredAt: new Date(row.registered_at).toISOString(),
  rolledBack:
    row.rolled_back_at === null
      ? null
      : { at: new Date(row.rolled_back_at).toISOString(), reason: row.rolled_back_reason ?? 'it failed' },
  ...(row.manifest_sha256 === null
    ? {}
    : {
        build: {
          manifestSha256: row.manifest_sha256,
          renderModule: row.render_module,
          renderSha256: row.render_module === null ? null : row.render_sha256,
        },
      }),
});

/** What the server renders a release's pages with: the module recorded at its registration (none: not rendered by it). */
export function registeredBuildOf(release: Release | undefined): RegisteredBuild | undefined {
  const build = release?.build;
  if (release === undefined || build?.renderModule == null || build.renderSha256 === null) return undefined;
  return { entry: release.entry, renderModule: build.renderModule, renderSha256: build.renderSha256 };
}

export async function readRegistryVersion(db: Db): Promise<number> {
  const row = await db.selectFrom('remote_registry_state').select('version').executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** Bumps the version inside the caller's transaction and announces it on commit. */
async function bumpRegistryVersion(trx: Db): Promise<void> {
  const { version } = await trx
    .updateTable('remote_registry_state')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .returning('version')
    .executeTakeFirstOrThrow();
  await notifyChannel(trx, REMOTES_CHANNEL, String(version));
}

export async function recordReleaseAction(
  db: Db,
  actor: string,
  action: string,
  remote: string | null,
  detail: string | null = null,
): Promise<void> {
  await db.insertInto('release_audit').values({ actor, action, remote, detail }).execute();
}

/**
 * Writes each configured remote's variables into the registry: the rows of a remote not seen before, and those of a
 * remote still following its variables (kept equal to them). Idempotent, and safe when several processes start at
 * once (every insert gives way to a row already there). Remotes changed through the registry are left alone.
 */
export async function seedRegistry(db: Db, remotes: readonly ReleasedRemoteConfig[]): Promise<void> {
  for (const remote of remotes) {
    await db.transaction().execute(async (trx) => {
      const pointer = await trx
        .selectFrom('remote_pointers')
        .select(['source'])
        .where('remote', '=', remote.name)
        .forUpdate()
        .executeTakeFirst();
      if (pointer?.source === 'registry') return;
      const stableId = await upsertVariablesRelease(trx, remote.name, VARIABLES_RELEASE, remote.entry);
      const canaryId =
        remote.canary === undefined
          ? null
          : await upsertVariablesRelease(trx, remote.name, VARIABLES_CANARY_RELEASE, remote.canary.entry);
      const canaryPercent = remote.canary?.percent ?? 0;
      await trx
        .insertInto('remote_pointers')
        .values({
          remote: remote.name,
          stable_id: stableId,
          canary_id: canaryId,
          canary_percent: canaryPercent,
          source: 'variables',
        })
        .onConflict((oc) =>
          oc
            .column('remote')
            .doUpdateSet({ stable_id: stableId, canary_id: canaryId, canary_percent: canaryPercent })
            .where('remote_pointers.source', '=', 'variables'),
        )
        .execute();
    });
  }
}

async function upsertVariablesRelease(trx: Db, remote: string, version: string, entry: string): Promise<number> {
  const row = await trx
    .insertInto('remote_releases')
    .values({ remote, version, entry, registered_by: 'REMOTE_* variables', notes: 'seeded from the environment' })
    .onConflict((oc) => oc.columns(['remote', 'version']).doUpdateSet({ entry }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Every remote's pointers, by remote name. */
export async function readPointers(db: Db): Promise<Map<string, RemotePointers>> {
  const pointers = await db.selectFrom('remote_pointers').selectAll().execute();
  if (pointers.length === 0) return new Map();
  const ids = [
    ...new Set(
      pointers
        .flatMap((row) => [row.stable_id, row.previous_stable_id, row.canary_id])
        .filter((id): id is number => id !== null),
    ),
  ];
  const releases = new Map(
    (await db.selectFrom('remote_releases').selectAll().where('id', 'in', ids).execute()).map((row) => [
      Number(row.id),
      releaseOf(row),
    ]),
  );
  const found = (id: number | null) => (id === null ? undefined : releases.get(Number(id)));
  const result = new Map<string, RemotePointers>();
  for (const row of pointers) {
    const stable = found(row.stable_id);
    if (stable === undefined) continue;
    result.set(row.remote, {
      remote: row.remote,
      source: row.source,
      stable,
      previousStable: found(row.previous_stable_id),
      canary: found(row.canary_id),
      canaryPercent: Number(row.canary_percent),
      changedAt: new Date(row.changed_at).toISOString(),
    });
  }
  return result;
}

/**
 * The remotes as the server uses them: a remote changed through the registry as the registry says, every other one as
 * configured. A release with recorded content carries it (`build`): its pages are rendered from those bytes only. A
 * build on this disk stays served where it was (a registry entry naming /remotes/<name>/canary/, registered before the
 * site stored builds apart, is the configured canary folder's).
 */
export function remotesFromRegistry<Remote extends ReleasedRemoteConfig>(
  configured: readonly Remote[],
  pointers: ReadonlyMap<string, RemotePointers>,
): Remote[] {
  return configured.map((remote): Remote => {
    const state = pointers.get(remote.name);
    if (state === undefined || state.source !== 'registry') return remote;
    const canaryEntry = state.canary?.entry;
    const canaryDir =
      canaryEntry !== undefined && canaryEntry === `${canaryServedPath(remote.name)}${MANIFEST_FILE}`
        ? remote.canary?.distDir
        : undefined;
    const stableBuild = registeredBuildOf(state.stable);
    const canaryBuild = registeredBuildOf(state.canary);
    return {
      ...remote,
      entry: state.stable.entry,
      ...(stableBuild === undefined ? {} : { build: stableBuild }),
      canary:
        state.canary === undefined
          ? undefined
          : {
              entry: state.canary.entry,
              percent: state.canaryPercent,
              distDir: canaryDir,
              ...(canaryBuild === undefined ? {} : { build: canaryBuild }),
            },
    };
  });
}

/** The load totals (releaseHealth.ts counts them) of the releases `ids`, by release id (a release never reported: zeros). */
export async function readHealth(db: Db, ids: readonly number[]): Promise<Map<number, ReleaseHealth>> {
  const rows =
    ids.length === 0
      ? []
      : await db.selectFrom('remote_release_health').selectAll().where('release_id', 'in', ids).execute();
  const byId = new Map(
    rows.map((row) => [
      Number(row.release_id),
      { loads: Number(row.loads), failures: Number(row.failures), renderErrors: Number(row.render_errors) },
    ]),
  );
  return new Map(ids.map((id) => [id, byId.get(id) ?? { loads: 0, failures: 0, renderErrors: 0 }]));
}

/** The registry's view of `names`, with their latest `limit` releases. */
export async function listRemotes(db: Db, names: readonly string[], limit = 20): Promise<RegistryListing[]> {
  const pointers = await readPointers(db);
  const listings: RegistryListing[] = [];
  for (const name of names) {
    const state = pointers.get(name);
    if (state === undefined) continue;
    const rows = await db
      .selectFrom('remote_releases')
      .selectAll()
      .where('remote', '=', name)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    const health = await readHealth(
      db,
      state.canary === undefined ? [state.stable.id] : [state.stable.id, state.canary.id],
    );
    const zero = { loads: 0, failures: 0, renderErrors: 0 };
    listings.push({
      ...state,
      releases: rows.map(releaseOf),
      health: {
        stable: health.get(state.stable.id) ?? zero,
        canary: state.canary === undefined ? undefined : (health.get(state.canary.id) ?? zero),
      },
    });
  }
  return listings;
}

export interface NewRelease {
  version: string;
  entry: string;
  notes?: string | undefined;
  /** What the build is made of, as read when it was registered (releases/buildContent.ts). */
  build?: ReleaseBuild | undefined;
}

/**
 * Adds a release (not yet live: `setCanary` or `promote` puts it in front of visitors). The same version and manifest
 * of a release the automatic rollback took out, registered again by an admin (`mayClearRollback`), clears its mark: it
 * may be canaried and promoted again, its failures counted afresh.
 */
export async function registerRelease(
  db: Db,
  actor: string,
  remote: ReleasedRemote,
  release: NewRelease,
  mayClearRollback = false,
): Promise<Release> {
  return db.transaction().execute(async (trx) => {
    await lockPointers(trx, remote);
    const row = await trx
      .insertInto('remote_releases')
      .values({
        remote,
        version: release.version,
        entry: release.entry,
        notes: release.notes ?? null,
        registered_by: actor,
        manifest_sha256: release.build?.manifestSha256 ?? null,
        render_module: release.build?.renderModule ?? null,
        render_sha256: release.build?.renderSha256 ?? null,
      })
      .onConflict((oc) => oc.columns(['remote', 'version']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row === undefined) return registerAgain(trx, actor, remote, release, mayClearRollback);
    await recordReleaseAction(trx, actor, 'register', remote, `${release.version} ${release.entry}`);
    return releaseOf(row);
  });
}

/** A version label already taken: a 409, unless it is an admin's registering again of a build rolled back automatically. */
async function registerAgain(
  trx: Db,
  actor: string,
  remote: ReleasedRemote,
  release: NewRelease,
  mayClearRollback: boolean,
): Promise<Release> {
  const taken = await releaseByVersion(trx, remote, release.version);
  if (taken.rolled_back_at === null || taken.entry !== release.entry) {
    throw httpError(
      409,
      `${remote} already has a release "${release.version}": give the new one another version label`,
    );
  }
  if (!mayClearRollback) {
    throw httpError(
      409,
      `${release.version} of ${remote} was rolled back automatically: only an admin can register it again, or a person (an admin or a release account, signed in) put it back as the canary; or register the fixed build under a new version label`,
    );
  }
  const row = await clearRollback(trx, taken.id);
  await recordReleaseAction(
    trx,
    actor,
    'register-again',
    remote,
    `${release.version} ${release.entry}: its automatic rollback cleared`,
  );
  return releaseOf(row);
}

/** "14:03 UTC": the time of day in a refusal (the server does not know the reader's zone). */
const timeOfDay = (at: Date): string => `${at.toISOString().slice(11, 16)} UTC`;

/**
 * A build the automatic rollback took out returns to visitors only by a person's decision: a token's canary or promote
 * of it is refused (it could undo the rollback unattended, or be the very thing that broke it). A person's (an admin or
 * a release account, signed in) clears the mark, and the build's failures are counted afresh: the outcomes that took
 * it out would otherwise roll it back again at the next report.
 */
async function returnRolledBack(
  trx: Db,
  actor: string,
  releaseId: number,
  what: 'canary' | 'promote',
): Promise<string> {
  const release = await trx
    .selectFrom('remote_releases')
    .select(['version', 'rolled_back_at', 'rolled_back_reason'])
    .where('id', '=', releaseId)
    .executeTakeFirstOrThrow();
  if (release.rolled_back_at === null) return '';
  if (!isStaffActor(actor)) {
    throw httpError(
      409,
      `This build (${release.version}) was rolled back automatically at ${timeOfDay(new Date(release.rolled_back_at))} because ${release.rolled_back_reason ?? 'it failed'}; ` +
        `a person must decide to ${what === 'canary' ? 'put it in front of visitors again' : 'promote it'}: an admin or a release account, signed in to the releases console`,
    );
  }
  await clearRollback(trx, releaseId);
  return `: ${release.version} had been rolled back automatically, returned by a person; its failures count afresh`;
}

/** Clears a release's automatic-rollback mark, and forgets the load outcomes it was judged on. */
async function clearRollback(trx: Db, releaseId: number): Promise<ReleaseRow> {
  await trx.deleteFrom('remote_load_outcomes').where('release_id', '=', releaseId).execute();
  return trx
    .updateTable('remote_releases')
    .set({ rolled_back_at: null, rolled_back_reason: null })
    .where('id', '=', releaseId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Puts `version` (or the current canary) in front of `percent` % of visitors; percent 0 takes it out. */
export async function setCanary(
  db: Db,
  actor: string,
  remote: ReleasedRemote,
  change: { version?: string | undefined; percent: number },
): Promise<RemotePointers> {
  return changePointers(db, actor, remote, 'canary', async (trx, current) => {
    let canaryId = current.canary_id;
    if (change.version !== undefined) {
      const release = await releaseByVersion(trx, remote, change.version);
      if (release.id === current.stable_id)
        throw httpError(400, `${change.version} is already ${remote}'s stable release`);
      canaryId = release.id;
    }
    if (canaryId === null)
      throw httpError(400, `${remote} has no canary release: name the release to put in front of visitors (version)`);
    const returned = change.percent > 0 ? await returnRolledBack(trx, actor, Number(canaryId), 'canary') : '';
    return {
      update: { canary_id: canaryId, canary_percent: change.percent },
      detail: `${change.version ?? 'current canary'} at ${change.percent}%${returned}`,
    };
  });
}

/**
 * Makes the canary the stable release (for every visitor); the stable one becomes the one a rollback returns to.
 * `guard` may refuse it (by throwing) once the canary is known and locked, e.g. until a pinned test run has passed.
 */
export async function promote(
  db: Db,
  actor: string,
  remote: ReleasedRemote,
  guard?: (trx: Db, canaryId: number) => Promise<void>,
): Promise<RemotePointers> {
  return changePointers(db, actor, remote, 'promote', async (trx, current) => {
    if (current.canary_id === null)
      throw httpError(400, `${remote} has no canary to promote: register a release and set it as the canary first`);
    const returned = await returnRolledBack(trx, actor, Number(current.canary_id), 'promote');
    await guard?.(trx, Number(current.canary_id));
    return {
      update: {
        stable_id: current.canary_id,
        previous_stable_id: current.stable_id,
        canary_id: null,
        canary_percent: 0,
      },
      detail: `release ${current.canary_id} is stable${returned}`,
    };
  });
}

/** Takes the canary out (percent 0) and, when there is one, puts the previous stable release back. */
export async function rollback(db: Db, actor: string, remote: ReleasedRemote): Promise<RemotePointers> {
  return changePointers(db, actor, remote, 'rollback', async (_trx, current) => {
    if (current.previous_stable_id === null) {
      if (current.canary_id === null || current.canary_percent === 0)
        throw httpError(
          400,
          `${remote} has nothing to roll back: no canary is live and no earlier stable release is known`,
        );
      return { update: { canary_percent: 0 }, detail: 'canary at 0%' };
    }
    return {
      update: { stable_id: current.previous_stable_id, previous_stable_id: null, canary_id: null, canary_percent: 0 },
      detail: `release ${current.previous_stable_id} is stable again, canary at 0%`,
    };
  });
}

type PointerRow = Awaited<ReturnType<typeof lockPointers>>;
type PointerUpdate = {
  stable_id?: number;
  previous_stable_id?: number | null;
  canary_id?: number | null;
  canary_percent?: number;
};

async function lockPointers(trx: Db, remote: string) {
  const row = await trx
    .selectFrom('remote_pointers')
    .selectAll()
    .where('remote', '=', remote)
    .forUpdate()
    .executeTakeFirst();
  if (row === undefined)
    throw httpError(400, `${remote} is not in the registry yet: start the site once with it configured`);
  return row;
}

async function releaseByVersion(trx: Db, remote: string, version: string): Promise<ReleaseRow> {
  const row = await trx
    .selectFrom('remote_releases')
    .selectAll()
    .where('remote', '=', remote)
    .where('version', '=', version)
    .executeTakeFirst();
  if (row === undefined) throw httpError(400, `${remote} has no release "${version}": register it first`);
  return row;
}

type Decision = { update: PointerUpdate; detail: string };

/**
 * One change of a remote's pointers: locked, changed, audited and announced in one transaction. A change may find, once
 * it holds the lock, that it has nothing to do (`decide` gives undefined): nothing is written, and undefined returned.
 */
async function changePointers<D extends Decision | undefined>(
  db: Db,
  actor: string,
  remote: ReleasedRemote,
  action: string,
  decide: (trx: Db, current: PointerRow) => Promise<D>,
): Promise<undefined extends D ? RemotePointers | undefined : RemotePointers> {
  type Result = undefined extends D ? RemotePointers | undefined : RemotePointers;
  const changed = await db.transaction().execute(async (trx) => {
    const current = await lockPointers(trx, remote);
    const decision = await decide(trx, current);
    if (decision === undefined) return false;
    await trx
      .updateTable('remote_pointers')
      .set({ ...decision.update, source: 'registry', changed_at: sql<Date>`now()` })
      .where('remote', '=', remote)
      .execute();
    await recordReleaseAction(trx, actor, action, remote, decision.detail);
    await bumpRegistryVersion(trx);
    return true;
  });
  if (!changed) return undefined as Result;
  const state = (await readPointers(db)).get(remote);
  if (state === undefined) throw new Error(`the pointers of ${remote} vanished`);
  return state;
}

/** Who the automatic rollback is in the audit. */
export const AUTOMATIC_ACTOR = 'automatic rollback';

/**
 * Takes a failing canary out (percent 0), when release `canaryId` is still the live canary; the stable release stays
 * (it is not the one failing). `alsoInTransaction` runs inside the change's transaction (the team's mail). Under
 * concurrent calls the pointers' lock lets exactly one of them change anything: the others find the canary at 0 and
 * return undefined.
 */
export async function rollBackFailingCanary(
  db: Db,
  remote: ReleasedRemote,
  canaryId: number,
  detail: string,
  alsoInTransaction: (trx: Db) => Promise<void>,
): Promise<RemotePointers | undefined> {
  return changePointers(db, AUTOMATIC_ACTOR, remote, 'auto-rollback', async (trx, current) => {
    if (current.canary_id === null || Number(current.canary_id) !== canaryId || Number(current.canary_percent) === 0)
      return undefined;
    await alsoInTransaction(trx);
    return { update: { canary_percent: 0 }, detail };
  });
}
