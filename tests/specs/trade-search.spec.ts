// The header search as a buyer of electrical products uses it, against the real server and its database: a
// misspelling offers the close words, a product code finds its product first, the trade's abbreviations find what
// their words name, and an Arabic query typed without hamza or shadda finds the Arabic name. What matched is marked.
//
// The texts searched are made from the site's own catalogue (its API, site-facts.ts): a word of a product's name
// misspelt, a product's code typed in lower case with spaces, an abbreviation of the trade's list (content's
// SEARCH_SYNONYMS) whose words a product's name has, an Arabic name's first words without hamza or shadda. What the
// page must show is the search API's answer to the same text (its results in order, its suggestion, the phrases it
// marks), so a site whose search finds something else fails, and one whose catalogue offers no such text skips.
import type { APIRequestContext } from '@playwright/test';
import { foldSearchText, highlightSegments } from '@site/content/search-text';
import { SEARCH_SYNONYMS } from '@site/content/search-synonyms';
import type { ListingResponse, SearchResponse } from '@site/contracts/catalogue-api';
import { siteRouteUrl } from '@site/contracts/routes';
import { productPath } from '@site/contracts/paths';
import { SEARCH_RESULTS_PAGE_SIZE, searchViewSearch } from '@site/contracts/search-view';
import { filterValueText, type FilterAttribute } from '@site/content/filter-attributes';
import { escapeRegExp } from '@site/server/test-support';
import { test, expect, siteHas } from '../support/fixtures';
import { findInCatalogue, siteListing, siteProduct, siteSearch } from '../support/site-facts';
import { openSearch } from '../support/site-search';
import { EXAMPLE_CATEGORY_PATH } from '../support/site-routes';
import { message } from '../support/ui-strings';

const named = (title: string): RegExp => new RegExp(escapeRegExp(title));
const productPage = (categoryId: string, productId: string, locale: 'en' | 'ar' = 'en'): RegExp =>
  new RegExp(`${locale === 'ar' ? '/ar' : ''}${escapeRegExp(productPath(categoryId, productId))}$`);
/** The results page's address of `q` (and a filter), as the page writes it. */
const resultsAddress = (q: string, attributes: Record<string, string[]> = {}): RegExp =>
  new RegExp(
    `${escapeRegExp(`${siteRouteUrl('search')}${searchViewSearch({ q, page: 1, brands: [], attributes })}`)}$`,
  );
/** What the page marks in `title` for the search's answer: its phrases found in the title, as the title writes them. */
const marked = (title: string, answer: SearchResponse): string[] =>
  highlightSegments(title, answer.highlight)
    .filter((part) => part.marked)
    .map((part) => part.text);
/** Text as the server's HTML writes it (React escapes these). */
const inHtml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * Each pick is read once per worker (the same site answers the same), and named in the test's annotations (the HTML
 * report shows them): what the test searched on this site.
 */
function once<T>(find: (request: APIRequestContext) => Promise<T>): (request: APIRequestContext) => Promise<T> {
  let found: Promise<T> | undefined;
  return async (request) => {
    const value = await (found ??= find(request));
    if (value !== undefined)
      test.info().annotations.push({
        type: 'searched',
        description: JSON.stringify(value, (key, item: unknown) =>
          key === 'answer' || key === 'corrected' ? undefined : item,
        ),
      });
    return value;
  };
}

/** How many texts a pick tries before it gives up (each is a search). */
const TRIES = 25;

/** The products of the first page of every listing, in the site's order (read once per worker). */
let listed: Promise<ListingResponse['products']> | undefined;
const listedProducts = (request: APIRequestContext): Promise<ListingResponse['products']> =>
  (listed ??= (async () => {
    const products: ListingResponse['products'] = [];
    await findInCatalogue(request, (listing) => {
      products.push(...listing.products);
      return undefined;
    });
    return products;
  })());

interface Misspelling {
  typo: string;
  suggestion: string;
  /** The answer to the typo (the suggestion's results), then to the suggestion itself. */
  answer: SearchResponse;
  corrected: SearchResponse;
}

