// Every route of the table in the Arabic edition (/ar/…) renders in Arabic, right to left, with nothing of
// the English UI left, and fits a phone and a desktop without sideways scrolling; in the same visit, axe finds nothing
// and every preload is used once (one full load each: specs/every-page.spec.ts does the same for the English routes).
//
// "No English left" is checked three ways, each reported apart (soft checks: one run lists every leftover):
//   1. the English catalogue of UI strings (every app's src/i18n/en.json, support/ui-strings.ts): none of its pieces in
//      the page's visible text, title, or aria-label/alt/title/placeholder attributes;
//   2. the site's English data (products, categories, company texts: every text content/translations/ar/<file>.json translates):
//      none in the visible text;
//   3. the English twin page: no text of it with an English word is shown as it is on the Arabic page, besides texts that
//      are not translated by design (brand names, model codes: the data's strings without an Arabic text of their own).
// (3) catches English still written in the code, which (1) cannot see until it has moved into a catalog.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { catalogueListingApiPath, catalogueProductApiPath } from '@site/contracts/api';
import { QUOTE_REQUEST_SEGMENT } from '@site/contracts/paths';
import { test, expect } from '../support/fixtures';
import { axeViolations } from '../support/axe';
import { horizontalOverflow, watchPreloads } from '../support/page-checks';
import { siteCategories } from '../support/site-facts';
import { ARABIC_SITE_ROUTES } from '../support/site-routes';
import { REPO_ROOT } from '../support/site-server';
import {
  ARABIC,
  arabicDictionary,
  chatBarName,
  containsPhrase,
  englishData,
  englishUiStringsOn,
  CATALOG_APPS,
  readCatalog,
} from '../support/ui-strings';

/** The data files the site shows: one Arabic dictionary each in content/translations/ar/ (the content build checks it). */
const DATA_FILES = readdirSync(path.join(REPO_ROOT, 'content', 'translations', 'ar')).filter((file) =>
  file.endsWith('.json'),
);

/** A word of English prose (as content/src/arabic/translatable.ts reads it). */
const ENGLISH_WORD = /[A-Za-z][a-z]{2,}/;

/**
 * Every Arabic text of the site (the data's dictionaries and the apps' Arabic catalogs): English names they keep as they
 * are (a brand, a model code inside an Arabic sentence) are not leftovers when a page shows them.
 */
const ARABIC_TEXTS = [
  ...DATA_FILES.flatMap((file) => Object.values(arabicDictionary(file))),
  ...CATALOG_APPS.flatMap((app) => Object.values(readCatalog(app, 'ar'))),
].join('\n');

/** English data texts that have an Arabic text of their own (so must not show on an Arabic page). */
const translatedData: string[] = [
  ...new Set(
    DATA_FILES.flatMap((file) =>
      Object.entries(arabicDictionary(file))
        .filter(([english, arabic]) => english !== arabic && ENGLISH_WORD.test(english) && !english.includes('<'))
        .map(([english]) => english),
    ),
  ),
].filter((english) => !containsPhrase(ARABIC_TEXTS, english));

/** Every string of the English data files: what is not in `translatedData` is shown in both editions by design. */
function allStrings(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') into.add(value.trim());
  else if (Array.isArray(value)) for (const item of value) allStrings(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) allStrings(item, into);
  return into;
}
const untranslatedByDesign = new Set<string>();
for (const file of DATA_FILES) allStrings(englishData(file), untranslatedByDesign);
for (const text of translatedData) untranslatedByDesign.delete(text.trim());
// The language switch names English in English (lang="en"): the only English UI word an Arabic page may show.
untranslatedByDesign.add('English');
/** Whether a text of the English page is one the Arabic texts keep as it is (a brand or a code inside Arabic). */
const keptByArabic = (text: string) => containsPhrase(ARABIC_TEXTS, text);

/** The page's visible text nodes (each trimmed; whole nodes, as a template wrote them) that hold an English word. */
function englishTextNodes(page: Page): Promise<string[]> {
  return page.evaluate((pattern) => {
    const word = new RegExp(pattern);
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!word.test(text) || !parent || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(parent.tagName)) continue;
      if (!parent.checkVisibility({ visibilityProperty: true })) continue;
      found.add(text);
    }
    return [...found];
  }, ENGLISH_WORD.source);
}

/** English data texts shown in the page's visible text. */
async function englishDataOn(page: Page): Promise<string[]> {
  const visible = await page.evaluate(() => document.body.innerText);
  return translatedData.filter((english) => containsPhrase(visible, english));
}

/**
 * The Arabic data texts a route's example page must show (its records' names in Arabic), as the site's catalogue API
 * answers in Arabic: the categories, the listing's first product, the product's name and category.
 */
