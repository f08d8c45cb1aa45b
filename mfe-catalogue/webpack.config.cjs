const { createFederatedAppConfig } = require('../tools/webpack/federated-app.cjs');

// The catalogue team's unit of release: category list, product listing, product details, the header's search, the search
// results page and the compare page; and, for the staff editor only, the live preview of a product drawn by the product
// page's parts (./ProductPreview, a chunk no public page loads, never rendered on the server).
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
    './ProductPreview': './src/details/preview/ProductPreview.tsx',
  },
  browserOnlyExposes: ['./ProductPreview'],
  // the quantity words of Add to quote, in the page's language with the catalogue's own (shared-ui/src/quantity)
  quantityWords: true,
});
