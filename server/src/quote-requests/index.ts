// The quote-requests feature's public face: what app.ts and the other features of the server use of it (eslint.config.mjs
// keeps them to this file).
export { databaseQuoteCatalogue } from './databaseQuoteCatalogue.js';
export { createQuoteCatalogue, siteQuoteCatalogue } from './quoteCatalogue.js';
export { registerQuoteMail } from './quoteMail.js';
export { formatQuoteSection, loadQuoteSection, type QuoteSection } from './quoteReport.js';
export { type QuotesPluginOptions, quotesPlugin } from './plugin.js';
export { quoteSentPage } from './plainQuoteRoutes.js';
export { loadQuoteSnapshot, loadQuoteSnapshots } from './quoteStore.js';
// what staff do to a stored request (the staff inbox)
export { changeQuoteRequest, deleteQuoteRequest, type QuoteRequestChange } from './quoteHandling.js';
// the PDF's page and the words of the request's documents: the quotations feature writes its PDF with the same ones
export {
  BODY,
  documentBytes,
  HEADER_FILL,
  LABEL,
  MARGIN,
  NAVY,
  QuotePage,
  RULE,
  SMALL,
  style,
  writeField,
  writeFooters,
} from './pdf/quotePage.js';
export { quoteTexts } from './quoteTexts.js';
export { renderQuotePdf } from './pdf/quotePdf.js';
export { quotePdfFileName } from './quoteSnapshot.js';
// a buyer's saved list matched to parts as a pasted list is (the account's lists)
export { partsNamedBy, type CodeLookup, type Part as NamedPart } from './pastedLines.js';
