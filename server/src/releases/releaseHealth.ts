// What each live release's loads look like, as browsers report them (the shell's runtime plugin and the staff host post
// one report per page view per remote: its first load, or its failure) and as the server's own first-view rendering
// finds them: per release its totals, and the canary's recent outcomes for the automatic rollback. A canary whose
// recent visitors' loads fail too often (rollbackJudgement.ts) is taken out (registry.ts's one code path for a change:
// locked, audited, announced), marked as rolled back with when and why (its promote is refused), and the team is
// mailed through the outbox in the same transaction.
//
// Anyone can post a report (the browser is anonymous), so a report is only ever evidence against a canary, and what
// one network sends (an IPv4 address, an IPv6 /64; a /24 or /48 together) weighs as a few visitors at most: forged
// failures from one network cannot take out a canary that loads for its real visitors (never promote, never touch the
// stable release).
import { sql, type Kysely } from 'kysely';
import type { ReleasedRemote } from '@site/contracts/federation';
import type { DatabaseSchema } from '../platform/db/index.js';
import type { ReleaseSafetyConfig } from './settings.js';
import { enqueueMail } from '../platform/mail/outbox.js';
import { clientNetworks, type ClientNetworks } from '../platform/http/clientAddress.js';
import { readPointers, rollBackFailingCanary, type RemotePointers } from './registry.js';
import { judgeCanary, type JudgementPolicy } from './rollbackJudgement.js';

type Db = Kysely<DatabaseSchema>;

/** The outbox kind of the team's mail about an automatic rollback (releaseMail.ts composes it). */
export const RELEASE_ROLLBACK_MAIL = 'release_rollback';

export interface RollbackPolicy extends JudgementPolicy {
  /** Only outcomes reported this recently are judged, in seconds. */
  windowSeconds: number;
  /** The team's address; undefined: the audit only. */
  alertEmail: string | undefined;
}

/** The policy of the settings (config.ts's releaseSafety). */
export const rollbackPolicyOf = (safety: ReleaseSafetyConfig): RollbackPolicy => ({
  window: safety.rollbackWindow,
  windowSeconds: safety.rollbackWindowSeconds,
  minLoads: safety.rollbackMinLoads,
  failurePercent: safety.rollbackFailurePercent,
  minFailingNetworks: safety.rollbackMinFailingAddresses,
  countedPerNetwork: safety.countedPerAddress,
  // a /24 or /48 (a NAT pool, a site's subnets) as two networks at most
  countedPerWideNetwork: 2 * safety.countedPerAddress,
  alertEmail: safety.alertEmail,
});

/** Who sent a report: its client (request.client) and the visitor's session id (undefined: the page sent none). */
export interface Reporter {
  client: ClientNetworks;
  session: string | undefined;
}

/**
 * How many of the canary's latest reports are kept (and read to judge it) per visitor the window looks at: enough
 * that one address, held to its rate limit, cannot push the real visitors' reports out.
 */
const REPORTS_KEPT_PER_VISITOR = 20;

/**
 * The live release of `remote` whose manifest address is `entry` as a page's remotes map holds it (absolute: a path
 * release's address is compared by its path and query, whatever host the page had).
 */
export function liveReleaseOf(
  pointers: RemotePointers,
  entry: string,
): { id: number; version: string; role: 'stable' | 'canary' } | undefined {
  let reported: URL;
  try {
    reported = new URL(entry);
  } catch {
    return undefined;
  }
  const matches = (release: RemotePointers['stable'] | undefined) =>
    release !== undefined &&
    (release.entry.startsWith('/')
      ? `${reported.pathname}${reported.search}` === release.entry
      : reported.href === release.entry);
  if (pointers.canary !== undefined && pointers.canaryPercent > 0 && matches(pointers.canary))
    return { id: pointers.canary.id, version: pointers.canary.version, role: 'canary' };
  if (matches(pointers.stable)) return { id: pointers.stable.id, version: pointers.stable.version, role: 'stable' };
  return undefined;
}

async function addToTotals(db: Db, releaseId: number, column: 'loads' | 'failures' | 'render_errors'): Promise<void> {
  await db
    .insertInto('remote_release_health')
    .values({ release_id: releaseId, [column]: 1 })
    .onConflict((oc) =>
      oc.column('release_id').doUpdateSet({ [column]: sql`remote_release_health.${sql.ref(column)} + 1` }),
    )
    .execute();
}

