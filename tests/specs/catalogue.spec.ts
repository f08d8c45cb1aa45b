// The catalogue across remotes, against the real server: the home teaser to a product and a stored review,
// the listing sort, the header search, every category page, and a product of each spec-table family.
// Review validation and storage are covered on both databases in server/src/reviews/reviews.test.ts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { catalogueListingApiPath, catalogueProductApiPath } from '@site/contracts/api';
import { test, expect, localOnly } from '../support/fixtures';
import { siteCategories } from '../support/site-facts';
import { EXAMPLE_CATEGORY_PATH, EXAMPLE_PRODUCT, EXAMPLE_PRODUCT_PATH } from '../support/site-routes';
import { REPO_ROOT } from '../support/site-server';

interface Product {
  id: string;
  productCategoryId: string;
  productCategory: string;
  productName: string;
  popularity: number;
  dateAdded: string;
  price?: number;
}
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
interface Detail {
  id: string;
  productName: string;
  productCategory: string;
  productDetailTableColumns?: { id: string; name: string; colSpan?: number }[][];
  productDetailTableData?: unknown[];
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(REPO_ROOT, file), 'utf8')) as T;
const products = readJson<Product[]>('content/data/products.json');
const categories = readJson<Category[]>('content/data/products-category.json');
const details = readJson<Detail[]>('content/data/product-details.json');
const searchIndex = readJson<SearchResult[]>('content/generated/data/searchResults.json');

const TITLE_SUFFIX = ' | Crescent Electrical Trading';
/** A file of every product (the spec's addresses, still answered for anyone who reads them): no page downloads one. */
const WHOLE_CATALOGUE = /\/data\/(ar\/)?(products|product-details|searchResults)\.json/;
const productsOf = (categoryId: string) => products.filter((p) => p.productCategoryId === categoryId);
const detailOf = (id: string) => details.find((d) => d.id === id)!;

const sameOrder = (a: Product[], b: Product[]) => a.length === b.length && a.every((product, index) => product.id === b[index]!.id);

/** A category's products in the catalogue's order, as the site's listing API gives them page by page. */
async function listingOf(request: APIRequestContext, categoryId: string): Promise<{ products: Product[]; pageSize: number; total: number }> {
  const all: Product[] = [];
  for (let number = 1; ; number += 1) {
    const answer = await request.get(`${catalogueListingApiPath(categoryId)}?page=${number}`);
    expect(answer.status(), await answer.text()).toBe(200);
    const { total, pageSize, products: onPage } = (await answer.json()) as { total: number; pageSize: number; products: Product[] };
    all.push(...onPage);
    if (all.length >= total || onPage.length === 0) return { products: all, pageSize, total };
  }
}

/** The product names of the listing's cards, in page order. */
const cardNames = (page: Page) => page.getByRole('list', { name: / products$/ }).getByRole('listitem').locator('h2').allTextContents();

