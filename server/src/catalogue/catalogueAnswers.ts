// The catalogue API's answers as functions of the catalogue's reads: what each route sends (catalogueRoutes.ts adds
// HTTP around it: the ETag, the 503 of a failed read), and what a page drawn on the server starts from
// (firstViewCatalogue below: the same answer, in the contract's type, never serialised and parsed again).
import {
  CATALOGUE_CATEGORIES_API_PATH,
  CATALOGUE_COMPARE_API_PATH,
  CATALOGUE_LOOKUP_API_PATH,
  CATALOGUE_SEARCH_API_PATH,
} from '@site/contracts/api';
import {
  CATEGORY_GONE_STATUS,
  categoriesQuerySchema,
  compareQuerySchema,
  listingParamsSchema,
  listingQuerySchema,
  lookupQuerySchema,
  NO_FACETS,
  PRODUCT_GONE_STATUS,
  productParamsSchema,
  productQuerySchema,
  searchQuerySchema,
  type CategoriesResponse,
  type CompareResponse,
  type ListingResponse,
  type LookupResponse,
  type ProductGone,
  type ProductResponse,
  type SearchResponse,
} from '@site/contracts/catalogue-api';
import type { Locale } from '@site/contracts/locale';
import type { z } from 'zod';
import type { SearchPage } from './catalogueSearch.js';
import { searchNeedle, type CatalogueStore, type ProductRecords, type WithdrawnProduct } from './catalogueStore.js';
import type { ProductLookup } from './productLookup.js';

/** What the answers read of the catalogue (CatalogueStore's, or a page's own reads: onceAPage). */
export type CatalogueReads = Pick<
  CatalogueStore,
  | 'categories'
  | 'listing'
  | 'archivedCategory'
  | 'search'
  | 'product'
  | 'archivedProduct'
  | 'archivedNamedBy'
  | 'variantsNamedBy'
>;

/** An answer: 200 with the contract's body, or a 4xx with its sentence (a withdrawn product's with its name too). */
export type Answer<T> =
  | { status: 200; body: T }
  | { status: 400 | 404 | 410; body: { error: string } }
  | { status: typeof PRODUCT_GONE_STATUS; body: ProductGone };

const ok = <T>(body: T): Answer<T> => ({ status: 200, body });
const refused = (status: 400 | 404 | 410, error: string): Answer<never> => ({ status, body: { error } });

export const categoriesAnswer = async (
  reads: CatalogueReads,
  { lang }: z.output<typeof categoriesQuerySchema>,
): Promise<Answer<CategoriesResponse>> => ok({ categories: await reads.categories(lang) });

export async function listingAnswer(
  reads: CatalogueReads,
  { categoryId }: z.output<typeof listingParamsSchema>,
  query: z.output<typeof listingQuerySchema>,
): Promise<Answer<ListingResponse>> {
  const { lang, sort, page, pageSize, brand, minPrice, maxPrice, stock, ...attributes } = query;
  const filters = { brands: brand, minPrice, maxPrice, attributes, stock };
  const listing = await reads.listing({
    categoryId,
    sort: sort as 1 | 2 | 3 | 4 | 5 | 6,
    filters,
    offset: (page - 1) * pageSize,
    limit: pageSize,
    locale: lang,
  });
  if (listing !== undefined) return ok({ ...listing, page, pageSize });
  // an archived category is gone, not unknown (its page is a 410 too); the app shows both as not found
  if (await reads.archivedCategory(categoryId))
    return refused(
      CATEGORY_GONE_STATUS,
      `The category "${categoryId}" is no longer in the catalogue: it was withdrawn`,
    );
  return refused(404, `There is no category "${categoryId}" in the catalogue`);
}

export async function lookupAnswer(
  reads: CatalogueReads,
  lookup: ProductLookup,
  { lang, codes }: z.output<typeof lookupQuerySchema>,
): Promise<Answer<LookupResponse>> {
  const [products, archived, variants] = await Promise.all([
    lookup(codes, lang),
    reads.archivedNamedBy(codes, lang),
    reads.variantsNamedBy(codes, lang),
  ]);
  // a withdrawn (unpublished) variant's code is among the withdrawn, as a withdrawn product's is
  const withdrawn = [...archived, ...variants.withdrawn];
  return ok({
    products,
    ...(withdrawn.length === 0 ? {} : { withdrawn }),
    ...(variants.named.length === 0 ? {} : { variants: variants.named }),
  });
}

