import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse, type HttpResponseResolver } from 'msw';
import { requestsSent, server } from '@test/msw';
import { renderInSite } from '@test/render';
import { CATALOGUE_SEARCH_API_PATH } from '@site/contracts/api';
import { SEARCH_PAGE_SIZE } from '@site/contracts/catalogue-api';
import { GLANDS_AR, SEARCH_RESULTS_AR } from '../testing/arabicFixtures';
import { englishLeft } from '../testing/arabicPage';
import { SEARCH_RESULTS } from '../testing/catalogueFixtures';
import { arabicCatalogueHandlers, catalogueHandlers, searchApi } from '../testing/handlers';
import SearchModal, { SEARCH_DEBOUNCE_MS, SEARCH_FOCUS_DELAY_MS } from './SearchModal';

/** A catalogue with more matches than a page: 'Cable 1' ... 'Cable 45', all matching 'cable'. */
const MANY_RESULTS = Array.from({ length: 2 * SEARCH_PAGE_SIZE + 5 }, (_, index) => ({
  ...SEARCH_RESULTS[0]!,
  id: `cable_${index + 1}`,
  title: `Cable ${index + 1}`,
}));

/** The search API answered by `resolver` instead of the default entries. */
const searchAnswer = (resolver: HttpResponseResolver) => http.get(CATALOGUE_SEARCH_API_PATH, resolver);
const neverAnswered = searchAnswer(() => delay('infinite'));
const searches = () => requestsSent().filter((request) => request.startsWith(`GET ${CATALOGUE_SEARCH_API_PATH}`));

/** A catalogue of `count` results titled `<word> 0` ... `<word> <count - 1>`. */
const numbered = (results: typeof SEARCH_RESULTS, word: string, count: number) =>
  Array.from({ length: count }, (_, index) => ({ ...results[0]!, id: `c${index}`, title: `${word} ${index}` }));
const MANY = 2 * SEARCH_PAGE_SIZE + 5;

/** What each edition's search shows: the same screen, its texts in the page's language, the server asked in it. */
const EDITIONS = [
  {
    locale: 'en' as const,
    handlers: catalogueHandlers,
    results: SEARCH_RESULTS,
    glands: 'Industrial Cable Glands',
    gland: 'gland',
    cable: 'Cable',
    dialog: 'Search',
    listLabel: 'Search results',
    input: 'Search text',
    placeholder: 'Search for products, categories...',
    start: 'Start typing to search',
    startHint: 'Search for products, categories, or companies',
    close: 'Close search',
    clear: 'Clear search',
    keys: ['to close', 'to navigate', 'to open'],
    noResults: 'No results found for "xyz"',
    noResultsHint: 'Try different keywords or check your spelling',
    loadFailed: 'The search could not be loaded.',
    count: {
      2: '2 result(s) found',
      6: '6 result(s) found',
      11: '11 result(s) found',
      [MANY]: `${MANY} result(s) found`,
    } as Record<number, string>,
    showMore: (more: number) => `Show more results (${more} more)`,
  },
  {
    locale: 'ar' as const,
    handlers: arabicCatalogueHandlers,
    results: SEARCH_RESULTS_AR,
    glands: GLANDS_AR,
    gland: 'جلبة',
    cable: 'كابل',
    dialog: 'البحث',
    listLabel: 'نتائج البحث',
    input: 'نص البحث',
    placeholder: 'ابحث عن المنتجات والفئات...',
    start: 'ابدأ الكتابة للبحث',
    startHint: 'ابحث عن المنتجات أو الفئات أو الشركات',
    close: 'إغلاق البحث',
    clear: 'مسح نص البحث',
    keys: ['للإغلاق', 'للتنقّل', 'للفتح'],
    noResults: 'لا توجد نتائج لـ «\u2068xyz\u2069»',
    noResultsHint: 'جرّب كلمات أخرى أو تحقّق من الإملاء',
    loadFailed: 'تعذّر تحميل البحث.',
    count: {
      2: 'تم العثور على نتيجتين',
      6: 'تم العثور على 6 نتائج',
      11: 'تم العثور على 11 نتيجة',
      [MANY]: `تم العثور على ${MANY} نتيجة`,
    } as Record<number, string>,
    showMore: (more: number) => `عرض مزيد من النتائج (المتبقي: ${more})`,
  },
];

