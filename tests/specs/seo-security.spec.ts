// The server-written page heads and the security headers, in a real Chromium with the Content-Security-Policy in
// force: every route renders with no CSP violation or console error, the JSON-LD is in the HTML before any script
// runs, and the chat and the contact form still work. Header details are in server/src/platform/http/*.test.ts.
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { productPath } from '@site/contracts/paths';
import { categoryQuestion, nextChatAnswer, shownText } from '../support/chat-answers';
import { test, expect, localOnly, overrideRemoteEntry } from '../support/fixtures';
import { siteProduct, siteProducts } from '../support/site-facts';
import { titleOf, watchCspViolations } from '../support/page-checks';
import { EXAMPLE_PRODUCT, EXAMPLE_PRODUCT_PATH } from '../support/site-routes';
import { REPO_ROOT, startSite, type RunningSite } from '../support/site-server';

interface Product {
  id: string;
  productCategoryId: string;
  productName: string;
}
const readJson = <T>(file: string): T => JSON.parse(readFileSync(path.join(REPO_ROOT, file), 'utf8')) as T;
// the seed's products: the server this file starts itself (with the catalogue on another origin) has those
const products = readJson<Product[]>('content/data/products.json');

const SITE = 'Crescent Electrical Trading';

/** GET `url` with a Host header of the caller's choosing (fetch and Playwright's request set their own). */
function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { host, 'x-forwarded-host': host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test.describe('with the Content-Security-Policy in force', { tag: ['@site', '@shell', '@catalogue'] }, () => {
  // Every route of the table: specs/every-page.spec.ts, in its one visit of each. Here the address the route table
  // replaces with /home.
  for (const route of [{ path: '/', heading: 'Electrical Products & Industrial Solutions' }]) {
    test(`${route.path}: renders with no CSP violation or console error; the client keeps the server's title`, async ({
      page,
      consoleProblems,
    }) => {
      const violations = await watchCspViolations(page);
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      const policy = response?.headers()['content-security-policy'] ?? '';
      expect(policy).toContain("script-src 'self'");
      expect(policy).not.toContain('unsafe-eval');
      const serverTitle = titleOf(await response!.text());
      expect(serverTitle).toMatch(new RegExp(` \\| ${SITE}$`));

      await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
      await expect(page).toHaveTitle(serverTitle);
      // The JSON-LD data block is in the document and was not reported as a blocked inline script.
      expect(await page.locator('head script[type="application/ld+json"]').count()).toBe(1);
      // Bring the lazy footer map (frame-src) and the lazy images into view.
      await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
      await page.waitForLoadState('networkidle');
      expect(await violations()).toEqual([]);
      expect(consoleProblems.messages).toEqual([]);
    });
  }

  // The policy allows one inline script by its hash (the one that starts the page's scripts after its first paint):
  // an injected one, as a stored or reflected XSS would put in the page, must still be refused.
  test('an inline script other than the allowed one is blocked, in the HTML and added later', async ({ page }) => {
    const violations = await watchCspViolations(page);
    await page.route(EXAMPLE_PRODUCT_PATH, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        '</main>',
        '<script>window.__injected = "from the HTML"</script></main>',
      );
      await route.fulfill({ response, body: html });
    });
    await page.goto(EXAMPLE_PRODUCT_PATH);
    await page.locator('html[data-started]').waitFor({ state: 'attached' });
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = "added later"';
      document.body.append(script);
    });
    expect(await page.evaluate(() => (window as unknown as { __injected?: string }).__injected)).toBeUndefined();
    // the allowed script ran: the page started, and nothing else was refused
    expect((await violations()).filter((line) => line.startsWith('script-src'))).toHaveLength(2);
  });

  test("an unknown product: 404 with the 'Page not found' head; the page still renders its frame", async ({
    page,
    consoleProblems,
  }) => {
    const violations = await watchCspViolations(page);
    const response = await page.goto(productPath(EXAMPLE_PRODUCT.categoryId, 'no_such_product'));
    expect(response?.status()).toBe(404);
    expect(titleOf(await response!.text())).toBe(`Page not found | ${SITE}`);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
    expect(await violations()).toEqual([]);
    // Chromium logs the 404s themselves (the page, the product's reviews); nothing else.
    expect(
      consoleProblems.messages.filter((message) => !message.includes('the server responded with a status of 404')),
    ).toEqual([]);
  });

  test('a remote on an origin the CSP does not list is refused (the CSP is really enforced)', async ({
    page,
    baseURL,
    consoleProblems,
  }) => {
    const violations = await watchCspViolations(page);
    // the same server under another name: another origin, not in this server's script-src/connect-src
    const elsewhere = new URL(baseURL!);
    elsewhere.hostname = 'localhost';
    await overrideRemoteEntry(page, 'catalogue', `${elsewhere.origin}/remotes/catalogue/mf-manifest.json`);
    await page.goto('/our-products');
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await expect.poll(violations).toContainEqual(expect.stringContaining(`connect-src blocked ${elsewhere.origin}`));
    // ... and Chromium reports it as a console error, which is what the other tests' consoleProblems would catch
    expect(consoleProblems.messages).toContainEqual(expect.stringContaining('Content Security Policy'));
  });
});