export async function searchAnswer(
  reads: CatalogueReads,
  query: z.output<typeof searchQuerySchema>,
): Promise<Answer<SearchResponse>> {
  const { lang, q, offset, limit, facets, brand, minPrice, maxPrice, stock, ...attributes } = query;
  const needle = searchNeedle(q);
  const filters = { brands: brand, minPrice, maxPrice, attributes, stock };
  const page: SearchPage =
    needle === undefined
      ? { total: 0, results: [], highlight: [] }
      : await reads.search({ needle, offset, limit, locale: lang, filters, facets: facets === '1' });
  const { total, results, highlight, suggestion, narrowed, inStock, prices, priceFrom } = page;
  // asked for and nothing to search: the filters offer nothing
  const filtersOffered = narrowed ?? (facets === '1' ? { brands: [], attributes: {}, facets: NO_FACETS } : undefined);
  return ok({
    total,
    offset,
    results,
    highlight,
    ...(suggestion === undefined ? {} : { suggestion }),
    ...(filtersOffered ?? {}),
    ...(inStock === undefined ? {} : { inStock }),
    ...(prices === undefined ? {} : { prices }),
    ...(priceFrom === undefined ? {} : { priceFrom }),
  });
}

export async function productAnswer(
  reads: CatalogueReads,
  { productId }: z.output<typeof productParamsSchema>,
  { lang }: z.output<typeof productQuerySchema>,
): Promise<Answer<ProductResponse>> {
  const records = await reads.product(productId, lang);
  if (records !== undefined)
    return ok({
      product: records.detail,
      listing: records.listing,
      variants: records.variants,
      ...(records.related.length === 0 ? {} : { related: records.related }),
    });
  // a withdrawn product is gone, not unknown: its page says so and leads to its category
  const gone = await reads.archivedProduct(productId, lang);
  if (gone === undefined) return refused(404, `There is no product "${productId}" in the catalogue`);
  const { code: _code, ...withdrawn } = gone;
  return {
    status: PRODUCT_GONE_STATUS,
    body: { error: `The product "${productId}" is no longer in the catalogue: it was withdrawn`, withdrawn },
  };
}

/**
 * A comparison's columns: each product's records and its published variants' codes and prices, an unknown id answered
 * as not found (an old link's product).
 */
export async function compareAnswer(
  reads: CatalogueReads,
  { ids, lang }: z.output<typeof compareQuerySchema>,
): Promise<Answer<CompareResponse>> {
  const products = await Promise.all(
    ids.map(async (id) => {
      const records = await reads.product(id, lang);
      if (records === undefined) return { id, found: false as const };
      const variants = records.variants.map(({ code, label, price, unit }) => ({
        code,
        label,
        ...(price === undefined ? {} : { price }),
        unit,
      }));
      return { id, found: true as const, product: records.detail, listing: records.listing, variants };
    }),
  );
  return ok({ products });
}

/**
 * The catalogue's reads for one page: a product (and a withdrawn one) read once however often it is asked for, by
 * its head (http/seo/databaseSite.ts) and by its first view (the product's answer) alike.
 */
export function onceAPage(store: CatalogueReads): CatalogueReads {
  const products = new Map<string, Promise<ProductRecords | undefined>>();
  const withdrawn = new Map<string, Promise<WithdrawnProduct | undefined>>();
  const once = <T>(kept: Map<string, Promise<T>>, key: string, read: () => Promise<T>): Promise<T> => {
    let reading = kept.get(key);
    if (reading === undefined) {
      reading = read();
      kept.set(key, reading);
    }
    return reading;
  };
  return {
    categories: (locale) => store.categories(locale),
    listing: (query) => store.listing(query),
    archivedCategory: (id) => store.archivedCategory(id),
    search: (query) => store.search(query),
    archivedNamedBy: (keys, locale) => store.archivedNamedBy(keys, locale),
    variantsNamedBy: (codes, locale) => store.variantsNamedBy(codes, locale),
    product: (id: string, locale: Locale) => once(products, `${locale} ${id}`, () => store.product(id, locale)),
    archivedProduct: (id: string, locale: Locale) =>
      once(withdrawn, `${locale} ${id}`, () => store.archivedProduct(id, locale)),
  };
}

