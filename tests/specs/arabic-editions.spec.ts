// The two editions side by side. The header's language switch leads to the same page in the other language
// and remembers the choice (site_lang cookie); only '/' picks an edition (by that cookie or Accept-Language), no other
// address redirects by language; every page names both editions (hreflang en/ar/x-default) and its own as canonical;
// the sitemap lists both with their alternates.
import type { APIRequestContext, Page } from '@playwright/test';
import { LANGUAGE_COOKIE, localizedPath } from '@site/contracts/locale';
import { catalogueProductApiPath } from '@site/contracts/api';
import { categoryPath, productPath } from '@site/contracts/paths';
import type { ProductResponse } from '@site/contracts/catalogue-api';
import { test, expect } from '../support/fixtures';
import { decodeEntities } from '../support/page-checks';
import { siteCategories, siteProducts } from '../support/site-facts';
import {
  ARABIC_SITE_ROUTES,
  EXAMPLE_CATEGORY_PATH,
  EXAMPLE_PRODUCT,
  EXAMPLE_PRODUCT_PATH,
} from '../support/site-routes';
import { ARABIC } from '../support/ui-strings';

// The site's example product and category (site-routes.ts); the product's Arabic name as the site's API gives it.
const PRODUCT = EXAMPLE_PRODUCT_PATH;
async function arabicProductName(request: APIRequestContext): Promise<string> {
  const path = `${catalogueProductApiPath(EXAMPLE_PRODUCT.productId)}?lang=ar`;
  const response = await request.get(path);
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}`);
  return ((await response.json()) as ProductResponse).product.productName;
}

/** The header's language switch: it reads 'العربية' on English pages and 'English' on Arabic ones. */
const languageSwitch = (page: Page, label: 'العربية' | 'English') =>
  page
    .getByRole('banner')
    .locator('a, button')
    .filter({ hasText: new RegExp(`^\\s*${label}\\s*$`) });

async function languageCookie(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((cookie) => cookie.name === LANGUAGE_COOKIE)?.value;
}

test.describe('the language switch', { tag: ['@site', '@shell', '@catalogue', '@company'] }, () => {
  test('from a product page to the same product in Arabic and back; the choice is remembered and / follows it', async ({
    page,
    request,
    baseURL,
    consoleProblems,
  }) => {
    test.slow(); // a journey by nature: six page loads across both editions
    const arabicName = await arabicProductName(request);
    expect(arabicName, `the Arabic name of ${EXAMPLE_PRODUCT.productId}`).toMatch(ARABIC);
    await page.goto(PRODUCT);
    await expect(languageSwitch(page, 'العربية')).toHaveAttribute('lang', 'ar');
    await languageSwitch(page, 'العربية').click();
    await expect(page).toHaveURL(`${baseURL}/ar${PRODUCT}`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(ARABIC);
    await expect(page.locator('main')).toContainText(arabicName);
    expect(await languageCookie(page)).toBe('ar');

    // '/' now opens the Arabic edition.
    await page.goto('/');
    await expect(page).toHaveURL(`${baseURL}/ar/home`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');

    // ... and the switch back, from the product again.
    await page.goto(`/ar${PRODUCT}`);
    await expect(languageSwitch(page, 'English')).toHaveAttribute('lang', 'en');
    await languageSwitch(page, 'English').click();
    await expect(page).toHaveURL(`${baseURL}${PRODUCT}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).not.toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'Product Details' })).toBeVisible();
    expect(await languageCookie(page)).toBe('en');
    // only where '/' leads matters here
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page).toHaveURL(`${baseURL}/home`);
    expect(consoleProblems.messages).toEqual([]);
  });

  test('from a listing and from the contact page: the same page in the other edition', async ({ page, baseURL }) => {
    test.slow(); // a journey by nature: six page loads across both editions
    for (const path of [EXAMPLE_CATEGORY_PATH, '/contact-us']) {
      await page.goto(path);
      await languageSwitch(page, 'العربية').click();
      await expect(page).toHaveURL(`${baseURL}/ar${path}`);
      await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(ARABIC);
      await languageSwitch(page, 'English').click();
      await expect(page).toHaveURL(`${baseURL}${path}`);
    }
  });

  test('on a phone the switch is reachable too (header or menu)', async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/about');
    const inHeader = languageSwitch(page, 'العربية');
    if (!(await inHeader.isVisible())) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page
        .getByRole('dialog', { name: 'Menu' })
        .locator('a, button')
        .filter({ hasText: /^\s*العربية\s*$/ })
        .click();
    } else {
      await inHeader.click();
    }
    await expect(page).toHaveURL(`${baseURL}/ar/about`);
  });
});

