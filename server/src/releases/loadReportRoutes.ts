// POST /api/remote-loads: the browser's report of one remote's load (the shell's runtime plugin and the staff host, one
// per page view per remote). Public like the forms: JSON of at most 1 KB, rate-limited per client, every bad report a
// 400 naming the problem, never a 5xx for what was sent. Answers 202 { counted }: a report of a release no longer live
// is not counted. Each report is kept with its client address (normalised: its networks follow) and the visitor's
// session id, which the rollback's judgement weighs it by.
import type { FastifyPluginAsync } from 'fastify';
import { RELEASED_REMOTES } from '@site/contracts/federation';
import { remoteLoadReportSchema } from '@site/contracts/releases-api-schemas';
import { REMOTE_LOAD_REPORT_PATH } from '@site/contracts/releases-api';
import type { ReleaseSafetyConfig } from './settings.js';
import type { Database } from '../platform/db/index.js';
import { useContracts } from '../platform/http/contracts.js';
import { httpError, useJsonEndpoint } from '../platform/http/jsonEndpoint.js';
import { isQaRun, registerRateLimit } from '../platform/http/rateLimit.js';
import { registerRequestClient } from '../platform/http/requestClient.js';
import { recordLoad, rollbackPolicyOf } from './releaseHealth.js';
import type { LiveRemotes } from './liveRemotes.js';
import { isReleasedRemote } from './registry.js';

const BODY_LIMIT = 1024;

export interface LoadReportRoutesOptions {
  db: Database;
  liveRemotes: LiveRemotes;
  releaseSafety: ReleaseSafetyConfig;
  /** Wakes the outbox worker after a rollback queued the team's mail. */
  onOutboxWrite?: (() => void) | undefined;
  /** The time a report is received at (tests move it instead of waiting). */
  now?: (() => Date) | undefined;
}

export const loadReportRoutes: FastifyPluginAsync<LoadReportRoutesOptions> = async (parent, options) => {
  const app = useContracts(parent);
  const { db, releaseSafety } = options;
  const policy = rollbackPolicyOf(releaseSafety);
  const now = options.now ?? (() => new Date());
  registerRequestClient(app);
  const limited = await registerRateLimit(
    app,
    { rateLimitMax: releaseSafety.reportsPerMinute, rateLimitWindowMs: 60_000 },
    { namespace: 'site-remote-loads-rate-', what: 'load reports' },
  );
  const requireJson = useJsonEndpoint(app, {
    bodyLimit: BODY_LIMIT,
    what: 'the load report',
    emptyHint: 'send the report as a JSON object',
  });

  app.post(
    REMOTE_LOAD_REPORT_PATH,
    {
      bodyLimit: BODY_LIMIT,
      // every answer, a refused report's too
      onRequest: async (_request, reply) => void reply.header('cache-control', 'no-store'),
      preValidation: requireJson,
      schema: { body: remoteLoadReportSchema },
      config: limited ? { rateLimit: {} } : {},
    },
    async (request, reply) => {
      const report = request.body;
      if (!isReleasedRemote(report.remote))
        throw httpError(400, `Unknown remote "${report.remote}": the remotes are ${RELEASED_REMOTES.join(', ')}`);
      // a pinned QA run's page loads are test traffic, not a visitor's: never weighed towards a rollback
      if (await isQaRun(request)) return reply.code(202).send({ counted: false });
      // request.client: the address the proxies we trust saw (TRUST_PROXY), never an X-Forwarded-For the client wrote
      const reporter = { client: request.client, session: report.session };
      const result = await recordLoad(
        db.kysely,
        report.remote,
        report.entry,
        report.outcome === 'failed',
        reporter,
        policy,
        now(),
      );
      if (result.counted && result.rolledBack) {
        request.log.warn({ remote: report.remote }, 'a failing canary was rolled back automatically');
        if (releaseSafety.alertEmail !== undefined) options.onOutboxWrite?.();
        await options.liveRemotes.refresh();
      }
      return reply.code(202).send({ counted: result.counted });
    },
  );
};
