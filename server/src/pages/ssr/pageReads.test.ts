// A page reads its data once: an uncached product page's head (seo/databaseSite.ts) and its first view (drawn by the
// built catalogue remote from the product's API answer, catalogue/catalogueAnswers.ts) share one read of the product,
// in each edition; a withdrawn product's page reads it once too; a cached page reads nothing.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { FIRST_VIEW_STATE_ELEMENT_ID } from '@site/contracts/dom-ids';
import { productPath } from '@site/contracts/paths';
import { buildApp } from '../../app.js';
import { CatalogueStore } from '../../catalogue/catalogueStore.js';
import { seedCatalogue } from '../../catalogue/seed.js';
import { loadConfig } from '../../app/config.js';
import { archiveProduct } from '../../catalogue/staff/archive.js';
import { recordStaffAction } from '../../staff/index.js';
import { pgliteTarget, type TestDatabase } from '../../test-support/databases.js';
import { addStaffAccount } from '../../test-support/staffSignIn.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const CATEGORY = 'industrial_cable_glands';
const PRODUCT = 'hex_cw_brass_cable_gland';
const NAME = {
  en: 'CW Brass Cable Gland for SWA Cable, Indoor/Outdoor (IP66)',
  ar: 'جلبة كابل CW من النحاس الأصفر لكابلات SWA، للاستخدام الداخلي/الخارجي (IP66)',
};
const WITHDRAWN = 'hex_e1w_brass_cable_gland';

/** Each call of the store's product read (the one the API's product route makes), as '<locale> <id>'. */
const productReads: string[] = [];
const storeProduct = CatalogueStore.prototype.product;

let app: FastifyInstance;
let database: TestDatabase;
let dataDir: string;

before(async () => {
  // npm test builds the site before the server tests; run alone, this says what is missing
  const built = path.join(REPO_ROOT, 'mfe-catalogue', 'dist', 'server-render.json');
  if (!existsSync(built)) throw new Error(`${built} is missing: run npm run build first`);
  CatalogueStore.prototype.product = function (this: CatalogueStore, id, locale) {
    productReads.push(`${locale} ${id}`);
    return storeProduct.call(this, id, locale);
  };
  database = await pgliteTarget.fresh();
  await seedCatalogue(database.db);
  // withdrawn as the staff app withdraws a product (catalogue/staff/archive.ts)
  await addStaffAccount(database.db, 'layla@crescent.example', 'catalogue');
  const [layla] = await database.db.query<{ id: number; email: string }>(
    "select id, email from staff_accounts where email = 'layla@crescent.example'",
  );
  await archiveProduct(database.db, { ...layla!, audit: recordStaffAction }, WITHDRAWN, 0);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'page-reads-'));
  app = await buildApp(loadConfig({ REPO_ROOT, DATA_DIR: dataDir }), database.db);
});

after(async () => {
  CatalogueStore.prototype.product = storeProduct;
  await app?.close();
  await database?.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The page at `url`, and the product reads it made. */
async function page(url: string): Promise<{ status: number; html: string; reads: string[] }> {
  productReads.length = 0;
  const res = await app.inject({ url, headers: { accept: 'text/html' } });
  return { status: res.statusCode, html: res.body, reads: [...productReads] };
}

/** The page's first view: the body from <div id="root"> on (the head apart), and whether the store's state came with it. */
function firstView(html: string): { root: string; state: boolean } {
  const root = html.search(/<div id="?root"?>/);
  return { root: root < 0 ? '' : html.slice(root), state: html.includes(`id="${FIRST_VIEW_STATE_ELEMENT_ID}"`) };
}

test('an uncached product page reads its product once, for its head and its first view alike, in each edition', async () => {
  for (const locale of ['en', 'ar'] as const) {
    const url = `${locale === 'ar' ? '/ar' : ''}${productPath(CATEGORY, PRODUCT)}`;
    const drawn = await page(url);
    assert.equal(drawn.status, 200);
    assert.ok(drawn.html.includes(`<title>${NAME[locale]}`), `${locale}: the head is the product's`);
    const view = firstView(drawn.html);
    assert.ok(view.state, `${locale}: the page is drawn on the server`);
    assert.ok(view.root.includes(NAME[locale]), `${locale}: the first view shows the product`);
    assert.deepEqual(drawn.reads, [`${locale} ${PRODUCT}`], `${locale}: one read`);
    // the page kept: nothing read again
    const again = await page(url);
    assert.equal(again.html, drawn.html);
    assert.deepEqual(again.reads, []);
  }
});

test("a withdrawn product's page says so, drawn from one read; an unknown product's is a 404", async () => {
  const withdrawn = await page(productPath(CATEGORY, WITHDRAWN));
  assert.equal(withdrawn.status, 200);
  assert.ok(withdrawn.html.includes('<meta name="robots" content="noindex'), 'noindex');
  assert.ok(
    firstView(withdrawn.html).root.includes('no longer available'),
    'the first view says it is no longer available',
  );
  assert.deepEqual(withdrawn.reads, [`en ${WITHDRAWN}`]);
  const unknown = await page(productPath(CATEGORY, 'no_such_gland'));
  assert.equal(unknown.status, 404);
});
