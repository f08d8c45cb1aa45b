// The quotes feature's public face: what the other features of the server may use of it (eslint.config.mjs
// keeps them to this file).
export { siteQuoteCatalogue } from './quoteCatalogue.js';
export { formatQuoteSection, loadQuoteSection, type QuoteSection } from './quoteReport.js';
export { loadQuoteSnapshot } from './quoteStore.js';
