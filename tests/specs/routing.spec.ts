import { categoryPath } from '@site/contracts/paths';
import { test, expect } from '../support/fixtures';
import { siteProduct } from '../support/site-facts';
import { EXAMPLE_PRODUCT } from '../support/site-routes';

test.describe('the route table', { tag: ['@site', '@shell'] }, () => {
  test('the empty path is replaced by /home', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Electrical Products & Industrial Solutions' }),
    ).toBeVisible();
    // Replaced, not pushed: the root URL is not left behind in the history.
    expect(await page.evaluate(() => window.history.length)).toBe(2);
  });

  // Every route's deep link and reload: specs/every-page.spec.ts, in its one visit of each.

  test('an unknown path shows the error screen inside the frame, answered as 404', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('each route sets its own document title', async ({ page }) => {
    await page.goto('/certificates');
    await expect(page).toHaveTitle('Certificates | Crescent Electrical Trading');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveTitle('Contact Us | Crescent Electrical Trading');
  });

  test('leaving each page through the header keeps the site working', async ({ page, consoleProblems }) => {
    test.slow(); // five full page loads, each left for a client-side one: 23.8 of 30 s on a slow machine (2026-11-27, c89c5ea)
    // Regression: a page effect that returned window.scrollTo's Promise crashed the site on leaving it.
    for (const path of ['/about', '/our-projects', '/career-opportunities', '/management', '/certificates']) {
      await page.goto(path);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Our Products' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toHaveCount(0);
    }
    expect(consoleProblems.messages).toEqual([]);
  });
});

test.describe('scroll on navigation', { tag: ['@site', '@shell', '@catalogue'] }, () => {
  test.use({ viewport: { width: 1280, height: 600 } });

  test('the comparison opened from a scrolled listing starts at its top; back returns to the listing where it was', async ({
    page,
    request,
  }) => {
    // the example's two products to compare (the site's: support/site-routes.ts), on their category's listing
    const compared = await Promise.all(EXAMPLE_PRODUCT.compareIds.map((id) => siteProduct(request, id)));
    const [first, second] = compared.map((answer, index) => {
      if (answer === undefined) throw new Error(`the site has no product ${EXAMPLE_PRODUCT.compareIds[index]}`);
      return answer.product;
    });
    // Before: the compare page opened at the listing's position, showing its bottom rows.
    const scrollY = () => page.evaluate(() => window.scrollY);
    // The wheel scrolls smoothly: where it stops, once five frames read the same position. Read earlier, the position
    // the page leaves from (and back returns to) lies further down (21 px once).
    const stillScrollY = () =>
      page.evaluate(async () => {
        let last = window.scrollY;
        for (let still = 0; still < 5; ) {
          await new Promise(requestAnimationFrame);
          still = window.scrollY === last ? still + 1 : 0;
          last = window.scrollY;
        }
        return last;
      });
    await page.goto(categoryPath(first!.productCategory));
    await page.getByRole('checkbox', { name: `Compare ${first!.productName}`, exact: true }).click();
    await page.getByRole('checkbox', { name: `Compare ${second!.productName}`, exact: true }).click();
    await page.mouse.wheel(0, 1000);
    await expect.poll(scrollY).toBeGreaterThan(400);
    // Hovered first: the click itself scrolls no further.
    const compare = page
      .getByRole('region', { name: 'Products to compare' })
      .getByRole('link', { name: 'Compare (2)' });
    await compare.hover();
    const listingY = await stillScrollY();

    await compare.click();
    await expect(page.getByRole('table', { name: 'Products compared' })).toBeVisible();
    expect(await scrollY()).toBe(0);

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: first!.categoryName, exact: true })).toBeVisible();
    await expect.poll(scrollY).toBeGreaterThan(listingY - 20);
    expect(Math.abs((await scrollY()) - listingY)).toBeLessThanOrEqual(20);
  });
});
