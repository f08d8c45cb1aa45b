// The catalogue across remotes, against the real server: the home teaser to a product and a stored review,
// the listing sort, the header search, every category page, and a product of each spec-table family.
// Review validation and storage are covered on both databases in server/src/reviews/reviews.test.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Locator } from '@playwright/test';
import { DESCRIPTION_SECTIONS, uploadPath } from '@site/content';
import { CATALOGUE_SEARCH_API_PATH, catalogueListingApiPath, catalogueProductApiPath } from '@site/contracts/api';
import { SEARCH_PAGE_SIZE, type ListingResponse } from '@site/contracts/catalogue-api';
import { productPath } from '@site/contracts/paths';
import { test, expect, localOnly, siteHas } from '../support/fixtures';
import { cardNames } from '../support/product-cards';
import {
  findInCatalogue,
  siteCategories,
  siteProduct,
  siteProductDetails,
  type SiteProductDetail,
} from '../support/site-facts';
import { SITE_CATEGORY_IDS_ENV } from '../support/site-mode';
import { EXAMPLE_CATEGORY_PATH, EXAMPLE_PRODUCT, EXAMPLE_PRODUCT_PATH } from '../support/site-routes';
import { REPO_ROOT } from '../support/site-server';
import { message } from '../support/ui-strings';

/** The listing's count as it reads: 'Showing 1 result', 'Showing 7 results'. */
const showing = (count: number) => message('en', 'catalogue.listing.count', { count });

interface Product {
  id: string;
  productCategoryId: string;
  productCategory: string;
  productName: string;
  popularity: number;
  dateAdded: string;
  price?: number;
}
type SiteProduct = ListingResponse['products'][number];
interface Category {
  id: string;
  title: string;
}
interface SearchResult {
  id: string;
  title: string;
  productCategory: string;
  productCategoryId: string;
  company: string;
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(REPO_ROOT, file), 'utf8')) as T;
const products = readJson<Product[]>('content/data/products.json');
const categories = readJson<Category[]>('content/data/products-category.json');

const TITLE_SUFFIX = ' | Crescent Electrical Trading';
/** A file of every product (the spec's addresses, still answered for anyone who reads them): no page downloads one. */
const WHOLE_CATALOGUE = /\/data\/(ar\/)?(products|product-details|searchResults)\.json/;
const productsOf = (categoryId: string) => products.filter((p) => p.productCategoryId === categoryId);

/** A description section of a product page as a visitor meets it: its title, whether it stays open, what it shows. */
interface ShownSection {
  title: string;
  alwaysOpen: boolean;
  /** A row's heading of a table section, or words of an HTML section. */
  shows: { rowHeader: string } | { text: string };
}

/** The words of an HTML fragment's longest text (between tags), as the page shows them; undefined when it has none. */
function longestTextOf(html: string): string | undefined {
  const texts = html
    .split(/<[^>]*>/)
    .map((text) =>
      text
        .replace(/&nbsp;/g, ' ')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&')
        .trim(),
    )
    .filter((text) => text !== '');
  return texts.sort((a, b) => b.length - a.length)[0];
}

/** The sections ('*' keys of its description) a product's page shows, in the order content's DESCRIPTION_SECTIONS gives. */
function sectionsOf(detail: SiteProductDetail): ShownSection[] {
  const values = new Map((detail.description ?? []).map(({ key, value }) => [key, value]));
  return DESCRIPTION_SECTIONS.flatMap((section): ShownSection[] => {
    const value = values.get(section.key);
    const row = Array.isArray(value) ? value[0] : undefined;
    const text = typeof value === 'string' ? longestTextOf(value) : undefined;
    const shows = section.kind === 'table' ? row && { rowHeader: row.key } : text && { text };
    return shows ? [{ title: section.title, alwaysOpen: section.alwaysOpen, shows }] : [];
  });
}

