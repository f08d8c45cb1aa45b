import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { requestsSent, server } from '@test/msw';
import { renderInSite } from '@test/render';
import { CATALOGUE_SEARCH_API_PATH } from '@site/contracts/api';
import type { SearchResponse } from '@site/contracts/catalogue-api';
import { SEARCH_RESULTS_PAGE_SIZE } from '@site/contracts/search-view';
import { SEARCH_RESULTS } from '../../testing/catalogueFixtures';
import { SEARCH_RESULTS_AR } from '../../testing/arabicFixtures';
import { arabicStore } from '../../testing/arabicPage';
import { cardNames } from '../../testing/cardNames';
import { arabicCatalogueHandlers, catalogueHandlers, searchApi } from '../../testing/handlers';
import SearchResultsPage from './SearchResultsPage';

/** The results' list, by its accessible name. */
const RESULTS_LIST = /^Results for/;
const renderAt = (search: string) =>
  renderInSite(<SearchResultsPage />, { route: `/search${search}`, path: '/search' });

const searches = () => requestsSent().filter((request) => request.startsWith(`GET ${CATALOGUE_SEARCH_API_PATH}`));

/** 30 cables, all matching 'cable': two pages of results. */
const CABLES = Array.from({ length: SEARCH_RESULTS_PAGE_SIZE + 6 }, (_, index) => ({
  ...SEARCH_RESULTS[0]!,
  id: `cable_${index + 1}`,
  title: `Cable ${index + 1}`,
}));

