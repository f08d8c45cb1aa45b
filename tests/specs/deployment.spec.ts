// The built server with the settings README.md's deployment section asks of every deployment (ALLOWED_HOSTS,
// PUBLIC_SITE_URL, TRUST_PROXY): every kind of page, in both editions, still arrives drawn by the server. They once did
// not: the catalogue's pages read the catalogue API in-process under a host the list refused, and said "Could not
// load … (HTTP 421)". The pages are checked from their HTML (a plain request, no browser), one product page in Chromium.
import { test, expect, localOnly } from '../support/fixtures';
import { freePort, startSite, type RunningSite } from '../support/site-server';

localOnly('starts a server of its own with the deployment settings');

const PRODUCT_PATH = 'our-products/industrial_cable_glands/hex_cw_brass_cable_gland';
const PRODUCT = { en: 'CW Brass Cable Gland for SWA Cable, Indoor/Outdoor (IP66)', ar: 'جلبة كابل CW من النحاس الأصفر لكابلات SWA، للاستخدام الداخلي/الخارجي (IP66)' };

/** Each kind of page: its address, its heading, and a text of its content (the data it starts from, when it has any). */
const PAGES = [
  { path: '/home', heading: 'Electrical Products & Industrial Solutions' },
  { path: '/about', heading: 'About Us' },
  { path: '/management', heading: 'Management' },
  { path: '/certificates', heading: 'Certificates' },
  { path: '/our-projects', heading: 'Our Projects' },
  { path: '/career-opportunities', heading: 'Career Opportunities' },
  { path: '/contact-us', heading: 'Contact Us', text: 'Send us a message' },
  { path: '/our-products', heading: 'Our Products', text: 'Industrial Cable Glands' },
  { path: '/our-products/industrial_cable_glands', heading: 'Industrial Cable Glands', text: PRODUCT.en },
  { path: `/${PRODUCT_PATH}`, heading: 'Product Details', text: PRODUCT.en },
  { path: '/search?q=gland', heading: 'Search results', text: PRODUCT.en },
  { path: '/ar/home', heading: 'المنتجات الكهربائية والحلول الصناعية' },
  { path: '/ar/about', heading: 'من نحن' },
  { path: '/ar/contact-us', heading: 'اتصل بنا', text: 'أرسل لنا رسالة' },
  { path: '/ar/our-products', heading: 'منتجاتنا', text: 'جلب الكابلات الصناعية' },
  { path: '/ar/our-products/industrial_cable_glands', heading: 'جلب الكابلات الصناعية', text: PRODUCT.ar },
  { path: `/ar/${PRODUCT_PATH}`, heading: 'تفاصيل المنتج', text: PRODUCT.ar },
  { path: '/ar/search?q=gland', heading: 'نتائج البحث', text: PRODUCT.ar },
];

let site: RunningSite | undefined;
let publicUrl = '';

// one server for the file: its tests in one worker, in order
test.describe.configure({ mode: 'default', timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  // README.md, "Deploy it": the balancer's address, the public origin, the site's names
  site = await startSite({ TRUST_PROXY: 'loopback', PUBLIC_SITE_URL: publicUrl, ALLOWED_HOSTS: '127.0.0.1' }, { port });
});

test.afterAll(async () => {
  await site?.stop();
});

/** What the server drew inside <div id="root"> (the no-script sentence follows it), as text. */
function drawnText(html: string): { headings: string[]; text: string } {
  const start = html.search(/<div id="?root"?>/);
  const end = html.indexOf('<noscript', start);
  const root = start === -1 ? '' : html.slice(start, end === -1 ? undefined : end);
  const plain = (markup: string) =>
    markup
      .replace(/<[^>]+>/g, '')
      .replace(/&amp;/g, '&')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"');
  return { headings: [...root.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => plain(match[1] ?? '')), text: plain(root) };
}

test.describe('the deployment settings of README.md', { tag: ['@local', '@shell', '@catalogue', '@company', '@contact'] }, () => {
  test('the start message names the public address', () => {
    expect(site?.output()).toContain(`Site ready at ${publicUrl} `);
  });

  for (const { path, heading, text } of PAGES) {
    test(`${path} arrives drawn by the server`, async ({ request }) => {
      const response = await request.get(`${publicUrl}${path}`);
      expect(response.status()).toBe(200);
      const drawn = drawnText(await response.text());
      expect(drawn.headings).toEqual([heading]);
      if (text !== undefined) expect(drawn.text).toContain(text);
      expect(drawn.text).not.toContain('Could not load');
      expect(drawn.text).not.toContain('needs JavaScript');
    });
  }

  test('a product page in the browser shows the product and no error', async ({ page, consoleProblems }) => {
    await page.goto(`${publicUrl}/${PRODUCT_PATH}`);
    await expect(page.getByRole('heading', { level: 2, name: PRODUCT.en })).toBeVisible();
    await expect(page.getByText('Could not load')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    expect(consoleProblems.messages).toEqual([]);
  });
});
