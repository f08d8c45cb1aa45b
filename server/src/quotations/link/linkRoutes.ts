// The buyer's calls on a sent quotation (QUOTATION_LINK_API): no sign-in, the link's token the only key. Any token
// that opens nothing (malformed, unknown, replaced) gets the one 404 body, and every call counts against the client
// address's rate limit (the platform's helper), so guessing tokens costs a 429 soon. Nothing here is kept by a browser
// or a proxy, nor indexed.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { QUOTATION_LINK_API, QUOTATION_LINK_NOT_FOUND, type BuyerQuotation } from '@site/contracts/quotation-link-api';
import {
  acceptQuotationBodySchema,
  askForChangesBodySchema,
  sendLatePurchaseOrderBodySchema,
} from '@site/contracts/quotation-link-api-schemas';
import type { AlreadyAcceptedAnswer, LatePurchaseOrderSent } from '@site/contracts/quotation-link-api';
import { describeError, type Database } from '../../platform/db/index.js';
import { checkBody } from '../../platform/http/contracts.js';
import { httpError } from '../../platform/http/jsonEndpoint.js';
import { registerRateLimit, type RateLimitOptions } from '../../platform/http/rateLimit.js';
import type { SendShell } from '../../pages/index.js';
import type { RecordStaffAction } from '../staffSide.js';
import {
  acceptQuotation,
  AlreadyAcceptedRefusal,
  askForChanges,
  BuyerRefusal,
  openQuotation,
  quotationOfToken,
  sendLatePurchaseOrder,
  type BuyerContext,
  type PurchaseOrderFile,
} from './buyerStore.js';
import type { LinkSealer } from './linkSeal.js';
import { loadBuyerDocument } from './buyerView.js';
import { MULTIPART_LIMITS, readAnswerParts } from './answerParts.js';
import { linkPageRoutes } from './linkPage.js';
import { quotationPdfFileName, renderQuotationPdf } from './quotationPdf.js';

export interface LinkRoutesOptions extends Partial<RateLimitOptions> {
  db: Database;
  recordStaffAction: RecordStaffAction;
  onOutboxWrite?: (() => void) | undefined;
  now?: (() => Date) | undefined;
  /**
   * The site's page answer (shellResponder.ts): with it, the buyer's page itself (/quotation/<token>, /ar/…) is answered here,
   * drawn by the server with the quotation, and its plain form posts taken (linkPage.ts). Without it (the link's own
   * tests), only the API.
   */
  sendPage?: SendShell | undefined;
  /** PUBLIC_SITE_URL: the origin a form post must come from (crossSite.ts). */
  publicSiteUrl?: string | undefined;
  /** Opens the sealed tokens: a replaced revision's page links to the latest one (without it, to the mail). */
  linkSealer?: LinkSealer | undefined;
}

/** The link's calls per client address and window unless told otherwise: a buyer's page makes a handful. */
export const LINK_RATE_LIMIT = { rateLimitMax: 30, rateLimitWindowMs: 60_000 } as const;

const NOT_DONE = 'That could not be done right now. Please try again in a minute.';
const ANSWER_BODY_LIMIT = 16 * 1024;

class LinkNotFound extends Error {}

/** An answer's body must be JSON (the acceptance's may be multipart): anything else is a 415. */
async function requireJson(request: FastifyRequest): Promise<void> {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') throw httpError(415, 'Send the answer as JSON (Content-Type: application/json)');
}

