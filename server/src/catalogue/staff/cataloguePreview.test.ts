// The staff preview of a product's draft (/staff/preview/products/:id) through the whole app, on both databases: the
// catalogue role sees the draft's price and name drawn by the page's server rendering, the public page at the same
// moment the published ones; branch staff, signed-out and cross-site requests get nothing of the draft; the answer is
// no-store, noindex and script-free. The server-render modules are small stand-ins in the shape a build writes (as in
// ssr/firstView.test.ts): they draw what the page's catalogue API answered, so what they print is what the product
// page was given. The real page drawing a draft is tried in Chromium (tests/specs/staff-catalogue.spec.ts).
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { STAFF_API, staffApiPath, staffPreviewPath } from '@site/contracts/staff-api';
import type { EditorProduct } from '@site/contracts/staff-catalogue-api';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../../test-support/databases.js';
import { catalogueEditorApp } from '../../test-support/catalogueEditorApp.js';
import { writeFiles } from '../../test-support/files.js';
import { escapeRegExp } from '../../test-support/regexp.js';
import { addStaffAccount, onStaffOrigin, signInStaff, staffCall } from '../../test-support/staffSignIn.js';

const PRODUCT = 'hex_cw_brass_cable_gland';
const PUBLIC_PAGE = `/our-products/industrial_cable_glands/${PRODUCT}`;

// The shell's module draws the product it was given (its name and price) and a script, which the preview must drop.
const SHELL_MODULE = `
exports.sharedUi = {};
exports.sharedStore = {};
exports.renderPage = async ({ url, params, fetch, locale }) => {
  const response = await fetch('/api/catalogue/products/' + params.productId + (locale === 'ar' ? '?lang=ar' : ''));
  const body = response.ok ? await response.json() : { product: { productName: 'none' }, listing: {} };
  return {
    html: '<main data-url="' + url + '"><h1>' + body.product.productName + '</h1><p>Price ' + body.listing.price + '</p><p>Variants ' + body.variants.map((v) => v.code + ' ' + v.label).join(', ') + '</p><script>window.hydrated = 1</script></main>',
    head: '<style data-styled="active">.a{color:red}</style>',
    state: {},
  };
};
`;
const CATALOGUE_MODULE = `
exports.exposes = { './ProductDetailsPage': { default: 'page', loadFirstView: () => undefined } };
`;

