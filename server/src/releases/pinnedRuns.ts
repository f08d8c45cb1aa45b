// The result of a test run pinned to a remote's canary (tests/scripts/e2e.mjs --site <URL> --canary <remote>), told
// by the pipeline that ran it (`npm run remotes -- record-run`). A remote listed in RELEASE_REQUIRE_PASSED_RUN has its
// canary promoted only when the latest run recorded for that very release passed: a run of an earlier canary, or a
// later failed run, does not count.
//
// The runs are kept in the registry's audit (action 'pinned-run', detail 'release <id> passed|failed[: report]'),
// beside who recorded them and when: they are what the audit is for, and no other table is needed.
import type { Kysely } from 'kysely';
import type { ReleasedRemote } from '@site/contracts/federation';
import type { PinnedRunRecord, PromoteGate, RemoteListing } from '@site/contracts/releases-api';
import type { DatabaseSchema } from '../platform/db/index.js';
import { httpError } from '../platform/http/jsonEndpoint.js';
import { revokeQaTokensOf } from './qaTokens.js';
import { recordReleaseAction, type RegistryListing } from './registry.js';

type Db = Kysely<DatabaseSchema>;

export const PINNED_RUN_ACTION = 'pinned-run';

export interface PinnedRun {
  remote: ReleasedRemote;
  /** The canary release the run was pinned to. */
  version: string;
  passed: boolean;
}

const detailPrefix = (releaseId: number) => `release ${releaseId} `;

/**
 * Records a run's result against `remote`'s live canary (409 when no canary is live: the run was on stable). With
 * `refuseRegistrant`, the actor that registered that canary release may not record its run (403).
 */
export async function recordPinnedRun(
  db: Db,
  actor: string,
  remote: ReleasedRemote,
  run: { passed: boolean; report?: string | undefined },
  rules: { refuseRegistrant?: boolean } = {},
): Promise<PinnedRun> {
  return db.transaction().execute(async (trx) => {
    const pointer = await trx
      .selectFrom('remote_pointers')
      .select(['canary_id', 'canary_percent'])
      .where('remote', '=', remote)
      .forUpdate()
      .executeTakeFirst();
    if (pointer === undefined)
      throw httpError(400, `${remote} is not in the registry yet: start the site once with it configured`);
    if (pointer.canary_id === null || Number(pointer.canary_percent) === 0) {
      throw httpError(
        409,
        `${remote} has no live canary, so no run was pinned to one: put the canary in front of at least 1 % of visitors, run the suites with --canary ${remote}, then record the run`,
      );
    }
    const release = await trx
      .selectFrom('remote_releases')
      .select(['version', 'registered_by'])
      .where('id', '=', pointer.canary_id)
      .executeTakeFirstOrThrow();
    if (rules.refuseRegistrant === true && release.registered_by === actor) {
      throw httpError(
        403,
        `${release.version} was registered with this token: its test run is recorded with another token or by a member of staff with the release role`,
      );
    }
    const detail = `${detailPrefix(Number(pointer.canary_id))}${run.passed ? 'passed' : 'failed'}${run.report === undefined ? '' : `: ${run.report}`}`;
    await recordReleaseAction(trx, actor, PINNED_RUN_ACTION, remote, detail);
    // the run is over: its QA token lifts no limit any more
    await revokeQaTokensOf(trx, remote);
    return { remote, version: release.version, passed: run.passed };
  });
}

/** The latest run recorded for `remote`'s release `releaseId`, or undefined when none was. */
async function latestRunOf(
  db: Db,
  remote: string,
  releaseId: number,
): Promise<Omit<PinnedRunRecord, 'version'> | undefined> {
  const row = await db
    .selectFrom('release_audit')
    .select(['detail', 'actor', 'at'])
    .where('action', '=', PINNED_RUN_ACTION)
    .where('remote', '=', remote)
    .where('detail', 'like', `${detailPrefix(releaseId)}%`)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  // 'release <id> passed: <report>' (recordPinnedRun writes it)
  const outcome = (row.detail ?? '').slice(detailPrefix(releaseId).length);
  const report = /^(?:passed|failed): (.*)$/s.exec(outcome)?.[1];
  return {
    passed: outcome.startsWith('passed'),
    report: report ?? null,
    recordedBy: row.actor,
    recordedAt: new Date(row.at).toISOString(),
  };
}

/** Refuses (409) to promote `remote`'s canary release `canaryId` unless the latest run pinned to it passed. */
export async function requirePassedRun(db: Db, remote: ReleasedRemote, canaryId: number): Promise<void> {
  const latest = await latestRunOf(db, remote, canaryId);
  if (latest?.passed === true) return;
  throw httpError(
    409,
    latest === undefined
      ? `${remote}'s canary is promoted only after a test run pinned to it passes: run the suites with --site <URL> --canary ${remote}, then npm run remotes -- record-run ${remote} --passed`
      : `${remote}'s canary failed its latest pinned test run: fix it and record a passing run before promoting it`,
  );
}

/**
 * The listings with what their promote waits for: whether `requiredFor` (RELEASE_REQUIRE_PASSED_RUN) names the remote,
 * and the latest run recorded for its current canary release, which is what the gate looks at.
 */
export async function withPromoteGate(
  db: Db,
  listings: readonly RegistryListing[],
  requiredFor: readonly string[],
): Promise<RemoteListing[]> {
  return Promise.all(
    listings.map(async (listing) => {
      const { canary } = listing;
      const run = canary === undefined ? undefined : await latestRunOf(db, listing.remote, canary.id);
      const promoteGate: PromoteGate = {
        requiresPassedRun: requiredFor.includes(listing.remote),
        latestRun: canary === undefined || run === undefined ? undefined : { version: canary.version, ...run },
      };
      return { ...listing, promoteGate };
    }),
  );
}
