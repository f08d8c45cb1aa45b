const { createFederatedAppConfig } = require('../tools/webpack/federated-app.cjs');

// The catalogue team's unit of release: category list, product listing, product details, the header's search, the search
// results page and the compare page.
module.exports = createFederatedAppConfig({
  appDir: __dirname,
  name: 'catalogue',
  exposes: {
    './CategoryListPage': './src/categories/CategoryListPage.tsx',
    './ProductListingPage': './src/listing/ProductListingPage.tsx',
    './ProductDetailsPage': './src/details/ProductDetailsPage.tsx',
    './SearchModal': './src/search/SearchModal.tsx',
    './SearchResultsPage': './src/search/page/SearchResultsPage.tsx',
    './ComparePage': './src/compare/ComparePage.tsx',
  },
});
