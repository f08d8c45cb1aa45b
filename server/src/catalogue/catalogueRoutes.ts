// The catalogue's API (@site/contracts/api, shapes in @site/contracts/catalogue-api): the category grid, one page of a
// category, one product, the search modal's matches. Requests and answers are checked by the zod schemas declared on each route; a bad query is a
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
  CATEGORY_GONE_STATUS,
  productGoneSchema,
  lookupResponseSchema,
  productParamsSchema,
  productQuerySchema,
  productResponseSchema,
  compareQuerySchema,
  NO_FACETS,
  compareResponseSchema,
  searchQuerySchema,
  searchResponseSchema,
} from '@site/contracts/catalogue-api';
import { describeError } from '../db/index.js';
import { contentEtag, isFresh } from '../http/etag.js';
import { useContracts } from '../http/contracts.js';
import { httpError } from '../http/jsonEndpoint.js';
import type { SearchPage } from './catalogueSearch.js';
import { searchNeedle, type CatalogueStore } from './catalogueStore.js';
import type { ProductLookup } from './productLookup.js';

export interface CatalogueRoutesOptions {
  store: CatalogueStore;
  /** The products a buyer's list names (productLookup.ts), at the catalogue's current version. */
  lookup: ProductLookup;
}

const NOT_LOADED = 'The catalogue could not be loaded right now. Please try again in a few minutes.';

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

export async function catalogueRoutes(parent: FastifyInstance, { store, lookup }: CatalogueRoutesOptions): Promise<void> {
  const app = useContracts(parent);
  app.setErrorHandler(async (error: FastifyError, _request, reply) => {
    // a refused request: the contracts' one formatter worded it (http/contracts.ts)
    if (error.validation !== undefined) return reply.code(400).send({ error: error.message });
    // the app's handler hides every 5xx's message; this one is written for people
    if (error instanceof CatalogueUnavailable) return reply.code(503).header('cache-control', 'no-store').send({ error: NOT_LOADED });
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

  app.get(
    CATALOGUE_CATEGORIES_API_PATH,
    { schema: { querystring: categoriesQuerySchema, response: answers(categoriesResponseSchema) } },
    async (request, reply) => {
      const categories = await read(request, 'the categories', () => store.categories(request.query.lang));
      return sendTagged(request, reply, { categories });
    },
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
    async (request, reply) => {
      const { categoryId } = request.params;
      const { lang, sort, page, pageSize, brand, minPrice, maxPrice, ...attributes } = request.query;
      const filters = { brands: brand, minPrice, maxPrice, attributes };
      const listing = await read(request, `the listing of ${categoryId}`, () =>
        store.listing({ categoryId, sort: sort as 1 | 2 | 3 | 4 | 5 | 6, filters, offset: (page - 1) * pageSize, limit: pageSize, locale: lang }),
      );
      if (listing === undefined) {
        // an archived category is gone, not unknown (its page is a 410 too); the app shows both as not found
        const gone = await read(request, `the listing of ${categoryId}`, () => store.archivedCategory(categoryId));
        if (gone) throw httpError(CATEGORY_GONE_STATUS, `The category "${categoryId}" is no longer in the catalogue: it was withdrawn`);
        throw httpError(404, `There is no category "${categoryId}" in the catalogue`);
      }
      return sendTagged(request, reply, { ...listing, page, pageSize });
    },
  );

  app.get(
    CATALOGUE_LOOKUP_API_PATH,
    { schema: { querystring: lookupQuerySchema, response: answers(lookupResponseSchema) } },
    async (request, reply) => {
      const { lang, codes } = request.query;
      const [products, withdrawn] = await read(request, 'the catalogue for a look-up', () => Promise.all([lookup(codes, lang), store.archivedNamedBy(codes, lang)]));
      return sendTagged(request, reply, withdrawn.length === 0 ? { products } : { products, withdrawn });
    },
  );

  app.get(
    CATALOGUE_SEARCH_API_PATH,
    { schema: { querystring: searchQuerySchema, response: answers(searchResponseSchema) } },
    async (request, reply) => {
      const { lang, q, offset, limit, facets, brand, minPrice, maxPrice, ...attributes } = request.query;
      const needle = searchNeedle(q);
      const filters = { brands: brand, minPrice, maxPrice, attributes };
      const page: SearchPage =
        needle === undefined
          ? { total: 0, results: [], highlight: [] }
          : await read(request, 'the search', () => store.search({ needle, offset, limit, locale: lang, filters, facets: facets === '1' }));
      const { total, results, highlight, suggestion, narrowed } = page;
      // asked for and nothing to search: the filters offer nothing
      const filtersOffered = narrowed ?? (facets === '1' ? { brands: [], attributes: {}, facets: NO_FACETS } : undefined);
      return sendTagged(request, reply, {
        total,
        offset,
        results,
        highlight,
        ...(suggestion === undefined ? {} : { suggestion }),
        ...(filtersOffered ?? {}),
      });
    },
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
    async (request, reply) => {
      const { productId } = request.params;
      const records = await read(request, `the product ${productId}`, () => store.product(productId, request.query.lang));
      if (records === undefined) {
        // a withdrawn product is gone, not unknown: its page says so and leads to its category
        const gone = await read(request, `the product ${productId}`, () => store.archivedProduct(productId, request.query.lang));
        if (gone === undefined) throw httpError(404, `There is no product "${productId}" in the catalogue`);
        const { code: _code, ...withdrawn } = gone;
        return reply
          .code(PRODUCT_GONE_STATUS)
          .header('cache-control', 'no-cache')
          .send({ error: `The product "${productId}" is no longer in the catalogue: it was withdrawn`, withdrawn });
      }
      return sendTagged(request, reply, { product: records.detail, listing: records.listing });
    },
  );

  // A comparison's columns: each product's records, an unknown id answered as not found (an old link's product).
  app.get(
    CATALOGUE_COMPARE_API_PATH,
    { schema: { querystring: compareQuerySchema, response: answers(compareResponseSchema) } },
    async (request, reply) => {
      const { ids, lang } = request.query;
      const products = await read(request, 'the products to compare', () =>
        Promise.all(
          ids.map(async (id) => {
            const records = await store.product(id, lang);
            return records === undefined ? { id, found: false as const } : { id, found: true as const, product: records.detail, listing: records.listing };
          }),
        ),
      );
      return sendTagged(request, reply, { products });
    },
  );
}
