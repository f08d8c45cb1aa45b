import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { Breadcrumb, CardGrid, LoadError, PageContainer, SectionHeading, Spinner } from '@site/shared-ui';
import { useAppDispatch, useAppSelector, useLocale, type LoadFirstView } from '@site/shared-store';
import { findCategory } from '@site/content';
import { categoryNameFromSegment, splitHeading } from '../common/categoryName';
import { usePageTitle } from '../common/usePageTitle';
import {
  fetchProducts,
  fetchRatings,
  selectProducts,
  selectProductsCategoryId,
  selectProductsCategoryName,
  selectProductsError,
  selectProductsStatus,
  selectRatings,
  selectRatingsError,
  selectRatingsStatus,
} from './productsSlice';
import { DEFAULT_SORT, SORT_BY_RATING, SORT_OPTIONS, isSortValue, sortProducts, type SortValue } from './sortProducts';
import { ProductCard } from './ProductCard';
import { CATEGORIES_PATH, HOME_PATH } from '@site/contracts/paths';
import { selectCategories } from '../categories/productsCategorySlice';
import { useFailureText } from '../common/useFailureText';
import { useText } from '../i18n/useText';

const HeadingRest = styled.span`
  color: ${({ theme }) => theme.colors.accentText};
`;

const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 24px;
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
  select {
    min-height: 44px;
    padding: 8px 12px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.sm};
    background: ${({ theme }) => theme.colors.surface};
    font: inherit;
  }
`;

/** Cards whose pictures load eagerly: the first row on a wide screen. */
const EAGER_CARDS = 4;

const Notice = styled.div`
  margin-bottom: 24px;
`;

/** /our-products/{productCategoryId}: the category's products as cards, in the chosen order. */
/** For the server (shared-store's LoadFirstView): the category's products (the ratings, visitors' data, load in the browser) as its effect below loads it, so the HTML has it. */
export const loadFirstView: LoadFirstView = ({ dispatch, params }) => dispatch(fetchProducts(params.productCategoryId ?? ''));

export default function ProductListingPage() {
  const { productCategoryId = '' } = useParams();
  const dispatch = useAppDispatch();
  const text = useText();
  const locale = useLocale();
  const failureText = useFailureText();
  const categories = useAppSelector(selectCategories);
  const products = useAppSelector(selectProducts);
  const loadedCategoryId = useAppSelector(selectProductsCategoryId);
  const loadedCategoryName = useAppSelector(selectProductsCategoryName);
  const status = useAppSelector(selectProductsStatus);
  const error = useAppSelector(selectProductsError);
  const ratings = useAppSelector(selectRatings);
  const ratingsStatus = useAppSelector(selectRatingsStatus);
  const ratingsError = useAppSelector(selectRatingsError);
  const [sort, setSort] = useState<SortValue>(DEFAULT_SORT);
  // The select shows the choice in the frame of the key or click; the cards are put in the new order in the render
  // after it (deferred), so the choice answers at once however many cards move.
  const cardsSort = useDeferredValue(sort);

  // On entry and on every change of the category segment: to the top, and load.
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
    const productsRequest = dispatch(fetchProducts(productCategoryId));
    const ratingsRequest = dispatch(fetchRatings());
    return () => {
      productsRequest.abort();
      ratingsRequest.abort();
    };
  }, [dispatch, productCategoryId]);

  const loaded = status === 'succeeded' && loadedCategoryId === productCategoryId;
  // The products' category name; before they arrive (or with none) the category's title, else the spec's fallback (the
  // segment's words). The Arabic edition takes the title from the category list when the store has it (the bundled
  // titles and the segment are English), else says 'Products'.
  const name =
    (loaded && loadedCategoryName) ||
    (locale === 'en'
      ? findCategory(productCategoryId)?.title || categoryNameFromSegment(productCategoryId)
      : categories.find((category) => category.id === productCategoryId)?.title || text('catalogue.listing.unnamedCategory'));
  const { first, rest } = splitHeading(name);
  usePageTitle(name);

  // The catalogue's first row loads its pictures at once (the largest paint); by catalogue order, so that a new sort
  // order leaves every card's props as they were (the memoised cards only move).
  const eagerIds = useMemo(() => new Set(products.slice(0, EAGER_CARDS).map((product) => product.id)), [products]);
  const sorted = useMemo(() => (loaded ? sortProducts(products, cardsSort, ratings) : []), [loaded, products, cardsSort, ratings]);

  return (
    <PageContainer>
      <Breadcrumb
        items={[
          { moduleName: text('catalogue.breadcrumb.home'), link: HOME_PATH },
          { moduleName: text('catalogue.breadcrumb.ourProducts'), link: CATEGORIES_PATH },
          { moduleName: name },
        ]}
      />
      <SectionHeading>
        {first}
        {rest ? <> <HeadingRest>{rest}</HeadingRest></> : null}
      </SectionHeading>
      {status === 'failed' ? (
        <LoadError message={failureText(error, 'catalogue.listing.loadFailed')} onRetry={() => dispatch(fetchProducts(productCategoryId))} />
      ) : !loaded ? (
        <Spinner size={86} label={text('catalogue.listing.loading')} />
      ) : (
        <>
          <Toolbar>
            <p>{text('catalogue.listing.count', { count: sorted.length })}</p>
            <select
              aria-label={text('catalogue.listing.sortLabel')}
              value={sort}
              onChange={(event) => {
                const value = Number(event.target.value);
                if (isSortValue(value)) setSort(value);
              }}
            >
              {SORT_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {text(option.labelId)}
                </option>
              ))}
            </select>
          </Toolbar>
          {cardsSort === SORT_BY_RATING && ratingsStatus === 'failed' ? (
            <Notice>
              <LoadError
                message={`${failureText(ratingsError, 'catalogue.listing.ratingsFailed')} ${text('catalogue.listing.ratingsFailedNote')}`}
                onRetry={() => dispatch(fetchRatings())}
              />
            </Notice>
          ) : null}
          {sorted.length === 0 ? (
            <p>{text('catalogue.listing.empty')}</p>
          ) : (
            <CardGrid as="ul" aria-label={text('catalogue.listing.listLabel', { name })}>
              {sorted.map((product) => (
                <ProductCard key={product.id} product={product} rating={ratings[product.id]} eager={eagerIds.has(product.id)} />
              ))}
            </CardGrid>
          )}
        </>
      )}
    </PageContainer>
  );
}