/** A word of a product's name with its last letter but one left out, which nothing matches and the search corrects. */
const misspelling = once(async (request: APIRequestContext): Promise<Misspelling | undefined> => {
  const words = new Set(
    (await listedProducts(request)).flatMap(
      ({ productName }) => productName.toLowerCase().match(/\b[a-z]{7,}\b/g) ?? [],
    ),
  );
  for (const word of [...words].slice(0, TRIES)) {
    const typo = `${word.slice(0, -2)}${word.slice(-1)}`;
    const answer = await siteSearch(request, typo);
    if (answer.suggestion === undefined || answer.results.length === 0) continue;
    const corrected = await siteSearch(request, answer.suggestion);
    if (corrected.results.length > 0) return { typo, suggestion: answer.suggestion, answer, corrected };
  }
  return undefined;
});

interface CodeSearch {
  typed: string;
  product: ListingResponse['products'][number];
}

/** A product whose code has parts ('HEX-CW-20S'), typed in lower case with spaces between them ('hex cw 20s'). */
const codeSearch = once(async (request: APIRequestContext): Promise<CodeSearch | undefined> => {
  const product = (await listedProducts(request)).find(({ code }) =>
    /^[A-Za-z0-9]+([-\s/.]+[A-Za-z0-9]+)+$/.test(code),
  );
  return product === undefined ? undefined : { typed: product.code.toLowerCase().replace(/[-\s/.]+/g, ' '), product };
});

interface VariantSearch {
  /** A variant's code other than its product's first (the product's own code). */
  code: string;
  product: ListingResponse['products'][number];
}

/** A listed product with several variants, and the code of one past its first (docs/decisions/034-orderable-variants.md). */
const variantSearch = once(async (request: APIRequestContext): Promise<VariantSearch | undefined> => {
  for (const product of (await listedProducts(request)).slice(0, TRIES * 4)) {
    const variants = (await siteProduct(request, product.id))?.variants ?? [];
    const other = variants[Math.min(2, variants.length - 1)];
    if (variants.length > 1 && other !== undefined) return { code: other.code, product };
  }
  return undefined;
});

interface Abbreviation {
  abbreviation: string;
  /** A product whose name has the abbreviation's words, as the search found it in either edition. */
  id: string;
  categoryId: string;
  title: string;
  answer: SearchResponse;
  arabicTitle: string;
}

/**
 * An abbreviation of the trade's list (one word of capitals: 'RCCB') whose search finds a product whose name has the
 * words it stands for ('Residual Current Circuit Breaker'), and the same product's Arabic name.
 */
const abbreviation = once(async (request: APIRequestContext): Promise<Abbreviation | undefined> => {
  for (const group of SEARCH_SYNONYMS) {
    const [short] = group;
    if (short === undefined || !/^[a-z]{2,5}$/.test(short)) continue;
    const words = group.filter((phrase) => /^[a-z]+( [a-z]+)+$/.test(phrase));
    if (words.length === 0) continue;
    const answer = await siteSearch(request, short.toUpperCase());
    const found = answer.results.find(({ title }) => words.some((phrase) => foldSearchText(title).includes(phrase)));
    if (found === undefined) continue;
    const arabic = await siteSearch(request, short.toUpperCase(), 'ar');
    const arabicTitle = arabic.results.find(({ id }) => id === found.id)?.title;
    if (arabicTitle === undefined) continue;
    return {
      abbreviation: short.toUpperCase(),
      id: found.id,
      categoryId: found.productCategoryId,
      title: found.title,
      answer,
      arabicTitle,
    };
  }
  return undefined;
});

interface ArabicName {
  /** The first words of an Arabic name as it is written, and as they are typed without hamza or shadda. */
  phrase: string;
  typed: string;
  id: string;
  categoryId: string;
  title: string;
  answer: SearchResponse;
}

/** Words an Arabic search is made of: the first three of a name. */
const ARABIC_WORDS = 3;

