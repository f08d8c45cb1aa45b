import { makeStore } from '@site/shared-store';
import { RATINGS_API_PATH } from '@site/content/src/reviews';
import { PRODUCTS } from '../testing/catalogueFixtures';
import { stubFetch, type FetchStub } from '../testing/fetchStub';
import {
  fetchProducts,
  fetchRatings,
  selectProducts,
  selectProductsCategoryId,
  selectProductsCategoryName,
  selectProductsError,
  selectProductsStatus,
  selectRatings,
  selectRatingsStatus,
} from './productsSlice';

describe('products slice', () => {
  let fetchStub: FetchStub;
  afterEach(() => fetchStub.restore());

  it('loads products.json and keeps the products of the category, with its name', async () => {
    fetchStub = stubFetch({ '/data/products.json': { body: PRODUCTS } });
    const store = makeStore();
    expect(selectProductsStatus(store.getState())).toBe('idle');
    const loading = store.dispatch(fetchProducts('industrial_cable_glands'));
    expect(selectProductsStatus(store.getState())).toBe('loading');
    await loading;
    const state = store.getState();
    expect(selectProductsStatus(state)).toBe('succeeded');
    expect(selectProducts(state).map((p) => p.id)).toEqual(['gland_a', 'gland_b', 'gland_c']);
    expect(selectProductsCategoryId(state)).toBe('industrial_cable_glands');
    expect(selectProductsCategoryName(state)).toBe('Industrial Cable Glands');
  });

  it('gives an empty list and no name for a category without products', async () => {
    fetchStub = stubFetch({ '/data/products.json': { body: PRODUCTS } });
    const store = makeStore();
    await store.dispatch(fetchProducts('no_such_category'));
    expect(selectProducts(store.getState())).toEqual([]);
    expect(selectProductsCategoryName(store.getState())).toBe('');
  });

  it('keeps only the answer of the latest load when the category changes quickly', async () => {
    let releaseFirst: () => void = () => undefined;
    let call = 0;
    fetchStub = stubFetch({
      '/data/products.json': () => {
        call += 1;
        if (call === 1) return new Promise((resolve) => (releaseFirst = () => resolve({ body: PRODUCTS })));
        return { body: PRODUCTS };
      },
    });
    const store = makeStore();
    const first = store.dispatch(fetchProducts('industrial_cable_glands'));
    await store.dispatch(fetchProducts('scotch_tapes_and_mastics'));
    releaseFirst();
    await first;
    expect(selectProductsCategoryId(store.getState())).toBe('scotch_tapes_and_mastics');
    expect(selectProducts(store.getState()).map((p) => p.id)).toEqual(['tape_x']);
  });

  it('fails with a message instead of loading for ever; an aborted load changes nothing', async () => {
    fetchStub = stubFetch({ '/data/products.json': { status: 500, body: 'boom' } });
    const store = makeStore();
    await store.dispatch(fetchProducts('industrial_cable_glands'));
    expect(selectProductsStatus(store.getState())).toBe('failed');
    expect(selectProductsError(store.getState())).toBe('Could not load /data/products.json (HTTP 500)');

    const aborted = store.dispatch(fetchProducts('industrial_cable_glands'));
    aborted.abort();
    await aborted;
    expect(selectProductsError(store.getState())).toBeNull();
    expect(selectProductsStatus(store.getState())).toBe('loading');
  });

  it('loads the ratings summary, and reports the server message when it fails', async () => {
    fetchStub = stubFetch({ [RATINGS_API_PATH]: { body: { ratings: { gland_a: { average: 4.5, count: 2 } } } } });
    const store = makeStore();
    await store.dispatch(fetchRatings());
    expect(selectRatings(store.getState())).toEqual({ gland_a: { average: 4.5, count: 2 } });
    fetchStub.restore();

    fetchStub = stubFetch({ [RATINGS_API_PATH]: { status: 503, body: { error: 'Reviews could not be loaded right now.' } } });
    await store.dispatch(fetchRatings());
    expect(selectRatingsStatus(store.getState())).toBe('failed');
    expect(store.getState().products?.ratingsError).toBe('Reviews could not be loaded right now.');
  });
});