test.describe('catalogue', { tag: ['@site', '@catalogue'] }, () => {
  test('home teaser → listing → details → a review is stored, shown first and still first after a reload', { tag: '@local' }, async ({ page, consoleProblems }) => {
    localOnly('expects the product with its seed review only, as on a fresh database');
    test.slow(); // a journey by nature: home, a listing, a product, a review sent, a reload
    const category = categories.find((c) => c.id === 'industrial_plugs_and_sockets')!;
    const product = productsOf(category.id).find((p) => p.id === 'pce_16a_industrial_plug')!;
    const reviewer = `Playwright ${Date.now()}`;

    await page.goto('/home');
    await page.getByRole('list', { name: 'Featured product categories' }).getByRole('link', { name: category.title }).click();
    await expect(page).toHaveURL(new RegExp(`/our-products/${category.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Industrial Plugs and Sockets');
    await expect(page.getByText(`Showing ${productsOf(category.id).length} results`)).toBeVisible();
    await expect(page).toHaveTitle(`${category.title}${TITLE_SUFFIX}`);

    await page.getByRole('link', { name: product.productName }).click();
    await expect(page).toHaveURL(new RegExp(`/our-products/${category.id}/${product.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Product Details' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: product.productName })).toBeVisible();
    await expect(page).toHaveTitle(`${product.productName}${TITLE_SUFFIX}`);
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link', { name: category.title })).toHaveAttribute('href', `/our-products/${category.id}`);

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
    if (category === undefined) throw new Error('no category of the site has products whose sorts all differ from its order');
    const { list, pageSize } = category;
    const reviewed = list.at(-1)!; // last in the catalogue: a stored 5-star review moves it up by rating
    const ratingsNow = async () => ((await (await request.get('/api/products/ratings')).json()) as { ratings: Record<string, { average: number; count: number }> }).ratings;
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
      'Sort by average rating': [...list].sort((a, b) => rating(b).average - rating(a).average || rating(b).count - rating(a).count),
      'Default Sorting': list,
    };
    expect(sameOrder(expected['Sort by average rating']!, list), 'Sort by average rating differs from the catalogue order').toBe(false);
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

  for (const start of ['/home', '/our-products/cables', '/contact-us']) {
    test(`search from the header on ${start}: type, arrow keys, Enter opens the product`, async ({ page, consoleProblems }) => {
      const query = { '/home': 'gland', '/our-products/cables': 'RAYCHEM', '/contact-us': 'laser' }[start]!;
      const needle = query.toLowerCase();
      const named = searchIndex.filter((r) => [r.title, r.productCategory, r.company].some((field) => field.toLowerCase().includes(needle)));
      // the server's answer, asked directly: every product whose name, category or brand holds the text, and those
      // whose specification does
      const answer = (await (await page.request.get(`/api/catalogue/search?q=${query}&limit=100`)).json()) as { total: number; results: SearchResult[] };
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
      await expect(dialog).toContainText(`${matches.length} result(s) found`);
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

  test('a product page, drawn by the server and reached in the app, downloads its own product only, in both editions', async ({ page, consoleProblems }) => {
    const catalogueFiles: string[] = [];
    const productAnswers: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (WHOLE_CATALOGUE.test(url.pathname)) catalogueFiles.push(url.pathname);
      if (url.pathname.startsWith('/api/catalogue/products/')) productAnswers.push(url.pathname + url.search);
    });
    const first = detailOf('hex_cw_brass_cable_gland');
    const next = detailOf('hex_e1w_brass_cable_gland');

    const response = await page.goto(`/our-products/${first.productCategory}/${first.id}`);
    expect(await response!.text()).toContain(first.productName); // drawn on the server, from its own record
    await expect(page.getByRole('heading', { level: 2, name: first.productName })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Product summary' }).getByRole('button', { name: 'Add to quote' })).toBeVisible();

    // to another product inside the app: one small answer for it
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    await page.getByRole('dialog', { name: 'Search' }).getByRole('combobox').pressSequentially(next.productName.slice(0, 12));
    await page.getByRole('dialog', { name: 'Search' }).getByRole('option', { name: new RegExp(next.productName.replace(/[()]/g, '\\$&')) }).click();
    await expect(page.getByRole('heading', { level: 2, name: next.productName })).toBeVisible();
    expect(productAnswers).toEqual([`/api/catalogue/products/${next.id}`]);

    await page.goto(`/ar/our-products/${first.productCategory}/${first.id}`);
    await expect(page.getByRole('region', { name: 'ملخص المنتج' }).getByRole('button', { name: 'أضف إلى طلب التسعير' })).toBeVisible();
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

  // A test per category (19 page loads in one test took 89 s of its 90 on a loaded machine).
  for (const category of categories) {
    test(`the category page ${category.id} renders its products without console errors`, async ({ page, request, consoleProblems }) => {
      // how many products it holds and its title, as the site's listing API answers (the site's catalogue, not the seed)
      const answer = await request.get(catalogueListingApiPath(category.id));
      expect(answer.status(), `${category.id}: ${await answer.text()}`).toBe(200);
      const listing = (await answer.json()) as { category: Category; total: number; pageSize: number };
      await page.goto(`/our-products/${category.id}`);
      await expect(page.getByText(`Showing ${listing.total} results`), category.id).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(listing.category.title);
      await expect(page.getByRole('list', { name: `${listing.category.title} products` }).getByRole('listitem')).toHaveCount(Math.min(listing.total, listing.pageSize));
      expect(consoleProblems.messages).toEqual([]);
    });
  }

  const families: Record<string, { id: string; header: string }> = {
    'cable glands': { id: 'hex_cw_brass_cable_gland', header: 'Across Corners' },
    'LV resin joint kit': { id: 'mesc_lv_resin_joint_kit', header: 'Kit Reference' },
    'laser marking machine': { id: 'fibre_laser_marking_machine', header: 'Max. Characters per Line*' },
    'heat shrink termination': { id: 'raychem_mv_heat_shrink_termination', header: '36 kV' },
    'LV cold shrink straight joint': { id: '3m_lv_cold_shrink_straight_joint', header: '3 Core 3.3kV' },
    'resin filled joints': { id: 'mesc_resin_filled_joints', header: 'Armoured' },
  };
  for (const [family, { id, header }] of Object.entries(families)) {
    test(`a ${family} product renders its detail table`, async ({ page, consoleProblems }) => {
      const detail = detailOf(id);
      const columns = detail.productDetailTableColumns!;
      await page.goto(`/our-products/${detail.productCategory}/${id}`);
      const table = page.getByRole('table', { name: `${detail.productName}: specifications` });
      await expect(table).toBeVisible();
      await expect(table.locator('tbody tr')).toHaveCount(detail.productDetailTableData!.length);
      await expect(table.locator('tbody tr').first().locator('td')).toHaveCount(columns.at(-1)!.length);
      await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
      const grouped = columns[0]!.find((cell) => (cell.colSpan ?? 1) > 1)!;
      await expect(table.getByRole('columnheader', { name: grouped.name, exact: true })).toHaveAttribute('colspan', String(grouped.colSpan));
      expect(consoleProblems.messages).toEqual([]);
    });
  }

  test('details: collapsed sections open on demand, downloads and the catalogue open in a new tab', async ({ page, request }) => {
    await page.goto('/our-products/laser_marking_machine/fibre_laser_marking_machine');
    const toggle = page.getByRole('button', { name: 'Design Features' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText('Rotary attachment for cylindrical parts')).toBeHidden();
    await toggle.press('Enter'); // the keyboard: the open chat panel covers the right of the page
    await expect(page.getByText('Rotary attachment for cylindrical parts')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Technical Specifications' }).getByRole('rowheader', { name: 'Wavelength' })).toBeVisible();
    const datasheet = page.getByRole('link', { name: 'Download Datasheet' });
    await expect(datasheet).toHaveAttribute('href', '/uploads/fibre-laser-marking-machine-brochure.pdf');
    await expect(datasheet).toHaveAttribute('target', '_blank');
    const pdf = await request.get('/uploads/fibre-laser-marking-machine-brochure.pdf');
    expect(pdf.ok()).toBe(true);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    await page.goto('/our-products/cable_jointing_kit/raychem_mv_heat_shrink_termination');
    await expect(page.getByRole('link', { name: 'Type Test Report' })).toHaveAttribute('href', '/uploads/raychem-mv-heat-shrink-termination-type-test.pdf');
    const catalogue = page.getByRole('link', { name: 'View Manufacturers Catalogue' });
    await expect(catalogue).toHaveAttribute('target', '_blank');
    await expect(catalogue).toHaveAttribute('rel', /noopener/);
  });

  test('on a phone, the product page does not move while it loads (the breadcrumb learns the real name)', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { __shifts: number[] }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const { product } = (await (await page.request.get(catalogueProductApiPath(EXAMPLE_PRODUCT.productId))).json()) as { product: { productName: string } };
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
    await expect(page.getByRole('alert')).toContainText('We could not find the product “no_such_gland” in our catalogue.');
    await expect(page.getByTestId('spinner')).toHaveCount(0);
    await expect(page).toHaveTitle(`Product not found${TITLE_SUFFIX}`);
    await page.getByRole('link', { name: `See all ${EXAMPLE_PRODUCT.categoryTitle} products` }).click();
    await expect(page.getByText(`Showing ${total} results`)).toBeVisible();
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
    await expect(page.getByText(`Showing ${total} results`)).toBeVisible();
  });
});
