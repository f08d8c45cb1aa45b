import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Breadcrumb, PageContainer, SectionHeading } from '@site/shared-ui';
import { categoryNameFromSegment } from '../listing/categoryName';

/** /our-products/{productCategoryId}/{productId}. The full details screen comes with the catalogue content (issue 5). */
export default function ProductDetailsPage() {
  const { productCategoryId = '', productId = '' } = useParams();
  useEffect(() => window.scrollTo({ top: 0, behavior: 'smooth' }), [productId]);
  const categoryName = categoryNameFromSegment(productCategoryId);
  const productName = categoryNameFromSegment(productId);
  return (
    <PageContainer>
      <Breadcrumb
        items={[
          { moduleName: 'Home', link: '/home' },
          { moduleName: 'Our Products', link: '/our-products' },
          { moduleName: categoryName, link: `/our-products/${productCategoryId}` },
          { moduleName: productName },
        ]}
      />
      <SectionHeading>Product Details</SectionHeading>
      <p>
        {productName}: <Link to="/contact-us">ask us for the datasheet and a quote</Link>.
      </p>
    </PageContainer>
  );
}
