import { findRemoteRoute, remoteRoutes } from './siteRoutes';

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
