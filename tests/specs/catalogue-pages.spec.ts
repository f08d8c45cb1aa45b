// A catalogue of hundreds of products, imported through the catalogue command before the server starts (the embedded
// database; on PostgreSQL the servers follow an import without a restart: server/src/catalogue/catalogueFollowers.test.ts):
// a listing shows one page at a time, drawn by the server at its own address (order and page in the query), the pages
// are reached in the app, and the imported products are found by the search and listed in the sitemap. No browser
// downloads a whole-catalogue file.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { productPath } from '@site/contracts/paths';
import { test, expect, localOnly } from '../support/fixtures';
import { cardNames } from '../support/product-cards';
import { DATA_TEMPLATE_ENV, REPO_ROOT, startSite, type RunningSite } from '../support/site-server';
import { message } from '../support/ui-strings';

/** The listing's count as it reads: 'Showing 1 result', 'Showing 7 results'. */
const showing = (count: number) => message('en', 'catalogue.listing.count', { count });

localOnly('starts its own server on a catalogue of hundreds of generated products');

interface ListingAnswer {
  total: number;
  pageSize: number;
  products: { id: string; productName: string; productCategoryId: string }[];
}

const GENERATED = 600;
const WHOLE_CATALOGUE = /\/data\/(ar\/)?(products|product-details|searchResults)\.json/;

test.describe('a catalogue of hundreds of products', { tag: ['@local', '@catalogue'] }, () => {
  let site: RunningSite;
  let dataDir: string;

  test.beforeAll(async () => {
    test.setTimeout(180_000); // a server of its own, after an import of 600 products on a loaded machine
    dataDir = mkdtempSync(path.join(tmpdir(), 'site-e2e-catalogue-'));
    const template = process.env[DATA_TEMPLATE_ENV];
    if (template !== undefined && existsSync(template)) cpSync(template, dataDir, { recursive: true });
    const imported = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join('server', 'scripts', 'catalogue.ts'), 'generate', String(GENERATED), '--seed', '7'],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    expect(imported.stdout + imported.stderr, 'the catalogue command').toContain(
      `Imported ${GENERATED} new, 0 updated products.`,
    );
    site = await startSite({}, { dataDir });
  });

  test.afterAll(async () => {
    await site?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const listing = async (query: string): Promise<ListingAnswer> =>
    (await (await fetch(`${site.url}/api/catalogue/categories/cables/products${query}`)).json()) as ListingAnswer;

  test('a listing shows one page at a time, drawn by the server at its own address, and goes from page to page in the app', async ({
    page,
    consoleProblems,
  }) => {
    const catalogueFiles: string[] = [];
    page.on('request', (request) => {
      if (WHOLE_CATALOGUE.test(new URL(request.url()).pathname)) catalogueFiles.push(request.url());
    });
    const firstPage = await listing('?sort=5');
    const secondPage = await listing('?sort=5&page=2');
    expect(firstPage.total).toBeGreaterThan(firstPage.pageSize);
    expect(secondPage.products.length).toBe(firstPage.total - firstPage.pageSize);

    const response = await page.goto(`${site.url}/our-products/cables?page=2&sort=5`);
    const html = await response!.text();
    expect(html, 'the second page is in the HTML').toContain(
      secondPage.products[0]!.productName.replace(/&/g, '&amp;'),
    );
    expect(html).not.toContain(`>${firstPage.products[0]!.productName}<`);
    await expect(page.getByText(showing(firstPage.total))).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Sort products' })).toHaveValue('5');
    await expect.poll(() => cardNames(page)).toEqual(secondPage.products.map((product) => product.productName));
    const pages = page.getByRole('navigation', { name: 'Pages of products' });
    await expect(pages).toContainText('Page 2 of 2');

    await pages.getByRole('link', { name: 'Previous page' }).click();
    await expect(page).toHaveURL(/\/our-products\/cables\?sort=5$/);
    await expect.poll(() => cardNames(page)).toEqual(firstPage.products.map((product) => product.productName));
    await expect(pages).toContainText('Page 1 of 2');

    // a new order starts again at its first page
    await page.getByRole('combobox', { name: 'Sort products' }).selectOption({ label: 'Sort by newness' });
    await expect(page).toHaveURL(/\/our-products\/cables\?sort=4$/);
    const newest = await listing('?sort=4');
    await expect.poll(() => cardNames(page)).toEqual(newest.products.map((product) => product.productName));

    expect(catalogueFiles).toEqual([]);
    expect(consoleProblems.messages).toEqual([]);
  });

  test('the search finds an imported product and opens it; the sitemap lists it', async ({ page, request }) => {
    const imported = (await listing('?page=2')).products.at(-1)!;
    const sitemap = await (await request.get(`${site.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`${productPath('cables', imported.id)}</loc>`);

    // generated names repeat across brands' sizes: the search lists every match, the first opens
    const search = (await (
      await request.get(`${site.url}/api/catalogue/search?${new URLSearchParams({ q: imported.productName })}`)
    ).json()) as {
      total: number;
      results: { id: string }[];
    };
    expect(search.results.map((result) => result.id)).toContain(imported.id);
    const catalogueFiles: string[] = [];
    page.on('request', (request) => {
      if (WHOLE_CATALOGUE.test(new URL(request.url()).pathname)) catalogueFiles.push(request.url());
    });
    await page.goto(`${site.url}/home`);
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.getByRole('combobox', { name: 'Search text' }).fill(imported.productName);
    await expect(dialog).toContainText(message('en', 'catalogue.search.count', { count: search.total }));
    await dialog.getByRole('option').first().click();
    await expect(page).toHaveURL(new RegExp(`${productPath('cables', search.results[0]!.id)}$`));
    await expect(page.getByRole('heading', { level: 2, name: imported.productName })).toBeVisible();
    expect(catalogueFiles).toEqual([]);
  });
});