test.describe('which addresses pick an edition', { tag: ['@site', '@shell', '@catalogue', '@company'] }, () => {
  // Where the server's redirects lead is all that matters here: followed by an API request, no browser (the browser's
  // own trip through them is the language switch's test above).
  test('/ follows Accept-Language when no choice is remembered; /ar is the Arabic home', async ({
    playwright,
    baseURL,
  }) => {
    for (const [acceptLanguage, expected] of [
      ['ar', '/ar/home'],
      ['ar-AE,ar;q=0.9,en;q=0.8', '/ar/home'],
      ['en-US,en;q=0.9', '/home'],
      ['fr-FR,fr;q=0.9', '/home'],
    ] as const) {
      // a new visitor each time: no cookie remembered from the one before
      const visitor = await playwright.request.newContext({
        baseURL,
        extraHTTPHeaders: { 'accept-language': acceptLanguage },
      });
      expect((await visitor.get('/')).url(), `Accept-Language: ${acceptLanguage}`).toBe(`${baseURL}${expected}`);
      expect((await visitor.get('/ar')).url()).toBe(`${baseURL}/ar/home`);
      await visitor.dispose();
    }
  });

  test('the remembered choice wins over Accept-Language at /', async ({ playwright, baseURL }) => {
    // an Arabic-speaking visitor who chose English before: the cookie in their jar, followed through the redirects
    const remembered = {
      name: LANGUAGE_COOKIE,
      value: 'en',
      domain: new URL(baseURL!).hostname,
      path: '/',
      expires: -1,
      httpOnly: false,
      secure: false,
      sameSite: 'Lax' as const,
    };
    const visitor = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { 'accept-language': 'ar' },
      storageState: { cookies: [remembered], origins: [] },
    });
    expect((await visitor.get('/')).url()).toBe(`${baseURL}/home`);
    await visitor.dispose();
  });

  /** The status and Location of a GET that does not follow redirects. */
  async function answer(request: APIRequestContext, path: string, language: 'en' | 'ar') {
    const response = await request.get(path, {
      maxRedirects: 0,
      headers: { cookie: `${LANGUAGE_COOKIE}=${language}`, 'accept-language': language },
    });
    return { status: response.status(), location: response.headers()['location'] };
  }

  test('no other address redirects by language: each edition answers whatever the cookie and Accept-Language say', async ({
    request,
  }) => {
    for (const { path, englishPath } of ARABIC_SITE_ROUTES) {
      expect
        .soft(await answer(request, englishPath, 'ar'), `${englishPath} for an Arabic visitor`)
        .toEqual({ status: 200, location: undefined });
      expect
        .soft(await answer(request, path, 'en'), `${path} for an English visitor`)
        .toEqual({ status: 200, location: undefined });
    }
  });

  test('in the browser too: an English page stays English for an Arabic visitor, and the other way round', async ({
    browser,
    baseURL,
  }) => {
    test.slow(); // four page loads, each until the shell has started (a redirect in the browser would come by then)
    // one visitor (context and page) per language, reused for its two addresses
    for (const [language, paths] of [
      ['ar', ['/home', PRODUCT]],
      ['en', ['/ar/home', `/ar${PRODUCT}`]],
    ] as const) {
      const context = await browser.newContext({
        baseURL,
        locale: language,
        extraHTTPHeaders: { 'accept-language': language },
      });
      const page = await context.newPage();
      for (const path of paths) {
        // the remembered choice as it was before each visit
        await context.addCookies([{ name: LANGUAGE_COOKIE, value: language, url: baseURL! }]);
        await page.goto(path);
        await page.locator('html[data-started]').waitFor({ state: 'attached' });
        await expect(page).toHaveURL(`${baseURL}${path}`);
      }
      await context.close();
    }
  });
});

