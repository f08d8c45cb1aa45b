import { makeStore } from '@site/shared-store';
import { reviewsApiPath } from '@site/content/src/reviews';
import { DETAIL } from '../testing/catalogueFixtures';
import { stubFetch, type FetchStub } from '../testing/fetchStub';
import {
  fetchProductDetail,
  fetchReviews,
  selectProductDetail,
  selectProductDetailError,
  selectProductDetailStatus,
  selectProductId,
  selectReviews,
  selectReviewsStatus,
  submitReview,
} from './productDetailSlice';

const REVIEW = { customerName: 'Aisha', emailId: 'aisha@example.com', comment: 'Great', stars: 5 };

describe('productDetail slice', () => {
  let fetchStub: FetchStub;
  afterEach(() => fetchStub.restore());

  it('keeps the record of the asked product', async () => {
    fetchStub = stubFetch({ '/data/product-details.json': { body: [{ ...DETAIL, id: 'other' }, DETAIL] } });
    const store = makeStore();
    await store.dispatch(fetchProductDetail('gland_a'));
    expect(selectProductId(store.getState())).toBe('gland_a');
    expect(selectProductDetailStatus(store.getState())).toBe('succeeded');
    expect(selectProductDetail(store.getState())).toEqual(DETAIL);
  });

  it('succeeds with no record for an unknown product (a not-found state, not a loader)', async () => {
    fetchStub = stubFetch({ '/data/product-details.json': { body: [DETAIL] } });
    const store = makeStore();
    await store.dispatch(fetchProductDetail('nope'));
    expect(selectProductDetailStatus(store.getState())).toBe('succeeded');
    expect(selectProductDetail(store.getState())).toBeNull();
  });

  it('fails with a message on an HTTP error', async () => {
    fetchStub = stubFetch({ '/data/product-details.json': { status: 502 } });
    const store = makeStore();
    await store.dispatch(fetchProductDetail('gland_a'));
    expect(selectProductDetailStatus(store.getState())).toBe('failed');
    expect(selectProductDetailError(store.getState())).toMatch(/HTTP 502/);
  });

  it('loads the reviews, and puts a stored new review first', async () => {
    const seed = { customerName: 'Seed', stars: 4, comment: 'Seeded' };
    fetchStub = stubFetch({
      '/data/product-details.json': { body: [DETAIL] },
      [reviewsApiPath('gland_a')]: { body: { reviews: [seed] } },
      [`POST ${reviewsApiPath('gland_a')}`]: { body: { ok: true, review: { customerName: 'Aisha', stars: 5, comment: 'Great' } } },
    });
    const store = makeStore();
    await store.dispatch(fetchProductDetail('gland_a'));
    await store.dispatch(fetchReviews('gland_a'));
    expect(selectReviews(store.getState())).toEqual([seed]);
    await store.dispatch(submitReview({ productId: 'gland_a', review: REVIEW })).unwrap();
    expect(selectReviews(store.getState())).toEqual([{ customerName: 'Aisha', stars: 5, comment: 'Great' }, seed]);
    expect(fetchStub.calls.at(-1)).toEqual({ request: `POST ${reviewsApiPath('gland_a')}`, body: REVIEW });
  });

  it("rejects a refused review with the server's message and keeps the list", async () => {
    fetchStub = stubFetch({
      [reviewsApiPath('gland_a')]: { body: { reviews: [] } },
      [`POST ${reviewsApiPath('gland_a')}`]: { status: 429, body: { error: 'Too many reviews, please try again in a minute.' } },
    });
    const store = makeStore();
    await store.dispatch(fetchReviews('gland_a'));
    await expect(store.dispatch(submitReview({ productId: 'gland_a', review: REVIEW })).unwrap()).rejects.toMatchObject({
      message: 'Too many reviews, please try again in a minute.',
    });
    expect(selectReviews(store.getState())).toEqual([]);
    expect(selectReviewsStatus(store.getState())).toBe('succeeded');
  });
});
