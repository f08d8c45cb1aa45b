// An editor's content of a product, as the staff editor hands it to the live preview (contracts/src/productPreview.ts).
import type { EditableProduct } from '@site/contracts/staff-catalogue-api';
import type { ProductDetail } from '@site/content';
import { DETAIL } from './catalogueFixtures';
import { DETAIL_AR } from './arabicFixtures';

/** A detail record without its head: the detail document the editor keeps. */
function documentOf(detail: ProductDetail): Record<string, unknown> {
  const {
    id: _id,
    productName: _name,
    image: _image,
    productCategory: _category,
    categoryName: _categoryName,
    ...rest
  } = detail;
  return rest;
}

export const PREVIEW_CONTENT: EditableProduct = {
  productCategoryId: 'industrial_cable_glands',
  productName: DETAIL.productName,
  productName_ar: DETAIL_AR.productName,
  code: 'GLAND-A',
  company: 'Hex',
  price: '12.50',
  unit: 'piece',
  popularity: '10',
  dateAdded: '2026-01-05',
  image: 'gland_brass',
  details: documentOf(DETAIL),
  details_ar: documentOf(DETAIL_AR),
};