/** The attributes of each tag `name` in `html` (`<link rel="alternate" hreflang="ar" href="…">` → { rel, hreflang, href }). */
function tags(html: string, name: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'gi'))].map((match) =>
    // quoted or not: the shell's minified template writes <html lang=en>
    Object.fromEntries(
      [...match[1]!.matchAll(/([\w:-]+)(?:=(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)].map((attribute) => [
        attribute[1]!.toLowerCase(),
        decodeEntities(attribute[2] ?? attribute[3] ?? attribute[4] ?? ''),
      ]),
    ),
  );
}

/** A page head's alternates by hreflang and its canonical URL. */
function headLinks(html: string) {
  const head = /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? '';
  const links = tags(head, 'link');
  return {
    alternates: Object.fromEntries(
      links.filter((link) => link.rel === 'alternate' && link.hreflang).map((link) => [link.hreflang!, link.href]),
    ),
    canonical: links.filter((link) => link.rel === 'canonical').map((link) => link.href),
    ogUrl: tags(head, 'meta').find((meta) => meta.property === 'og:url')?.content,
    html: tags(html, 'html')[0] ?? {},
    head,
  };
}

test.describe('hreflang, canonical URLs and the sitemap', {
  tag: ['@site', '@shell', '@catalogue', '@company'],
}, () => {
  for (const { path, englishPath, route } of ARABIC_SITE_ROUTES) {
    test(`${route.kind} page ${englishPath} and ${path}: alternates en/ar/x-default, canonical to its own edition`, async ({
      request,
      baseURL,
    }) => {
      // A query names a view of the page (a search's text), not another page: the head's addresses have none.
      const page = (address: string) => `${baseURL}${address.split('?')[0]}`;
      const alternates = { en: page(englishPath), ar: page(path), 'x-default': page(englishPath) };
      for (const [language, address] of [
        ['en', englishPath],
        ['ar', path],
      ] as const) {
        const response = await request.get(address);
        expect(response.status()).toBe(200);
        const head = headLinks(await response.text());
        expect.soft(head.alternates, `${address}: hreflang alternates`).toEqual(alternates);
        expect.soft(head.canonical, `${address}: canonical`).toEqual([page(address)]);
        expect.soft(head.ogUrl, `${address}: og:url`).toBe(page(address));
        expect.soft(head.html.lang, `${address}: <html lang>`).toBe(language);
        if (language === 'ar') {
          expect.soft(head.html.dir, `${address}: <html dir>`).toBe('rtl');
          const title = decodeEntities(/<title>([^<]*)<\/title>/.exec(head.head)?.[1] ?? '');
          expect.soft(title, `${address}: Arabic <title>`).toMatch(ARABIC);
          const meta = tags(head.head, 'meta');
          expect
            .soft(meta.find((m) => m.name === 'description')?.content ?? '', `${address}: Arabic description`)
            .toMatch(ARABIC);
          expect
            .soft(meta.find((m) => m.property === 'og:title')?.content ?? '', `${address}: Arabic og:title`)
            .toMatch(ARABIC);
          expect
            .soft(meta.find((m) => m.property === 'og:locale')?.content ?? 'ar', `${address}: og:locale`)
            .toMatch(/^ar/);
        }
        // The JSON-LD says which language it is written in.
        const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(head.head)?.[1] ?? '{}';
        const languages = [...json.matchAll(/"inLanguage":"([^"]+)"/g)].map((match) => match[1]);
        expect.soft(languages.length, `${address}: JSON-LD inLanguage`).toBeGreaterThan(0);
        expect.soft(new Set(languages), `${address}: JSON-LD inLanguage`).toEqual(new Set([language]));
      }
    });
  }

  test('the sitemap lists every page in both editions, each with its alternates', async ({ request, baseURL }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    const xml = await response.text();
    expect(xml).toMatch(/xmlns:xhtml="http:\/\/www\.w3\.org\/1999\/xhtml"/);
    const entries = new Map<string, Record<string, string>>();
    for (const [, body] of xml.matchAll(/<url>([\s\S]*?)<\/url>/g)) {
      const loc = decodeEntities(/<loc>([^<]*)<\/loc>/.exec(body!)?.[1] ?? '');
      const links = tags(body!, 'xhtml:link').filter((link) => link.rel === 'alternate');
      entries.set(loc, Object.fromEntries(links.map((link) => [link.hreflang!, link.href!])));
    }
    const englishPaths = [
      // the indexed pages only (the request-quote page is personal: noindex, not in the sitemap)
      ...ARABIC_SITE_ROUTES.filter(({ route }) => route.index && !route.path.includes(':')).map(
        ({ englishPath }) => englishPath,
      ),
      // the site's categories and products, as its catalogue API lists them
      ...(await siteCategories(request)).map((category) => categoryPath(category.id)),
      ...(await siteProducts(request)).map((product) => productPath(product.productCategoryId, product.id)),
    ];
    const problems: string[] = [];
    for (const englishPath of englishPaths) {
      const alternates = {
        en: `${baseURL}${englishPath}`,
        ar: `${baseURL}${localizedPath('ar', englishPath)}`,
        'x-default': `${baseURL}${englishPath}`,
      };
      for (const loc of [alternates.en, alternates.ar]) {
        const entry = entries.get(loc);
        if (!entry) problems.push(`${loc}: not listed`);
        else if (!sameAlternates(entry, alternates)) problems.push(`${loc}: alternates ${JSON.stringify(entry)}`);
      }
    }
    // Whatever else it lists comes in pairs too: each address names itself and its twin.
    for (const [loc, entry] of entries) {
      if (!entry.en || !entry.ar || entry['x-default'] !== entry.en || (loc !== entry.en && loc !== entry.ar))
        problems.push(`${loc}: alternates ${JSON.stringify(entry)}`);
      else if (!entries.has(loc === entry.en ? entry.ar : entry.en)) problems.push(`${loc}: its twin is not listed`);
    }
    expect([...new Set(problems)]).toEqual([]);
  });
});

function sameAlternates(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(b);
  return Object.keys(a).length === keys.length && keys.every((key) => a[key] === b[key]);
}