/** What `section` shows inside its region of the page. */
const shownIn = (region: Locator, { shows }: ShownSection): Locator =>
  'rowHeader' in shows
    ? region.getByRole('rowheader', { name: shows.rowHeader, exact: true })
    : region.getByText(shows.text).first();

const sameOrder = (a: Product[], b: Product[]) =>
  a.length === b.length && a.every((product, index) => product.id === b[index]!.id);

/** A category's products in the catalogue's order, as the site's listing API gives them page by page. */
async function listingOf(
  request: APIRequestContext,
  categoryId: string,
): Promise<{ products: Product[]; pageSize: number; total: number }> {
  const all: Product[] = [];
  for (let number = 1; ; number += 1) {
    const answer = await request.get(`${catalogueListingApiPath(categoryId)}?page=${number}`);
    expect(answer.status(), await answer.text()).toBe(200);
    const {
      total,
      pageSize,
      products: onPage,
    } = (await answer.json()) as { total: number; pageSize: number; products: Product[] };
    all.push(...onPage);
    if (all.length >= total || onPage.length === 0) return { products: all, pageSize, total };
  }
}

/** The products of every listing's first page (up to 100 each), in the site's order; read once per worker. */
let listed: Promise<SiteProduct[]> | undefined;
const listedProducts = (request: APIRequestContext): Promise<SiteProduct[]> =>
  (listed ??= (async () => {
    const all: SiteProduct[] = [];
    await findInCatalogue(request, (listing) => {
      all.push(...listing.products);
      return undefined;
    });
    return all;
  })());

/** How many words the header search's tests try before they give up (each is a search). */
const WORDS_TRIED = 30;

/**
 * Words of the site's product names and brands that each find 3 to SEARCH_PAGE_SIZE products (all of them options of
 * the search's first page), one for each page the header search is tried from; read once per worker.
 */
