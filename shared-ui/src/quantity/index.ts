// @site/shared-ui/quantity: the quote basket's quantity field and words. Not part of the shared module (@site/shared-ui,
// which every page downloads): each app that shows quantities bundles this entry, so pages without one pay nothing.
export { QuantityField, type QuantityFieldProps } from './QuantityField';
export { useQuantityTexts, type QuantityTexts } from './quantityText';