export async function linkRoutes(app: FastifyInstance, options: LinkRoutesOptions): Promise<void> {
  const { db } = options;
  const context: BuyerContext = {
    record: options.recordStaffAction,
    now: options.now ?? (() => new Date()),
    sealer: options.linkSealer,
  };
  const limits = {
    rateLimitMax: options.rateLimitMax ?? LINK_RATE_LIMIT.rateLimitMax,
    rateLimitWindowMs: options.rateLimitWindowMs ?? LINK_RATE_LIMIT.rateLimitWindowMs,
    redisNamespace: options.redisNamespace,
  };
  const limited = await registerRateLimit(app, limits, { namespace: 'site-quotation-link-rate-' });
  const limit = limited ? { config: { rateLimit: {} } } : {};
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: false });

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('x-robots-tag', 'noindex');
  });
  app.setErrorHandler((error: FastifyError | BuyerRefusal, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof LinkNotFound) return reply.code(404).send(QUOTATION_LINK_NOT_FOUND);
    if (error instanceof AlreadyAcceptedRefusal) {
      const answer: AlreadyAcceptedAnswer = { error: error.message, alreadyAccepted: error.alreadyAccepted };
      return reply.code(409).send(answer);
    }
    if (error instanceof BuyerRefusal) return reply.code(error.statusCode).send({ error: error.message });
    if ('statusCode' in error && error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ error: error.message });
    }
    request.log.error({ err: error }, `quotation link call failed: ${describeError(error)}`);
    return reply.code(503).send({ error: NOT_DONE });
  });

  /** The quotation the address's token opens, or the one 404. */
  const quotationOf = async (request: FastifyRequest): Promise<number> => {
    const { token } = request.params as { token: string };
    const id = await quotationOfToken(db.kysely, token);
    if (id === undefined) throw new LinkNotFound();
    return id;
  };

  app.get(
    QUOTATION_LINK_API.quotation,
    limit,
    async (request): Promise<BuyerQuotation> => openQuotation(db.kysely, context, await quotationOf(request)),
  );

  app.get(QUOTATION_LINK_API.pdf, limit, async (request, reply) => {
    const id = await quotationOf(request);
    const document = await loadBuyerDocument(db.kysely, id, context.now());
    if (document === undefined) throw new LinkNotFound();
    const pdf = await renderQuotationPdf(document.view);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${quotationPdfFileName(document.view.number)}"`)
      .header('x-content-type-options', 'nosniff')
      .send(pdf);
  });

  app.post(
    QUOTATION_LINK_API.accept,
    { ...limit, bodyLimit: ANSWER_BODY_LIMIT },
    async (request): Promise<BuyerQuotation> => {
      // the token first: nothing of a body sent to a wrong link is read
      const id = await quotationOf(request);
      if (!request.isMultipart()) await requireJson(request);
      const { fields, file } = request.isMultipart()
        ? await readMultipart(request)
        : { fields: request.body, file: undefined };
      const checked = checkBody(acceptQuotationBodySchema, fields);
      if (!checked.ok) throw httpError(400, checked.error);
      const view = await acceptQuotation(db.kysely, context, id, checked.data, file);
      options.onOutboxWrite?.();
      return view;
    },
  );

  app.post(
    QUOTATION_LINK_API.changes,
    { ...limit, bodyLimit: ANSWER_BODY_LIMIT, preValidation: requireJson },
    async (request): Promise<BuyerQuotation> => {
      const id = await quotationOf(request);
      const checked = checkBody(askForChangesBodySchema, request.body);
      if (!checked.ok) throw httpError(400, checked.error);
      const view = await askForChanges(db.kysely, context, id, checked.data.message);
      options.onOutboxWrite?.();
      return view;
    },
  );

  app.post(
    QUOTATION_LINK_API.purchaseOrder,
    { ...limit, bodyLimit: ANSWER_BODY_LIMIT, preValidation: requireJson },
    async (request): Promise<LatePurchaseOrderSent> => {
      const id = await quotationOf(request);
      const checked = checkBody(sendLatePurchaseOrderBodySchema, request.body);
      if (!checked.ok) throw httpError(400, checked.error);
      const sent = await sendLatePurchaseOrder(db.kysely, context, id, checked.data.submission);
      options.onOutboxWrite?.();
      return sent;
    },
  );

  // the buyer's page and its plain form posts: this scope's rate limit, multipart reading and no-store/noindex
  const { sendPage } = options;
  if (sendPage !== undefined) {
    await app.register(linkPageRoutes, {
      db,
      context,
      sendPage,
      publicSiteUrl: options.publicSiteUrl,
      limit,
      onOutboxWrite: options.onOutboxWrite,
    });
  }
}

/** The acceptance's fields and its one file (a PDF by its first bytes, at most PO_FILE_MAX_BYTES), from a multipart body. */
async function readMultipart(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; file: PurchaseOrderFile | undefined }> {
  const { fields, file, refusal } = await readAnswerParts(request);
  if (refusal !== undefined) throw refusal;
  return { fields, file };
}
