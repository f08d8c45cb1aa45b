import { memo } from 'react';
import type { ProductDetail } from '@site/content';
import { useText } from '../i18n/useText';
import { DetailBlock } from './DetailBlock';
import { DetailTable } from './table/DetailTable';

/**
 * What the product page shows under the summary, before the reviews: the detail blocks before the table, the product
 * table, the blocks after it. Also drawn by the staff editor's live preview (preview/ProductPreview.tsx).
 */
export const ProductDetailsRest = memo(function ProductDetailsRest({ product }: { product: ProductDetail }) {
  const text = useText();
  return (
    <>
      {product.detailDescriptionAfterTable?.map((block, index) => <DetailBlock key={`before-${index}`} block={block} />)}
      {product.productDetailTableColumns?.length && product.productDetailTableData?.length ? (
        <DetailTable
          caption={text('catalogue.details.tableCaption', { name: product.productName })}
          columns={product.productDetailTableColumns}
          rows={product.productDetailTableData}
        />
      ) : null}
      {product.detailDescription?.map((block, index) => <DetailBlock key={`after-${index}`} block={block} />)}
    </>
  );
});