let searchWords: Promise<string[]> | undefined;
const headerSearchWords = (request: APIRequestContext): Promise<string[]> =>
  (searchWords ??= (async () => {
    const counts = new Map<string, number>();
    for (const { productName, company } of await listedProducts(request)) {
      for (const word of `${productName} ${company ?? ''}`.toLowerCase().match(/\b[a-z]{4,}\b/g) ?? [])
        counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    // the words of a few products first: the likeliest to find 3 to 20
    const candidates = [...counts]
      .filter(([, count]) => count >= 3 && count <= SEARCH_PAGE_SIZE)
      .sort((a, b) => a[1] - b[1])
      .map(([word]) => word);
    const found: string[] = [];
    for (const word of candidates.slice(0, WORDS_TRIED)) {
      const { total } = (await (
        await request.get(`${CATALOGUE_SEARCH_API_PATH}?q=${encodeURIComponent(word)}`)
      ).json()) as { total: number };
      if (total >= 3 && total <= SEARCH_PAGE_SIZE) found.push(word);
      if (found.length === 3) break;
    }
    return found;
  })());

test.describe('catalogue', { tag: ['@site', '@catalogue'] }, () => {
  test('home teaser → listing → details → a review is stored, shown first and still first after a reload', {
    tag: '@local',
  }, async ({ page, consoleProblems }) => {
    localOnly('expects the product with its seed review only, as on a fresh database');
    test.slow(); // a journey by nature: home, a listing, a product, a review sent, a reload
    const category = categories.find((c) => c.id === 'industrial_plugs_and_sockets')!;
    const product = productsOf(category.id).find((p) => p.id === 'pce_16a_industrial_plug')!;
    const reviewer = `Playwright ${Date.now()}`;

    await page.goto('/home');
    await page
      .getByRole('list', { name: 'Featured product categories' })
      .getByRole('link', { name: category.title })
      .click();
    await expect(page).toHaveURL(new RegExp(`/our-products/${category.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Industrial Plugs and Sockets');
    await expect(page.getByText(showing(productsOf(category.id).length))).toBeVisible();
    await expect(page).toHaveTitle(`${category.title}${TITLE_SUFFIX}`);

    await page.getByRole('link', { name: product.productName }).click();
    await expect(page).toHaveURL(new RegExp(`/our-products/${category.id}/${product.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Product Details' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: product.productName })).toBeVisible();
    await expect(page).toHaveTitle(`${product.productName}${TITLE_SUFFIX}`);
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link', { name: category.title })).toHaveAttribute(
      'href',
      `/our-products/${category.id}`,
    );

    const reviews = page.getByRole('list', { name: 'Customer reviews' }).getByRole('listitem');
    await expect(reviews.first()).toContainText('Sunil K.');
    const form = page.getByRole('form', { name: 'Write a Review' });
    await form.getByLabel('Name*').fill(reviewer);
    await form.getByLabel('Email').fill('buyer@example.com');
    await form.getByLabel('Write Your Review*').fill('Fits our distribution boards. <b>Recommended</b>.');
    await form.getByLabel('Select Rating*').selectOption('Four');
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.getByRole('status')).toHaveText('Thank you! Your review has been added.');
    await expect(reviews.first()).toContainText(reviewer);
    await expect(reviews.first()).toContainText('Fits our distribution boards. <b>Recommended</b>.');
    await expect(reviews.first().getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
    await expect(form.getByLabel('Name*')).toHaveValue('');

    await page.reload();
    await expect(reviews.first()).toContainText(reviewer);
    await expect(reviews.nth(1)).toContainText('Sunil K.');
    await expect(page.getByText('buyer@example.com')).toHaveCount(0);
    expect(consoleProblems.messages).toEqual([]);
  });

  test('the sort dropdown really orders the listing, the rating with stored reviews', async ({ page, request }) => {
    const unpricedLast = (a: Product, b: Product) => (a.price === undefined ? 1 : 0) - (b.price === undefined ? 1 : 0);
    const ordersBesideRating = (list: Product[]): Record<string, Product[]> => ({
      'Sort by popularity': [...list].sort((a, b) => b.popularity - a.popularity),
      'Sort by newness': [...list].sort((a, b) => b.dateAdded.localeCompare(a.dateAdded)),
      'Sort by price: low to high': [...list].sort((a, b) => unpricedLast(a, b) || (a.price ?? 0) - (b.price ?? 0)),
      'Sort by price: high to low': [...list].sort((a, b) => unpricedLast(a, b) || (b.price ?? 0) - (a.price ?? 0)),
    });
    // a category of the site's own catalogue in which every order differs from the catalogue's (else a sort that does
    // nothing would pass), its products as the site's listing API gives them
    let category: { id: string; list: Product[]; pageSize: number } | undefined;
    for (const { id } of await siteCategories(request)) {
      const { products: list, pageSize } = await listingOf(request, id);
      if (list.length >= 3 && Object.values(ordersBesideRating(list)).every((order) => !sameOrder(order, list))) {
        category = { id, list, pageSize };
        break;
      }
    }
    if (category === undefined)
      throw new Error('no category of the site has products whose sorts all differ from its order');
    const { list, pageSize } = category;
    const reviewed = list.at(-1)!; // last in the catalogue: a stored 5-star review moves it up by rating
    const ratingsNow = async () =>
      (
        (await (await request.get('/api/products/ratings')).json()) as {
          ratings: Record<string, { average: number; count: number }>;
        }
      ).ratings;
    const countBefore = (await ratingsNow())[reviewed.id]?.count ?? 0;
    const posted = await request.post(`/api/products/${reviewed.id}/reviews`, {
      data: { customerName: 'Sort check', emailId: '', comment: 'Five stars.', stars: 5 },
    });
    expect(posted.status()).toBe(200);
    const ratings = await ratingsNow();
    expect(ratings[reviewed.id]?.count, 'the stored review counts in the ratings').toBe(countBefore + 1);
    const rating = (p: Product) => ratings[p.id] ?? { average: -1, count: -1 };
    const expected: Record<string, Product[]> = {
      ...ordersBesideRating(list),
      'Sort by average rating': [...list].sort(
        (a, b) => rating(b).average - rating(a).average || rating(b).count - rating(a).count,
      ),
      'Default Sorting': list,
    };
    expect(
      sameOrder(expected['Sort by average rating']!, list),
      'Sort by average rating differs from the catalogue order',
    ).toBe(false);
    // the page shows the first page of each order
    const firstPage = (order: Product[]) => order.slice(0, pageSize).map((p) => p.productName);

    await page.goto(`/our-products/${encodeURIComponent(category.id)}`);
    const sort = page.getByRole('combobox', { name: 'Sort products' });
    await expect(sort).toHaveValue('1');
    await expect.poll(() => cardNames(page)).toEqual(firstPage(list));
    for (const [label, order] of Object.entries(expected)) {
      await sort.selectOption({ label });
      await expect.poll(() => cardNames(page), { message: label }).toEqual(firstPage(order));
    }
  });

  for (const [index, start] of ['/home', EXAMPLE_CATEGORY_PATH, '/contact-us'].entries()) {
    test(`search from the header on ${start}: type, arrow keys, Enter opens the product`, async ({
      page,
      request,
      consoleProblems,
    }) => {
      const words = await headerSearchWords(request);
      const query = siteHas(
        words[index],
        `no ${index + 1} words of its names or brands that each find 3 to ${SEARCH_PAGE_SIZE} products`,
      );
      const needle = query.toLowerCase();
      const named = (await listedProducts(request)).filter((r) =>
        [r.productName, r.productCategory, r.company ?? ''].some((field) => field.toLowerCase().includes(needle)),
      );
      // the server's answer, asked directly: every product whose name, category or brand holds the text, and those
      // whose specification does
      const answer = (await (
        await page.request.get(`/api/catalogue/search?q=${encodeURIComponent(query)}&limit=100`)
      ).json()) as { total: number; results: SearchResult[] };
      for (const match of named) expect(answer.results.map((r) => r.id)).toContain(match.id);
      const matches = answer.results;
      expect(matches.length).toBeGreaterThan(2);
      const chosen = matches[1]!;

      await page.goto(start);
      // the server searches: neither the search index nor any other whole-catalogue file reaches the browser, for the
      // search or the product it opens
      const catalogueFiles: string[] = [];
      page.on('request', (request) => {
        if (WHOLE_CATALOGUE.test(new URL(request.url()).pathname)) catalogueFiles.push(request.url());
      });
      await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
      const dialog = page.getByRole('dialog', { name: 'Search' });
      await expect(dialog).toContainText('Start typing to search');
      const input = dialog.getByRole('combobox', { name: 'Search text' });
      await expect(input).toBeFocused();
      await expect(input).toHaveAttribute('placeholder', 'Search for products, categories...');
      await input.pressSequentially(query);
      await expect(dialog).toContainText(message('en', 'catalogue.search.count', { count: matches.length }));
      await expect(dialog.getByRole('option')).toHaveCount(matches.length);
      await expect(dialog).toContainText('to navigate');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowUp');
      await expect(dialog.getByRole('option').nth(1)).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('Enter');

      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(new RegExp(`/our-products/${chosen.productCategoryId}/${chosen.id}$`));
      await expect(page.getByRole('heading', { level: 2, name: chosen.title })).toBeVisible();

      await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
      await expect(page.getByRole('dialog', { name: 'Search' }).getByRole('combobox')).toHaveValue('');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog', { name: 'Search' })).toBeHidden();
      expect(consoleProblems.messages).toEqual([]);
      expect(catalogueFiles).toEqual([]);
    });
  }

  test('a product page, drawn by the server and reached in the app, downloads its own product only, in both editions', async ({
    page,
    request,
    consoleProblems,
  }) => {
    const catalogueFiles: string[] = [];
    const productAnswers: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (WHOLE_CATALOGUE.test(url.pathname)) catalogueFiles.push(url.pathname);
      if (url.pathname.startsWith('/api/catalogue/products/')) productAnswers.push(url.pathname + url.search);
    });
    // the site's example product and the next of its category (site-routes.ts), as its API describes them
    const described = async (id: string) => {
      const answer = await siteProduct(request, id);
      if (answer === undefined) throw new Error(`the site has no product ${id}, one of its example pages`);
      return answer.product;
    };
    const first = await described(EXAMPLE_PRODUCT.compareIds[0]);
    const next = await described(EXAMPLE_PRODUCT.compareIds[1]);

    const response = await page.goto(`/our-products/${first.productCategory}/${first.id}`);
    expect(await response!.text()).toContain(first.productName); // drawn on the server, from its own record
    await expect(page.getByRole('heading', { level: 2, name: first.productName })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Product summary' }).getByRole('button', { name: 'Add to quote' }),
    ).toBeVisible();

    // to another product inside the app: one small answer for it
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    await page
      .getByRole('dialog', { name: 'Search' })
      .getByRole('combobox')
      .pressSequentially(next.productName.slice(0, 12));
    await page
      .getByRole('dialog', { name: 'Search' })
      .getByRole('option', { name: new RegExp(next.productName.replace(/[()]/g, '\\$&')) })
      .click();
    await expect(page.getByRole('heading', { level: 2, name: next.productName })).toBeVisible();
    expect(productAnswers).toEqual([`/api/catalogue/products/${next.id}`]);

    await page.goto(`/ar/our-products/${first.productCategory}/${first.id}`);
    await expect(
      page.getByRole('region', { name: 'ملخص المنتج' }).getByRole('button', { name: 'أضف إلى طلب التسعير' }),
    ).toBeVisible();
    expect(catalogueFiles).toEqual([]);
    expect(consoleProblems.messages).toEqual([]);
  });

  test('search without a match shows the text as typed, as text', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    const input = dialog.getByRole('combobox', { name: 'Search text' });
    await expect(input).toBeFocused();
    await input.fill('<b>zzz</b>');
    await expect(dialog).toContainText('No results found for "<b>zzz</b>"');
    await expect(dialog).toContainText('Try different keywords or check your spelling');
    await expect(dialog.locator('b')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Clear search' }).click();
    await expect(dialog).toContainText('Start typing to search');
  });

  // A test per category of the site (19 page loads in one test took 89 s of its 90 on a loaded machine): the global
  // setup reads a deployed site's categories before the spec files load; the suite's own server has the seed's.
  const siteCategoryIds = process.env[SITE_CATEGORY_IDS_ENV];
  const categoryIds = siteCategoryIds ? (JSON.parse(siteCategoryIds) as string[]) : categories.map(({ id }) => id);
  for (const categoryId of categoryIds) {
    test(`the category page ${categoryId} renders its products without console errors`, async ({
      page,
      request,
      consoleProblems,
    }) => {
      // how many products it holds and its title, as the site's listing API answers (the site's catalogue, not the seed)
      const answer = await request.get(catalogueListingApiPath(categoryId));
      expect(answer.status(), `${categoryId}: ${await answer.text()}`).toBe(200);
      const listing = (await answer.json()) as { category: Category; total: number; pageSize: number };
      await page.goto(`/our-products/${categoryId}`);
      await expect(page.getByText(showing(listing.total)), categoryId).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(listing.category.title);
      await expect(
        page.getByRole('list', { name: `${listing.category.title} products` }).getByRole('listitem'),
      ).toHaveCount(Math.min(listing.total, listing.pageSize));
      expect(consoleProblems.messages).toEqual([]);
    });
  }

  // A product of each spec-table family of the seed catalogue, as the site under test describes it (its API): its
  // table's rows, columns, a header of its last header row and its grouped header, if it has one. A site without the
  // product, or with it but without a table, skips the family (@data).
  const families: Record<string, string> = {
    'cable glands': 'hex_cw_brass_cable_gland',
    'LV resin joint kit': 'mesc_lv_resin_joint_kit',
    'laser marking machine': 'fibre_laser_marking_machine',
    'heat shrink termination': 'raychem_mv_heat_shrink_termination',
    'LV cold shrink straight joint': '3m_lv_cold_shrink_straight_joint',
    'resin filled joints': 'mesc_resin_filled_joints',
  };
  for (const [family, id] of Object.entries(families)) {
    test(`a ${family} product renders its detail table`, async ({ page, request, consoleProblems }) => {
      const answer = await siteProduct(request, id);
      const detail = siteHas(
        answer?.product.productDetailTableColumns === undefined ? undefined : answer.product,
        `no product ${id} with a detail table (the seed's ${family})`,
      );
      const columns = detail.productDetailTableColumns!;
      await page.goto(`/our-products/${detail.productCategory}/${id}`);
      const table = page.getByRole('table', { name: `${detail.productName}: specifications` });
      await expect(table).toBeVisible();
      await expect(table.locator('tbody tr')).toHaveCount(detail.productDetailTableData!.length);
      // a table whose rows are the product's variants (docs/decisions/034-orderable-variants.md) has each one's price
      // and its stock (empty until the ERP names it) too, and once the page has started its quote form (its code is
      // the row's header)
      const variantRows =
        (answer?.variants.length ?? 0) > 1 && answer!.variants.every((variant) => variant.row !== undefined);
      await expect(table.locator('tbody tr').first().locator('td')).toHaveCount(
        columns.at(-1)!.length + (variantRows ? 3 : 0),
      );
      const header = columns.at(-1)!.find((cell) => cell.name.trim() !== '');
      if (header !== undefined)
        await expect(table.getByRole('columnheader', { name: header.name.trim(), exact: true }).first()).toBeVisible();
      const grouped = columns[0]!.find((cell) => (cell.colSpan ?? 1) > 1);
      if (grouped !== undefined)
        await expect(table.getByRole('columnheader', { name: grouped.name, exact: true }).first()).toHaveAttribute(
          'colspan',
          String(grouped.colSpan),
        );
      expect(consoleProblems.messages).toEqual([]);
    });
  }

  // Products of the site's own catalogue (its every detail record, site-facts.ts) with what the test tries: a datasheet
  // and a section that collapses (one with a section that stays open too, where the site has one), and documents to
  // download or its maker's catalogue (both, where one has both). A site whose catalogue has neither skips (@data).
  test('details: collapsed sections open on demand, downloads and the catalogue open in a new tab', async ({
    page,
    request,
  }) => {
    const details = await siteProductDetails(request);
    const first = (wants: (detail: SiteProductDetail) => boolean, orElse: (detail: SiteProductDetail) => boolean) =>
      details.find(wants) ?? details.find(orElse);
    const collapses = (detail: SiteProductDetail) =>
      detail.downloadFile !== undefined && sectionsOf(detail).some((section) => !section.alwaysOpen);
    const withSections = siteHas(
      first((detail) => collapses(detail) && sectionsOf(detail).some((section) => section.alwaysOpen), collapses),
      'no product with a datasheet and a description section that collapses',
    );
    const documents = (detail: SiteProductDetail) => Object.entries(detail.downloadFiles ?? {});
    const withDocuments = siteHas(
      first(
        (detail) => documents(detail).length > 0 && detail.viewManufacturersCatalogue !== undefined,
        (detail) => documents(detail).length > 0 || detail.viewManufacturersCatalogue !== undefined,
      ),
      "no product with documents or its manufacturer's catalogue",
    );
    const sections = sectionsOf(withSections);
    test.info().annotations.push({
      type: 'products',
      description: `${withSections.id} (${sections.map(({ title }) => title).join(', ')}), ${withDocuments.id}`,
    });

    await page.goto(productPath(withSections.productCategory, withSections.id));
    for (const section of sections) {
      const region = page.getByRole('region', { name: section.title, exact: true });
      if (section.alwaysOpen) {
        await expect(shownIn(region, section)).toBeVisible();
        continue;
      }
      // its name ends with the '+' it shows (CSS content): the words of the title are enough inside its own region
      await expect(region.getByRole('button', { name: section.title })).toHaveAttribute('aria-expanded', 'false');
      await expect(shownIn(region, section)).toBeHidden();
    }
    const collapsed = sections.find((section) => !section.alwaysOpen)!;
    const region = page.getByRole('region', { name: collapsed.title, exact: true });
    await region.getByRole('button', { name: collapsed.title }).press('Enter'); // the keyboard: the open chat panel covers the right of the page
    await expect(shownIn(region, collapsed)).toBeVisible();
    const datasheet = page.getByRole('link', { name: 'Download Datasheet' });
    await expect(datasheet).toHaveAttribute('href', uploadPath(withSections.downloadFile!));
    await expect(datasheet).toHaveAttribute('target', '_blank');
    const pdf = await request.get(uploadPath(withSections.downloadFile!));
    expect(pdf.ok()).toBe(true);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    await page.goto(productPath(withDocuments.productCategory, withDocuments.id));
    for (const [label, file] of documents(withDocuments)) {
      const document = page.getByRole('link', { name: label, exact: true });
      await expect(document).toHaveAttribute('href', uploadPath(file));
      await expect(document).toHaveAttribute('target', '_blank');
    }
    if (withDocuments.viewManufacturersCatalogue !== undefined) {
      const catalogue = page.getByRole('link', { name: 'View Manufacturers Catalogue' });
      await expect(catalogue).toHaveAttribute('href', withDocuments.viewManufacturersCatalogue);
      await expect(catalogue).toHaveAttribute('target', '_blank');
      await expect(catalogue).toHaveAttribute('rel', /noopener/);
    }
  });

  test('on a phone, the product page does not move while it loads (the breadcrumb learns the real name)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { __shifts: number[] }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const { product } = (await (await page.request.get(catalogueProductApiPath(EXAMPLE_PRODUCT.productId))).json()) as {
      product: { productName: string };
    };
    await page.goto(EXAMPLE_PRODUCT_PATH);
    await expect(page.getByRole('heading', { level: 2, name: product.productName, exact: true })).toBeVisible();
    const current = page.getByRole('navigation', { name: 'Breadcrumb' }).locator('[aria-current="page"]:visible');
    await expect(current).toHaveText(product.productName);
    await page.waitForLoadState('load');
    expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)).toEqual([]);
  });

  test('an unknown product id shows a clear not-found state', async ({ page, request }) => {
    const { total } = await listingOf(request, EXAMPLE_PRODUCT.categoryId);
    await page.goto(`${EXAMPLE_CATEGORY_PATH}/no_such_gland`);
    await expect(page.getByRole('heading', { level: 1, name: 'Product Details' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(
      'We could not find the product “no_such_gland” in our catalogue.',
    );
    await expect(page.getByTestId('spinner')).toHaveCount(0);
    await expect(page).toHaveTitle(`Product not found${TITLE_SUFFIX}`);
    await page.getByRole('link', { name: `See all ${EXAMPLE_PRODUCT.categoryTitle} products` }).click();
    await expect(page.getByText(showing(total))).toBeVisible();
  });

  test('a failed load shows a message with a retry that works', async ({ page, request }) => {
    const apiPath = catalogueListingApiPath(EXAMPLE_PRODUCT.categoryId);
    const { total } = await listingOf(request, EXAMPLE_PRODUCT.categoryId);
    // Opened in the app: the browser loads the data (a page loaded from the server comes with it).
    await page.goto('/our-products');
    const listing = `**${apiPath}`;
    await page.route(listing, (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.locator(`a[href="${EXAMPLE_CATEGORY_PATH}"]`).first().click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(`Could not load ${apiPath} (HTTP 503)`);
    await page.unroute(listing);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText(showing(total))).toBeVisible();
  });
});
