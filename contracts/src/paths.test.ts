import { CATEGORIES_PATH, categoryPath, productPath } from './paths';
import { matchSiteRoute } from './routes';

describe('catalogue addresses', () => {
  it('lead to the route table pages they name, with their ids as the parameters', () => {
    expect(matchSiteRoute(CATEGORIES_PATH)?.route.modulePath).toBe('./CategoryListPage');
    expect(matchSiteRoute(categoryPath('industrial_cable_glands'))).toMatchObject({
      route: { modulePath: './ProductListingPage' },
      params: { productCategoryId: 'industrial_cable_glands' },
    });
    expect(matchSiteRoute(productPath('industrial_cable_glands', 'hex_cw_brass_cable_gland'))).toMatchObject({
      route: { modulePath: './ProductDetailsPage' },
      params: { productCategoryId: 'industrial_cable_glands', productId: 'hex_cw_brass_cable_gland' },
    });
  });

  it('encode ids so that any id stays one segment', () => {
    expect(productPath('a/b', 'c d')).toBe('/our-products/a%2Fb/c%20d');
    expect(matchSiteRoute(productPath('a/b', 'c d'))?.params).toEqual({ productCategoryId: 'a/b', productId: 'c d' });
  });
});
