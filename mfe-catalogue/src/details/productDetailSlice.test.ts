import { http, HttpResponse } from 'msw';
import { requestsSent, requestsSentWithBodies, server } from '@test/msw';
import { makeStore } from '@site/shared-store';
import { CATALOGUE_PRODUCT_API_PATTERN, catalogueProductApiPath, reviewsApiPath } from '@site/contracts/api';
import { DETAIL, PRODUCTS, SEED_REVIEW } from '../testing/catalogueFixtures';
import { catalogueHandlers } from '../testing/handlers';
import {
  fetchProductDetail,
  fetchReviews,
  selectProductDetail,
  selectProductDetailError,
  selectProductDetailStatus,
  selectProductId,
  selectProductQuoteFacts,
  selectReviews,
  selectReviewsStatus,
  submitReview,
} from './productDetailSlice';

const REVIEW = { customerName: 'Aisha', emailId: 'aisha@example.com', comment: 'Great', stars: 5 };

describe('productDetail slice', () => {
  beforeEach(() => server.use(...catalogueHandlers));

  it('keeps the records of the asked product: its detail, and its code and unit for the quote basket', async () => {
    const store = makeStore();
    await store.dispatch(fetchProductDetail('gland_a'));
    expect(requestsSent()).toEqual([`GET ${catalogueProductApiPath('gland_a')}`]);
    expect(selectProductId(store.getState())).toBe('gland_a');
    expect(selectProductDetailStatus(store.getState())).toBe('succeeded');
    expect(selectProductDetail(store.getState())).toEqual(DETAIL);
    expect(selectProductQuoteFacts(store.getState())).toEqual({
      code: 'GLAND-A',
      unit: 'piece',
      productCategoryId: 'industrial_cable_glands',
      image: PRODUCTS[0]!.image,
    });
  });

  it('succeeds with no record for an unknown product (a not-found state, not a loader)', async () => {
    const store = makeStore();
    await store.dispatch(fetchProductDetail('nope'));
    expect(selectProductDetailStatus(store.getState())).toBe('succeeded');
    expect(selectProductDetail(store.getState())).toBeNull();
  });

  it('fails with a message on an HTTP error', async () => {
    server.use(http.get(CATALOGUE_PRODUCT_API_PATTERN, () => new HttpResponse(null, { status: 502 })));
    const store = makeStore();
    await store.dispatch(fetchProductDetail('gland_a'));
    expect(selectProductDetailStatus(store.getState())).toBe('failed');
    expect(selectProductDetailError(store.getState())).toMatch(/HTTP 502/);
  });

  it('loads the reviews, and puts a stored new review first', async () => {
    server.use(
      http.post(reviewsApiPath('gland_a'), () =>
        HttpResponse.json({ ok: true, review: { customerName: 'Aisha', stars: 5, comment: 'Great' } }),
      ),
    );
    const store = makeStore();
    await store.dispatch(fetchProductDetail('gland_a'));
    await store.dispatch(fetchReviews('gland_a'));
    expect(selectReviews(store.getState())).toEqual([SEED_REVIEW]);
    await store.dispatch(submitReview({ productId: 'gland_a', review: REVIEW })).unwrap();
    expect(selectReviews(store.getState())).toEqual([
      { customerName: 'Aisha', stars: 5, comment: 'Great' },
      SEED_REVIEW,
    ]);
    expect((await requestsSentWithBodies()).at(-1)).toEqual({
      request: `POST ${reviewsApiPath('gland_a')}`,
      body: REVIEW,
    });
  });

  it('does not list a review the server holds for approval', async () => {
    server.use(
      http.post(reviewsApiPath('gland_a'), () =>
        HttpResponse.json({ ok: true, review: { customerName: 'Aisha', stars: 5, comment: 'Great' }, held: true }),
      ),
    );
    const store = makeStore();
    await store.dispatch(fetchProductDetail('gland_a'));
    await store.dispatch(fetchReviews('gland_a'));
    const sent = await store.dispatch(submitReview({ productId: 'gland_a', review: REVIEW })).unwrap();
    expect(sent.held).toBe(true);
    expect(selectReviews(store.getState())).toEqual([SEED_REVIEW]);
  });

  it("rejects a refused review with the server's message and keeps the list", async () => {
    server.use(
      http.get(reviewsApiPath('gland_a'), () => HttpResponse.json({ reviews: [] })),
      http.post(reviewsApiPath('gland_a'), () =>
        HttpResponse.json({ error: 'Too many reviews, please try again in a minute.' }, { status: 429 }),
      ),
    );
    const store = makeStore();
    await store.dispatch(fetchReviews('gland_a'));
    await expect(store.dispatch(submitReview({ productId: 'gland_a', review: REVIEW })).unwrap()).rejects.toMatchObject(
      {
        message: 'Too many reviews, please try again in a minute.',
      },
    );
    expect(selectReviews(store.getState())).toEqual([]);
    expect(selectReviewsStatus(store.getState())).toBe('succeeded');
  });
});