/** An Arabic name whose first words have hamza or shadda, which the search finds typed without them. */
const arabicName = once(async (request: APIRequestContext): Promise<ArabicName | undefined> => {
  let tries = 0;
  return findInCatalogue(request, async (listing) => {
    const arabic = await siteListing(request, listing.category.id, '?lang=ar');
    for (const product of arabic.products) {
      const phrase = product.productName.split(/\s+/).slice(0, ARABIC_WORDS).join(' ');
      // without hamza on alef and without diacritics, as the search folds them (and a writer types them)
      const typed = foldSearchText(phrase);
      if (typed === phrase || !/[\u0600-\u06FF]/.test(phrase) || tries >= TRIES) continue;
      tries += 1;
      const answer = await siteSearch(request, typed, 'ar');
      const found = answer.results.find(({ id }) => id === product.id);
      if (found !== undefined)
        return { phrase, typed, id: product.id, categoryId: product.productCategoryId, title: found.title, answer };
    }
    return undefined;
  });
});

interface ManyResults {
  word: string;
  total: number;
}

/** A word of the catalogue's names that finds more than a page of results. */
const manyResults = once(async (request: APIRequestContext): Promise<ManyResults | undefined> => {
  const counts = new Map<string, number>();
  for (const { productName } of await listedProducts(request)) {
    for (const word of productName.toLowerCase().match(/\b[a-z]{4,}\b/g) ?? [])
      counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const common = [...counts].sort((a, b) => b[1] - a[1]).map(([word]) => word);
  for (const word of common.slice(0, TRIES)) {
    const { total } = await siteSearch(request, word);
    if (total > SEARCH_RESULTS_PAGE_SIZE) return { word, total };
  }
  return undefined;
});

interface SearchFilter {
  word: string;
  attribute: FilterAttribute;
  value: string;
  count: number;
}

/** The heading of a specification filter's group, as the catalogue's messages name it. */
const attributeLegend = (attribute: FilterAttribute): string =>
  message('en', `catalogue.filters.attribute.${attribute}`);

/** A word of the catalogue whose matches a specification value narrows (counted over every match). */
const searchFilter = once(async (request: APIRequestContext): Promise<SearchFilter | undefined> => {
  const many = await manyResults(request);
  if (many === undefined) return undefined;
  const { total, facets } = await siteSearch(request, many.word, 'en', '&facets=1');
  for (const { attribute, values } of facets?.attributes ?? []) {
    const value = values.find(({ count }) => count > 0 && count < total);
    if (value !== undefined) return { word: many.word, attribute, value: value.value, count: value.count };
  }
  return undefined;
});

test.describe('search that knows the trade', { tag: ['@site', '@catalogue'] }, () => {
  test('a misspelling offers the closest words and shows their results; choosing the offer searches it', async ({
    page,
    request,
    consoleProblems,
  }) => {
    const { typo, suggestion, answer, corrected } = siteHas(
      await misspelling(request),
      'no product name word whose misspelling the search corrects',
    );
    const dialog = await openSearch(page, '/home', 'Search', 'Search');
    await dialog.getByRole('combobox').pressSequentially(typo);
    await expect(dialog.getByRole('status')).toContainText(
      message('en', 'catalogue.search.didYouMean', { query: typo, suggestion }),
    );
    const [best] = answer.results;
    const option = dialog.getByRole('option').first();
    await expect(option).toContainText(best!.title);
    await expect(option.locator('mark')).toHaveText(marked(best!.title, answer));
    await dialog.getByRole('button', { name: suggestion, exact: true }).click();
    await expect(dialog.getByRole('combobox')).toHaveValue(suggestion);
    await expect(dialog.getByRole('status')).not.toContainText('Did you mean');
    const [chosen] = corrected.results;
    await expect(dialog.getByRole('option').first()).toContainText(chosen!.title);
    await dialog.getByRole('option').first().click();
    await expect(page).toHaveURL(productPage(chosen!.productCategoryId, chosen!.id));
    expect(consoleProblems.messages).toEqual([]);
  });

  test('a product code, typed any way, finds its product first', async ({ page, request }) => {
    const { typed, product } = siteHas(await codeSearch(request), 'no product code of several parts');
    const dialog = await openSearch(page, EXAMPLE_CATEGORY_PATH, 'Search', 'Search');
    await dialog.getByRole('combobox').pressSequentially(typed);
    await expect(dialog.getByRole('option').first()).toContainText(product.productName);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(productPage(product.productCategoryId, product.id));
  });

  test("a variant's code finds its product first, and opens its page with that variant named in the address", async ({
    page,
    request,
  }) => {
    const { code, product } = siteHas(await variantSearch(request), 'no product with several variants');
    const dialog = await openSearch(page, EXAMPLE_CATEGORY_PATH, 'Search', 'Search');
    await dialog.getByRole('combobox').pressSequentially(code);
    await expect(dialog.getByRole('option').first()).toContainText(product.productName);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(
      new RegExp(
        `${escapeRegExp(productPath(product.productCategoryId, product.id))}\\?variant=${escapeRegExp(encodeURIComponent(code))}$`,
      ),
    );
    await expect(page.getByRole('heading', { name: named(product.productName) }).first()).toBeVisible();
  });

  test('an abbreviation finds what its words name, marked where the words are', async ({ page, request }) => {
    const {
      abbreviation: short,
      title,
      answer,
    } = siteHas(await abbreviation(request), "no product whose name has the words of one of the trade's abbreviations");
    const dialog = await openSearch(page, '/home', 'Search', 'Search');
    await dialog.getByRole('combobox').pressSequentially(short);
    const option = dialog.getByRole('option', { name: named(title) }).first();
    await expect(option).toBeVisible();
    await expect(option.locator('mark')).toHaveText(marked(title, answer));
  });

  test('an Arabic query typed without hamza or shadda finds the Arabic name, right to left', async ({
    page,
    request,
    consoleProblems,
  }) => {
    const { typed, title, answer } = siteHas(
      await arabicName(request),
      'no Arabic name with hamza or shadda in its first words',
    );
    const short = siteHas(
      await abbreviation(request),
      "no product whose name has the words of one of the trade's abbreviations",
    );
    const dialog = await openSearch(page, '/ar/home', 'بحث', 'البحث');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await dialog.getByRole('combobox').pressSequentially(typed);
    const option = dialog.getByRole('option', { name: named(title) }).first();
    await expect(option).toBeVisible();
    await expect(option.locator('mark')).toHaveText(marked(title, answer));
    // the English abbreviation finds its product on the Arabic page too
    await dialog.getByRole('combobox').fill(short.abbreviation);
    const arabicOption = dialog.getByRole('option', { name: named(short.arabicTitle) }).first();
    await expect(arabicOption).toBeVisible();
    await arabicOption.click();
    await expect(page).toHaveURL(productPage(short.categoryId, short.id, 'ar'));
    expect(consoleProblems.messages).toEqual([]);
  });
});

test.describe('the search results page', { tag: ['@site', '@catalogue'] }, () => {
  test("the modal's 'See all N results' leads to the results page, which pages through them; back returns", async ({
    page,
    request,
    consoleProblems,
  }) => {
    const { word, total } = siteHas(
      await manyResults(request),
      `no word of its names that finds more than ${SEARCH_RESULTS_PAGE_SIZE} products`,
    );
    const pages = Math.ceil(total / SEARCH_RESULTS_PAGE_SIZE);
    const dialog = await openSearch(page, '/home', 'Search', 'Search');
    await dialog.getByRole('combobox').pressSequentially(word);
    await expect(dialog.getByRole('status')).toContainText(message('en', 'catalogue.search.count', { count: total }));
    await dialog.getByRole('link', { name: message('en', 'catalogue.search.seeAll', { count: total }) }).click();
    await expect(page).toHaveURL(resultsAddress(word));
    await expect(dialog).toBeHidden();
    // the page's own status (the chat's panel, open on a desktop's visit, has one of its own)
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      message('en', 'catalogue.searchPage.count', { count: total, query: word }),
    );
    const cards = page
      .getByRole('list', { name: message('en', 'catalogue.searchPage.listLabel', { query: word }) })
      .getByRole('listitem');
    await expect(cards).toHaveCount(SEARCH_RESULTS_PAGE_SIZE);
    await expect(page.getByText(message('en', 'catalogue.listing.pageOf', { page: 1, pages }))).toBeVisible();
    await page.getByRole('link', { name: message('en', 'catalogue.listing.nextPage') }).click();
    await expect(page).toHaveURL(new RegExp(`${escapeRegExp(searchViewSearch({ q: word, page: 2, brands: [] }))}$`));
    await expect(page.getByText(message('en', 'catalogue.listing.pageOf', { page: 2, pages }))).toBeVisible();
    await page.goBack();
    await expect(page.getByText(message('en', 'catalogue.listing.pageOf', { page: 1, pages }))).toBeVisible();
    expect(consoleProblems.messages).toEqual([]);
  });

  test('the server draws the results of the address, not for search engines; its form searches another text', async ({
    page,
    request,
  }) => {
    const typo = siteHas(await misspelling(request), 'no product name word whose misspelling the search corrects');
    const code = siteHas(await codeSearch(request), 'no product code of several parts');
    const short = siteHas(
      await abbreviation(request),
      "no product whose name has the words of one of the trade's abbreviations",
    );
    const response = await request.get(`${siteRouteUrl('search')}?q=${encodeURIComponent(typo.typo)}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex');
    expect(html).toContain('Did you mean');
    expect(html).toContain(inHtml(typo.answer.results[0]!.title));
    await page.goto(`${siteRouteUrl('search')}?q=${encodeURIComponent(code.typed)}`);
    const list = page.getByRole('list', {
      name: message('en', 'catalogue.searchPage.listLabel', { query: code.typed }),
    });
    await expect(list.getByRole('heading', { level: 2 }).first()).toContainText(code.product.productName);
    await page.getByRole('searchbox', { name: message('en', 'catalogue.search.input') }).fill(short.abbreviation);
    await page
      .getByRole('search', { name: message('en', 'catalogue.searchPage.formLabel') })
      .getByRole('button', { name: message('en', 'catalogue.searchPage.submit') })
      .click();
    await expect(page).toHaveURL(resultsAddress(short.abbreviation));
    await expect(page.getByRole('link', { name: named(short.title) }).first()).toBeVisible();
  });

  test('the Arabic results page, right to left, finds the Arabic name', async ({ page, request, consoleProblems }) => {
    const { typed, title, id, categoryId } = siteHas(
      await arabicName(request),
      'no Arabic name with hamza or shadda in its first words',
    );
    await page.goto(`/ar${siteRouteUrl('search')}?q=${encodeURIComponent(typed)}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('ar', 'catalogue.searchPage.heading'));
    const card = page.getByRole('link', { name: named(title) }).first();
    await expect(card).toBeVisible();
    await card.click();
    await expect(page).toHaveURL(productPage(categoryId, id, 'ar'));
    expect(consoleProblems.messages).toEqual([]);
  });
});

