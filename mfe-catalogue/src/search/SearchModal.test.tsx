import { act, fireEvent, screen, within } from '@testing-library/react';
import { delay, http, HttpResponse, type HttpResponseResolver } from 'msw';
import { requestsSent, server } from '@test/msw';
import { renderInSite } from '@test/render';
import { SEARCH_RESULTS } from '../testing/catalogueFixtures';
import { catalogueHandlers } from '../testing/handlers';
import SearchModal, { SEARCH_FOCUS_DELAY_MS } from './SearchModal';
import { RESULTS_PAGE_SIZE } from './useShownResults';

/** An index larger than a page of results: 'Cable 1' ... 'Cable 45', all matching 'cable'. */
const MANY_RESULTS = Array.from({ length: 2 * RESULTS_PAGE_SIZE + 5 }, (_, index) => ({
  ...SEARCH_RESULTS[0]!,
  id: `cable_${index + 1}`,
  title: `Cable ${index + 1}`,
}));

/** The search index answered by `resolver` instead of the default SEARCH_RESULTS. */
const searchIndex = (resolver: HttpResponseResolver) => http.get('/data/searchResults.json', resolver);
const neverAnswered = searchIndex(() => delay('infinite'));

describe('SearchModal', () => {
  let onClose: jest.Mock;
  beforeEach(() => server.use(...catalogueHandlers));
  const open = async (index?: ReturnType<typeof searchIndex>) => {
    if (index) server.use(index);
    onClose = jest.fn();
    const view = renderInSite(<SearchModal open onClose={onClose} />, { route: '/about' });
    await act(async () => undefined); // the index arrives
    return view;
  };
  const input = () => screen.getByRole('combobox', { name: 'Search text' });
  const type = (text: string) => fireEvent.change(input(), { target: { value: text } });

  afterEach(() => jest.useRealTimers());

  it("is the dialog 'Search' with the input, its placeholder and the start texts", async () => {
    await open();
    const dialog = screen.getByRole('dialog', { name: 'Search' });
    expect(within(dialog).getByPlaceholderText('Search for products, categories...')).toBe(input());
    expect(dialog).toHaveTextContent('Start typing to search');
    expect(dialog).toHaveTextContent('Search for products, categories, or companies');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(requestsSent()).toEqual(['GET /data/searchResults.json']);
  });

  it('focuses the input about 100 ms after opening', () => {
    jest.useFakeTimers();
    server.use(neverAnswered);
    renderInSite(<SearchModal open onClose={jest.fn()} />);
    expect(input()).not.toHaveFocus();
    act(() => jest.advanceTimersByTime(SEARCH_FOCUS_DELAY_MS - 1));
    expect(input()).not.toHaveFocus();
    act(() => jest.advanceTimersByTime(1));
    expect(input()).toHaveFocus();
  });

  it("says 'Loading results...' while the index loads", async () => {
    await open(neverAnswered);
    type('gland');
    expect(screen.getByText('Loading results...')).toBeInTheDocument();
  });

  it('lists the matches with image, title, category and company, and the footer hint', async () => {
    await open();
    type('brass');
    expect(screen.getByText('2 result(s) found')).toBeInTheDocument();
    const options = within(screen.getByRole('listbox', { name: 'Search results' })).getAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[0]).toHaveTextContent('CW Brass Cable Gland');
    expect(options[0]).toHaveTextContent('Industrial Cable Glands');
    expect(options[0]).toHaveTextContent('Hex');
    expect(options[0]!.querySelector('img')).toHaveAttribute('src', '/images/products/gland_brass.svg');
    expect(screen.getByText('ESC')).toBeInTheDocument();
    expect(screen.getByText('to navigate', { exact: false })).toBeInTheDocument();
  });

  it('matches the category and the company too, ignoring case', async () => {
    await open();
    type('SCOTCH');
    expect(screen.getByRole('option')).toHaveTextContent('Vinyl Tape');
    type('3m');
    expect(screen.getByRole('option')).toHaveTextContent('Vinyl Tape');
  });

  it('shows the text of a search without match as text, never as HTML, without the footer hint', async () => {
    await open();
    type('<img src=x onerror=alert(1)>');
    expect(screen.getByText('No results found for "<img src=x onerror=alert(1)>"')).toBeInTheDocument();
    expect(screen.getByText('Try different keywords or check your spelling')).toBeInTheDocument();
    expect(screen.getByRole('dialog').querySelector('img[src="x"]')).toBeNull();
    expect(screen.queryByText('ESC')).toBeNull();
  });

  it('moves the highlight with the arrows (wrapping) and opens it with Enter, resetting and closing', async () => {
    const { store } = await open();
    type('gland');
    const options = () => screen.getAllByRole('option');
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(options()[1]).toHaveAttribute('aria-selected', 'true');
    expect(input()).toHaveAttribute('aria-activedescendant', options()[1]!.id);
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    expect(options()[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    expect(options()[1]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(screen.getByTestId('current-path')).toHaveTextContent('/our-products/industrial_cable_glands/gland_b');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(store.getState().searchResults?.text).toBe('');
  });

  it('opens a result on click', async () => {
    await open();
    type('tape');
    fireEvent.click(screen.getByRole('option', { name: /Vinyl Tape/ }));
    expect(screen.getByTestId('current-path')).toHaveTextContent('/our-products/scotch_tapes_and_mastics/tape_x');
    expect(onClose).toHaveBeenCalled();
  });

  it('clears the text with the clear button; Escape closes', async () => {
    await open();
    type('gland');
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(input()).toHaveValue('');
    expect(input()).toHaveFocus();
    expect(screen.getByText('Start typing to search')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('shows a retry when the index cannot be loaded', async () => {
    let fail = true;
    await open(searchIndex(() => (fail ? new HttpResponse(null, { status: 500 }) : HttpResponse.json(SEARCH_RESULTS))));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The search could not be loaded.');
    fail = false;
    await act(async () => {
      fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    });
    type('vinyl');
    expect(screen.getByRole('option')).toHaveTextContent('Vinyl Tape');
  });

  it('draws a page of results at a time, counting them all; Show more draws the next page and highlights its first', async () => {
    await open(searchIndex(() => HttpResponse.json(MANY_RESULTS)));
    type('cable');
    expect(screen.getByText(`${MANY_RESULTS.length} result(s) found`)).toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(RESULTS_PAGE_SIZE);
    fireEvent.click(screen.getByRole('button', { name: `Show more results (${MANY_RESULTS.length - RESULTS_PAGE_SIZE} more)` }));
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(2 * RESULTS_PAGE_SIZE);
    expect(options[RESULTS_PAGE_SIZE]).toHaveAttribute('aria-selected', 'true');
    expect(input()).toHaveFocus();
    expect(input()).toHaveAttribute('aria-activedescendant', options[RESULTS_PAGE_SIZE]!.id);
    fireEvent.click(screen.getByRole('button', { name: 'Show more results (5 more)' }));
    expect(screen.getAllByRole('option')).toHaveLength(MANY_RESULTS.length);
    expect(screen.queryByRole('button', { name: /Show more results/ })).toBeNull();
    // A new text starts again at one page.
    type('cable 1');
    expect(screen.getByText('11 result(s) found')).toBeInTheDocument();
    type('cable');
    expect(screen.getAllByRole('option')).toHaveLength(RESULTS_PAGE_SIZE);
  });

  it('ArrowDown past the last result drawn draws the next page; past the very last it goes round to the first', async () => {
    await open(searchIndex(() => HttpResponse.json(MANY_RESULTS)));
    type('cable');
    const down = (times: number) => {
      for (let i = 0; i < times; i += 1) fireEvent.keyDown(input(), { key: 'ArrowDown' });
    };
    down(RESULTS_PAGE_SIZE - 1);
    expect(screen.getAllByRole('option')[RESULTS_PAGE_SIZE - 1]).toHaveAttribute('aria-selected', 'true');
    down(1);
    expect(screen.getAllByRole('option')).toHaveLength(2 * RESULTS_PAGE_SIZE);
    expect(screen.getAllByRole('option')[RESULTS_PAGE_SIZE]).toHaveAttribute('aria-selected', 'true');
    down(RESULTS_PAGE_SIZE + 5 - 1);
    expect(screen.getAllByRole('option')).toHaveLength(MANY_RESULTS.length);
    expect(screen.getAllByRole('option')[MANY_RESULTS.length - 1]).toHaveAttribute('aria-selected', 'true');
    down(1);
    expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    expect(screen.getAllByRole('option')[MANY_RESULTS.length - 1]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(screen.getByTestId('current-path')).toHaveTextContent(`/our-products/industrial_cable_glands/cable_${MANY_RESULTS.length}`);
  });
});
