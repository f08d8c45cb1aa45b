import { startTransition, useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, CardGrid, LoadError, PageContainer, SectionHeading, Spinner, useAddressQuery } from '@site/shared-ui';
import { useTypedBeforeStart } from '@site/shared-ui/typed-before-start';
import { useAppDispatch, useAppSelector, type LoadFirstView } from '@site/shared-store';
import { hasListingFilters, type ListingFilters as Filters } from '@site/contracts/listing-view';
import {
  SEARCH_TEXT_MAX,
  searchTextOf,
  searchViewOf,
  searchViewSearch,
  SEARCH_RESULTS_PAGE_SIZE,
} from '@site/contracts/search-view';
import { useText } from '../../i18n/useText';
import { Rich } from '../../i18n/Rich';
import { ListingPages } from '../../listing/ListingPages';
import { FilteredLayout as Layout } from '../../listing/filters/FilteredLayout';
import { ListingFilters, loadFiltersPanel } from '../../listing/filters/ListingFilters';
import { SearchResultCard } from './SearchResultCard';
import {
  fetchSearchPage,
  searchPageKey,
  selectSearchPageFacets,
  selectSearchPageInStock,
  selectSearchPageDisplay,
  selectSearchPagePriceFrom,
  selectSearchPagePrices,
  selectSearchPageHighlight,
  selectSearchPageResults,
  selectSearchPageStatus,
  selectSearchPageSuggestion,
  selectSearchPageTotal,
  selectSearchPageViewKey,
} from './searchPageSlice';
import { CompareTray } from '../../compare/CompareTray';
import { CatalogueBreadcrumb } from '../../common/CatalogueBreadcrumb';
import { CurrencyNote } from '../../currency/CurrencyNote';

const SearchForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin-bottom: 24px;
  input {
    flex: 1 1 260px;
    min-height: 48px;
    padding: 10px 14px;
    border: 2px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.md};
    font: inherit;
    &:focus { border-color: ${({ theme }) => theme.colors.brand}; outline: none; }
  }
`;

const Status = styled.div`
  margin-bottom: 24px;
  color: ${({ theme }) => theme.colors.textMuted};
  p { margin: 0 0 6px; overflow-wrap: anywhere; }
  a { color: ${({ theme }) => theme.colors.brand}; font-weight: 600; }
