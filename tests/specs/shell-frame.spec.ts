import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { copyrightLine } from '../support/site-facts';
import { EXAMPLE_CATEGORY_PATH } from '../support/site-routes';

const MAIN_PHONE = '+971 4 347 1100';

test.describe('header at 1280 px', { tag: ['@site', '@shell'] }, () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('shows the navigation with the current section highlighted', async ({ page }) => {
    await page.goto(EXAMPLE_CATEGORY_PATH);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText([
      'Home',
      'About Us',
      'Management',
      'Certificates',
      'Products',
      'Projects',
      'Contact',
    ]);
    await expect(nav.getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    await page.getByRole('link', { name: 'Crescent Electrical Trading: home' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('Call Us copies the number, says Copied, and goes back after 3 s', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/about');
    const callUs = page.getByRole('button', { name: 'Call Us' });
    await callUs.hover();
    await expect(page.getByRole('tooltip')).toHaveText(`Copy to clipboard ${MAIN_PHONE}`);
    await callUs.click();
    await expect(page.getByRole('tooltip')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(MAIN_PHONE);
    await expect(page.getByRole('tooltip')).toHaveText(`Copy to clipboard ${MAIN_PHONE}`, { timeout: 5000 });
  });

  test('the search button opens the search dialog and Escape closes it', async ({ page }) => {
    await page.goto('/certificates');
    await page.getByRole('button', { name: 'Search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('Download Brochure downloads the catalogue and company profile PDF', async ({ page }) => {
    await page.goto('/home');
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download Brochure' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // A real, multi-page document: more than one page object.
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0).toBeGreaterThan(1);
  });

  test('footer: contacts, socials in a new tab, the lazy warehouse map and the copyright', async ({ page }) => {
    await page.goto('/home');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: MAIN_PHONE })).toHaveAttribute('href', 'tel:+97143471100');
    for (const name of [/LinkedIn/, /Instagram/]) {
      const social = footer.getByRole('link', { name });
      await expect(social).toHaveAttribute('target', '_blank');
      await expect(social).toHaveAttribute('rel', /noopener/);
    }
    // The map is only embedded when the footer comes near the viewport.
    await footer.getByRole('heading', { name: 'Locate Us' }).scrollIntoViewIfNeeded();
    await expect(footer.locator('iframe')).toHaveAttribute('loading', 'lazy');
    await expect(footer.locator('iframe')).toHaveAttribute('title', /Dubai warehouse/);
    await expect(footer).toContainText(copyrightLine());
  });
});

/**
 * Where the header's links and buttons are, what wraps and what overlaps, at the page's current width: one problem a
 * line, none when the header is one row (at 1280 px "About Us" and "Call Us" broke onto two lines).
 */
async function headerRowProblems(page: Page): Promise<string[]> {
  return page.getByRole('banner').evaluate((banner) => {
    const problems: string[] = [];
    const shown = [...banner.querySelectorAll<HTMLElement>('a, button')].filter(
      (element) => element.closest('[role="dialog"]') === null && element.getBoundingClientRect().width > 0,
    );
    const name = (element: HTMLElement) =>
      element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName;
    const boxes = shown.map((element) => ({ element, box: element.getBoundingClientRect() }));
    for (const { element, box } of boxes) {
      if (box.left < 0 || box.right > window.innerWidth)
        problems.push(`${name(element)} is cut off by the window's edge`);
      // A link or button named by its words (not an icon's label): its words are one line high.
      if (!element.hasAttribute('aria-label') && element.textContent?.trim()) {
        const words = document.createRange();
        words.selectNodeContents(element);
        const textHeight = words.getBoundingClientRect().height;
        const style = getComputedStyle(element);
        const lineHeight =
          style.lineHeight === 'normal' ? parseFloat(style.fontSize) * 1.2 : parseFloat(style.lineHeight);
        if (textHeight > lineHeight * 1.2)
          problems.push(
            `${name(element)} wraps: ${Math.round(textHeight)} px of text at ${Math.round(lineHeight)} px a line`,
          );
      }
    }
    const navTops = new Set(
      boxes.filter(({ element }) => element.closest('nav') !== null).map(({ box }) => Math.round(box.top)),
    );
    if (navTops.size !== 1) problems.push(`the navigation links are not on one row (tops ${[...navTops].join(', ')})`);
    boxes.forEach((first, index) => {
      for (const second of boxes.slice(index + 1)) {
        const overlap = Math.min(first.box.right, second.box.right) - Math.max(first.box.left, second.box.left);
        if (overlap > 0.5 && Math.min(first.box.bottom, second.box.bottom) > Math.max(first.box.top, second.box.top)) {
          problems.push(`${name(first.element)} overlaps ${name(second.element)}`);
        }
      }
    });
    const logo = banner.querySelector('img');
    if (logo === null || logo.getBoundingClientRect().width < 100) problems.push('the logo is squeezed below 100 px');
    return problems;
  });
}

for (const edition of [
  { name: 'English', prefix: '', nav: 'Main', menu: 'Open menu' },
  { name: 'Arabic', prefix: '/ar', nav: 'التنقل الرئيسي', menu: 'فتح القائمة' },
]) {
  test.describe(`header from 1025 px up, ${edition.name}`, { tag: ['@site', '@shell'] }, () => {
    test(`one row, nothing wrapped or overlapping, at 1025, 1280 and 1440 px; the drawer at 1024 px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1440, height: 800 });
      await page.goto(`${edition.prefix}/about`);
      for (const width of [1440, 1280, 1025]) {
        await page.setViewportSize({ width, height: 800 });
        await expect(page.getByRole('navigation', { name: edition.nav })).toBeVisible();
        expect(await headerRowProblems(page), `at ${width} px`).toEqual([]);
      }
      await page.setViewportSize({ width: 1024, height: 800 });
      await expect(page.getByRole('navigation', { name: edition.nav })).toBeHidden();
      await expect(page.getByRole('button', { name: edition.menu })).toBeVisible();
    });
  });
}

test.describe('header at 800 px', { tag: ['@site', '@shell'] }, () => {
  test.use({ viewport: { width: 800, height: 900 } });

  test('the menu button opens the drawer; an item closes it and navigates', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('link')).toHaveText([
      'Home',
      'About Us',
      'Management',
      'Certificates',
      'Products',
      'Projects',
      'Contact',
      'Career Opportunities',
    ]);
    await drawer.getByRole('link', { name: 'Career Opportunities' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/career-opportunities$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Career Opportunities' })).toBeVisible();
  });

  test('Escape closes the drawer and focus returns to the menu button', async ({ page }) => {
    await page.goto('/home');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    await expect(menuButton).toBeFocused();
  });
});

test.describe('header at 375 px', { tag: ['@site', '@shell'] }, () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('Call Us is a phone icon that dials the Dubai number', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('link', { name: `Call us on ${MAIN_PHONE}` })).toHaveAttribute(
      'href',
      'tel:+97143471100',
    );
    await expect(page.getByRole('button', { name: 'Call Us' })).toHaveCount(0);
  });

  test('the quote basket stays in the header on a phone, and its panel opens and closes from there', async ({
    page,
  }) => {
    await page.goto('/home');
    const basket = page.getByRole('banner').getByRole('button', { name: 'Quote basket, empty' });
    await expect(basket).toBeInViewport();
    await basket.click();
    const panel = page.getByRole('dialog', { name: 'Quote basket' });
    await expect(panel).toContainText('Your quote basket is empty.');
    await expect(panel.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/our-products');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(basket).toBeFocused();
  });
});