async function arabicNamesOf(request: APIRequestContext, kind: string, englishPath: string): Promise<string[]> {
  const [, , categoryId, productId] = englishPath.split('/');
  const arabic = await siteCategories(request, 'ar');
  if (kind === 'categories') return arabic.map((category) => category.title);
  if (kind === 'category') {
    const category = arabic.find((item) => item.id === decodeURIComponent(categoryId!))!;
    const listing = await request.get(`${catalogueListingApiPath(category.id)}?lang=ar`);
    const { products } = (await listing.json()) as { products: { productName: string }[] };
    return [category.title, products[0]!.productName];
  }
  if (kind === 'product') {
    const answer = await request.get(`${catalogueProductApiPath(decodeURIComponent(productId!))}?lang=ar`);
    const { product } = (await answer.json()) as { product: { productName: string; categoryName: string } };
    return [product.productName, product.categoryName];
  }
  return [];
}

test.describe('the Arabic edition: every route in Arabic, right to left', {
  tag: ['@site', '@shell', '@catalogue', '@company', '@contact'],
}, () => {
  for (const { path, englishPath, route } of ARABIC_SITE_ROUTES) {
    test(`${path}`, async ({ page, context, request, consoleProblems }) => {
      // two full page loads (the Arabic page and its English twin) and axe's analysis: 3–8 s of CPU alone
      test.setTimeout(120_000);
      const preloads = watchPreloads(page);
      // The addresses behind a console's 'Failed to load resource' (its text does not name them).
      const failed: string[] = [];
      page.on('response', (answer) => {
        if (answer.status() >= 400) failed.push(`${answer.status()} ${new URL(answer.url()).pathname}`);
      });
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      // Right to left from the server's HTML on, and still once the shell has taken the page over.
      expect
        .soft(await response!.text(), 'the server writes <html lang="ar" dir="rtl">')
        .toMatch(/<html(?=[^>]*\slang="?ar\b)(?=[^>]*\sdir="?rtl\b)[^>]*>/);
      await expect.soft(page.locator('html')).toHaveAttribute('lang', 'ar');
      await expect.soft(page.locator('html')).toHaveAttribute('dir', 'rtl');
      const heading = page.getByRole('heading', { level: 1 }).first();
      await expect(heading).toBeVisible();
      await expect.soft(heading, 'the h1 is Arabic').toHaveText(ARABIC);
      await expect.soft(page, 'the title is Arabic').toHaveTitle(ARABIC);
      for (const name of await arabicNamesOf(request, route.kind, englishPath)) {
        await expect.soft(page.locator('main'), 'the records are named in Arabic').toContainText(name);
      }

      // The chat (it loads once the page is idle: on a desktop's first visit its panel is open, but for the request
      // page's, where it starts minimized: its bar) and lazy parts.
      const chatLoaded = (tab: Page, locale: 'en' | 'ar') =>
        route.path === QUOTE_REQUEST_SEGMENT
          ? tab.getByRole('button', { name: chatBarName(locale), exact: true })
          : tab.getByRole('log');
      await expect(chatLoaded(page, 'ar')).toBeVisible();
      await page.waitForLoadState('networkidle');
      // axe (WCAG 2.2 AA and best practices, as on the English pages) on the page as it loaded; the states a visitor
      // opens on it are in arabic-accessibility.spec.ts
      expect.soft(await axeViolations(page), 'axe violations').toEqual([]);
      // every preload used once, none fetched twice (as every-page.spec.ts checks the English routes)
      const html = await response!.text();
      expect
        .soft(
          preloads.requestsOf(html).filter(({ requests }) => requests !== 1),
          'preloads not requested exactly once',
        )
        .toEqual([]);
      expect.soft(await preloads.unusedWarnings(), 'preloads not used').toEqual([]);
      await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
      await page.waitForLoadState('networkidle');

      expect
        .soft(await englishUiStringsOn(page), 'English UI strings (src/i18n/en.json) on the Arabic page')
        .toEqual([]);
      expect
        .soft(
          await englishDataOn(page),
          'English data texts (content/translations/ar/*.json translate them) on the Arabic page',
        )
        .toEqual([]);

      // The English twin, in another tab of the same visit: its texts with English words the Arabic page repeats.
      const twin = await context.newPage();
      await twin.goto(englishPath);
      await expect(chatLoaded(twin, 'en')).toBeVisible();
      await twin.getByRole('contentinfo').scrollIntoViewIfNeeded();
      await twin.waitForLoadState('networkidle');
      const englishTexts = new Set(await englishTextNodes(twin));
      await twin.close();
      const repeated = (await englishTextNodes(page)).filter(
        (text) => englishTexts.has(text) && !untranslatedByDesign.has(text) && !keptByArabic(text),
      );
      expect.soft(repeated, `texts of ${englishPath} shown untranslated on ${path}`).toEqual([]);

      // No sideways scrolling on a desktop and on a phone.
      // Polled: what follows the screen size in script (useMediaQuery) re-renders a moment after the resize.
      await expect.soft
        .poll(() => horizontalOverflow(page), { message: 'horizontal overflow at 1280 px' })
        .toBe('none');
      await page.setViewportSize({ width: 375, height: 740 });
      await page.waitForFunction(() => document.documentElement.clientWidth <= 375);
      await expect.soft.poll(() => horizontalOverflow(page), { message: 'horizontal overflow at 375 px' }).toBe('none');

      expect(consoleProblems.messages, `console errors (failed requests: ${failed.join(', ') || 'none'})`).toEqual([]);
    });
  }
});
