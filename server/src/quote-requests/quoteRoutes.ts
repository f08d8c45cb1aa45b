// Requests for quotation: POST /api/quote-requests stores a buyer's request with its lines and mails, and
// GET /api/quote-requests/<reference>.pdf?key=... gives it back as a PDF to whoever holds its key (the sender only).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { QUOTE_PDF_FILE_PATTERN } from '@site/content/validation';
import { QUOTE_REQUESTS_API_PATH } from '@site/contracts/api';
import type { QuoteCreated } from '@site/contracts/quote-api';
import type { LocationAvailability, VariantAvailability } from '@site/contracts/stock-api';
import { stockLocationsOf } from '@site/contracts/stock-text';
import { QUOTE_CONFIRMATIONS_PER_HOUR_DEFAULT } from '../platform/config.js';
import { describeError, type Database } from '../platform/db/index.js';
import { useJsonEndpoint } from '../platform/http/jsonEndpoint.js';
import { registerRateLimit, type RateLimitOptions } from '../platform/http/rateLimit.js';
import { parseSubmission } from '../platform/http/contracts.js';
import { plainQuoteRoutes, type PlainQuoteOptions, type TakeQuoteRequest } from './plainQuoteRoutes.js';
import { renderQuotePdf } from './pdf/quotePdf.js';
import { namedProductIds, siteQuoteCatalogue, type QuoteCatalogue } from './quoteCatalogue.js';
import { quoteRequestSchema } from './quoteSchema.js';
import { quotePdfFileName, quotePdfUrl } from './quoteSnapshot.js';
import {
  CONFIRMATION_WINDOW_HOURS,
  CONFIRMATIONS_PER_ADDRESS,
  keyMatches,
  loadQuoteRequest,
  quotePdfKey,
  saveQuoteRequest,
  type SavedQuote,
} from './quoteStore.js';

/** Largest accepted body: 100 lines and 2,000 characters of notes (each up to 12 bytes as a JSON escape) fit twice over. */
export const QUOTE_BODY_LIMIT = 64 * 1024;

export interface QuoteRoutesOptions extends RateLimitOptions {
  db: Database;
  /** QUOTE_CONFIRMATIONS_PER_HOUR (its default when left out). */
  quoteConfirmationsPerHour?: number;
  /** Called after a request queued its mails (the outbox worker sends them at once). */
  onOutboxWrite?: () => void;
  /**
   * The products a request may name: fixed, or the catalogue of those a request names (`productIds`) as it is now
   * (read from the database: app.ts); the site's committed catalogue by default.
   */
  catalogue?: QuoteCatalogue | ((productIds: readonly string[]) => Promise<QuoteCatalogue>);
  /** Today, for the needed-by date's bounds (tests). */
  now?: () => Date;
  /**
   * The stock's availability of variant codes (the stock feature's reader, app.stock: docs/stock.md), read when a
   * request is sent and stored with its lines; without it, or when it fails, the lines record none.
   */
  availability?: (codes: readonly string[]) => Promise<VariantAvailability[]>;
  /**
   * The request page's form as a plain form post (POST /request-quote, /ar/…: plainQuoteRoutes.ts), with what it needs
   * of the app: the page answer, the catalogue's look-up of codes, PUBLIC_SITE_URL. Without it (this file's own
   * tests), only the API.
   */
  plainForm?: Omit<PlainQuoteOptions, 'take' | 'catalogue' | 'rateLimited' | 'now'> | undefined;
}

const NOT_SAVED = 'Your request could not be saved right now. Please try again in a few minutes.';
const NOT_READ = 'The request could not be read right now. Please try again in a few minutes.';
/** The one answer to an unknown reference, a wrong key or no key, the same as any unknown address under /api. */
const NOT_FOUND = { error: 'Not found' };
/** Compared with a key when the reference is unknown: that answer takes as long as a wrong key's. */
const NO_HASH = '0'.repeat(64);

/**
 * Registers the routes. Every answer but the PDF is JSON: 200 {ok, reference, pdfUrl}; 400 bad input (one message
 * naming every problem), 413, 415, 405 wrong method, 429 too many requests, 503 database down, each as {error}; the
 * PDF's 404 is the same for an unknown reference and a wrong key. Register it with app.register.
 */
