// What the orders feature lends the other features: a request's sent quotations (the item page shows them).
export { SentQuotations } from './SentQuotations';
export { useQuotationLinksQuery } from './ordersApi';