export type ReportResult = { counted: false } | { counted: true; rolledBack: boolean };

/** Counts one browser load of `remote` from `entry`, sent by `reporter` at `now`; a failed load of a live canary may take it out. */
export async function recordLoad(
  db: Db,
  remote: ReleasedRemote,
  entry: string,
  failed: boolean,
  reporter: Reporter,
  policy: RollbackPolicy,
  now: Date = new Date(),
): Promise<ReportResult> {
  const pointers = (await readPointers(db)).get(remote);
  const release = pointers === undefined ? undefined : liveReleaseOf(pointers, entry);
  // A page opened before a change still reports the release it had: not live any more, not counted.
  if (pointers === undefined || release === undefined) return { counted: false };
  await addToTotals(db, release.id, failed ? 'failures' : 'loads');
  if (release.role !== 'canary') return { counted: true, rolledBack: false };
  await db
    .insertInto('remote_load_outcomes')
    .values({
      release_id: release.id,
      failed,
      client: reporter.client.address,
      session: reporter.session ?? null,
      created_at: now,
    })
    .execute();
  // Only the window is kept: what is older than it, or past the latest reports kept, goes.
  const since = new Date(now.getTime() - policy.windowSeconds * 1000);
  const kept = policy.window * REPORTS_KEPT_PER_VISITOR;
  await db
    .deleteFrom('remote_load_outcomes')
    .where('release_id', '=', release.id)
    .where('created_at', '<', since)
    .execute();
  await sql`delete from remote_load_outcomes where release_id = ${release.id} and id <= (
      select id from remote_load_outcomes where release_id = ${release.id} order by id desc offset ${kept} limit 1)`.execute(
    db,
  );
  if (!failed || policy.failurePercent === 0) return { counted: true, rolledBack: false };
  const latest = await db
    .selectFrom('remote_load_outcomes')
    .select(['id', 'failed', 'client', 'session'])
    .where('release_id', '=', release.id)
    .where('created_at', '>=', since)
    .orderBy('id', 'desc')
    .limit(kept)
    .execute();
  // the address is kept (its networks follow from it, however it was written: rows from before they were normalised too)
  const judgement = judgeCanary(
    latest.map(({ id, failed: rowFailed, client, session }) => {
      const { network, wideNetwork } = clientNetworks(client);
      return { id: Number(id), failed: rowFailed, network, wideNetwork, session };
    }),
    policy,
  );
  if (!judgement.rollBack) return { counted: true, rolledBack: false };
  const reason =
    `${judgement.failed} of its last ${judgement.visitors} loads failed ` +
    `(from ${judgement.failingNetworks} ${judgement.failingNetworks === 1 ? 'network' : 'networks'} in ${judgement.failingWideNetworks} wide ${judgement.failingWideNetworks === 1 ? 'network' : 'networks'} ` +
    `within ${policy.windowSeconds} s; threshold ${policy.failurePercent}%)`;
  const state = await rollBackFailingCanary(
    db,
    remote,
    release.id,
    `${release.version}: ${reason}, canary at 0%`,
    async (trx) => {
      // marked, so that its promote is refused until it is registered again (registry.ts)
      await trx
        .updateTable('remote_releases')
        .set({ rolled_back_at: now, rolled_back_reason: reason })
        .where('id', '=', release.id)
        .execute();
      if (policy.alertEmail === undefined) return;
      const payload = {
        remote,
        version: release.version,
        failures: judgement.failed,
        window: judgement.visitors,
        percent: pointers.canaryPercent,
        stableVersion: pointers.stable.version,
      };
      await enqueueMail(trx, {
        kind: RELEASE_ROLLBACK_MAIL,
        refId: release.id,
        recipient: policy.alertEmail,
        payload,
      });
    },
  );
  return { counted: true, rolledBack: state !== undefined };
}

/** Counts a failed first-view render on the server of `remote`'s live `variant` build. */
export async function recordRenderError(db: Db, remote: string, variant: 'stable' | 'canary'): Promise<void> {
  const pointers = (await readPointers(db)).get(remote);
  const release = variant === 'canary' ? pointers?.canary : pointers?.stable;
  if (release !== undefined) await addToTotals(db, release.id, 'render_errors');
}