`;

interface PageSearchFormProps {
  /** The address's text, the field's at first. */
  text: string;
  /** Searches another text (trimmed, not empty). */
  onSearch: (text: string) => void;
}

/** The page's own search field: the text it shows results for, to change and search again. */
function PageSearchForm({ text: initial, onSearch }: PageSearchFormProps) {
  const text = useText();
  const [typed, setTyped] = useState(initial);
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeStart(form, { q: typed }, ({ q }) => {
    if (q !== undefined) setTyped(q);
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // the field as it reads now (a tap's submit can come before a render has taken in the last keys)
    const field = new FormData(event.currentTarget).get('q');
    const next = searchTextOf(typeof field === 'string' ? field : typed);
    if (next !== '') onSearch(next);
  };
  return (
    <SearchForm ref={form} role="search" aria-label={text('catalogue.searchPage.formLabel')} onSubmit={submit}>
      <input
        type="search"
        name="q"
        aria-label={text('catalogue.search.input')}
        placeholder={text('catalogue.search.placeholder')}
        maxLength={SEARCH_TEXT_MAX}
        autoComplete="off"
        spellCheck={false}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      <Button type="submit">{text('catalogue.searchPage.submit')}</Button>
    </SearchForm>
  );
}

/** Cards whose pictures load eagerly: the first row on a wide screen. */
const EAGER_CARDS = 4;

/** For the server (shared-store's LoadFirstView): the page of results the address names, so the HTML has them. */
export const loadFirstView: LoadFirstView = async ({ dispatch, search }) => {
  const view = searchViewOf(search ?? '');
  // the filters' chunk too: the server draws their form (listing/filters/ListingFilters.tsx)
  if (view.q !== '') await Promise.all([dispatch(fetchSearchPage(view)), loadFiltersPanel()]);
};

/**
 * /search?q=…&page=…: every match of a text, a page at a time, ranked by the server as the header's search ranks them
 * (codes, then names, brands, categories and specifications), what matched marked. The address names the text and the
 * page: a search can be shared, reloaded and drawn by the server.
 */
export default function SearchResultsPage() {
  const dispatch = useAppDispatch();
  const text = useText();
  const [search, setSearch] = useAddressQuery();
  // one object per address: the filters' props stay the same while the page re-renders (ListingFilters.tsx says why)
  const view = useMemo(() => searchViewOf(search), [search]);
  const { q, page } = view;
  const viewKey = useAppSelector(selectSearchPageViewKey);
  const status = useAppSelector(selectSearchPageStatus);
  const total = useAppSelector(selectSearchPageTotal);
  const results = useAppSelector(selectSearchPageResults);
  const suggestion = useAppSelector(selectSearchPageSuggestion);
  const highlight = useAppSelector(selectSearchPageHighlight);
  const facets = useAppSelector(selectSearchPageFacets);
  const inStock = useAppSelector(selectSearchPageInStock);
  const prices = useAppSelector(selectSearchPagePrices);
  const priceFrom = useAppSelector(selectSearchPagePriceFrom);
  const display = useAppSelector(selectSearchPageDisplay);

  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [q, page]);

  // the view in its one spelling: what the effect below follows (another parameter in the address asks for nothing)
  const viewSearch = searchViewSearch(view);
  useEffect(() => {
    const next = searchViewOf(viewSearch);
    if (next.q === '') return undefined;
    const request = dispatch(fetchSearchPage(next));
    return () => request.abort();
  }, [dispatch, viewSearch]);

  // a new text starts without filters (its matches offer others); new filters keep the text, from the first page.
  // As a transition: the page's cards and filters are drawn again in slices, so the key or click that asked paints at
  // once (drawn in its handler, another text read 112-184 ms at 4x CPU in some tries).
  const searchText = (next: string) =>
    startTransition(() => setSearch(searchViewSearch({ q: next, page: 1, brands: [] })));
  const showFiltered = useCallback(
    (filters: Filters) => startTransition(() => setSearch(searchViewSearch({ ...filters, q, page: 1 }))),
    [q, setSearch],
  );
  const kept = useMemo(() => ({ q }), [q]);
  const filtered = hasListingFilters(view);

  // The view's results, or the ones before while the next load (no spinner in between).
  const loaded = viewKey !== null && q !== '';
  const current = loaded && viewKey === searchPageKey(view);
  const eagerIds = useMemo(() => new Set(results.slice(0, EAGER_CARDS).map((result) => result.id)), [results]);
  const pages = Math.max(1, Math.ceil(total / SEARCH_RESULTS_PAGE_SIZE));
  const shownQuery = suggestion ?? q;

  return (
    <PageContainer>
      <CatalogueBreadcrumb current={text('catalogue.searchPage.heading')} />
      <SectionHeading>{text('catalogue.searchPage.heading')}</SectionHeading>
      {/* keyed by the address's text: another search (back, a link) starts the field from it */}
      <PageSearchForm key={q} text={q} onSearch={searchText} />
      {q === '' ? (
        <Status>
          <p>{text('catalogue.searchPage.start')}</p>
        </Status>
      ) : status === 'failed' ? (
        <LoadError message={text('catalogue.search.loadFailed')} onRetry={() => dispatch(fetchSearchPage(view))} />
      ) : !loaded ? (
        <Spinner size={86} label={text('catalogue.search.loading')} />
      ) : total === 0 && !filtered ? (
        <Status role="status">
          <p>{text('catalogue.search.noResults', { query: q })}</p>
          <p>{text('catalogue.search.noResultsHint')}</p>
        </Status>
      ) : (
        <>
          <Status role="status">
            {suggestion === null ? null : (
              <p>
                <Rich
                  id="catalogue.search.didYouMean"
                  values={{ query: q, suggestion }}
                  components={{ 0: <Link to={{ search: searchViewSearch({ q: suggestion, page: 1, brands: [] }) }} /> }}
                />
              </p>
            )}
            <p>{text('catalogue.searchPage.count', { count: total, query: shownQuery })}</p>
          </Status>
          {/* the cards' prices are indicative, in the visitor's currency: said once, with the way to choose another;
              outside the status region, which announces the count (the note is the same for every search) */}
          <p>
            <CurrencyNote currency={display?.currency} />
          </p>
          <Layout>
            <ListingFilters
              facets={facets}
              filters={view}
              clearSearch={searchViewSearch({ q, page: 1, brands: [] })}
              kept={kept}
              total={total}
              onChange={showFiltered}
            />
            <div>
              {results.length === 0 ? (
                <p>{text('catalogue.filters.noMatch')}</p>
              ) : (
                <CardGrid
                  as="ul"
                  aria-label={text('catalogue.searchPage.listLabel', { query: shownQuery })}
                  aria-busy={!current}
                >
                  {results.map((result) => (
                    <SearchResultCard
                      key={result.id}
                      result={result}
                      highlight={highlight}
                      eager={eagerIds.has(result.id)}
                      inStock={inStock.includes(result.id)}
                      price={prices[result.id]}
                      from={priceFrom.includes(result.id)}
                      display={display}
                    />
                  ))}
                </CardGrid>
              )}
              {pages > 1 || page > pages ? (
                <ListingPages
                  page={page}
                  pages={pages}
                  searchOf={(next) => searchViewSearch({ ...view, page: next })}
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
