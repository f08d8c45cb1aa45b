import { useCallback, useDeferredValue, useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { Breadcrumb, LoadError, PageContainer, SectionHeading, Spinner } from '@site/shared-ui';
import { useAppDispatch, useAppSelector, type LoadFirstView } from '@site/shared-store';
import type { ReviewToSend } from '@site/content/reviews';
import { categoryNameFromSegment } from '../common/categoryName';
import { usePageTitle } from '../common/usePageTitle';
import { Reviews } from '../reviews/Reviews';
import { DetailBlock } from './DetailBlock';
import { ProductSummary } from './ProductSummary';
import { DetailTable } from './table/DetailTable';
import {
  fetchProductDetail,
  fetchReviews,
  selectProductDetail,
  selectProductDetailError,
  selectProductDetailStatus,
  selectProductId,
  selectReviews,
  selectReviewsError,
  selectReviewsStatus,
  submitReview,
} from './productDetailSlice';
import { CATEGORIES_PATH, HOME_PATH, categoryPath } from '@site/contracts/paths';

const NotFound = styled.div`
  padding: 24px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  h2 { margin: 0 0 8px; color: ${({ theme }) => theme.colors.brand}; }
  p { margin: 8px 0 0; }
`;

/** /our-products/{productCategoryId}/{productId}: summary, detail blocks, the detail table and the reviews. */
/** For the server (shared-store's LoadFirstView): the product (its reviews, visitors' data, load in the browser) as its effect below loads it, so the HTML has it. */
export const loadFirstView: LoadFirstView = ({ dispatch, params }) => dispatch(fetchProductDetail(params.productId ?? ''));

export default function ProductDetailsPage() {
  const { productCategoryId = '', productId = '' } = useParams();
  const dispatch = useAppDispatch();
  const loadedId = useAppSelector(selectProductId);
  const product = useAppSelector(selectProductDetail);
  const status = useAppSelector(selectProductDetailStatus);
  const error = useAppSelector(selectProductDetailError);
  const reviews = useAppSelector(selectReviews);
  const reviewsStatus = useAppSelector(selectReviewsStatus);
  const reviewsError = useAppSelector(selectReviewsError);

  // On load and whenever the last segment changes: to the top, and load that product and its reviews.
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
    const detailRequest = dispatch(fetchProductDetail(productId));
    const reviewsRequest = dispatch(fetchReviews(productId));
    return () => {
      detailRequest.abort();
      reviewsRequest.abort();
    };
  }, [dispatch, productId]);

  const current = loadedId === productId;
  const found = current && status === 'succeeded' && product !== null;
  const notFound = current && status === 'succeeded' && product === null;

  // The summary (name, picture, key facts) renders with the data; the long rest (tables, blocks, reviews) a moment
  // later in a deferred render that React cuts into slices, so the main thread never blocks for the whole page
  // at once (Lighthouse TBT on this page, median of 5: ~100 -> ~40 ms).
  const deferredProduct = useDeferredValue(found ? product : null);
  const restReady = found && deferredProduct === product;

  const categoryId = found ? product.productCategory : productCategoryId;
  const categoryName = found ? product.categoryName : categoryNameFromSegment(productCategoryId);
  const productName = found ? product.productName : notFound ? 'Product not found' : categoryNameFromSegment(productId);
  usePageTitle(found || notFound ? productName : undefined);

  const sendReview = useCallback(
    async (review: ReviewToSend) => {
      await dispatch(submitReview({ productId, review })).unwrap();
    },
    [dispatch, productId],
  );

  return (
    <PageContainer>
      <Breadcrumb
        items={[
          { moduleName: 'Home', link: HOME_PATH },
          { moduleName: 'Our Products', link: CATEGORIES_PATH },
          { moduleName: categoryName, link: categoryPath(categoryId) },
          { moduleName: productName },
        ]}
      />
      <SectionHeading>Product Details</SectionHeading>
      {current && status === 'failed' ? (
        <LoadError message={error ?? 'The product could not be loaded.'} onRetry={() => dispatch(fetchProductDetail(productId))} />
      ) : notFound ? (
        <NotFound role="alert">
          <h2>Product not found</h2>
          <p>{`We could not find the product “${productId}” in our catalogue. It may have been renamed or removed.`}</p>
          <p>
            <Link to={categoryPath(productCategoryId)}>{`See all ${categoryName} products`}</Link> or{' '}
            <Link to={CATEGORIES_PATH}>browse all our product categories</Link>.
          </p>
        </NotFound>
      ) : !found ? (
        <Spinner size={86} label="Loading product details" />
      ) : (
        <>
          <ProductSummary product={product} />
          {restReady ? (
            <>
          {product.detailDescriptionAfterTable?.map((block, index) => <DetailBlock key={`before-${index}`} block={block} />)}
          {product.productDetailTableColumns?.length && product.productDetailTableData?.length ? (
            <DetailTable
              caption={`${product.productName}: specifications`}
              columns={product.productDetailTableColumns}
              rows={product.productDetailTableData}
            />
          ) : null}
          {product.detailDescription?.map((block, index) => <DetailBlock key={`after-${index}`} block={block} />)}
          <Reviews
            productName={product.productName}
            reviews={reviews}
            status={reviewsStatus}
            error={reviewsError}
            onRetry={() => dispatch(fetchReviews(productId))}
            onSubmit={sendReview}
          />
            </>
          ) : null}
        </>
      )}
    </PageContainer>
  );
}
