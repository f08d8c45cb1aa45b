// A product page drawn on the server under the deployment settings (ALLOWED_HOSTS, PUBLIC_SITE_URL): the page reads
// the catalogue API in-process, and that read must not be refused by the host check (it once was: 421, and every
// catalogue page said "Could not load"). The server-render modules are small stand-ins in the shape a build writes
// (as in cataloguePreview.test.ts): the shell's draws the product's name, or the status the API answered.
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { buildApp } from '../../app.js';
import { seedCatalogue } from '../../catalogue/seed.js';
import { pgliteTarget } from '../../test-support/databases.js';
import { createFixture } from '../../test-support/fixture.js';

const PAGE = '/our-products/industrial_cable_glands/hex_cw_brass_cable_gland';

const SHELL_MODULE = `
exports.sharedUi = {};
exports.sharedStore = {};
exports.renderPage = async ({ params, fetch }) => {
  const response = await fetch('/api/catalogue/products/' + params.productId);
  const text = response.ok ? (await response.json()).product.productName : 'Could not load (HTTP ' + response.status + ')';
  return { html: '<main><h1>' + text + '</h1></main>', head: '', state: {} };
};
`;
const CATALOGUE_MODULE = `exports.exposes = { './ProductDetailsPage': { default: 'page', loadFirstView: () => undefined } };`;

test('with ALLOWED_HOSTS not listing localhost, a product page is still drawn from the catalogue API', async (t) => {
  const fixture = await createFixture({
    env: { ALLOWED_HOSTS: '127.0.0.1', PUBLIC_SITE_URL: 'http://127.0.0.1:18201' },
  });
  const database = await pgliteTarget.fresh();
  t.after(async () => {
    await database.cleanup();
    await fixture.cleanup();
  });
  await seedCatalogue(database.db);
  const files = {
    'shell/dist/server-render.json': '{"module":"server/render.0a1b2c3d.js"}',
    'shell/dist/server/render.0a1b2c3d.js': SHELL_MODULE,
    'mfe-catalogue/dist/server-render.json': '{"module":"server/render.1a2b3c4d.js"}',
    'mfe-catalogue/dist/server/render.1a2b3c4d.js': CATALOGUE_MODULE,
  };
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(fixture.root, file)), { recursive: true });
    await writeFile(path.join(fixture.root, file), content);
  }
  const app = await buildApp(fixture.config, database.db);
  t.after(() => app.close());

  const page = await app.inject({ method: 'GET', url: PAGE, headers: { host: '127.0.0.1:18201' } });
  assert.equal(page.statusCode, 200);
  assert.equal(/<h1>(.*?)<\/h1>/.exec(page.body)?.[1], 'CW Brass Cable Gland for SWA Cable, Indoor/Outdoor (IP66)');
  // the host check itself still refuses other names
  const elsewhere = await app.inject({ method: 'GET', url: PAGE, headers: { host: 'localhost' } });
  assert.equal(elsewhere.statusCode, 421);
});
