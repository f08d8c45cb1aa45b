import { useDeferredValue, useEffect, useMemo } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { LoadError, PageContainer, SectionHeading, Spinner } from '@site/shared-ui';
import { useAppDispatch, useAppSelector, useLocale, type LoadFirstView } from '@site/shared-store';
import { categoryNameFromSegment } from '../common/categoryName';
import { knownCategoryName, knownProductName } from '../common/knownProduct';
import { usePageTitle } from '../common/usePageTitle';
import { ProductSummary } from './ProductSummary';
import { ProductDetailsRest } from './ProductDetailsRest';
import { ProductReviews } from './ProductReviews';
import { productVariantOf } from '@site/contracts/product-view';
import { hasLaterMedia, LazyProductPart, loadLaterParts } from './later/LaterParts';
import { loadRichTextSanitizer } from './richTextSanitizer';
import { chosenVariant, isVariantTable, VARIANT_TABLE_ID } from './variants/variants';
import {
  fetchProductDetail,
  fetchReviews,
  selectProductDetail,
  selectProductQuoteFacts,
  selectProductVariants,
  selectProductRelated,
  selectProductWithdrawn,
  selectProductDetailError,
  selectProductDetailStatus,
  selectProductId,
} from './productDetailSlice';
import { CATEGORIES_PATH, categoryPath } from '@site/contracts/paths';
import { useFailureText } from '../common/useFailureText';
import { Rich } from '../i18n/Rich';
import { useText } from '../i18n/useText';
import { CompareTray } from '../compare/CompareTray';
import { CatalogueBreadcrumb } from '../common/CatalogueBreadcrumb';

const NotFound = styled.div`
  padding: 24px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  h2 { margin: 0 0 8px; color: ${({ theme }) => theme.colors.brand}; }
  p { margin: 8px 0 0; }
`;

/** /our-products/{productCategoryId}/{productId}: summary, detail blocks, the detail table and the reviews. */
/**
 * For the server (shared-store's LoadFirstView): the product (its reviews, visitors' data, load in the browser) as its
 * effect below loads it, the rich text's sanitizer, and the later chunk where it draws a part of it (its variants'
 * table, its strip of pictures, a size's own datasheet, its related parts), so the HTML has them.
 */
export const loadFirstView: LoadFirstView = async ({ dispatch, params }) => {
  const [loaded] = await Promise.all([dispatch(fetchProductDetail(params.productId ?? '')), loadRichTextSanitizer()]);
  if (!fetchProductDetail.fulfilled.match(loaded)) return;
  const { variants, detail, related } = loaded.payload;
  // the id only steers the browser's wait (afterStart.ts): on the server, where this runs, the chunk comes at once
  if (isVariantTable(variants) || related.length > 0 || (detail !== null && hasLaterMedia(detail)))
    await loadLaterParts(VARIANT_TABLE_ID);
};

export default function ProductDetailsPage() {
  const { productCategoryId = '', productId = '' } = useParams();
  const dispatch = useAppDispatch();
  const text = useText();
  const locale = useLocale();
  const failureText = useFailureText();
  const loadedId = useAppSelector(selectProductId);
  const product = useAppSelector(selectProductDetail);
  const quoteFacts = useAppSelector(selectProductQuoteFacts);
  const variants = useAppSelector(selectProductVariants);
  const related = useAppSelector(selectProductRelated);
  // the address's query as the shared router facade gives it (it has no useSearchParams: useAddressQuery.ts)
  const chosenCode = productVariantOf(useLocation().search);
  const chosen = chosenVariant(variants, chosenCode);
  const restVariants = useMemo(
    () => ({ variants, chosen: chosen?.code ?? null, quoteFacts }),
    [variants, chosen, quoteFacts],
  );
  const withdrawn = useAppSelector(selectProductWithdrawn);
  const status = useAppSelector(selectProductDetailStatus);
  const error = useAppSelector(selectProductDetailError);

  // On load and whenever the last segment changes: load that product and its reviews. (Another product is another
  // address: the shell opens it at its top, or where the visitor left it on back.)
  useEffect(() => {
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

  // a withdrawn product (the API's 410) is not found either, and its answer names its real category
  const gone = notFound ? withdrawn : null;
  const categoryId = found ? product.productCategory : (gone?.categoryId ?? productCategoryId);
  // Before the product is known (opened in the browser; the server's page has it already): the names the page the
  // visitor came from holds (a listing's card, a search result: common/knownProduct.ts), else no product name, never
  // one made from the address ('Hex Cw Brass Cable Gland' is not the product's). The category's link needs words: the
  // spec's name from its segment in English, 'Category' in Arabic (no Arabic name can be made from it).
  const english = locale === 'en';
  const heldName = useAppSelector((state) => knownProductName(state, productId));
  const heldCategory = useAppSelector((state) => knownCategoryName(state, productCategoryId, productId));
  const segmentCategoryName = english ? categoryNameFromSegment(productCategoryId) : undefined;
  const categoryName = found
    ? product.categoryName
    : (gone?.categoryName ?? heldCategory ?? segmentCategoryName ?? text('catalogue.details.categoryPlaceholder'));
  // a withdrawn product's page says so (what the staff were told as they withdrew it), under its own name
  const productName = found
    ? product.productName
    : gone !== null
      ? gone.productName
      : notFound
        ? text('catalogue.details.notFound.title')
        : (heldName ?? '');
  usePageTitle(
    found ? productName : gone !== null ? text('catalogue.details.withdrawn.title') : notFound ? productName : heldName,
  );

  // On another edition's page the catalogue's own reviews are shown from its data file, in its language.
  const seedReviews = found && !english ? product.customerReviews : undefined;

  return (
    <PageContainer>
      <CatalogueBreadcrumb through={[{ name: categoryName, link: categoryPath(categoryId) }]} current={productName} />
      <SectionHeading>{text('catalogue.details.heading')}</SectionHeading>
      {current && status === 'failed' ? (
        <LoadError
          message={failureText(error, 'catalogue.details.loadFailed')}
          onRetry={() => dispatch(fetchProductDetail(productId))}
        />
      ) : notFound ? (
        <NotFound role="alert">
          {gone !== null ? (
            <>
              <h2>{text('catalogue.details.withdrawn.title')}</h2>
              <p>{text('catalogue.details.withdrawn.text', { productName: gone.productName })}</p>
            </>
          ) : (
            <>
              <h2>{text('catalogue.details.notFound.title')}</h2>
              {/* The Arabic message keeps the id left-to-right (U+2066…U+2069). */}
              <p>{text('catalogue.details.notFound.text', { productId })}</p>
            </>
          )}
          <p>
            <Rich
              id={
                gone === null && segmentCategoryName === undefined
                  ? 'catalogue.details.notFound.linksUnnamed'
                  : 'catalogue.details.notFound.links'
              }
              values={{ categoryName }}
              components={{ 0: <Link to={categoryPath(categoryId)} />, 1: <Link to={CATEGORIES_PATH} /> }}
            />
          </p>
        </NotFound>
      ) : !found ? (
        <Spinner size={86} label={text('catalogue.details.loading')} />
      ) : (
        <>
          <ProductSummary product={product} quoteFacts={quoteFacts} variants={variants} chosen={chosen} />
          {related.length > 0 ? <LazyProductPart part="related" related={related} /> : null}
          {restReady ? (
            <>
              <ProductDetailsRest product={product} variants={restVariants} />
              <ProductReviews productId={productId} productName={product.productName} seedReviews={seedReviews} />
            </>
          ) : null}
        </>
      )}
      <CompareTray />
    </PageContainer>
  );
}
