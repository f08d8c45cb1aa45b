// What the catalogue's tests serve (with MSW, see tools/jest/msw.ts): its data files and the reviews API, answering with
// the small records of catalogueFixtures.ts. A test that needs a failure, a wait or other data adds its own handler
// with server.use(...), which takes precedence over these.
import { http, HttpResponse } from 'msw';
import { RATINGS_API_PATH, reviewsApiPath } from '@site/contracts/api';
import { DETAIL, PRODUCTS, RATINGS, SEARCH_RESULTS, SEED_REVIEW } from './catalogueFixtures';

export const catalogueHandlers = [
  http.get('/data/products.json', () => HttpResponse.json(PRODUCTS)),
  http.get('/data/product-details.json', () => HttpResponse.json([DETAIL])),
  http.get('/data/searchResults.json', () => HttpResponse.json(SEARCH_RESULTS)),
  http.get(RATINGS_API_PATH, () => HttpResponse.json(RATINGS)),
  http.get(reviewsApiPath(DETAIL.id), () => HttpResponse.json({ reviews: [SEED_REVIEW] })),
];
