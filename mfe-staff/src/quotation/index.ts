// What the quotation feature lends the other features: preparing a quotation for a request (the item page's button).
export { usePrepareQuotationMutation } from './quotationApi';
