import { localizedDataPath } from './locale';

describe('localizedDataPath', () => {
  it("leaves an English page's data as it is", () => {
    expect(localizedDataPath('en', '/data/products.json')).toBe('/data/products.json');
    expect(localizedDataPath('en', '/api/catalogue/products/lv_cable')).toBe('/api/catalogue/products/lv_cable');
  });

  it("reads an Arabic page's data files from the edition's folder and asks the catalogue API in Arabic", () => {
    expect(localizedDataPath('ar', '/data/products.json')).toBe('/data/ar/products.json');
    expect(localizedDataPath('ar', '/api/catalogue/products/lv_cable')).toBe(
      '/api/catalogue/products/lv_cable?lang=ar',
    );
    expect(localizedDataPath('ar', '/api/catalogue/categories/cables/products?page=2')).toBe(
      '/api/catalogue/categories/cables/products?page=2&lang=ar',
    );
  });

  it('never names the language twice (the server refuses a repeated parameter), nor touches other addresses', () => {
    expect(localizedDataPath('ar', '/api/catalogue/search?q=x&lang=ar')).toBe('/api/catalogue/search?q=x&lang=ar');
    expect(localizedDataPath('ar', '/api/products/lv_cable/reviews')).toBe('/api/products/lv_cable/reviews');
  });
});