describe.each(EDITIONS)('SearchModal in each edition ($locale)', (edition) => {
  let onClose: jest.Mock;
  beforeEach(() => server.use(...edition.handlers, searchApi()));
  const open = () => {
    onClose = jest.fn();
    return renderInSite(<SearchModal open onClose={onClose} />, { route: '/about', locale: edition.locale });
  };
  const input = () => screen.getByRole('combobox', { name: edition.input });
  const type = (text: string) => fireEvent.change(input(), { target: { value: text } });

  it("the dialog, its input and start texts are the edition's", () => {
    open();
    const dialog = screen.getByRole('dialog', { name: edition.dialog });
    expect(input()).toHaveAttribute('placeholder', edition.placeholder);
    expect(dialog).toHaveTextContent(edition.start);
    expect(dialog).toHaveTextContent(edition.startHint);
    expect(within(dialog).getByRole('button', { name: edition.close })).toBeInTheDocument();
    if (edition.locale === 'ar') expect(englishLeft()).toEqual([]);
  });

  it("finds the edition's titles, counts them in its language and opens the product inside the edition", async () => {
    open();
    type(edition.gland);
    await screen.findByText(edition.count[2]!);
    expect(requestsSent()).toEqual([
      `GET ${CATALOGUE_SEARCH_API_PATH}?${new URLSearchParams({ q: edition.gland, offset: '0', limit: String(SEARCH_PAGE_SIZE), lang: edition.locale })}`,
    ]);
    const options = within(screen.getByRole('listbox', { name: edition.listLabel })).getAllByRole('option');
    expect(options[0]).toHaveTextContent(edition.results[0]!.title);
    expect(options[0]).toHaveTextContent(edition.glands);
    for (const hint of edition.keys) expect(screen.getByText(hint, { exact: false })).toBeInTheDocument();
    // Model codes, brand names and the keys' names only.
    if (edition.locale === 'ar') expect(englishLeft(['CW', 'E1W', 'Hex', 'ESC', 'Enter'])).toEqual([]);
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'Enter' });
    // The router's path inside the edition: the browser's router adds '/ar' (its basename).
    expect(screen.getByTestId('current-path')).toHaveTextContent('/our-products/industrial_cable_glands/gland_b');
    expect(onClose).toHaveBeenCalled();
  });

  it('says that nothing matched, the text isolated, and offers the clear button', async () => {
    open();
    type('xyz');
    await waitFor(() =>
      expect(within(screen.getByRole('dialog')).getByRole('status')).toHaveTextContent(edition.noResults),
    );
    expect(screen.getByText(edition.noResultsHint)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: edition.clear }));
    expect(screen.getByText(edition.start)).toBeInTheDocument();
  });

  it('counts many results and offers the next page', async () => {
    const many = numbered(edition.results, edition.cable, MANY);
    server.use(searchApi(many, many));
    open();
    type(edition.cable);
    await screen.findByText(edition.count[MANY]!);
    fireEvent.click(screen.getByRole('button', { name: edition.showMore(MANY - SEARCH_PAGE_SIZE) }));
    await screen.findByRole('button', { name: edition.showMore(5) });
    expect(screen.getAllByRole('option')).toHaveLength(2 * SEARCH_PAGE_SIZE);
    type(`${edition.cable} 1`);
    await screen.findByText(edition.count[11]!);
    type(`${edition.cable} 4`);
    await screen.findByText(edition.count[6]!);
  });

  it('says that the search could not be loaded', async () => {
    server.use(http.get(CATALOGUE_SEARCH_API_PATH, () => new HttpResponse(null, { status: 500 })));
    open();
    type(edition.cable);
    expect(await screen.findByRole('alert')).toHaveTextContent(edition.loadFailed);
  });
});