async function previewSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  const { app, db, fixture } = await catalogueEditorApp(t, target);
  await writeFiles(fixture.root, {
    'shell/dist/server-render.json': '{"module":"server/render.0a1b2c3d.js"}',
    'shell/dist/server/render.0a1b2c3d.js': SHELL_MODULE,
    'mfe-catalogue/dist/server-render.json': '{"module":"server/render.1a2b3c4d.js"}',
    'mfe-catalogue/dist/server/render.1a2b3c4d.js': CATALOGUE_MODULE,
  });
  await addStaffAccount(db, 'layla@crescent.example', 'catalogue');
  await addStaffAccount(db, 'omar@crescent.example', 'branch', 'Dubai');
  const layla = await signInStaff(app, 'layla@crescent.example');
  const omar = await signInStaff(app, 'omar@crescent.example');
  const productUrl = (pattern: string) => staffApiPath(pattern, { id: PRODUCT });

  const { version, published } = (
    await staffCall(app, layla, 'GET', productUrl(STAFF_API.catalogueProduct))
  ).json<EditorProduct>();
  const saved = await staffCall(app, layla, 'PUT', productUrl(STAFF_API.catalogueDraft), {
    baseVersion: version,
    // the first variant's price lowered and the second withdrawn: the listing's price is the lowest published one
    content: {
      ...published,
      variants: published.variants?.map((variant, index) =>
        index === 0 ? { ...variant, price: '7.25' } : index === 1 ? { ...variant, published: false } : variant,
      ),
      productName: 'Draft-only gland name',
      productName_ar: 'جلاند المسودة فقط',
    },
  });
  assert.equal(saved.statusCode, 200, saved.body);
  const preview = (locale: 'en' | 'ar', headers: Record<string, string>) =>
    app.inject({
      method: 'GET',
      url: staffPreviewPath(PRODUCT, locale),
      headers: { ...onStaffOrigin(app), ...headers },
    });

  await t.test(
    'the catalogue role sees the draft, in both languages, as the page draws it: no script, no-store, noindex',
    async () => {
      const res = await preview('en', { cookie: layla.cookie });
      assert.equal(res.statusCode, 200, res.body);
      assert.match(
        res.body,
        /<h1>Draft-only gland name<\/h1><p>Price 7.25<\/p><p>Variants HEX-CW-20S Size 20S \(M20\), HEX-CW-25 Size 25 \(M25\), /,
      );
      assert.match(res.body, new RegExp(`data-url="${PUBLIC_PAGE}"`), 'drawn at the public page address');
      assert.match(res.body, /Preview of the draft: not published/);
      assert.doesNotMatch(res.body, /<script/i, 'no script of the page or the shell is sent');
      assert.match(res.body, /<meta name="robots" content="noindex, nofollow">/);
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.equal(res.headers['x-robots-tag'], 'noindex, nofollow');
      assert.match(String(res.headers['content-security-policy']), /script-src 'none'/);

      const arabic = await preview('ar', { cookie: layla.cookie });
      assert.equal(arabic.statusCode, 200, arabic.body);
      assert.match(
        arabic.body,
        /<h1>جلاند المسودة فقط<\/h1><p>Price 7.25<\/p><p>Variants HEX-CW-20S المقاس 20S \(M20\), HEX-CW-25 /,
      );
      assert.match(arabic.body, new RegExp(`data-url="/ar${PUBLIC_PAGE}"`));
      assert.match(arabic.body, /معاينة المسودة: غير منشورة/);
    },
  );

  await t.test(
    'the public page and API meanwhile show the published product, and no cached page carries the draft',
    async () => {
      const page = await app.inject({ method: 'GET', url: PUBLIC_PAGE });
      assert.equal(page.statusCode, 200);
      assert.doesNotMatch(page.body, /Draft-only|77\.25/);
      assert.match(page.body, new RegExp(`<h1>${escapeRegExp(published.productName)}</h1>`));
      const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' });
      assert.doesNotMatch(sitemap.body, /staff\/preview/);
      const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
      assert.match(robots.body, /Disallow: \/staff\//);
    },
  );

  await t.test('branch staff, the signed out, cross-site requests and bad ids get no draft', async () => {
    const branch = await preview('en', { cookie: omar.cookie });
    assert.equal(branch.statusCode, 403);
    assert.match(branch.body, /Only the catalogue role and administrators can preview the catalogue/);
    const signedOut = await preview('en', {});
    assert.equal(signedOut.statusCode, 401);
    assert.match(signedOut.body, /Sign in to the staff app/);
    const forged = await preview('en', { cookie: 'staff_session=AAAA' });
    assert.equal(forged.statusCode, 401);
    // signed in, but asked by another site (a link or a frame there): refused whatever its cookie
    const crossSite: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
    ];
    for (const headers of crossSite) {
      const res = await preview('en', { cookie: layla.cookie, ...headers });
      assert.equal(res.statusCode, 403, JSON.stringify(headers));
      assert.match(res.body, /opens only from the site itself/);
    }
    for (const res of [branch, signedOut, forged]) {
      assert.doesNotMatch(res.body, /Draft-only|77\.25/);
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.equal(res.headers['x-robots-tag'], 'noindex, nofollow');
    }
    const unknown = await app.inject({
      method: 'GET',
      url: staffPreviewPath('no_such_product'),
      headers: { ...onStaffOrigin(app), cookie: layla.cookie },
    });
    assert.equal(unknown.statusCode, 404);
    const bad = await app.inject({
      method: 'GET',
      url: '/staff/preview/products/a%00b',
      headers: { ...onStaffOrigin(app), cookie: layla.cookie },
    });
    assert.equal(bad.statusCode, 404);
  });
}

test('the staff preview on embedded PGlite', async (t) => {
  await previewSuite(t, pgliteTarget);
});

test('the staff preview on PostgreSQL', async (t) => {
  await onPostgres(t, (target) => previewSuite(t, target));
});