test.describe('a remote on another origin, configured with REMOTE_CATALOGUE_URL', {
  tag: ['@local', '@shell', '@catalogue'],
}, () => {
  localOnly('starts its own server with the catalogue on another origin');
  let site: RunningSite;

  test.beforeAll(async ({ baseURL }) => {
    test.setTimeout(60_000); // a second server (its embedded database starts too) on a busy machine
    // The catalogue comes from the main test server, named localhost (another origin than this site's 127.0.0.1).
    const remoteOrigin = new URL(baseURL!);
    remoteOrigin.hostname = 'localhost';
    site = await startSite({ REMOTE_CATALOGUE_URL: `${remoteOrigin.origin}/remotes/catalogue/mf-manifest.json` });
  });
  test.afterAll(async () => {
    await site?.stop();
  });

  test('its origin is in script-src and connect-src; listing and details load from it with no violation', async ({
    page,
    consoleProblems,
    baseURL,
  }) => {
    const remoteOrigin = new URL(baseURL!);
    remoteOrigin.hostname = 'localhost';
    const violations = await watchCspViolations(page);
    const fromRemote: string[] = [];
    page.on('response', (response) => {
      if (response.url().startsWith(`${remoteOrigin.origin}/remotes/catalogue/`)) fromRemote.push(response.url());
    });
    const product = products[0]!;
    const response = await page.goto(`${site.url}${productPath(product.productCategoryId, product.id)}`);
    expect(response?.headers()['content-security-policy']).toMatch(
      new RegExp(`script-src 'self' ${remoteOrigin.origin}[ ;]`),
    );
    expect(response?.headers()['content-security-policy']).toMatch(
      new RegExp(`connect-src 'self' ${remoteOrigin.origin};`),
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Product Details' })).toBeVisible();
    await expect(page).toHaveTitle(`${product.productName} | ${SITE}`);
    expect(fromRemote.some((url) => url.endsWith('/mf-manifest.json'))).toBe(true);
    expect(fromRemote.some((url) => url.endsWith('.js'))).toBe(true);
    expect(await violations()).toEqual([]);
    expect(consoleProblems.messages).toEqual([]);
  });
});

test.describe('the product head, before any script runs', { tag: ['@site', '@shell', '@catalogue'] }, () => {
  test('the HTML of a product page carries its title, canonical URL, Open Graph tags and Product JSON-LD', async ({
    request,
    baseURL,
  }) => {
    // the site's example product (site-routes.ts), as its catalogue API describes it
    const answer = await siteProduct(request, EXAMPLE_PRODUCT.productId);
    if (answer === undefined) throw new Error(`the site has no product ${EXAMPLE_PRODUCT.productId}, its example`);
    const { listing: product, product: detail } = answer;
    const url = EXAMPLE_PRODUCT_PATH;
    const response = await request.get(url);
    expect(response.status()).toBe(200);
    const html = await response.text();
    const head = /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? '';

    expect(titleOf(head)).toBe(`${product.productName} | ${SITE}`);
    expect(head).toMatch(/<meta name="description" content="[^"]{40,}">/);
    expect(head).toContain(`<link rel="canonical" href="${baseURL}${url}">`);
    expect(head).toContain('<meta property="og:type" content="product">');
    expect(head).toContain(`<meta property="og:url" content="${baseURL}${url}">`);

    // The JSON-LD comes before the first script the browser would run.
    const ldAt = head.indexOf('<script type="application/ld+json">');
    const firstScript = head.search(/<script (?!type="application\/ld\+json")/);
    expect(ldAt).toBeGreaterThan(-1);
    expect(firstScript).toBeGreaterThan(ldAt);
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(head)?.[1] ?? '';
    const graph = (JSON.parse(json) as { '@graph': Record<string, unknown>[] })['@graph'];
    // a product of several variants is a ProductGroup (its first variant's code its group id), one of one a Product
    const ld = graph.find((entity) => entity['@type'] === 'ProductGroup' || entity['@type'] === 'Product');
    expect(ld).toMatchObject({
      name: product.productName,
      category: detail.categoryName,
      url: `${baseURL}${url}`,
      ...(ld?.['@type'] === 'ProductGroup' ? { productGroupID: product.code } : { sku: product.code }),
    });
    // the product's drawing, or the widest WebP of a photo uploaded for it
    expect(String(ld?.image)).toMatch(new RegExp(`^${baseURL}/(images/products/.+\\.svg|.+\\.webp)$`));
    expect(String(ld?.description).length).toBeGreaterThan(40);
    // its brands as the page names them: one a Brand, several a list of them
    const brands = (detail.company ?? product.company?.split(', ') ?? []).map((name) => ({ '@type': 'Brand', name }));
    expect(ld?.brand).toEqual(brands.length > 1 ? brands : brands[0]);
    expect(graph.find((entity) => entity['@type'] === 'BreadcrumbList')).toBeTruthy();

    // and the image it names is served
    expect((await request.get(String(ld?.image))).status()).toBe(200);
  });

  test('robots.txt points at the sitemap, and the sitemap lists every product', async ({ request, baseURL }) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const product of await siteProducts(request)) {
      expect(sitemap).toContain(`<loc>${baseURL}${productPath(product.productCategoryId, product.id)}</loc>`);
    }
  });
});

