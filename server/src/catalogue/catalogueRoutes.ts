// The catalogue's API (@site/contracts/api, shapes in @site/contracts/catalogue-api): the category grid, one page of a
// category, one product, the search modal's matches; each answer made by catalogueAnswers.ts, which a page drawn on
// the server reads too. Requests and answers are checked by the zod schemas declared on each route; a bad query is a
// 400 whose message names the parameter, an unknown category or product a 404, a database failure a 503, each {error}.
// Answers carry an ETag of their bytes and are revalidated (no-cache): a catalogue change shows on the next request.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CATALOGUE_CATEGORIES_API_PATH,
  CATALOGUE_COMPARE_API_PATH,
  CATALOGUE_LISTING_API_PATTERN,
  CATALOGUE_LOOKUP_API_PATH,
  CATALOGUE_PRODUCT_API_PATTERN,
  CATALOGUE_SEARCH_API_PATH,
} from '@site/contracts/api';
import {
  catalogueErrorSchema,
  categoriesQuerySchema,
  categoriesResponseSchema,
  listingParamsSchema,
  listingQuerySchema,
  listingResponseSchema,
  lookupQuerySchema,
  PRODUCT_GONE_STATUS,
  productGoneSchema,
  lookupResponseSchema,
  productParamsSchema,
  productQuerySchema,
  productResponseSchema,
  compareQuerySchema,
  compareResponseSchema,
  searchQuerySchema,
  searchResponseSchema,
} from '@site/contracts/catalogue-api';
import { describeError } from '../platform/db/index.js';
import { contentEtag, isFresh } from '../platform/http/etag.js';
import { refusalAnswer, useContracts } from '../platform/http/contracts.js';
import {
  categoriesAnswer,
  compareAnswer,
  listingAnswer,
  lookupAnswer,
  NOT_LOADED,
  productAnswer,
  searchAnswer,
  type Answer,
} from './catalogueAnswers.js';
import type { CatalogueStore } from './catalogueStore.js';
import type { ProductLookup } from './productLookup.js';
import {
  compareInCurrency,
  displayRateOf,
  listingInCurrency,
  productInCurrency,
  searchInCurrency,
  type CurrentDisplayRate,
  type DisplayRate,
} from './currency/displayPrices.js';

export interface CatalogueRoutesOptions {
  store: CatalogueStore;
  /** The products a buyer's list names (productLookup.ts), at the catalogue's current version. */
  lookup: ProductLookup;
  /**
   * The staff-set rate of a currency (currency/displayPrices.ts): the listing's, the product's, the search's and the
   * comparison's answers then carry their prices in the currency the visitor's cookie names. None: AED only.
   */
  currentRate?: CurrentDisplayRate;
}

/** A read that failed on the database's side: answered 503 with NOT_LOADED. */
class CatalogueUnavailable extends Error {}

/** A route's answers: `ok` for 200, the error sentence for any 4xx and 5xx. */
const answers = <T>(ok: T) => ({ 200: ok, '4xx': catalogueErrorSchema, '5xx': catalogueErrorSchema });

/** `body` to send with its ETag, or undefined once a 304 has been sent (the client holds these bytes). */
async function sendTagged<T>(request: FastifyRequest, reply: FastifyReply, body: T): Promise<T | undefined> {
  const etag = contentEtag(JSON.stringify(body));
  reply.header('cache-control', 'no-cache').header('etag', etag);
  if (!isFresh(request, etag)) return body;
  await reply.code(304).send();
  return undefined;
}

