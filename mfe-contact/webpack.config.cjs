const { createFederatedAppConfig } = require('../tools/webpack/federated-app.cjs');

// The contact page: regions and branch details, and the message form; the request-for-quotation page.
module.exports = createFederatedAppConfig({
  appDir: __dirname,
  name: 'contact',
  exposes: {
    './ContactPage': './src/contact/ContactPage.tsx',
    './QuoteRequestPage': './src/quote-request/QuoteRequestPage.tsx',
    './Quotation': './src/quotation-link/QuotationLinkPage.tsx',
  },
});
