// A buyer compares products side by side on the real server: picked from listings and product pages (kept for the
// visit across pages), compared on a page the server draws, the rows that differ marked, a column removed, a product
// sent to the quote basket.
//
// The products are the site's own (its catalogue API, site-facts.ts): two of one listing's first page, of different
// brands, the first with a price and a specification row; four more of the catalogue for the server's comparison.
import type { APIRequestContext } from '@playwright/test';
import { productAttributes } from '@site/content/product-attributes';
import { LISTING_PAGE_SIZE, type ListingResponse } from '@site/contracts/catalogue-api';
import { COMPARE_MAX, compareViewSearch } from '@site/contracts/compare-view';
import { productPath } from '@site/contracts/paths';
import { siteRouteUrl } from '@site/contracts/routes';
import { escapeRegExp } from '@site/server/test-support';
import { test, expect, siteHas } from '../support/fixtures';
import { aedAmount } from '../support/product-variants';
import { findInCatalogue, siteCategories, siteListing, siteProduct } from '../support/site-facts';
import { message } from '../support/ui-strings';

const startsWith = (text: string): RegExp => new RegExp(`^${escapeRegExp(text)}`);
/** The compare page's address of `ids`, as the page writes it. */
const compareAddress = (ids: readonly string[]): RegExp =>
  new RegExp(`${escapeRegExp(`${siteRouteUrl('compare')}${compareViewSearch(ids)}`)}$`);
/** A price as the comparison shows it (Western digits, at most two decimals, in both editions). */
const priceShown = (price: number): string =>
  message('en', 'catalogue.listing.price', { amount: aedAmount(price), currency: 'AED' });

type Product = ListingResponse['products'][number];

interface Pair {
  categoryId: string;
  /** Picked on the listing: it has a price and a specification row. */
  first: Product;
  /** Picked on its product page: another brand. */
  second: Product;
  /** A specification row of the first product. */
  attribute: string;
}

/** How many products of a listing are tried as the first of the pair (each costs a look at its detail record). */
const FIRSTS_TRIED = 3;

/** Two products of one listing's first page, of different brands, the first with a price and a specification row. */
function comparablePair(request: APIRequestContext): Promise<Pair | undefined> {
  return findInCatalogue(request, async (whole) => {
    const shown = whole.products.slice(0, LISTING_PAGE_SIZE).filter((product) => product.company !== undefined);
    for (const first of shown.filter((product) => product.price !== undefined).slice(0, FIRSTS_TRIED)) {
      const second = shown.find((product) => product.company !== first.company);
      if (second === undefined) return undefined;
      const detail = await siteProduct(request, first.id);
      const [attribute] = detail === undefined ? [] : productAttributes(detail.product);
      if (attribute !== undefined) return { categoryId: whole.category.id, first, second, attribute: attribute.key };
    }
    return undefined;
  });
}

/** Text as the server's HTML writes it (React escapes these). */
const inHtml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * COMPARE_MAX + 1 products of the catalogue, the first of each category before the others, the last one's name in
 * none of the others' (the server's HTML must not show it).
 */
async function fiveProducts(request: APIRequestContext): Promise<Product[] | undefined> {
  const lists: Product[][] = [];
  for (const category of await siteCategories(request))
    lists.push((await siteListing(request, category.id, `?pageSize=${COMPARE_MAX + 1}`)).products);
  const ordered = [...lists.flatMap((list) => list.slice(0, 1)), ...lists.flatMap((list) => list.slice(1))];
  const compared = ordered.slice(0, COMPARE_MAX);
  const beyond = ordered
    .slice(COMPARE_MAX)
    .find((product) => compared.every((other) => !other.productName.includes(product.productName)));
  return beyond === undefined ? undefined : [...compared, beyond];
}

