// The product page's later parts, one chunk of their own (LaterParts.tsx loads it once the page has started): what
// the page needs only once a visitor can use it. The variant table (its code; the server draws its HTML, which stays
// until this arrives), the review form (drawn once the page has started: it sends with scripts only), and the stock
// (read once the page has started; the compare page's row loads it too), and the related parts (drawn by the server).
export { default as VariantTable } from '../variants/VariantTable';
export { ReviewForm } from '../../reviews/ReviewForm';
export { StockPanel, CompareStock } from '../stock/StockPanel';
// a gallery of several pictures, a size's own picture and datasheet, the related parts (their HTML drawn by the server)
export { ProductLaterPart } from './ProductLaterPart';
