import {
  HOME_PATH,
  isBoundedView,
  matchSiteRoute,
  siteRoutes,
  siteRouteUrl,
  startDataPaths,
  viewSearchOf,
} from './routes';

const moduleAt = (pathname: string) => matchSiteRoute(pathname)?.route.modulePath;

describe('matchSiteRoute', () => {
  it('finds the page of each route, with parameters and a trailing slash', () => {
    expect(moduleAt('/home')).toBe('./HomePage');
    expect(moduleAt('/home/')).toBe('./HomePage');
    expect(moduleAt('/our-products')).toBe('./CategoryListPage');
    expect(matchSiteRoute('/our-products/cables')).toMatchObject({
      route: { modulePath: './ProductListingPage' },
      params: { productCategoryId: 'cables' },
    });
    expect(matchSiteRoute('/our-products/cables/lv_cable')).toMatchObject({
      route: { modulePath: './ProductDetailsPage' },
      params: { productCategoryId: 'cables', productId: 'lv_cable' },
    });
    expect(matchSiteRoute('/contact-us')?.route).toMatchObject({ remote: 'contact', title: 'Contact Us' });
  });

  it('decodes parameters as useParams does, a broken escape as literal text', () => {
    expect(matchSiteRoute('/our-products/a%20b/c%2Fd')?.params).toEqual({ productCategoryId: 'a b', productId: 'c/d' });
    expect(matchSiteRoute('/our-products/%E2%82%AC/%ZZ')?.params).toEqual({ productCategoryId: '€', productId: '%ZZ' });
  });

  it('finds nothing for the root, unknown paths, extra or empty segments', () => {
    expect(matchSiteRoute('/')).toBeUndefined();
    expect(matchSiteRoute('/nowhere')).toBeUndefined();
    expect(matchSiteRoute('/our-products/a/b/c')).toBeUndefined();
    expect(matchSiteRoute('/our-products//x')).toBeUndefined();
  });

  it('has one route per path, each found at its own pattern', () => {
    expect(new Set(siteRoutes.map((route) => route.path)).size).toBe(siteRoutes.length);
    for (const route of siteRoutes) expect(matchSiteRoute(`/${route.path}`)?.route).toBe(route);
  });
});

describe('siteRouteUrl', () => {
  it("writes a route's address, its parameters encoded", () => {
    expect(HOME_PATH).toBe('/home');
    expect(
      siteRouteUrl('our-products/:productCategoryId/:productId', { productCategoryId: 'a b', productId: 'x/y' }),
    ).toBe('/our-products/a%20b/x%2Fy');
  });
});