/** A failed read's sentence (the routes' 503). */
export const NOT_LOADED = 'The catalogue could not be loaded right now. Please try again in a few minutes.';

/** A request's query as Fastify's parser gives it a route: a name given once is a string, given again a list. */
function queryOf(search: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(search.keys())) {
    const values = search.getAll(name);
    query[name] = values.length === 1 ? values[0]! : values;
  }
  return query;
}

/** A schema's reading of a request's part, or the 400 the route would answer. */
function parsed<S extends z.ZodType>(schema: S, input: unknown): { value: z.output<S> } | { refused: Answer<never> } {
  const result = schema.safeParse(input);
  if (result.success) return { value: result.data };
  return {
    refused: refused(
      400,
      result.error.issues
        .map((issue) => (issue.path.length === 0 ? issue.message : `${issue.path.join('.')}: ${issue.message}`))
        .join('; '),
    ),
  };
}

const LISTING_PATH = /^\/api\/catalogue\/categories\/([^/]+)\/products$/;
const PRODUCT_PATH = /^\/api\/catalogue\/products\/([^/]+)$/;

/**
 * The catalogue API as a page drawn on the server reads it (firstView.ts CatalogueApiReader): a GET of `href` answered
 * by the same function as the route's, from `reads`, the body in the contract's type. A read that fails is the
 * route's 503, so the page draws what it draws when the API is down.
 */
export function firstViewCatalogue(
  reads: CatalogueReads,
  lookup: ProductLookup,
  onError: (error: unknown, href: string) => void,
): (href: string) => Promise<{ status: number; body: unknown }> {
  const answerOf = (
    pathname: string,
    query: Record<string, string | string[]>,
  ): Promise<Answer<unknown>> | Answer<never> => {
    const within = <S extends z.ZodType, T>(schema: S, answer: (value: z.output<S>) => Promise<Answer<T>>) => {
      const read = parsed(schema, query);
      return 'refused' in read ? read.refused : answer(read.value);
    };
    if (pathname === CATALOGUE_CATEGORIES_API_PATH)
      return within(categoriesQuerySchema, (value) => categoriesAnswer(reads, value));
    if (pathname === CATALOGUE_SEARCH_API_PATH) return within(searchQuerySchema, (value) => searchAnswer(reads, value));
    if (pathname === CATALOGUE_COMPARE_API_PATH)
      return within(compareQuerySchema, (value) => compareAnswer(reads, value));
    if (pathname === CATALOGUE_LOOKUP_API_PATH)
      return within(lookupQuerySchema, (value) => lookupAnswer(reads, lookup, value));
    const listing = LISTING_PATH.exec(pathname);
    if (listing !== null) {
      const params = parsed(listingParamsSchema, { categoryId: decodeURIComponent(listing[1]!) });
      return 'refused' in params
        ? params.refused
        : within(listingQuerySchema, (value) => listingAnswer(reads, params.value, value));
    }
    const product = PRODUCT_PATH.exec(pathname);
    if (product !== null) {
      const params = parsed(productParamsSchema, { productId: decodeURIComponent(product[1]!) });
      return 'refused' in params
        ? params.refused
        : within(productQuerySchema, (value) => productAnswer(reads, params.value, value));
    }
    return refused(404, 'Not found');
  };
  return async (href) => {
    const url = new URL(href, 'http://site.invalid');
    try {
      return await answerOf(url.pathname, queryOf(url.searchParams));
    } catch (error) {
      onError(error, href);
      return { status: 503, body: { error: NOT_LOADED } };
    }
  };
}
