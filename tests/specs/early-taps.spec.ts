// The page's inline script keeps taps made before the page has started (server/src/pages/ssr/earlyInteractions.ts):
// each is handed to its control once that part of the page has started, in order and once, with a busy look meanwhile.
// The scripts are held back here (their requests wait) so the tap surely comes before the start, on any machine.
import type { Page, Route } from '@playwright/test';
import { STARTED_ATTRIBUTE } from '@site/contracts/dom-ids';
import { test, expect } from '../support/fixtures';
import { EXAMPLE_PRODUCT_PATH } from '../support/site-routes';

/** Holds every script request until `release()`: the page stays as the server drew it, painted and not started. */
async function holdScripts(page: Page): Promise<{ release: () => Promise<void> }> {
  const held: Route[] = [];
  let open = false;
  await page.route(/\.js(\?|$)/, (route) => (open ? route.continue() : void held.push(route)));
  return {
    release: async () => {
      open = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

const started = (page: Page) => page.locator(`html[${STARTED_ATTRIBUTE}]`).waitFor({ state: 'attached' });

test.describe('taps before the page has started', { tag: ['@site', '@shell', '@catalogue'] }, () => {
  test('Add to quote on a product page: busy at once, in the basket once started', async ({
    page,
    consoleProblems,
  }) => {
    const scripts = await holdScripts(page);
    await page.goto(`${EXAMPLE_PRODUCT_PATH}?variant=HEX-CW-25`, { waitUntil: 'domcontentloaded' });
    const add = page.getByRole('button', { name: 'Add to quote', exact: true }).first();
    await add.click();
    await expect(add).toHaveAttribute('aria-busy', 'true');
    await scripts.release();
    await started(page);
    await expect(add).not.toHaveAttribute('aria-busy');
    await expect(page.getByTestId('quote-basket-count')).toHaveText('1');
    await expect(page.getByRole('status').filter({ hasText: 'added' }).first()).toBeVisible();
    expect(consoleProblems.messages).toEqual([]);
  });

  test('the header search: the field shows at once, what is typed goes on in the search once started', async ({
    page,
    consoleProblems,
  }) => {
    const scripts = await holdScripts(page);
    await page.goto('/home', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Search' }).click();
    await page.keyboard.type('HEX-CW', { delay: 30 });
    await scripts.release();
    await page.keyboard.type('-25', { delay: 200 });
    // the search's dialog by its name: the chat's panel is a dialog too, with a country list (a combobox)
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await expect(dialog.getByRole('combobox', { name: 'Search text' })).toHaveValue('HEX-CW-25');
    expect(consoleProblems.messages).toEqual([]);
  });

  test('the search typed before start and sent with Enter: the search page', async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto('/home', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Search' }).click();
    await page.keyboard.type('cable gland');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search\?q=cable\+gland$/, { waitUntil: 'commit' });
    await scripts.release();
    await expect(page.getByRole('main').getByRole('searchbox', { name: 'Search text' })).toHaveValue('cable gland');
  });

  test('the search tapped again before start, nothing typed: the page stays and the search opens once started', async ({
    page,
    consoleProblems,
  }) => {
    const scripts = await holdScripts(page);
    await page.goto('/home', { waitUntil: 'domcontentloaded' });
    const search = page.getByRole('banner').getByRole('button', { name: 'Search', exact: true });
    await search.click();
    // a visitor who sees no search open yet taps again (before, this sent the header's empty form: the search page)
    await search.click();
    await search.click();
    await expect(search).toHaveAttribute('aria-busy', 'true');
    await scripts.release();
    await started(page);
    await expect(
      page.getByRole('dialog', { name: 'Search' }).getByRole('combobox', { name: 'Search text' }),
    ).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/home');
    expect(consoleProblems.messages).toEqual([]);
  });

  test('a compare box tapped twice while waiting is ticked once; the menu at a phone width opens, after it', async ({
    page,
    consoleProblems,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const scripts = await holdScripts(page);
    await page.goto(EXAMPLE_PRODUCT_PATH, { waitUntil: 'domcontentloaded' });
    const compare = page.getByRole('checkbox', { name: /^Compare / }).first();
    await compare.click();
    await compare.click();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(compare).toHaveAttribute('aria-busy', 'true');
    await expect(compare).not.toBeChecked();
    await scripts.release();
    await started(page);
    await expect(compare).toBeChecked();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    expect(consoleProblems.messages).toEqual([]);
  });
});