export async function quoteRoutes(app: FastifyInstance, options: QuoteRoutesOptions): Promise<void> {
  const { db, onOutboxWrite } = options;
  const limited = await registerRateLimit(app, options, { namespace: 'site-quotes-rate-' });
  const rateLimit = limited ? { rateLimit: {} } : {};
  const requireJson = useJsonEndpoint(app, {
    bodyLimit: QUOTE_BODY_LIMIT,
    what: 'the request',
    emptyHint: 'send the request for quotation as a JSON object',
  });
  const given = options.catalogue ?? siteQuoteCatalogue();
  const currentCatalogue = typeof given === 'function' ? given : async () => given;
  // The schema of the catalogue last read (a fixed catalogue's made once).
  let made: { catalogue: QuoteCatalogue; schema: ReturnType<typeof quoteRequestSchema> } | undefined;
  const schemaOf = (catalogue: QuoteCatalogue) => {
    if (made?.catalogue !== catalogue) made = { catalogue, schema: quoteRequestSchema(catalogue, options.now) };
    return made.schema;
  };
  const confirmationsPerHour = options.quoteConfirmationsPerHour ?? QUOTE_CONFIRMATIONS_PER_HOUR_DEFAULT;

  /**
   * The lines' availability now, at the locations the branch's buyer is told about (its own; every one for the Saudi
   * associate), by code. A stock that cannot be read never holds a request back: its lines record none.
   */
  const availabilityAtBranch = async (
    codes: string[],
    branch: string,
    request: FastifyRequest,
  ): Promise<Map<string, LocationAvailability[]> | undefined> => {
    if (options.availability === undefined) return undefined;
    try {
      const wanted = stockLocationsOf(branch);
      const read = await options.availability(codes);
      return new Map(
        codes.map((code, index) => [code, (read[index]?.locations ?? []).filter((at) => wanted.includes(at.location))]),
      );
    } catch (error) {
      request.log.warn(
        { err: error },
        `the stock could not be read for a request for quotation: ${describeError(error)}`,
      );
      return undefined;
    }
  };

  /**
   * A request's body checked against the catalogue as it is now, stored with its lines and mails, the outbox worker
   * woken: the JSON API's and the plain form post's (plainQuoteRoutes.ts) one way in.
   */
  const take: TakeQuoteRequest = async (body, request) => {
    let catalogue: QuoteCatalogue;
    try {
      catalogue = await currentCatalogue(namedProductIds(body));
    } catch (error) {
      request.log.error({ err: error }, `could not read the catalogue: ${describeError(error)}`);
      return { type: 'notSaved' };
    }
    const parsed = parseSubmission(schemaOf(catalogue), body);
    if (!parsed.ok) return { type: 'refused', error: parsed.error, problems: parsed.problems };
    const { key, hash } = quotePdfKey();
    const availability = await availabilityAtBranch(
      parsed.data.lines.map((line) => line.variant.code),
      parsed.data.branch,
      request,
    );
    let saved: SavedQuote;
    try {
      saved = await saveQuoteRequest(db, parsed.data, {
        spam: parsed.spam,
        keyHash: hash,
        confirmationsPerHour,
        availability,
      });
    } catch (error) {
      request.log.error({ err: error }, `could not store a request for quotation: ${describeError(error)}`);
      return { type: 'notSaved' };
    }
    if (parsed.spam)
      request.log.info(
        { reference: saved.reference },
        'honeypot field filled: request for quotation stored as spam, no mail',
      );
    else {
      if (saved.confirmation === 'addressCap') {
        request.log.info(
          { reference: saved.reference },
          `no confirmation mailed to the buyer: the address had ${CONFIRMATIONS_PER_ADDRESS} in the last ${CONFIRMATION_WINDOW_HOURS} hours (the branch is mailed)`,
        );
      } else if (saved.confirmation === 'hourlyCap') {
        // every address together: a burst of requests naming strangers' addresses looks like this
        request.log.warn(
          { reference: saved.reference },
          `no confirmation mailed to the buyer: the site mailed ${confirmationsPerHour} in the last hour, QUOTE_CONFIRMATIONS_PER_HOUR (the branch is mailed)`,
        );
      }
      onOutboxWrite?.();
    }
    return { type: 'saved', reference: saved.reference, key };
  };

  app.post(
    QUOTE_REQUESTS_API_PATH,
    { bodyLimit: QUOTE_BODY_LIMIT, preValidation: requireJson, config: rateLimit },
    async (request, reply): Promise<QuoteCreated | void> => {
      reply.header('cache-control', 'no-store');
      const taken = await take(request.body, request);
      if (taken.type === 'notSaved') return reply.code(503).send({ error: NOT_SAVED });
      if (taken.type === 'refused') return reply.code(400).send({ error: taken.error, problems: taken.problems });
      return { ok: true, reference: taken.reference, pdfUrl: quotePdfUrl(taken.reference, taken.key) };
    },
  );

  // the request page's form posted without its scripts: the same way in, answered with pages
  if (options.plainForm !== undefined) {
    await app.register(plainQuoteRoutes, {
      ...options.plainForm,
      take,
      catalogue: currentCatalogue,
      rateLimited: limited,
      now: options.now,
    });
  }

  app.get<{ Params: { file: string }; Querystring: Record<string, unknown> }>(
    `${QUOTE_REQUESTS_API_PATH}/:file`,
    { config: rateLimit },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const reference = QUOTE_PDF_FILE_PATTERN.exec(request.params.file)?.[1];
      const key = request.query.key;
      if (reference === undefined || typeof key !== 'string' || key.length > 100)
        return reply.code(404).send(NOT_FOUND);
      let stored: Awaited<ReturnType<typeof loadQuoteRequest>>;
      try {
        stored = await loadQuoteRequest(db, reference);
      } catch (error) {
        request.log.error(
          { err: error },
          `could not read the request for quotation ${reference}: ${describeError(error)}`,
        );
        return reply.code(503).send({ error: NOT_READ });
      }
      if (!keyMatches(key, stored?.keyHash ?? NO_HASH) || stored === undefined) return reply.code(404).send(NOT_FOUND);
      const pdf = await renderQuotePdf(stored.snapshot);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${quotePdfFileName(reference)}"`)
        .header('x-content-type-options', 'nosniff')
        .send(pdf);
    },
  );

  const notAllowed = (allow: string, how: string) => ({
    handler: async (request: FastifyRequest, reply: FastifyReply) =>
      reply
        .code(405)
        .header('allow', allow)
        .send({ error: `Method ${request.method} is not allowed here: ${how}` }),
  });
  app.route({
    method: ['GET', 'PUT', 'PATCH', 'DELETE'],
    url: QUOTE_REQUESTS_API_PATH,
    ...notAllowed('POST', 'send the request with POST'),
  });
  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE'],
    url: `${QUOTE_REQUESTS_API_PATH}/:file`,
    ...notAllowed('GET', 'download the PDF with GET'),
  });
}