test.describe('compare', { tag: ['@site', '@catalogue'] }, () => {
  test('two picked from a listing and a product page; the comparison marks what differs; a column is removed', async ({
    page,
    request,
    consoleProblems,
  }) => {
    const { categoryId, first, second, attribute } = siteHas(
      await comparablePair(request),
      'no listing with two brands, one product priced and with a specification',
    );
    const listing = siteRouteUrl('our-products/:productCategoryId', { productCategoryId: categoryId });
    await page.goto(listing);
    // The chat's panel opens on a desktop's first visit, after the page has started, over the pages' right side (the
    // product page's compare box, the comparison's second column): minimized first, as it then stays for the visit.
    // Left open, it came over the product page's box before the click in one run of many (the click waited on it).
    await page.getByRole('button', { name: 'Minimize chat' }).click();
    await page.getByRole('checkbox', { name: `Compare ${first.productName}`, exact: true }).click();
    const tray = page.getByRole('region', { name: message('en', 'catalogue.compare.trayLabel') });
    await expect(tray).toContainText(message('en', 'catalogue.compare.trayHint', { count: 1 }));
    // another page of the visit: the pick is still there
    await page.goto(productPath(categoryId, second.id));
    // the compare page's code is fetched as soon as the tray offers its link, and only then: once for the visit
    const comparePageCode: string[] = [];
    page.on('request', (request) => {
      if (/__federation_expose_ComparePage\.[^/]*\.js$/.test(request.url())) comparePageCode.push(request.url());
    });
    const preloaded = page.waitForRequest(/__federation_expose_ComparePage\.[^/]*\.js$/);
    await page.getByRole('checkbox', { name: `Compare ${second.productName}`, exact: true }).click();
    await preloaded;
    await tray.getByRole('link', { name: message('en', 'catalogue.compare.tray', { count: 2 }) }).click();
    await expect(page).toHaveURL(compareAddress([first.id, second.id]));
    const table = page.getByRole('table', { name: message('en', 'catalogue.compare.tableLabel') });
    await expect(table.getByRole('columnheader')).toHaveCount(2);
    await expect(table.getByRole('row', { name: startsWith(message('en', 'catalogue.compare.brand')) })).toContainText(
      message('en', 'catalogue.compare.differs'),
    );
    await expect(table.getByRole('row', { name: startsWith(message('en', 'catalogue.compare.price')) })).toContainText(
      priceShown(first.price ?? 0),
    );
    await expect(table.getByRole('row', { name: startsWith(attribute) }).first()).toBeVisible();
    await table
      .getByRole('button', {
        name: message('en', 'catalogue.compare.remove', { name: second.productName }),
        exact: true,
      })
      .click();
    await expect(page).toHaveURL(compareAddress([first.id]));
    await expect(table.getByRole('columnheader')).toHaveCount(1);
    await expect(page.getByText(message('en', 'catalogue.compare.addAnother'))).toBeVisible();
    expect(comparePageCode).toHaveLength(1);
    expect(consoleProblems.messages).toEqual([]);
  });

  test('four products drawn by the server with their differences; more keep the first four; unknown ids say so', async ({
    page,
    request,
  }) => {
    const products = siteHas(await fiveProducts(request), `fewer than ${COMPARE_MAX + 1} products`);
    const [a, b, c, beyond] = [products[0]!, products[1]!, products[2]!, products[COMPARE_MAX]!];
    const unknown = 'no_such_product_in_any_catalogue';
    expect(await siteProduct(request, unknown), `the site has a product ${unknown}`).toBeUndefined();
    const ids = [a.id, b.id, c.id, unknown, beyond.id];
    const html = await (await request.get(`${siteRouteUrl('compare')}?ids=${ids.join(',')}`)).text();
    expect(html).toContain('<meta name="robots" content="noindex');
    expect(html).toContain(message('en', 'catalogue.compare.notFound'));
    expect(html).toContain(message('en', 'catalogue.compare.differs'));
    expect(html).not.toContain(inHtml(beyond.productName));
    await page.goto(`${siteRouteUrl('compare')}?ids=${ids.join(',')}`);
    const table = page.getByRole('table', { name: message('en', 'catalogue.compare.tableLabel') });
    await expect(table.getByRole('columnheader')).toHaveCount(COMPARE_MAX);
    await expect(table.getByRole('row', { name: startsWith(message('en', 'catalogue.compare.code')) })).toContainText(
      message('en', 'catalogue.compare.differs'),
    );
    // one of them to the quote basket
    await table.getByRole('button', { name: new RegExp(`^Add ${escapeRegExp(a.productName)}.* to quote$`) }).click();
    await expect(table.getByRole('status').first()).toContainText('View quote');
  });

  test('the Arabic comparison, right to left', async ({ page, request, consoleProblems }) => {
    const { first, second } = siteHas(
      await comparablePair(request),
      'no listing with two brands, one product priced and with a specification',
    );
    await page.goto(`/ar${siteRouteUrl('compare')}${compareViewSearch([first.id, second.id])}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(message('ar', 'catalogue.compare.heading'));
    const table = page.getByRole('table', { name: message('ar', 'catalogue.compare.tableLabel') });
    await expect(table.getByRole('columnheader')).toHaveCount(2);
    await expect(table.getByRole('row', { name: startsWith(message('ar', 'catalogue.compare.brand')) })).toContainText(
      message('ar', 'catalogue.compare.differs'),
    );
    expect(consoleProblems.messages).toEqual([]);
  });
});