test.describe("the site's origin is the server's, not the visitor's Host", {
  tag: ['@site', '@shell', '@catalogue'],
}, () => {
  test('pages, robots.txt and the sitemap name the server whatever Host the request sends', async ({ baseURL }) => {
    for (const host of ['evil.attacker.example', 'x1.attacker.example:8443']) {
      const page = await getWithHost(`${baseURL}/about`, host);
      // A site that lists its names (ALLOWED_HOSTS, as a deployment does: README.md) refuses any other Host as
      // misdirected, naming no one; the suite's own server lists none and answers with its own origin.
      if (page.status === 421) {
        expect(page.body).not.toContain('attacker');
        continue;
      }
      expect(page.status).toBe(200);
      expect(page.body).toContain(`<link rel="canonical" href="${baseURL}/about">`);
      expect(page.body).not.toContain('attacker');
      for (const file of ['/robots.txt', '/sitemap.xml']) {
        const answer = await getWithHost(`${baseURL}${file}`, host);
        expect(answer.body).toContain(`${baseURL}/`);
        expect(answer.body).not.toContain('attacker');
      }
    }
  });
});

test.describe('odd addresses a prober tries', { tag: ['@site', '@shell', '@catalogue'] }, () => {
  test("a broken percent escape gets the site's 404 page, and the page still draws its frame", async ({ page }) => {
    const response = await page.goto('/our-products/%ZZ');
    expect(response?.status()).toBe(404);
    const html = await response!.text();
    expect(titleOf(html)).toBe(`Page not found | ${SITE}`);
    expect(html).not.toContain('FST_ERR');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('/index.html leads to /home, with its head', async ({ page }) => {
    const response = await page.goto('/index.html');
    expect(new URL(page.url()).pathname).toBe('/home');
    expect(titleOf(await response!.text())).toBe(`Home | ${SITE}`);
  });
});

test.describe('the Permissions-Policy in force', { tag: ['@site', '@shell', '@catalogue'] }, () => {
  test('camera, microphone, geolocation, payment... are off in the page; each name is one Chromium knows; clipboard-write stays', async ({
    page,
  }) => {
    const response = await page.goto('/home');
    const denied = String(response?.headers()['permissions-policy'])
      .split(',')
      .map((directive) => directive.trim().replace(/=\(\)$/, ''));
    expect(denied).toEqual(expect.arrayContaining(['camera', 'microphone', 'geolocation', 'payment']));
    const policy = await page.evaluate((features) => {
      const featurePolicy = (
        document as unknown as { featurePolicy: { features(): string[]; allowsFeature(name: string): boolean } }
      ).featurePolicy;
      return {
        unknown: features.filter((name) => !featurePolicy.features().includes(name)),
        allowed: features.filter((name) => featurePolicy.allowsFeature(name)),
        clipboardWrite: featurePolicy.allowsFeature('clipboard-write'),
      };
    }, denied);
    expect(policy).toEqual({ unknown: [], allowed: [], clipboardWrite: true });
  });
});

test.describe('interactive parts under the CSP', { tag: ['@site', '@shell', '@catalogue'] }, () => {
  test('the chat answers and the contact form sends, with no CSP violation or console error', async ({
    page,
    consoleProblems,
  }) => {
    const violations = await watchCspViolations(page);
    await page.addInitScript(() => {
      if (window !== window.top) return;
      window.localStorage.setItem(
        'crescent-chat-visitor',
        JSON.stringify({
          userName: 'Aisha Rahman',
          userEmail: 'aisha@example.com',
          userCountry: 'Oman',
          timestamp: '2025-01-05T09:05:00.000Z',
        }),
      );
    });
    const mapRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith('https://www.google.com/maps')) mapRequests.push(request.url());
    });
    await page.goto('/contact-us');

    // the chat: a question answered by the server
    const chat = page.getByRole('dialog', { name: 'Crescent Assistant' });
    await expect(chat.getByRole('log', { name: 'Chat messages' })).toContainText('Welcome back, Aisha Rahman!');
    const input = chat.getByRole('textbox', { name: 'Type your message' });
    // a category of the site under test, and the answer the site gives (support/chat-answers.ts)
    await input.fill(categoryQuestion(EXAMPLE_PRODUCT.categoryTitle));
    const reply = nextChatAnswer(page);
    await input.press('Enter');
    await expect(chat.getByRole('log', { name: 'Chat messages' }).getByRole('listitem').last()).toContainText(
      shownText((await reply).answer),
    );

    // the contact form: a message the server accepts
    const form = page.getByRole('form', { name: 'Send us a message' });
    const field = (label: string) => form.getByRole('textbox', { name: label, exact: true });
    await field('Name').fill('Aisha Rahman');
    await field('Email').fill('aisha@example.com');
    await field('Message').fill('Please quote 200 brass cable glands, size 20S.');
    await field('23 - 14 = ?').fill('9');
    const sent = page.waitForResponse(
      (r) => r.url().endsWith('/api/send-contact-form') && r.request().method() === 'POST',
    );
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect((await sent).status()).toBe(200);
    await expect(form.locator('#message-form-status')).toHaveText(
      "Thank you for your message! We'll get back to you within 24 hours.",
    );

    // the branch map frame: frame-src lets it be requested (there may be no network to answer it)
    await page.locator('main iframe').first().scrollIntoViewIfNeeded();
    await expect.poll(() => mapRequests.length).toBeGreaterThan(0);
    // Not 'networkidle': the map frames fail here (no internet) and a frame that failed after the page loaded never
    // reports idle to Playwright. A request that was made was not blocked; a blocked one is reported at once.
    await page.waitForLoadState('load');
    expect(await violations()).toEqual([]);
    expect(consoleProblems.messages).toEqual([]);
  });
});
