// The registry's listings and its changes of what is live: list the caller's remotes or one of them, put a release in
// front of a share of visitors (canary), record how a pinned test run on the canary went, promote, roll back.
import type { ReleasedRemote } from '@site/contracts/federation';
import { canaryBodySchema, noBodySchema, pinnedRunBodySchema } from '@site/contracts/releases-api-schemas';
import type { Database } from '../platform/db/index.js';
import { httpError } from '../platform/http/jsonEndpoint.js';
import { recordPinnedRun, requirePassedRun, withPromoteGate } from './pinnedRuns.js';
import { RELEASE_BODY_LIMIT, type ReleaseCallContext } from './releaseCallContext.js';
import { listRemotes, promote, rollback, setCanary } from './registry.js';
import { isStaffActor } from './releaseActors.js';

export function listingCalls({ app, options, remotesPath, checkRemote, remoteOf }: ReleaseCallContext): void {
  const { db, callerOf } = options;
  /** The registry's listings of `names`, with what each one's promote waits for. */
  const listings = async (names: readonly string[]) =>
    withPromoteGate(db.kysely, await listRemotes(db.kysely, names), options.requirePassedRun ?? []);

  app.get(remotesPath, async (request) => ({ remotes: await listings(callerOf(request).remotes) }));

  app.get(`${remotesPath}/:remote`, { preValidation: checkRemote }, async (request) => {
    const remote = remoteOf(request);
    const [listing] = await listings([remote]);
    if (listing === undefined)
      throw httpError(400, `${remote} is not in the registry yet: start the site once with it configured`);
    return listing;
  });
}

export function canaryCall({ app, options, remotesPath, checkRemote, remoteOf, applied }: ReleaseCallContext): void {
  app.post(
    `${remotesPath}/:remote/canary`,
    {
      bodyLimit: RELEASE_BODY_LIMIT,
      preValidation: [options.requireJson, checkRemote],
      schema: { body: canaryBodySchema },
    },
    async (request) => {
      const state = await setCanary(
        options.db.kysely,
        options.callerOf(request).actor,
        remoteOf(request),
        request.body,
      );
      await applied();
      return state;
    },
  );
}

/**
 * A pipeline (or QA) tells how the suites pinned to the live canary went; the promote of a remote that requires it
 * waits for a passed one. When it does, the token that registered the canary may not vouch for it itself: a leaked
 * token alone could otherwise register, test and promote a build of its own.
 */
export function pinnedRunCall({ app, options, remotesPath, checkRemote, remoteOf }: ReleaseCallContext): void {
  app.post(
    `${remotesPath}/:remote/runs`,
    {
      bodyLimit: RELEASE_BODY_LIMIT,
      preValidation: [options.requireJson, checkRemote],
      schema: { body: pinnedRunBodySchema },
    },
    async (request, reply) => {
      const remote = remoteOf(request);
      const { actor } = options.callerOf(request);
      const gated = options.requirePassedRun?.includes(remote) === true;
      const run = await recordPinnedRun(options.db.kysely, actor, remote, request.body, {
        refuseRegistrant: gated && !isStaffActor(actor),
      });
      return reply.code(201).send({ run });
    },
  );
}

/** Who takes a held canary out when RELEASE_VITALS_ROLLBACK=1, in the audit. */
export const VITALS_RULE_ACTOR = 'page speed rule';

export function promoteAndRollbackCalls({
  app,
  options,
  remotesPath,
  checkRemote,
  remoteOf,
  applied,
}: ReleaseCallContext): void {
  const { vitalsHold } = options;
  /** Held canaries' sentences, by the refusal thrown inside promote's transaction (acted on once it is rolled back). */
  const held = new WeakMap<object, string>();
  const guards = (remote: ReleasedRemote) => async (trx: Database['kysely'], canaryId: number) => {
    if (options.requirePassedRun?.includes(remote) === true) await requirePassedRun(trx, remote, canaryId);
    if (vitalsHold === undefined) return;
    const verdict = await vitalsHold.verdict(trx, remote);
    if (!verdict.held) return;
    const refusal = httpError(409, verdict.sentence);
    held.set(refusal, verdict.sentence);
    throw refusal;
  };
  const gatedPromote = async (database: Database['kysely'], actor: string, remote: ReleasedRemote) => {
    try {
      return await promote(database, actor, remote, guards(remote));
    } catch (error) {
      const sentence = typeof error === 'object' && error !== null ? held.get(error) : undefined;
      if (sentence === undefined || vitalsHold?.rollback !== true) throw error;
      // the promote's transaction is over: the canary is taken out in a change of its own (locked, audited, announced)
      await setCanary(database, VITALS_RULE_ACTOR, remote, { percent: 0 });
      await applied();
      throw httpError(409, `${sentence} Its canary was taken out (0 % of visitors): RELEASE_VITALS_ROLLBACK is on.`);
    }
  };

  for (const [path, change] of [
    [`${remotesPath}/:remote/promote`, gatedPromote],
    [`${remotesPath}/:remote/rollback`, rollback],
  ] as const) {
    app.post(
      path,
      { bodyLimit: RELEASE_BODY_LIMIT, preValidation: checkRemote, schema: { body: noBodySchema } },
      async (request) => {
        const state = await change(options.db.kysely, options.callerOf(request).actor, remoteOf(request));
        await applied();
        return state;
      },
    );
  }
}
