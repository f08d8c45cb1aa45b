// The ERP's feed: PUT /api/stock (a full snapshot) and PATCH /api/stock (changes only), JSON or CSV, with a `stock`
// token an admin made (Authorization: Bearer srt_…). The token is checked before a byte of the body is read; the body
// is kept in a temporary file as it comes (413 past the limit), then applied in one transaction (feedApply.ts).
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { STOCK_API, STOCK_FEED_LIMITS } from '@site/contracts/stock-api';
import type { Database } from '../platform/db/index.js';
import { httpError } from '../platform/http/jsonEndpoint.js';
import { pipelineTokenOf, requirePipelineToken } from '../releases/index.js';
import { spoolBody, FeedTooLarge } from './feedBody.js';
import { applyStockFeed, FeedRefused, recordRefused, type FeedRequest } from './feedApply.js';

export interface StockRoutesOptions {
  db: Database;
  /** The largest body and the most rows of a feed (STOCK_FEED_LIMITS unless a test or bench says otherwise). */
  maxBytes?: number | undefined;
  maxRows?: number | undefined;
  /** The clock of "a past date" (tests). */
  now?: (() => Date) | undefined;
}

/** The body's format by its Content-Type; undefined for any other. */
function formatOf(request: FastifyRequest): 'json' | 'csv' | undefined {
  const [type = '', ...parameters] = (request.headers['content-type'] ?? '')
    .split(';')
    .map((part) => part.trim().toLowerCase());
  const charset = parameters
    .find((parameter) => parameter.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/"/g, '');
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') return undefined;
  if (type === 'application/json') return 'json';
  if (type === 'text/csv' || type === 'application/csv') return 'csv';
  return undefined;
}

export const stockRoutes: FastifyPluginAsync<StockRoutesOptions> = async (app, options) => {
  const { db } = options;
  const maxBytes = options.maxBytes ?? STOCK_FEED_LIMITS.bytes;

  // Before the body is read: nothing of a request without a stock token in force is parsed (nor kept).
  app.addHook('onRequest', requirePipelineToken(db.kysely, 'stock'));

  // the body is the handler's to read (a stream, kept in a file): no parser reads it whole
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  const feed = (kind: FeedRequest['kind']) => async (request: FastifyRequest, reply: FastifyReply) => {
    const token = pipelineTokenOf(request);
    if (token === undefined) throw httpError(401, 'Send a stock token');
    const format = formatOf(request);
    if (format === undefined)
      throw httpError(
        415,
        'Send the feed as JSON (Content-Type: application/json) or CSV (Content-Type: text/csv), in UTF-8',
      );
    const query = request.query as Record<string, unknown>;
    const strict = query.strict === '1' || query.strict === 'true';
    const described: FeedRequest = {
      kind,
      format,
      strict,
      source: 'api',
      actor: `token ${token.id} "${token.name}"`,
      tokenId: token.id,
    };
    const length = Number(request.headers['content-length']);
    const tooLarge = async (): Promise<never> => {
      await recordRefused(db.kysely, described, new FeedTooLarge(maxBytes).message, 0).catch((error: unknown) =>
        request.log.error({ err: error }, 'could not record a refused stock feed'),
      );
      // the rest of the body is not read: the connection ends with the answer
      void reply.header('connection', 'close');
      throw httpError(413, new FeedTooLarge(maxBytes).message);
    };
    if (Number.isFinite(length) && length > maxBytes) return tooLarge();
    const body = request.body;
    // no body at all (Fastify calls no parser): an empty file, which the format's reader refuses in its words
    const stream = body instanceof Readable ? body : Readable.from([]);
    let spooled;
    try {
      spooled = await spoolBody(stream, maxBytes);
    } catch (error) {
      if (error instanceof FeedTooLarge) return tooLarge();
      throw error;
    }
    // applying a large snapshot may take longer than the socket's idle limit (HTTP_IDLE_TIMEOUT_SECONDS), during which
    // the sender only waits: the limit is lifted while it applies, and put back for the connection's next request
    const socket = request.raw.socket as { setTimeout?: (ms: number) => unknown } | undefined;
    socket?.setTimeout?.(0);
    try {
      const report = await applyStockFeed(db, spooled.file, described, { maxRows: options.maxRows, now: options.now });
      return await reply
        .code(report.outcome === 'applied' ? 200 : 422)
        .header('cache-control', 'no-store')
        .send(report);
    } catch (error) {
      if (error instanceof FeedRefused) throw httpError(error.statusCode, error.message);
      throw error;
    } finally {
      socket?.setTimeout?.(app.initialConfig.connectionTimeout ?? 0);
      await spooled.discard();
    }
  };

  app.put(STOCK_API.feed, feed('snapshot'));
  app.patch(STOCK_API.feed, feed('delta'));

  // Any other address or method under the API: after the token check, so nothing tells what exists without one.
  app.route({ method: ['GET', 'POST', 'DELETE'], url: STOCK_API.feed, handler: notFound });
  app.all(`${STOCK_API.feed}/*`, notFound);
};

async function notFound(this: FastifyInstance): Promise<never> {
  throw httpError(404, 'Not found: send PUT /api/stock (a snapshot) or PATCH /api/stock (changes)');
}
