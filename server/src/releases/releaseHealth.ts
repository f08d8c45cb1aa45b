// What each live release's loads look like, as browsers report them (the shell's runtime plugin and the staff host post
// one report per page view per remote: its first load, or its failure) and as the server's own first-view rendering
// finds them: per release its totals, and its latest outcomes for the automatic rollback. A canary whose share of
// failed loads among its latest `rollbackWindow` loads reaches `rollbackFailurePercent` is taken out (registry.ts's one
// code path for a change: locked, audited, announced), and the team is mailed through the outbox in the same
// transaction.
//
// Anyone can post a report (the browser is anonymous), so a report is only ever evidence against a canary: the worst a
// forged stream of failures can do, past the per-client rate limit, is take a canary out early (never promote, never
// touch the stable release).
import { sql, type Kysely } from 'kysely';
import type { ReleasedRemote } from '@site/contracts/federation';
import type { DatabaseSchema } from '../db/index.js';
import { readPointers, rollBackFailingCanary, type RemotePointers } from './registry.js';

type Db = Kysely<DatabaseSchema>;

/** The outbox kind of the team's mail about an automatic rollback (releaseMail.ts composes it). */
export const RELEASE_ROLLBACK_MAIL = 'release_rollback';

export interface RollbackPolicy {
  /** The latest loads looked at; none is rolled back before this many. */
  window: number;
  /** Percent of those failing at or above which the canary is taken out; 0: never. */
  failurePercent: number;
  /** The team's address; undefined: the audit only. */
  alertEmail: string | undefined;
}

/**
 * The live release of `remote` whose manifest address is `entry` as a page's remotes map holds it (absolute: a path
 * release's address is compared by its path and query, whatever host the page had).
 */
export function liveReleaseOf(pointers: RemotePointers, entry: string): { id: number; version: string; role: 'stable' | 'canary' } | undefined {
  let reported: URL;
  try {
    reported = new URL(entry);
  } catch {
    return undefined;
  }
  const matches = (release: RemotePointers['stable'] | undefined) =>
    release !== undefined && (release.entry.startsWith('/') ? `${reported.pathname}${reported.search}` === release.entry : reported.href === release.entry);
  if (pointers.canary !== undefined && pointers.canaryPercent > 0 && matches(pointers.canary)) return { id: pointers.canary.id, version: pointers.canary.version, role: 'canary' };
  if (matches(pointers.stable)) return { id: pointers.stable.id, version: pointers.stable.version, role: 'stable' };
  return undefined;
}

async function addToTotals(db: Db, releaseId: number, column: 'loads' | 'failures' | 'render_errors'): Promise<void> {
  await db
    .insertInto('remote_release_health')
    .values({ release_id: releaseId, [column]: 1 })
    .onConflict((oc) => oc.column('release_id').doUpdateSet({ [column]: sql`remote_release_health.${sql.ref(column)} + 1` }))
    .execute();
}

export type ReportResult = { counted: false } | { counted: true; rolledBack: boolean };

/** Counts one browser load of `remote` from `entry`; a failed load of a live canary may take it out. */
export async function recordLoad(db: Db, remote: ReleasedRemote, entry: string, failed: boolean, policy: RollbackPolicy): Promise<ReportResult> {
  const pointers = (await readPointers(db)).get(remote);
  const release = pointers === undefined ? undefined : liveReleaseOf(pointers, entry);
  // A page opened before a change still reports the release it had: not live any more, not counted.
  if (pointers === undefined || release === undefined) return { counted: false };
  await addToTotals(db, release.id, failed ? 'failures' : 'loads');
  if (release.role !== 'canary') return { counted: true, rolledBack: false };
  await db.insertInto('remote_load_outcomes').values({ release_id: release.id, failed }).execute();
  // Only the window is kept: what is older than the latest `window` outcomes goes.
  await sql`delete from remote_load_outcomes where release_id = ${release.id} and id <= (
      select id from remote_load_outcomes where release_id = ${release.id} order by id desc offset ${policy.window} limit 1)`.execute(db);
  if (!failed || policy.failurePercent === 0) return { counted: true, rolledBack: false };
  const latest = await db
    .selectFrom('remote_load_outcomes')
    .select('failed')
    .where('release_id', '=', release.id)
    .orderBy('id', 'desc')
    .limit(policy.window)
    .execute();
  const failures = latest.filter((row) => row.failed).length;
  if (latest.length < policy.window || failures * 100 < policy.failurePercent * policy.window) return { counted: true, rolledBack: false };
  const detail = `${release.version}: ${failures} of its last ${policy.window} loads failed (threshold ${policy.failurePercent}%), canary at 0%`;
  const state = await rollBackFailingCanary(db, remote, release.id, detail, async (trx) => {
    if (policy.alertEmail === undefined) return;
    const payload = { remote, version: release.version, failures, window: policy.window, percent: pointers.canaryPercent, stableVersion: pointers.stable.version };
    await trx.insertInto('outbox').values({ kind: RELEASE_ROLLBACK_MAIL, ref_id: release.id, recipient: policy.alertEmail, payload: JSON.stringify(payload) }).execute();
  });
  return { counted: true, rolledBack: state !== undefined };
}

/** Counts a failed first-view render on the server of `remote`'s live `variant` build. */
export async function recordRenderError(db: Db, remote: string, variant: 'stable' | 'canary'): Promise<void> {
  const pointers = (await readPointers(db)).get(remote);
  const release = variant === 'canary' ? pointers?.canary : pointers?.stable;
  if (release !== undefined) await addToTotals(db, release.id, 'render_errors');
}