describe('SearchModal', () => {
  let onClose: jest.Mock;
  beforeEach(() => server.use(...catalogueHandlers));
  const open = (handler?: ReturnType<typeof searchAnswer>) => {
    if (handler) server.use(handler);
    onClose = jest.fn();
    return renderInSite(<SearchModal open onClose={onClose} />, { route: '/about' });
  };
  const input = () => screen.getByRole('combobox', { name: 'Search text' });
  /** Types the text and waits for the server's answer to be drawn (`drawn`: a text that shows it). */
  const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
  const typeAndWait = async (text: string, drawn: string | RegExp) => {
    type(text);
    await screen.findByText(drawn);
  };

  afterEach(() => jest.useRealTimers());

  it("is the dialog 'Search' with the input, its placeholder and the start texts; it downloads nothing until the visitor types", async () => {
    jest.useFakeTimers();
    open();
    const dialog = screen.getByRole('dialog', { name: 'Search' });
    expect(within(dialog).getByPlaceholderText('Search for products, categories...')).toBe(input());
    expect(dialog).toHaveTextContent('Start typing to search');
    expect(dialog).toHaveTextContent('Search for products, categories, or companies');
    expect(screen.queryByRole('listbox')).toBeNull();
    // twice the pause after which a typed text is searched for, with nothing typed
    act(() => jest.advanceTimersByTime(2 * SEARCH_DEBOUNCE_MS));
    jest.useRealTimers();
    // the first request of all is the search for the text typed (one started in the pause would have come before it)
    type('gland');
    await screen.findByText('2 result(s) found');
    expect(requestsSent()).toEqual([
      `GET ${CATALOGUE_SEARCH_API_PATH}?q=gland&offset=0&limit=${SEARCH_PAGE_SIZE}&lang=en`,
    ]);
  });

  it('asks the server once typing pauses, for that page of that text in the page’s edition, and never for the whole catalogue', async () => {
    open();
    type('g');
    type('gl');
    type('gland');
    await screen.findByText('2 result(s) found');
    expect(searches()).toEqual([`GET ${CATALOGUE_SEARCH_API_PATH}?q=gland&offset=0&limit=${SEARCH_PAGE_SIZE}&lang=en`]);
    expect(requestsSent().filter((request) => request.includes('/data/'))).toEqual([]);
  });

  it('aborts a search the visitor has typed past: only the newest answer is drawn', async () => {
    let answered = 0;
    let glandAborted = false;
    let answerGland = () => {};
    const glandHeld = new Promise<void>((resolve) => {
      answerGland = resolve;
    });
    open(
      searchAnswer(async ({ request }) => {
        const q = new URL(request.url).searchParams.get('q');
        // the first search answers late, after the second: when the test lets it
        if (q === 'gland') {
          if (request.signal.aborted) glandAborted = true;
          else request.signal.addEventListener('abort', () => (glandAborted = true));
          await glandHeld;
        }
        answered += 1;
        return HttpResponse.json({
          total: 1,
          offset: 0,
          results: [{ ...SEARCH_RESULTS[0]!, title: `Answer for ${q}` }],
          highlight: [],
        });
      }),
    );
    type('gland');
    await waitFor(() => expect(searches()).toHaveLength(1));
    type('tape');
    await screen.findByText('Answer for tape');
    // the page gave up the first search: its answer, however late, cannot reach it
    await waitFor(() => expect(glandAborted).toBe(true));
    answerGland();
    await waitFor(() => expect(answered).toBe(2));
    expect(screen.getByRole('option')).toHaveTextContent('Answer for tape');
    expect(screen.queryByText('Answer for gland')).toBeNull();
  });

  it('asks nothing for a text longer than any name, and finds nothing', async () => {
    open();
    await typeAndWait('x'.repeat(10_000), /^No results found for/);
    expect(searches()).toEqual([]);
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

  it("says 'Loading results...' until the first answer arrives", () => {
    open(neverAnswered);
    type('gland');
    expect(screen.getByText('Loading results...')).toBeInTheDocument();
  });

  it('lists the matches with image, title, category and company, and the footer hint', async () => {
    open();
    await typeAndWait('brass', '2 result(s) found');
    const options = within(screen.getByRole('listbox', { name: 'Search results' })).getAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[0]).toHaveTextContent('CW Brass Cable Gland');
    expect(options[0]).toHaveTextContent('Industrial Cable Glands');
    expect(options[0]).toHaveTextContent('Hex');
    expect(options[0]!.querySelector('img')).toHaveAttribute('src', '/images/products/gland_brass.svg');
    expect(screen.getByText('ESC')).toBeInTheDocument();
    expect(screen.getByText('to navigate', { exact: false })).toBeInTheDocument();
    // what was found is marked in the title, whatever its case
    expect([...options[0]!.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['Brass']);
  });

  it('marks the phrases the server looked for as text: a title holding markup stays text', async () => {
    const title = 'Gland <b onmouseover=alert(1)>brass</b>';
    server.use(
      searchAnswer(() =>
        HttpResponse.json({
          total: 1,
          offset: 0,
          results: [{ ...SEARCH_RESULTS[0]!, title }],
          highlight: ['brass', '<b'],
        }),
      ),
    );
    open();
    await typeAndWait('brass', '1 result(s) found');
    const option = screen.getByRole('option');
    expect(option.querySelector('strong')).toHaveTextContent(title);
    expect([...option.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['<b', 'brass']);
    expect(option.querySelector('b')).toBeNull();
  });

  it('matches the category and the company too, ignoring case', async () => {
    open();
    await typeAndWait('SCOTCH', '1 result(s) found');
    expect(screen.getByRole('option')).toHaveTextContent('Vinyl Tape');
    await typeAndWait('3m', '1 result(s) found');
    expect(screen.getByRole('option')).toHaveTextContent('Vinyl Tape');
  });

  it('shows the text of a search without match as text, never as HTML, without the footer hint', async () => {
    open();
    await typeAndWait('<img src=x onerror=alert(1)>', 'No results found for "<img src=x onerror=alert(1)>"');
    expect(screen.getByText('Try different keywords or check your spelling')).toBeInTheDocument();
    expect(screen.getByRole('dialog').querySelector('img[src="x"]')).toBeNull();
    expect(screen.queryByText('ESC')).toBeNull();
  });

  it('moves the highlight with the arrows (wrapping) and opens it with Enter, resetting and closing', async () => {
    const { store } = open();
    await typeAndWait('gland', '2 result(s) found');
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

  it("offers the close text the server searched instead ('Did you mean …?'); choosing it searches it", async () => {
    const brass = SEARCH_RESULTS.filter((result) => result.title.toLowerCase().includes('brass'));
    open(
      searchAnswer(({ request }) => {
        const q = new URL(request.url).searchParams.get('q');
        // as the server answers a text nothing matches but a close one does: that one's results, and the text
        if (q === 'bras glnd')
          return HttpResponse.json({
            total: brass.length,
            offset: 0,
            results: brass,
            suggestion: 'brass gland',
            highlight: ['brass', 'gland'],
          });
        return HttpResponse.json({
          total: q === 'brass gland' ? brass.length : 0,
          offset: 0,
          results: q === 'brass gland' ? brass : [],
          highlight: ['brass', 'gland'],
        });
      }),
    );
    await typeAndWait('bras glnd', '2 result(s) found');
    const status = within(screen.getByRole('dialog')).getByRole('status');
    expect(status).toHaveTextContent(
      'No results for “bras glnd”. Did you mean brass gland? Showing its results. 2 result(s) found',
    );
    expect(screen.getAllByRole('option')).toHaveLength(2);
    fireEvent.click(within(status).getByRole('button', { name: 'brass gland' }));
    expect(input()).toHaveValue('brass gland');
    expect(input()).toHaveFocus();
    await waitFor(() =>
      expect(within(screen.getByRole('dialog')).getByRole('status')).toHaveTextContent(/^2 result\(s\) found$/),
    );
    expect(searches().at(-1)).toContain('q=brass+gland');
  });

  it("opens a result found by a variant's code with that variant selected (?variant=)", async () => {
    open(searchApi([{ ...SEARCH_RESULTS[0]!, variant: 'HEX-CW-25' }, ...SEARCH_RESULTS.slice(1)]));
    await typeAndWait('gland', '2 result(s) found');
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(screen.getByTestId('current-path')).toHaveTextContent('/our-products/industrial_cable_glands/gland_a');
    expect(screen.getByTestId('current-search')).toHaveTextContent('?variant=HEX-CW-25');
    expect(onClose).toHaveBeenCalled();
  });

  it('opens a result on click', async () => {
    open();
    await typeAndWait('tape', '1 result(s) found');
    fireEvent.click(screen.getByRole('option', { name: /Vinyl Tape/ }));
    expect(screen.getByTestId('current-path')).toHaveTextContent('/our-products/scotch_tapes_and_mastics/tape_x');
    expect(onClose).toHaveBeenCalled();
  });

  it("leads to the results page of the text ('See all N results'), closing with its text cleared", async () => {
    open();
    await typeAndWait('gland', '2 result(s) found');
    const seeAll = screen.getByRole('link', { name: 'See all 2 results' });
    expect(seeAll).toHaveAttribute('href', '/search?q=gland');
    fireEvent.click(seeAll);
    expect(screen.getByTestId('current-path')).toHaveTextContent('/search');
    expect(screen.getByTestId('current-search')).toHaveTextContent('?q=gland');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(input()).toHaveValue('');
  });

  it('clears the text with the clear button; Escape closes', async () => {
    open();
    await typeAndWait('gland', '2 result(s) found');
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(input()).toHaveValue('');
    expect(input()).toHaveFocus();
    expect(screen.getByText('Start typing to search')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear search' })).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });

  it('shows a retry when the search fails, and Try again searches the same text again', async () => {
    open(searchAnswer(() => new HttpResponse(null, { status: 500 })));
    type('vinyl');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The search could not be loaded.');
    server.use(searchApi());
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('option')).toHaveTextContent('Vinyl Tape');
  });

  it('draws a page of results at a time, counting them all; Show more asks for the next page and highlights its first', async () => {
    open(searchApi(MANY_RESULTS));
    await typeAndWait('cable', `${MANY_RESULTS.length} result(s) found`);
    expect(screen.getAllByRole('option')).toHaveLength(SEARCH_PAGE_SIZE);
    fireEvent.click(
      screen.getByRole('button', { name: `Show more results (${MANY_RESULTS.length - SEARCH_PAGE_SIZE} more)` }),
    );
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2 * SEARCH_PAGE_SIZE));
    const options = screen.getAllByRole('option');
    expect(options[SEARCH_PAGE_SIZE]).toHaveAttribute('aria-selected', 'true');
    expect(input()).toHaveFocus();
    expect(input()).toHaveAttribute('aria-activedescendant', options[SEARCH_PAGE_SIZE]!.id);
    fireEvent.click(screen.getByRole('button', { name: 'Show more results (5 more)' }));
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(MANY_RESULTS.length));
    expect(screen.queryByRole('button', { name: /Show more results/ })).toBeNull();
    expect(searches().map((request) => new URL(request.slice(4), 'http://site').searchParams.get('offset'))).toEqual([
      '0',
      '20',
      '40',
    ]);
    // A new text starts again at one page.
    await typeAndWait('cable 1', '11 result(s) found');
    await typeAndWait('cable', `${MANY_RESULTS.length} result(s) found`);
    expect(screen.getAllByRole('option')).toHaveLength(SEARCH_PAGE_SIZE);
  });

  it('ArrowDown past the last result drawn asks for the next page; past the very last it goes round to the first', async () => {
    open(searchApi(MANY_RESULTS));
    await typeAndWait('cable', `${MANY_RESULTS.length} result(s) found`);
    const down = (times: number) => {
      for (let i = 0; i < times; i += 1) fireEvent.keyDown(input(), { key: 'ArrowDown' });
    };
    down(SEARCH_PAGE_SIZE - 1);
    expect(screen.getAllByRole('option')[SEARCH_PAGE_SIZE - 1]).toHaveAttribute('aria-selected', 'true');
    down(1);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2 * SEARCH_PAGE_SIZE));
    expect(screen.getAllByRole('option')[SEARCH_PAGE_SIZE]).toHaveAttribute('aria-selected', 'true');
    down(SEARCH_PAGE_SIZE - 1);
    down(1);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(MANY_RESULTS.length));
    down(4);
    expect(screen.getAllByRole('option')[MANY_RESULTS.length - 1]).toHaveAttribute('aria-selected', 'true');
    down(1);
    expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    expect(screen.getAllByRole('option')[MANY_RESULTS.length - 1]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(screen.getByTestId('current-path')).toHaveTextContent(
      `/our-products/industrial_cable_glands/cable_${MANY_RESULTS.length}`,
    );
  });
});
