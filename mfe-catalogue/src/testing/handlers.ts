// What the catalogue's tests serve (with MSW, see tools/jest/msw.ts): its data files and the reviews API, answering with
// the small records of catalogueFixtures.ts, and the Arabic edition's data files (/data/ar/*.json, arabicFixtures.ts) that
// an Arabic page's store reads (arabicPage.ts). A test that needs a failure, a wait or other data adds its own handler
// with server.use(...), which takes precedence over these.
import { http, HttpResponse } from 'msw';
import { RATINGS_API_PATH, reviewsApiPath } from '@site/contracts/api';
import { DETAIL, PRODUCTS, RATINGS, SEARCH_RESULTS, SEED_REVIEW } from './catalogueFixtures';
import { CATEGORIES_AR, DETAIL_AR, PRODUCTS_AR, SEARCH_RESULTS_AR } from './arabicFixtures';

export const catalogueHandlers = [
  http.get('/data/products.json', () => HttpResponse.json(PRODUCTS)),
  http.get('/data/product-details.json', () => HttpResponse.json([DETAIL])),
  http.get('/data/searchResults.json', () => HttpResponse.json(SEARCH_RESULTS)),
  http.get(RATINGS_API_PATH, () => HttpResponse.json(RATINGS)),
  http.get(reviewsApiPath(DETAIL.id), () => HttpResponse.json({ reviews: [SEED_REVIEW] })),
];

/** The Arabic edition's data files (the API is the same for both editions: catalogueHandlers). */
export const arabicCatalogueHandlers = [
  http.get('/data/ar/products.json', () => HttpResponse.json(PRODUCTS_AR)),
  http.get('/data/ar/product-details.json', () => HttpResponse.json([DETAIL_AR])),
  http.get('/data/ar/searchResults.json', () => HttpResponse.json(SEARCH_RESULTS_AR)),
  http.get('/data/ar/products-category.json', () => HttpResponse.json(CATEGORIES_AR)),
];
