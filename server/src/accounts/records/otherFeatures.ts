// What the account's records take from the quote-requests and quotations features (through their index.ts): the PDFs
// as their own routes build them, the words already written for those documents, and a quotation's validity as the
// buyer's link judges it.
export {
  loadQuoteSnapshot,
  loadQuoteSnapshots,
  quotePdfFileName,
  quoteTexts,
  renderQuotePdf,
} from '../../quote-requests/index.js';
export {
  ANSWERABLE,
  buyerTexts,
  isPastValidity,
  loadBuyerDocument,
  quotationPdfFileName,
  renderQuotationPdf,
} from '../../quotations/index.js';
