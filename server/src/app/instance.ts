// The Fastify instance itself: how its HTTP server treats a connection, and what an error answers.
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { answerClientError } from '../platform/http/bareAnswers.js';
import { refusalAnswer } from '../platform/http/contracts.js';
import { rewriteMalformedUrl } from '../platform/http/malformedUrls.js';
import { createSideListener } from '../platform/http/sideListener.js';
import { serverTimeoutOptions } from '../platform/http/timeouts.js';
import { fastifyTrustProxy } from '../platform/http/trustProxy.js';
import { redactLinkTokens } from '../platform/http/logRedaction.js';
import { requestIdOptions, sendRequestIds } from '../platform/http/requestIds.js';
import type { AppConfig, BuildAppOptions } from './options.js';

/**
 * The instance with the site's server options: its logger (JSON lines, each naming its request's id), proxies,
 * timeouts and answers to malformed requests.
 */
export function createInstance(config: AppConfig, logStream?: BuildAppOptions['logStream']): FastifyInstance {
  const trustProxy = fastifyTrustProxy(config.http.trustProxy);
  const timeouts = serverTimeoutOptions(config.http.timeouts); // HTTP_*_TIMEOUT_SECONDS: stalled clients are let go
  // the public server, the staff app's beside it (STAFF_PORT) and the buyer's account's (ACCOUNT_PORT), on the same routes
  const staffListener = createSideListener(timeouts);
  const accountListener = createSideListener(timeouts, staffListener.serverFactory);
  const app = Fastify({
    // each line passes redactLinkTokens last: no quotation link token is written
    logger:
      config.logLevel === undefined
        ? false
        : {
            level: config.logLevel,
            hooks: { streamWrite: redactLinkTokens },
            ...(logStream === undefined ? {} : { stream: logStream }),
          },
    trustProxy, // TRUST_PROXY: X-Forwarded-Proto/-Host/-For from these proxies count
    ...requestIdOptions(trustProxy), // X-Request-Id: ours, or a trusted proxy's when it is a safe token
    ...timeouts,
    serverFactory: accountListener.serverFactory,
    rewriteUrl: rewriteMalformedUrl, // /x/%ZZ reaches the routes (and hooks) as /x/%25ZZ instead of Fastify's bare 400
    clientErrorHandler: answerClientError, // what the parser refuses (bad method, 408, 431...) gets the site's headers too
  });
  sendRequestIds(app);
  app.decorate('staffListener', staffListener);
  app.decorate('accountListener', accountListener);
  for (const side of [staffListener, accountListener]) {
    // what the parser refuses on a side listener gets the same answer as on the public one
    side.server()?.on('clientError', answerClientError.bind(app));
    app.addHook('onClose', async () => side.close());
  }
  return app;
}

/** Never leak internals: 5xx answer a generic message (the error is logged); 4xx keep their message. */
export function answerErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode !== undefined && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).header('cache-control', 'no-store').send({ error: 'Internal server error' });
    }
    return reply.code(status).send(refusalAnswer(error));
  });
}
