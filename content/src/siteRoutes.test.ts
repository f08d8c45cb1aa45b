import { findRemoteRoute, remoteRoutes, startDataPaths } from './siteRoutes';

describe('findRemoteRoute', () => {
  it('finds the page of each route, with parameters and a trailing slash', () => {
    expect(findRemoteRoute('/home')?.modulePath).toBe('./HomePage');
    expect(findRemoteRoute('/home/')?.modulePath).toBe('./HomePage');
    expect(findRemoteRoute('/our-products')?.modulePath).toBe('./CategoryListPage');
    expect(findRemoteRoute('/our-products/cables')?.modulePath).toBe('./ProductListingPage');
    expect(findRemoteRoute('/our-products/cables/lv_cable')?.modulePath).toBe('./ProductDetailsPage');
    expect(findRemoteRoute('/contact-us')).toMatchObject({ remote: 'contact', title: 'Contact Us' });
  });

  it('finds nothing for the root, unknown paths or extra segments', () => {
    expect(findRemoteRoute('/')).toBeUndefined();
    expect(findRemoteRoute('/nowhere')).toBeUndefined();
    expect(findRemoteRoute('/our-products/a/b/c')).toBeUndefined();
    expect(findRemoteRoute('/our-products//x')).toBeUndefined();
  });

  it('has one route per path', () => {
    expect(new Set(remoteRoutes.map((route) => route.path)).size).toBe(remoteRoutes.length);
  });
});

describe('startDataPaths', () => {
  it("fills a route's start data with the address's parameters, encoded", () => {
    const details = findRemoteRoute('/our-products/cables/lv_cable')!;
    expect(startDataPaths(details, '/our-products/cables/lv_cable')).toEqual(['/data/product-details.json', '/api/products/lv_cable/reviews']);
    expect(startDataPaths(details, '/our-products/cables/a%20b%3F/')).toEqual(['/data/product-details.json', '/api/products/a%20b%3F/reviews']);
    expect(startDataPaths(findRemoteRoute('/our-products/cables')!, '/our-products/cables')).toEqual(['/data/products.json', '/api/products/ratings']);
    expect(startDataPaths(findRemoteRoute('/home')!, '/home')).toEqual([]);
  });
});
