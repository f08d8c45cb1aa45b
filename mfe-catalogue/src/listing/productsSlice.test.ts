import { http, HttpResponse } from 'msw';
import { server } from '@test/msw';
import { makeStore } from '@site/shared-store';
import { RATINGS_API_PATH } from '@site/contracts/api';
import { PRODUCTS } from '../testing/catalogueFixtures';
import { catalogueHandlers } from '../testing/handlers';
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
  beforeEach(() => server.use(...catalogueHandlers));

  it('loads products.json and keeps the products of the category, with its name', async () => {
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
    const store = makeStore();
    await store.dispatch(fetchProducts('no_such_category'));
    expect(selectProducts(store.getState())).toEqual([]);
    expect(selectProductsCategoryName(store.getState())).toBe('');
  });

  it('keeps only the answer of the latest load when the category changes quickly', async () => {
    let releaseFirst: () => void = () => undefined;
    let call = 0;
    server.use(
      http.get('/data/products.json', () => {
        call += 1;
        if (call === 1) return new Promise<Response>((resolve) => (releaseFirst = () => resolve(HttpResponse.json(PRODUCTS))));
        return HttpResponse.json(PRODUCTS);
      }),
    );
    const store = makeStore();
    const first = store.dispatch(fetchProducts('industrial_cable_glands'));
    await store.dispatch(fetchProducts('scotch_tapes_and_mastics'));
    releaseFirst();
    await first;
    expect(selectProductsCategoryId(store.getState())).toBe('scotch_tapes_and_mastics');
    expect(selectProducts(store.getState()).map((p) => p.id)).toEqual(['tape_x']);
  });

  it('fails with a message instead of loading for ever; an aborted load changes nothing', async () => {
    server.use(http.get('/data/products.json', () => HttpResponse.json('boom', { status: 500 })));
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
    server.use(http.get(RATINGS_API_PATH, () => HttpResponse.json({ ratings: { gland_a: { average: 4.5, count: 2 } } })));
    const store = makeStore();
    await store.dispatch(fetchRatings());
    expect(selectRatings(store.getState())).toEqual({ gland_a: { average: 4.5, count: 2 } });

    server.use(http.get(RATINGS_API_PATH, () => HttpResponse.json({ error: 'Reviews could not be loaded right now.' }, { status: 503 })));
    await store.dispatch(fetchRatings());
    expect(selectRatingsStatus(store.getState())).toBe('failed');
    expect(store.getState().products?.ratingsError).toBe('Reviews could not be loaded right now.');
  });
});