describe('SearchResultsPage', () => {
  beforeEach(() => {
    server.use(...catalogueHandlers);
    window.scrollTo = jest.fn();
  });

  it('shows the text’s matches with their count, names with what matched marked, each opening its product', async () => {
    renderAt('?q=gland');
    expect(await screen.findByText('Showing 2 results for “gland”')).toBeInTheDocument();
    expect(searches()).toEqual([
      `GET ${CATALOGUE_SEARCH_API_PATH}?q=gland&offset=0&limit=${SEARCH_RESULTS_PAGE_SIZE}&facets=1`,
    ]);
    expect(cardNames(RESULTS_LIST)).toEqual(['CW Brass Cable Gland', 'E1W Brass Cable Gland']);
    expect(screen.getAllByText('Gland', { selector: 'mark' })).toHaveLength(2);
    expect(screen.getByRole('link', { name: /CW Brass Cable Gland/ })).toHaveAttribute(
      'href',
      '/our-products/industrial_cable_glands/gland_a',
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Search results');
    expect(screen.getByRole('searchbox', { name: 'Search text' })).toHaveValue('gland');
  });

  it("links a result found by a variant's code to its product with that variant selected", async () => {
    server.use(searchApi([{ ...SEARCH_RESULTS[0]!, variant: 'HEX-CW-25' }, ...SEARCH_RESULTS.slice(1)]));
    renderAt('?q=gland');
    await screen.findByText('Showing 2 results for “gland”');
    expect(screen.getByRole('link', { name: /CW Brass Cable Gland/ })).toHaveAttribute(
      'href',
      '/our-products/industrial_cable_glands/gland_a?variant=HEX-CW-25',
    );
    expect(screen.getByRole('link', { name: /E1W Brass Cable Gland/ })).toHaveAttribute(
      'href',
      '/our-products/industrial_cable_glands/gland_b',
    );
  });

  it('searches a new text from its form, into the address', async () => {
    renderAt('?q=gland');
    await screen.findByText('Showing 2 results for “gland”');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search text' }), { target: { value: '  vinyl   tape ' } });
    fireEvent.submit(screen.getByRole('search', { name: 'Search the catalogue' }));
    expect(await screen.findByText('Showing 1 result for “vinyl tape”')).toBeInTheDocument();
    expect(screen.getByTestId('current-search')).toHaveTextContent('?q=vinyl+tape');
    expect(cardNames(RESULTS_LIST)).toEqual(['Vinyl Tape']);
  });

  it('pages through many matches by the address', async () => {
    server.use(searchApi(CABLES));
    renderAt('?q=cable');
    expect(await screen.findByText('Showing 30 results for “cable”')).toBeInTheDocument();
    expect(cardNames(RESULTS_LIST)).toHaveLength(SEARCH_RESULTS_PAGE_SIZE);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Next page' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByTestId('current-search')).toHaveTextContent('?q=cable&page=2');
    expect(cardNames(RESULTS_LIST)).toEqual(CABLES.slice(SEARCH_RESULTS_PAGE_SIZE).map((cable) => cable.title));
    expect(searches().at(-1)).toBe(
      `GET ${CATALOGUE_SEARCH_API_PATH}?q=cable&offset=${SEARCH_RESULTS_PAGE_SIZE}&limit=${SEARCH_RESULTS_PAGE_SIZE}&facets=1`,
    );
  });

  it('without a text asks nothing and says what to type; with a text nothing matches, says so', async () => {
    const { unmount } = renderAt('');
    expect(
      screen.getByText('Type a product code, name, brand or specification to search the catalogue.'),
    ).toBeInTheDocument();
    expect(searches()).toEqual([]);
    unmount();
    renderAt('?q=zzz');
    expect(await screen.findByText('No results found for "zzz"')).toBeInTheDocument();
  });

  it('offers the close text when nothing matched as typed, a link to its own search', async () => {
    const answer: SearchResponse = {
      total: 1,
      offset: 0,
      results: [SEARCH_RESULTS[2]!],
      suggestion: 'vinyl',
      highlight: ['vinyl'],
    };
    server.use(http.get(CATALOGUE_SEARCH_API_PATH, () => HttpResponse.json(answer)));
    renderAt('?q=vinly');
    expect(await screen.findByText('Showing 1 result for “vinyl”')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'vinyl' })).toHaveAttribute('href', '/search?q=vinyl');
  });

  it('says when the search failed, and retries', async () => {
    server.use(http.get(CATALOGUE_SEARCH_API_PATH, () => new HttpResponse(null, { status: 500 }), { once: true }));
    renderAt('?q=gland');
    expect(await screen.findByText('The search could not be loaded.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByText('Showing 2 results for “gland”')).toBeInTheDocument();
  });

  it('says each result’s price as the listing’s cards do, in the currency the server converted to, labelled indicative', async () => {
    // gland_a: sizes priced differently with breaks, from AED 11; gland_b: AED 4.50; tape_x: on request
    const priced = { prices: { gland_a: 11, gland_b: 4.5 }, priceFrom: ['gland_a'] };
    server.use(searchApi(SEARCH_RESULTS, SEARCH_RESULTS_AR, priced));
    const { unmount } = renderAt('?q=brass');
    await screen.findByText('Showing 2 results for “brass”');
    const card = (name: RegExp) => screen.getByRole('link', { name });
    expect(within(card(/CW Brass Cable Gland/)).getByText('from AED 11')).toBeInTheDocument();
    expect(within(card(/E1W Brass Cable Gland/)).getByText('AED 4.50')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Indicative price in AED: the quotation confirms it.' })).toHaveAttribute(
      'href',
      `/currency?back=${encodeURIComponent('/search?q=brass')}`,
    );
    unmount();

    const display = { currency: 'OMR' as const, amounts: { '11': '1.152', '4.5': '0.471' } };
    server.use(searchApi(SEARCH_RESULTS, SEARCH_RESULTS_AR, { ...priced, display }));
    renderAt('?q=gland');
    await screen.findByText('Showing 2 results for “gland”');
    expect(within(card(/CW Brass Cable Gland/)).getByText('from OMR 1.152')).toBeInTheDocument();
    expect(within(card(/E1W Brass Cable Gland/)).getByText('OMR 0.471')).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Indicative price in OMR: the quotation confirms it.' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/AED/)).toBeNull();
  });

  it('says a result without a price “Price on request”', async () => {
    server.use(searchApi(SEARCH_RESULTS, SEARCH_RESULTS_AR, { prices: {}, priceFrom: [] }));
    renderAt('?q=tape');
    await screen.findByText('Showing 1 result for “tape”');
    expect(within(screen.getByRole('link', { name: /Vinyl Tape/ })).getByText('Price on request')).toBeInTheDocument();
  });

  it('on an Arabic page searches in Arabic and says it all in Arabic', async () => {
    server.use(...arabicCatalogueHandlers);
    renderInSite(<SearchResultsPage />, {
      route: '/search?q=جلبة',
      path: '/search',
      locale: 'ar',
      store: arabicStore(),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'نتائج البحث' })).toBeInTheDocument();
    expect(searches().at(-1)).toContain('&lang=ar');
    expect(screen.getByRole('button', { name: 'بحث' })).toBeInTheDocument();
  });

  it('narrows the matches by their brands, counted over every match, in the address; a new text starts without them', async () => {
    renderAt('?q=a');
    expect(await screen.findByText('Showing 3 results for “a”')).toBeInTheDocument();
    const filters = screen.getByRole('complementary', { name: 'Filters' });
    expect(within(filters).getByRole('checkbox', { name: 'Hex (2)' })).not.toBeChecked();
    fireEvent.click(within(filters).getByRole('checkbox', { name: '3M (1)' }));
    expect(await screen.findByText('Showing 1 result for “a”')).toBeInTheDocument();
    expect(screen.getByTestId('current-search')).toHaveTextContent('?q=a&brand=3M');
    expect(searches().at(-1)).toBe(
      `GET ${CATALOGUE_SEARCH_API_PATH}?q=a&offset=0&limit=${SEARCH_RESULTS_PAGE_SIZE}&facets=1&brand=3M`,
    );
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search text' }), { target: { value: 'gland' } });
    fireEvent.submit(screen.getByRole('search', { name: 'Search the catalogue' }));
    expect(await screen.findByText('Showing 2 results for “gland”')).toBeInTheDocument();
    expect(screen.getByTestId('current-search')).toHaveTextContent('?q=gland');
  });
});
