const { createFederatedAppConfig } = require('../tools/webpack/federated-app.cjs');

// The catalogue team's unit of release: category list, product listing, product details, and the header's search.
module.exports = createFederatedAppConfig({
  appDir: __dirname,
  name: 'catalogue',
  exposes: {
    './CategoryListPage': './src/categories/CategoryListPage.tsx',
    './ProductListingPage': './src/listing/ProductListingPage.tsx',
    './ProductDetailsPage': './src/details/ProductDetailsPage.tsx',
    './SearchModal': './src/search/SearchModal.tsx',
  },
});
