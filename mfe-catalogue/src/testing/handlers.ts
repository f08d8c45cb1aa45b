// What the catalogue's tests serve (with MSW, see tools/jest/msw.ts): its data files and the reviews API, answering with
// the small records of catalogueFixtures.ts, and the Arabic edition's data files (/data/ar/*.json, arabicFixtures.ts) that
// an Arabic page's store reads (arabicPage.ts). A test that needs a failure, a wait or other data adds its own handler
// with server.use(...), which takes precedence over these.
import { http, HttpResponse } from 'msw';
import { CATALOGUE_SEARCH_API_PATH, RATINGS_API_PATH, reviewsApiPath } from '@site/contracts/api';
import type { SearchResponse } from '@site/contracts/catalogue-api';
import type { SearchResult } from '@site/content';
import { DETAIL, PRODUCTS, RATINGS, SEARCH_RESULTS, SEED_REVIEW } from './catalogueFixtures';
import { CATEGORIES_AR, DETAIL_AR, PRODUCTS_AR, SEARCH_RESULTS_AR } from './arabicFixtures';

/**
 * GET /api/catalogue/search over these entries, answering as the server does (server/src/catalogue/catalogueStore.ts,
 * tested there and in Playwright against the real one): the entries whose title, category or company contains the
 * text, any case, a page of them from `offset`, and how many match in all. `?lang=ar`: the Arabic entries.
 */
export function searchApi(english: readonly SearchResult[] = SEARCH_RESULTS, arabic: readonly SearchResult[] = SEARCH_RESULTS_AR) {
  return http.get(CATALOGUE_SEARCH_API_PATH, ({ request }) => {
    const params = new URL(request.url).searchParams;
    const needle = (params.get('q') ?? '').trim().toLocaleLowerCase();
    const entries = params.get('lang') === 'ar' ? arabic : english;
    const matches = needle === '' ? [] : entries.filter((entry) => [entry.title, entry.productCategory, entry.company].some((field) => field.toLocaleLowerCase().includes(needle)));
    const offset = Number(params.get('offset') ?? 0);
    const answer: SearchResponse = { total: matches.length, offset, results: matches.slice(offset, offset + Number(params.get('limit') ?? 20)) };
    return HttpResponse.json(answer);
  });
}

export const catalogueHandlers = [
  http.get('/data/products.json', () => HttpResponse.json(PRODUCTS)),
  http.get('/data/product-details.json', () => HttpResponse.json([DETAIL])),
  searchApi(),
  http.get(RATINGS_API_PATH, () => HttpResponse.json(RATINGS)),
  http.get(reviewsApiPath(DETAIL.id), () => HttpResponse.json({ reviews: [SEED_REVIEW] })),
];

/** The Arabic edition's data files (the API is the same for both editions: catalogueHandlers). */
export const arabicCatalogueHandlers = [
  http.get('/data/ar/products.json', () => HttpResponse.json(PRODUCTS_AR)),
  http.get('/data/ar/product-details.json', () => HttpResponse.json([DETAIL_AR])),
  http.get('/data/ar/products-category.json', () => HttpResponse.json(CATEGORIES_AR)),
];