describe('startDataPaths', () => {
  it("fills a route's start data with the address's parameters, encoded", () => {
    const startData = (pathname: string) => startDataPaths(matchSiteRoute(pathname)!);
    expect(startData('/our-products/cables/lv_cable')).toEqual([
      '/api/catalogue/products/lv_cable',
      '/api/products/lv_cable/reviews',
    ]);
    expect(startData('/our-products/cables/a%20b%3F/')).toEqual([
      '/api/catalogue/products/a%20b%3F',
      '/api/products/a%20b%3F/reviews',
    ]);
    expect(startData('/our-products/cables')).toEqual([
      '/api/catalogue/categories/cables/products',
      '/api/products/ratings',
    ]);
    expect(startData('/home')).toEqual(['/data/products-category.json']);
    expect(startData('/about')).toEqual([]);
  });

  it("names an Arabic page's data in its edition: its folder's files, the catalogue API in Arabic", () => {
    const startData = (pathname: string) => startDataPaths(matchSiteRoute(pathname)!);
    expect(startData('/ar/our-products/cables/lv_cable')).toEqual([
      '/api/catalogue/products/lv_cable?lang=ar',
      '/api/products/lv_cable/reviews',
    ]);
    expect(startData('/ar/our-products')).toEqual(['/data/ar/products-category.json']);
    // the texts the English pages have in their bundle
    expect(startData('/ar/home')).toEqual(['/data/ar/products-category.json', '/data/ar/home.json']);
    expect(startData('/ar/about')).toEqual(['/data/ar/home.json', '/data/ar/company.json']);
    expect(startData('/ar/contact-us')).toEqual(['/data/ar/branches.json']);
  });

  it("asks for a listing's page in the order and page its address names, in one spelling", () => {
    const listing = matchSiteRoute('/ar/our-products/cables')!;
    const view = viewSearchOf(listing.route, '?page=3&utm_source=x&sort=5');
    expect(view).toBe('?sort=5&page=3');
    expect(startDataPaths(listing, view)).toEqual([
      '/api/catalogue/categories/cables/products?sort=5&page=3&lang=ar',
      '/api/products/ratings',
    ]);
    // the defaults and nonsense read as the first page in catalogue order: one page, one address
    expect(viewSearchOf(listing.route, '?sort=1&page=1')).toBe('');
    expect(viewSearchOf(listing.route, '?sort=9&page=0')).toBe('');
    expect(viewSearchOf(listing.route, '?sort=02&page=2.0')).toBe('');
    // other pages ignore their query
    expect(viewSearchOf(matchSiteRoute('/our-products/cables/lv_cable')!.route, '?sort=5')).toBe('');
  });

  it("names a product page's chosen variant, and nothing that is not a variant code; such a page is not kept", () => {
    const product = matchSiteRoute('/ar/our-products/cables/lv_cable')!;
    expect(viewSearchOf(product.route, '?utm_source=x&variant=HEX-CW-25')).toBe('?variant=HEX-CW-25');
    expect(viewSearchOf(product.route, '?variant=hex cw<25>')).toBe('');
    expect(viewSearchOf(product.route, `?variant=${'A'.repeat(33)}`)).toBe('');
    // the product's own data either way
    expect(startDataPaths(product, '?variant=HEX-CW-25')).toEqual(startDataPaths(product, ''));
    expect(isBoundedView(product.route, '?variant=HEX-CW-25')).toBe(false);
    expect(isBoundedView(product.route, '')).toBe(true);
  });

  it("asks for a search's page of results in the text and page its address names; no text, nothing", () => {
    const search = matchSiteRoute('/ar/search')!;
    expect(search.route).toMatchObject({ modulePath: './SearchResultsPage', index: false });
    const view = viewSearchOf(search.route, '?page=2&q=cable%20gland&x=1');
    expect(view).toBe('?q=cable+gland&page=2');
    expect(startDataPaths(search, view)).toEqual([
      '/api/catalogue/search?q=cable+gland&offset=24&limit=24&facets=1&lang=ar',
    ]);
    expect(startDataPaths(search, viewSearchOf(search.route, ''))).toEqual([]);
    // the results page's filters, in the address and in what it asks
    const filtered = viewSearchOf(search.route, '?q=socket&ip=IP67&brand=PCE');
    expect(filtered).toBe('?q=socket&brand=PCE&ip=IP67');
    expect(startDataPaths(search, filtered)).toEqual([
      '/api/catalogue/search?q=socket&offset=0&limit=24&facets=1&brand=PCE&ip=IP67&lang=ar',
    ]);
  });

  it("asks for a listing narrowed by brand and price in one spelling; such a view, like a search's, is not a bounded one", () => {
    const listing = matchSiteRoute('/our-products/wiring_devices')!;
    const view = viewSearchOf(listing.route, '?maxPrice=40&brand=MK,Legrand');
    expect(view).toBe('?brand=Legrand,MK&maxPrice=40');
    expect(startDataPaths(listing, view)[0]).toBe(
      '/api/catalogue/categories/wiring_devices/products?brand=Legrand,MK&maxPrice=40',
    );
    expect(isBoundedView(listing.route, view)).toBe(false);
    expect(isBoundedView(listing.route, viewSearchOf(listing.route, '?sort=2&page=2'))).toBe(true);
    expect(isBoundedView(matchSiteRoute('/search')!.route, '?q=x')).toBe(false);
    expect(isBoundedView(matchSiteRoute('/about')!.route, '')).toBe(true);
  });

  it("asks for a comparison's products as its address names them; none, nothing", () => {
    const compare = matchSiteRoute('/ar/compare')!;
    const view = viewSearchOf(compare.route, '?ids=b,a,b,c,d,e');
    expect(view).toBe('?ids=b,a,c,d');
    expect(startDataPaths(compare, view)).toEqual(['/api/catalogue/compare?ids=b,a,c,d&lang=ar']);
    expect(startDataPaths(compare, '')).toEqual([]);
    expect(isBoundedView(compare.route, view)).toBe(false);
  });

  it('names only parameters of its own route', () => {
    for (const route of siteRoutes) {
      const params = route.path.split('/').filter((part) => part.startsWith(':'));
      for (const template of 'startData' in route ? route.startData : []) {
        for (const name of template.match(/:\w+/g) ?? []) expect(params).toContain(name);
      }
    }
  });
});
