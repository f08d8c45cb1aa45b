import { http, HttpResponse } from 'msw';
import { requestsSent, server } from '@test/msw';
import { makeStore } from '@site/shared-store';
import { RATINGS_API_PATH, catalogueListingApiPath } from '@site/contracts/api';
import { DEFAULT_LISTING_VIEW } from '@site/contracts/listing-view';
import { catalogueHandlers } from '../testing/handlers';
import {
  fetchProducts,
  fetchRatings,
  listingKey,
  selectProducts,
  selectProductsPage,
  selectProductsTotal,
  selectProductsViewKey,
  selectProductsCategoryId,
  selectProductsCategoryName,
  selectProductsError,
  selectProductsStatus,
  selectRatings,
  selectRatingsStatus,
} from './productsSlice';

const glands = { productCategoryId: 'industrial_cable_glands', view: DEFAULT_LISTING_VIEW };
const listing = (productCategoryId: string) => catalogueListingApiPath(productCategoryId);

describe('products slice', () => {
  beforeEach(() => server.use(...catalogueHandlers));

  it("asks the server for one page of the category, and keeps it with the category's name and total", async () => {
    const store = makeStore();
    expect(selectProductsStatus(store.getState())).toBe('idle');
    const loading = store.dispatch(fetchProducts(glands));
    expect(selectProductsStatus(store.getState())).toBe('loading');
    await loading;
    const state = store.getState();
    expect(requestsSent()).toEqual([`GET ${listing('industrial_cable_glands')}`]);
    expect(selectProductsStatus(state)).toBe('succeeded');
    expect(selectProducts(state).map((p) => p.id)).toEqual(['gland_a', 'gland_b', 'gland_c']);
    expect(selectProductsCategoryId(state)).toBe('industrial_cable_glands');
    expect(selectProductsCategoryName(state)).toBe('Industrial Cable Glands');
    expect(selectProductsTotal(state)).toBe(3);
    expect(selectProductsViewKey(state)).toBe(listingKey(glands));
  });

  it('asks for the order and the page of the view, in their one spelling', async () => {
    const store = makeStore();
    await store.dispatch(
      fetchProducts({ productCategoryId: 'industrial_cable_glands', view: { sort: 5, page: 2, brands: [] } }),
    );
    expect(requestsSent()).toEqual([`GET ${listing('industrial_cable_glands')}?sort=5&page=2`]);
    expect(selectProductsPage(store.getState())).toBe(2);
    expect(selectProductsViewKey(store.getState())).toBe('industrial_cable_glands?sort=5&page=2');
  });

  it('gives an empty list and no name for a category the catalogue does not have (its 404)', async () => {
    const store = makeStore();
    await store.dispatch(fetchProducts({ productCategoryId: 'no_such_category', view: DEFAULT_LISTING_VIEW }));
    expect(selectProductsStatus(store.getState())).toBe('succeeded');
    expect(selectProducts(store.getState())).toEqual([]);
    expect(selectProductsTotal(store.getState())).toBe(0);
    expect(selectProductsCategoryName(store.getState())).toBe('');
  });

  it('keeps only the answer of the latest load when the category changes quickly', async () => {
    let releaseFirst: () => void = () => undefined;
    server.use(
      http.get(
        listing('industrial_cable_glands'),
        () =>
          new Promise<Response>(
            (resolve) => (releaseFirst = () => resolve(HttpResponse.json({ error: 'late' }, { status: 500 }))),
          ),
      ),
    );
    const store = makeStore();
    const first = store.dispatch(fetchProducts(glands));
    await store.dispatch(fetchProducts({ productCategoryId: 'scotch_tapes_and_mastics', view: DEFAULT_LISTING_VIEW }));
    releaseFirst();
    await first;
    expect(selectProductsCategoryId(store.getState())).toBe('scotch_tapes_and_mastics');
    expect(selectProductsStatus(store.getState())).toBe('succeeded');
    expect(selectProducts(store.getState()).map((p) => p.id)).toEqual(['tape_x']);
  });

  it('fails with a message instead of loading for ever; an aborted load changes nothing', async () => {
    server.use(
      http.get(listing('industrial_cable_glands'), () => HttpResponse.json({ error: 'boom' }, { status: 500 })),
    );
    const store = makeStore();
    await store.dispatch(fetchProducts(glands));
    expect(selectProductsStatus(store.getState())).toBe('failed');
    expect(selectProductsError(store.getState())).toBe(
      `Could not load ${listing('industrial_cable_glands')} (HTTP 500)`,
    );

    const aborted = store.dispatch(fetchProducts(glands));
    aborted.abort();
    await aborted;
    expect(selectProductsError(store.getState())).toBeNull();
    expect(selectProductsStatus(store.getState())).toBe('loading');
  });

  it('loads the ratings summary, and reports the server message when it fails', async () => {
    server.use(
      http.get(RATINGS_API_PATH, () => HttpResponse.json({ ratings: { gland_a: { average: 4.5, count: 2 } } })),
    );
    const store = makeStore();
    await store.dispatch(fetchRatings());
    expect(selectRatings(store.getState())).toEqual({ gland_a: { average: 4.5, count: 2 } });

    server.use(
      http.get(RATINGS_API_PATH, () =>
        HttpResponse.json({ error: 'Reviews could not be loaded right now.' }, { status: 503 }),
      ),
    );
    await store.dispatch(fetchRatings());
    expect(selectRatingsStatus(store.getState())).toBe('failed');
    expect(store.getState().products?.ratingsError).toBe('Reviews could not be loaded right now.');
  });
});