export async function catalogueRoutes(
  parent: FastifyInstance,
  { store, lookup, currentRate }: CatalogueRoutesOptions,
): Promise<void> {
  const app = useContracts(parent);
  app.setErrorHandler(async (error: FastifyError, _request, reply) => {
    // a refused request: the contracts' one formatter worded it (http/contracts.ts)
    if (error.validation !== undefined) return reply.code(400).send(refusalAnswer(error));
    // the app's handler hides every 5xx's message; this one is written for people
    if (error instanceof CatalogueUnavailable)
      return reply.code(503).header('cache-control', 'no-store').send({ error: NOT_LOADED });
    throw error;
  });

  /** Runs a read; a database failure is a 503 with a sentence, logged with its cause. */
  const read = async <T>(request: FastifyRequest, what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      request.log.error({ err: error }, `could not read ${what}: ${describeError(error)}`);
      throw new CatalogueUnavailable(NOT_LOADED, { cause: error });
    }
  };

  /** An answer sent: 200 with its ETag (or a 304), any other status as it is. */
  const send = async <T>(request: FastifyRequest, reply: FastifyReply, answer: Answer<T>): Promise<T | undefined> => {
    if (answer.status === 200) return sendTagged(request, reply, answer.body);
    if ('withdrawn' in answer.body) reply.header('cache-control', 'no-cache');
    await reply.code(answer.status).send(answer.body);
    return undefined;
  };

  /**
   * A 200 answer in the visitor's currency (its cookie's): the answer differs by the cookie, so it says so (Vary) and
   * its ETag, of its bytes, differs too.
   */
  const inCurrency = async <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    answer: Answer<T>,
    convert: (body: T, display: DisplayRate) => T,
  ): Promise<Answer<T>> => {
    if (currentRate === undefined) return answer;
    reply.header('vary', 'Cookie');
    if (answer.status !== 200) return answer;
    const display = await read(request, 'the exchange rate', () => displayRateOf(request.headers.cookie, currentRate));
    return { status: 200, body: convert(answer.body, display) };
  };

  /** `what`'s answer, read by `run`, sent in the visitor's currency (the listing, the product, the search, the comparison). */
  const sendInCurrency = async <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    what: string,
    run: () => Promise<Answer<T>>,
    convert: (body: T, display: DisplayRate) => T,
  ): Promise<T | undefined> =>
    send(request, reply, await inCurrency(request, reply, await read(request, what, run), convert));

  app.get(
    CATALOGUE_CATEGORIES_API_PATH,
    { schema: { querystring: categoriesQuerySchema, response: answers(categoriesResponseSchema) } },
    async (request, reply) =>
      send(request, reply, await read(request, 'the categories', () => categoriesAnswer(store, request.query))),
  );

  app.get(
    CATALOGUE_LISTING_API_PATTERN,
    {
      schema: {
        params: listingParamsSchema,
        querystring: listingQuerySchema,
        response: answers(listingResponseSchema),
      },
    },
    async (request, reply) =>
      sendInCurrency(
        request,
        reply,
        `the listing of ${request.params.categoryId}`,
        () => listingAnswer(store, request.params, request.query),
        listingInCurrency,
      ),
  );

  app.get(
    CATALOGUE_LOOKUP_API_PATH,
    { schema: { querystring: lookupQuerySchema, response: answers(lookupResponseSchema) } },
    async (request, reply) =>
      send(
        request,
        reply,
        await read(request, 'the catalogue for a look-up', () => lookupAnswer(store, lookup, request.query)),
      ),
  );

  app.get(
    CATALOGUE_SEARCH_API_PATH,
    { schema: { querystring: searchQuerySchema, response: answers(searchResponseSchema) } },
    async (request, reply) =>
      sendInCurrency(request, reply, 'the search', () => searchAnswer(store, request.query), searchInCurrency),
  );

  app.get(
    CATALOGUE_PRODUCT_API_PATTERN,
    {
      schema: {
        params: productParamsSchema,
        querystring: productQuerySchema,
        response: { ...answers(productResponseSchema), [PRODUCT_GONE_STATUS]: productGoneSchema },
      },
    },
    async (request, reply) =>
      sendInCurrency(
        request,
        reply,
        `the product ${request.params.productId}`,
        () => productAnswer(store, request.params, request.query),
        productInCurrency,
      ),
  );

  // A comparison's columns: each product's records, an unknown id answered as not found (an old link's product).
  app.get(
    CATALOGUE_COMPARE_API_PATH,
    { schema: { querystring: compareQuerySchema, response: answers(compareResponseSchema) } },
    async (request, reply) =>
      sendInCurrency(
        request,
        reply,
        'the products to compare',
        () => compareAnswer(store, request.query),
        compareInCurrency,
      ),
  );
}
