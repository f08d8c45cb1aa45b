import type { ProductDetail, ProductVariant } from '@site/content';
import type { Locale } from '@site/contracts/locale';
import type { EditableProduct, EditableVariant } from '@site/contracts/staff-catalogue-api';
import type { ProductQuoteFacts } from '../productDetailSlice';

// @site/content/catalogue-numbers' two patterns, written here: importing them grew every product page's first-view JS
// (the remote's entry maps one module more) past its budget
const PRICE = /^\d{1,9}(\.\d{1,2})?$/;
const WHOLE = /^\d{1,9}$/;

/**
 * The product page's records made from the editor's content in `locale`, as the catalogue API would answer them once
 * the content is published: the catalogue import lays a row out the same way (server/src/catalogue/file/
 * catalogueImport.ts, checkRow: the head of the detail record, then the language's detail document over it). Nothing
 * is checked here: the server checks the draft when it is saved, and the preview draws what the form holds meanwhile.
 */
export function previewRecords(
  productId: string,
  content: EditableProduct,
  locale: Locale,
  categoryName: string | undefined,
): { product: ProductDetail; quoteFacts: ProductQuoteFacts; variants: ProductVariant[] } {
  const categoryId = content.productCategoryId.trim();
  // The form's illustration key and unit are free text until the server checks them at save: one the catalogue does not
  // know draws as a missing picture or an unknown unit, which is what the form holds.
  const image = content.image.trim() as ProductDetail['image'];
  const unit = content.unit.trim() as ProductQuoteFacts['unit'];
  const head = {
    id: productId,
    productName: (locale === 'ar' ? content.productName_ar : content.productName).trim(),
    image,
    productCategory: categoryId,
    categoryName: categoryName ?? categoryId,
  };
  // A detail document is the page's record without its head (the editor keeps it as the JSON object it stores).
  const details = (locale === 'ar' ? content.details_ar : content.details) as Partial<ProductDetail>;
  // where the variants carry table rows the table is theirs, the withdrawn ones' rows left out (decision 034)
  const published = (content.variants ?? []).filter((variant) => variant.published);
  const rows = published.flatMap((variant) => {
    const row = locale === 'ar' ? (variant.row_ar ?? variant.row) : variant.row;
    return row === undefined ? [] : [row as NonNullable<ProductDetail['productDetailTableData']>[number]];
  });
  const table = rows.length > 0 ? { productDetailTableData: rows } : {};
  return {
    product: { ...head, ...details, ...table },
    quoteFacts: { code: content.code.trim(), unit, productCategoryId: categoryId, image },
    variants: published.map((variant) => previewVariant(variant, locale)),
  };
}

/** A published variant as the product answer carries it in `locale` (its price and pack read from the form's text). */
function previewVariant(variant: EditableVariant, locale: Locale): ProductVariant {
  const row = locale === 'ar' ? (variant.row_ar ?? variant.row) : variant.row;
  const price = variant.price.trim();
  const pack = variant.packQuantity.trim();
  return {
    code: variant.code.trim(),
    ...(variant.mpn.trim() === '' ? {} : { mpn: variant.mpn.trim() }),
    label: (locale === 'ar' ? variant.label_ar : variant.label).trim(),
    ...(row === undefined ? {} : { row: row as NonNullable<ProductVariant['row']> }),
    ...(PRICE.test(price) ? { price: Number(price) } : {}),
    unit: variant.unit.trim() as ProductVariant['unit'],
    ...(WHOLE.test(pack) ? { packQuantity: Number(pack) } : {}),
  };
}