test.describe('filters on the search results page', { tag: ['@site', '@catalogue'] }, () => {
  test('a specification value and a brand narrow the matches, counted over every match; the server draws the filtered count', async ({
    page,
    request,
  }) => {
    const { word, attribute, value, count } = siteHas(
      await searchFilter(request),
      'no word whose matches a specification value narrows',
    );
    await page.goto(`${siteRouteUrl('search')}${searchViewSearch({ q: word, page: 1, brands: [] })}`);
    const filters = page.getByRole('complementary', { name: message('en', 'catalogue.filters.label') });
    const choice = filters
      .getByRole('group', { name: attributeLegend(attribute) })
      .getByRole('checkbox', { name: `${filterValueText(attribute, value, 'en')} (${count})`, exact: true });
    await choice.click();
    await expect(page).toHaveURL(resultsAddress(word, { [attribute]: [value] }));
    const status = page.getByRole('status').filter({ hasText: `for “${word}”` });
    await expect(status).toHaveText(message('en', 'catalogue.searchPage.count', { count, query: word }));
    const filtered = `${siteRouteUrl('search')}${searchViewSearch({ q: word, page: 1, brands: [], attributes: { [attribute]: [value] } })}`;
    expect(await (await request.get(filtered)).text()).toContain(`Showing ${count} result`);
    await filters.getByRole('link', { name: message('en', 'catalogue.filters.clearAll') }).click();
    await expect(page).toHaveURL(resultsAddress(word));
  });
});
