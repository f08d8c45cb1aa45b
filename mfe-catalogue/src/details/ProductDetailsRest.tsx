import { memo } from 'react';
import type { ProductDetail, ProductVariant } from '@site/content';
import { useText } from '../i18n/useText';
import { DetailBlock } from './DetailBlock';
import type { ProductQuoteFacts } from './productDetailSlice';
import { DetailTable } from './table/DetailTable';
import { LazyVariantTable } from './later/LaterParts';
import { isVariantTable } from './variants/variants';

/** A product page's variants (none in the staff editor's preview), the one its address chose, and the quote facts. */
export interface RestVariants {
  variants: readonly ProductVariant[];
  chosen: string | null;
  quoteFacts: ProductQuoteFacts | null;
}

/**
 * What the product page shows under the summary, before the reviews: the detail blocks before the table, the product
 * table (its variants, each orderable, when its rows are the variants), the blocks after it. Also drawn by the staff
 * editor's live preview (preview/ProductPreview.tsx).
 */
export const ProductDetailsRest = memo(function ProductDetailsRest({
  product,
  variants,
}: {
  product: ProductDetail;
  variants?: RestVariants;
}) {
  const text = useText();
  return (
    <>
      {product.detailDescriptionAfterTable?.map((block, index) => (
        <DetailBlock key={`before-${index}`} block={block} />
      ))}
      {product.productDetailTableColumns?.length && variants !== undefined && isVariantTable(variants.variants) ? (
        <LazyVariantTable
          caption={text('catalogue.details.tableCaption', { name: product.productName })}
          columns={product.productDetailTableColumns}
          variants={variants.variants}
          chosen={variants.chosen}
          productId={product.id}
          productName={product.productName}
          quoteFacts={variants.quoteFacts}
        />
      ) : product.productDetailTableColumns?.length && product.productDetailTableData?.length ? (
        <DetailTable
          caption={text('catalogue.details.tableCaption', { name: product.productName })}
          columns={product.productDetailTableColumns}
          rows={product.productDetailTableData}
        />
      ) : null}
      {product.detailDescription?.map((block, index) => (
        <DetailBlock key={`after-${index}`} block={block} />
      ))}
    </>
  );
});
