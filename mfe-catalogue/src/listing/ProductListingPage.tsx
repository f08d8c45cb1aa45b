import { useCallback, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import {
  Button,
  CardGrid,
  LoadError,
  PageContainer,
  SectionHeading,
  Spinner,
  useAddressQuery,
  useHydrated,
} from '@site/shared-ui';
import { useAppDispatch, useAppSelector, useLocale, type LoadFirstView } from '@site/shared-store';
import { categoryNameFromSegment, splitHeading } from '../common/categoryName';
import { usePageTitle } from '../common/usePageTitle';
import {
  DEFAULT_LISTING_VIEW,
  hasListingFilters,
  listingViewOf,
  listingViewSearch,
  type ListingFilters as Filters,
  type ListingView,
} from '@site/contracts/listing-view';
import {
  fetchProducts,
  fetchRatings,
  listingKey,
  selectProducts,
  selectProductsCategoryId,
  selectProductsCategoryName,
  selectProductsDisplay,
  selectProductsError,
  selectProductsFacets,
  selectProductsInStock,
  selectProductsPage,
  selectProductsPageSize,
  selectProductsStatus,
  selectProductsTotal,
  selectProductsViewKey,
  selectRatings,
  selectRatingsError,
  selectRatingsStatus,
} from './productsSlice';
import { SORT_BY_RATING, SORT_OPTIONS, isSortValue } from './sortOptions';
import { ProductCard } from './ProductCard';
import { ListingPages } from './ListingPages';
import { FilteredLayout as Layout, LISTING_VIEW_FORM_ID } from './filters/FilteredLayout';
import { ListingFilters, loadFiltersPanel } from './filters/ListingFilters';
import { selectCategories } from '../categories/productsCategorySlice';
import { useFailureText } from '../common/useFailureText';
import { useText } from '../i18n/useText';
import { CompareTray } from '../compare/CompareTray';
import { CatalogueBreadcrumb } from '../common/CatalogueBreadcrumb';
import { CurrencyNote } from '../currency/CurrencyNote';

const HeadingRest = styled.span`
  color: ${({ theme }) => theme.colors.accentText};
`;

/**
 * The layout's first row: the order and its button at the start, the count at the end.
 */
const Toolbar = styled.div`
  grid-column: 1 / -1;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  /* the count's; the <select>'s look is the layout's (filters/FilteredLayout.tsx) */
  color: ${({ theme }) => theme.colors.textMuted};
`;

const COUNT_AT_END = { marginInlineStart: 'auto' } as const;

/** Cards whose pictures load eagerly: the first row on a wide screen. */
const EAGER_CARDS = 4;

const Notice = styled.div`
  margin-bottom: 24px;
`;

/**
 * For the server (shared-store's LoadFirstView): the page of the category's products the address names (the ratings,
 * visitors' data, load in the browser) as its effect below loads it, and the filters' chunk, so the HTML has both.
 */
export const loadFirstView: LoadFirstView = async ({ dispatch, params, search }) => {
  await Promise.all([
    dispatch(fetchProducts({ productCategoryId: params.productCategoryId ?? '', view: listingViewOf(search ?? '') })),
    loadFiltersPanel(),
  ]);
};

/** The sort button's look once the page has started: not seen, not focused, not clicked, its place kept. */
const HELD_PLACE = { visibility: 'hidden' } as const;

/**
 * Sends the sort's choice where no script has started yet (the <select> belongs to the filters' form, so the ticks
 * stay). Once the page has started a choice applies at once and the button is hidden, but keeps its place: gone, it
 * would let the count move up beside the <select> wherever the font draws it narrow enough (a layout shift on phones).
 */
function SortButton() {
  const text = useText();
  const started = useHydrated();
  return (
    <Button
      type="submit"
      form={LISTING_VIEW_FORM_ID}
      $variant="secondary"
      disabled={started}
      style={started ? HELD_PLACE : undefined}
    >
      {text('catalogue.listing.sortApply')}
    </Button>
  );
}

/**
 * /our-products/{productCategoryId}?sort=…&page=…: one page of the category's products as cards, in the chosen order
 * (the server sorts and pages; the address names the view, so it can be shared, reloaded and drawn by the server).
 */
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
  // The stars arrive after start-up (visitors' data): the cards take them in a deferred render that React cuts into
  // slices, not in the store update's synchronous render of every card at once (a long task: Lighthouse's TBT).
  const ratings = useDeferredValue(useAppSelector(selectRatings));
  // Only a failure shows: the ratings' request starting (an effect as the page hydrates) must not re-render the whole
  // listing at once (a store update renders synchronously: a long task right after start-up, Lighthouse's TBT).
  const ratingsFailed = useAppSelector((state) => selectRatingsStatus(state) === 'failed');
  const ratingsError = useAppSelector(selectRatingsError);
  const viewKey = useAppSelector(selectProductsViewKey);
  const total = useAppSelector(selectProductsTotal);
  const display = useAppSelector(selectProductsDisplay);
  const page = useAppSelector(selectProductsPage);
  const pageSize = useAppSelector(selectProductsPageSize);
  const facets = useAppSelector(selectProductsFacets);
  const inStock = useAppSelector(selectProductsInStock);
  const [search, setSearch] = useAddressQuery();
  // one object per address: the filters' props stay the same while the page re-renders (ListingFilters.tsx says why)
  const view = useMemo(() => listingViewOf(search), [search]);
  const { sort } = view;
  // the view in its one spelling: what the effect below follows (another parameter in the address asks for nothing)
  const viewSearch = listingViewSearch(view);

  // Another page of the same category's products: to the top, where the new list starts. Entering the listing, or
  // another category, is another address: the shell opens it at its top, or where the visitor left it on back.
  const shownPage = useRef({ productCategoryId, page: view.page });
  useEffect(() => {
    const shown = shownPage.current;
    shownPage.current = { productCategoryId, page: view.page };
    if (shown.productCategoryId === productCategoryId && shown.page !== view.page)
      window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [productCategoryId, view.page]);

  // The view's products, whenever the category, the order or the page changes.
  useEffect(() => {
    const request = dispatch(fetchProducts({ productCategoryId, view: listingViewOf(viewSearch) }));
    return () => request.abort();
  }, [dispatch, productCategoryId, viewSearch]);

  // The cards' stars (visitors' data, the same for every view of the category).
  useEffect(() => {
    const request = dispatch(fetchRatings());
    return () => request.abort();
  }, [dispatch, productCategoryId]);

  /** Another order of the category: from its first page, the filters kept. */
  const showView = (next: ListingView) => setSearch(listingViewSearch(next), { replace: true });
  const sortSelect = useRef<HTMLSelectElement>(null);
  // An order chosen in the server's <select> before the page started, its button not pressed (gone now): applied
  // now, as a choice is (React keeps what the visitor did, and tells nothing).
  const sortedEarly = useRef(true);
  useEffect(() => {
    if (!sortedEarly.current || sortSelect.current === null) return;
    sortedEarly.current = false;
    const chosen = Number(sortSelect.current.value);
    if (chosen !== sort && isSortValue(chosen))
      setSearch(listingViewSearch({ ...view, sort: chosen, page: 1 }), { replace: true });
  });
  /** 'Clear all': the order kept. */
  const clearSearch = listingViewSearch({ ...DEFAULT_LISTING_VIEW, sort });
  /** Other filters: a new entry in the history (back undoes them), from the first page. */
  const showFiltered = useCallback(
    (filters: Filters) => setSearch(listingViewSearch({ ...filters, sort, page: 1 })),
    [setSearch, sort],
  );

  // The products of this category on screen: the view asked for, or the one before it while the next loads (a new
  // order or page replaces the cards once it arrives, without a spinner in between).
  const loaded = viewKey !== null && loadedCategoryId === productCategoryId;
  const current = loaded && viewKey === listingKey({ productCategoryId, view });
  // The products' category name; before they arrive (or with none) the category's title from the category list when the
  // store has it (the grid's, or the server's first view), else the spec's fallback: the segment's words in English,
  // 'Products' in Arabic (the segment is English). No title list is bundled: the catalogue's titles are the database's.
  const name =
    (loaded && loadedCategoryName) ||
    categories.find((category) => category.id === productCategoryId)?.title ||
    (locale === 'en' ? categoryNameFromSegment(productCategoryId) : text('catalogue.listing.unnamedCategory'));
  const { first, rest } = splitHeading(name);
  usePageTitle(name);

  // The page's first row loads its pictures at once (the largest paint).
  const eagerIds = useMemo(() => new Set(products.slice(0, EAGER_CARDS).map((product) => product.id)), [products]);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const filtered = hasListingFilters(view);
  const retry = () => dispatch(fetchProducts({ productCategoryId, view }));

  return (
    <PageContainer>
      <CatalogueBreadcrumb current={name} />
      <SectionHeading>
        {first}
        {rest ? (
          <>
            {' '}
            <HeadingRest>{rest}</HeadingRest>
          </>
        ) : null}
      </SectionHeading>
      {status === 'failed' ? (
        <LoadError message={failureText(error, 'catalogue.listing.loadFailed')} onRetry={retry} />
      ) : !loaded ? (
        <Spinner size={86} label={text('catalogue.listing.loading')} />
      ) : (
        <>
          {sort === SORT_BY_RATING && ratingsFailed ? (
            <Notice>
              <LoadError
                message={`${failureText(ratingsError, 'catalogue.listing.ratingsFailed')} ${text('catalogue.listing.ratingsFailedNote')}`}
                onRetry={() => dispatch(fetchRatings())}
              />
            </Notice>
          ) : null}
          <Layout>
            <Toolbar>
              <select
                ref={sortSelect}
                name="sort"
                form={LISTING_VIEW_FORM_ID}
                aria-label={text('catalogue.listing.sortLabel')}
                value={sort}
                onChange={(event) => {
                  const value = Number(event.target.value);
                  if (isSortValue(value)) showView({ ...view, sort: value, page: 1 });
                }}
              >
                {SORT_OPTIONS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {text(option.labelId)}
                  </option>
                ))}
              </select>
              <SortButton />
              {/* at the row's end (inline: no rule of its own in the first view's CSS) */}
              <span style={COUNT_AT_END}>{text('catalogue.listing.count', { count: total })}</span>
              {/* the prices' currency and the way to choose another: one link, no wrapper of its own */}
              <CurrencyNote currency={display?.currency} />
            </Toolbar>
            <ListingFilters
              facets={facets}
              filters={view}
              clearSearch={clearSearch}
              listingAddress
              total={total}
              onChange={showFiltered}
            />
            <div>
              {products.length === 0 ? (
                <p>{filtered ? text('catalogue.filters.noMatch') : text('catalogue.listing.empty')}</p>
              ) : (
                <CardGrid as="ul" aria-label={text('catalogue.listing.listLabel', { name })} aria-busy={!current}>
                  {products.map((product) => (
                    <ProductCard
                      key={product.id}
                      product={product}
                      rating={ratings[product.id]}
                      eager={eagerIds.has(product.id)}
                      inStock={inStock.includes(product.id)}
                    />
                  ))}
                </CardGrid>
              )}
              {pages > 1 || page > pages ? (
                <ListingPages
                  page={page}
                  pages={pages}
                  searchOf={(next) => listingViewSearch({ ...view, page: next })}
                />
              ) : null}
            </div>
          </Layout>
        </>
      )}
      <CompareTray />
    </PageContainer>
  );
}
