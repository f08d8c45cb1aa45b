// Bulk edits of the staff catalogue list through the whole app (real sessions, CSRF, the job runner) on both
// databases: chosen by a search, checked first (the import's report, size by size by code), applied as one version a
// product (action bulk-edit) with its audit line, and undone by the import's undo as one step; sizes chosen by code;
// refusals in words (a price taken to zero, products not in the catalogue, a check with problems applied). The price
// arithmetic (percentages rounded half away from zero to the fils) is checked on its own, without a database.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { CSRF_HEADER, STAFF_API, staffApiPath } from '@site/contracts/staff-api';
import type { BulkEditBody, ImportJob, ProductVersionList } from '@site/contracts/staff-catalogue-api';
import { catalogueEditorApp } from '../../../test-support/catalogueEditorApp.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../../../test-support/databases.js';
import { jobEnded } from '../../../test-support/importJobs.js';
import { addStaffAccount, onStaffOrigin, signInStaff, type StaffCaller } from '../../../test-support/staffSignIn.js';
import { changedPrice, priceText } from './bulkPrices.js';
import { NOT_APPLICABLE } from './bulkEditRoute.js';

const GLAND = 'hex_cw_brass_cable_gland';

test('a bulk price change is exact: amounts, and percentages rounded half away from zero to the fils', () => {
  const percent = (price: string, value: string) => priceText(changedPrice(price, { by: 'percent', value })!);
  assert.equal(percent('16.75', '5'), '17.59'); // 17.5875
  assert.equal(percent('13.5', '5'), '14.18'); // 14.175: the half goes up
  assert.equal(percent('0.1', '5'), '0.11'); // 0.105
  assert.equal(percent('0.3', '-5'), '0.29'); // 0.285
  assert.equal(percent('12', '+5'), '12.6');
  assert.equal(percent('10.05', '12.5'), '11.31'); // 11.30625
  assert.equal(percent('2', '-100'), '0');
  assert.equal(priceText(changedPrice('14', { by: 'amount', value: '-2.5' })!), '11.5');
  assert.equal(priceText(changedPrice('0.5', { by: 'amount', value: '-1' })!), '-0.5');
});

async function bulkSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  const { app, db } = await catalogueEditorApp(t, target);
  await addStaffAccount(db, 'layla@crescent.example', 'catalogue');
  const layla = await signInStaff(app, 'layla@crescent.example');
  const version = async () =>
    Number((await db.query<{ version: string }>('select version from catalogue_state'))[0]!.version);
  const prices = async (product: string) =>
    new Map(
      (
        await db.query<{ code: string; price: string }>(
          'select code, price::text as price from catalogue_product_variants where product_id = $1',
          [product],
        )
      ).map((row) => [row.code, Number(row.price)]),
    );
  const productsOf = async (q: string) =>
    (
      await db.query<{ product_id: string }>(
        "select distinct product_id from catalogue_product_variants where code like $1 || '%' order by 1",
        [q],
      )
    ).map((row) => row.product_id);

  await t.test(
    'chosen by a search, +5 % is checked by code, applied as one version a product, audited, and undone',
    async () => {
      const before = await prices(GLAND);
      const versionBefore = await version();
      const check = await bulkJob(app, layla, true, {
        selection: { query: { q: 'HEX-CW' } },
        changes: { price: { by: 'percent', value: '5' } },
      });
      assert.equal(check.kind, 'bulk-check');
      assert.equal(check.state, 'done', check.failure ?? '');
      assert.equal(check.fileName, 'Bulk edit of 1 product: price +5 %');
      const changes = check.report?.changes?.map(({ id, change }) => [id, change]) ?? [];
      assert.deepEqual(changes.slice(0, 3), [
        [GLAND, 'HEX-CW-20S: price 12 → 12.6'],
        [GLAND, 'HEX-CW-20: price 13.5 → 14.18'],
        [GLAND, 'HEX-CW-25: price 16.75 → 17.59'],
      ]);
      assert.equal(check.report?.changeCount, before.size, 'every size of the product');
      assert.deepEqual([check.report?.dryRun, check.report?.written], [true, false]);
      assert.equal(await version(), versionBefore, 'a check writes nothing');
      assert.equal((await prices(GLAND)).get('HEX-CW-25'), 16.75);

      const applied = await bulkJob(app, layla, false, { check: check.id });
      assert.deepEqual([applied.kind, applied.state, applied.report?.written], ['bulk', 'done', true]);
      assert.equal((await prices(GLAND)).get('HEX-CW-25'), 17.59);
      assert.equal((await prices(GLAND)).get('HEX-CW-20'), 14.18);
      // a check is applied once: its page opened again later must not add 5 % twice
      const again = await sendBulk(app, layla, false, { check: check.id });
      assert.equal(again.statusCode, 409);
      assert.equal(again.json<{ error: string }>().error, `This check was applied already (job ${applied.id}, done).`);
      assert.equal(await version(), versionBefore + 1);
      // the public product answer follows
      const publicAnswer = await app.inject({ url: `/api/catalogue/products/${GLAND}` });
      const variants = publicAnswer.json<{ variants: { code: string; price?: number }[] }>().variants;
      assert.equal(variants.find((variant) => variant.code === 'HEX-CW-25')?.price, 17.59);
      // one version of the product, by its editor, named by the edit
      const versions = (
        await app.inject({
          url: staffApiPath(STAFF_API.catalogueVersions, { id: GLAND }),
          headers: { ...onStaffOrigin(app), cookie: layla.cookie },
        })
      ).json<ProductVersionList>().versions;
      assert.deepEqual(
        versions
          .filter((entry) => entry.importJob === applied.id)
          .map(({ action, publishedBy, importedFrom }) => ({ action, publishedBy, importedFrom })),
        [
          {
            action: 'bulk-edit',
            publishedBy: 'layla@crescent.example',
            importedFrom: 'Bulk edit of 1 product: price +5 %',
          },
        ],
      );
      const audit = await db.query<{ action: string; detail: string }>(
        "select action, detail from staff_audit_log where action like 'catalogue.bulk-edit%' order by id",
      );
      assert.deepEqual(
        audit.map(({ action }) => action),
        ['catalogue.bulk-edit-check', 'catalogue.bulk-edit'],
      );
      assert.match(
        audit[1]!.detail,
        /^edited, Bulk edit of 1 product: price \+5 % \(job [a-f0-9-]{36}\); 11 rows: 0 new, 1 changed/,
      );

      // undone as one step, by the import's undo: every price back
      const undo = await app.inject({
        method: 'POST',
        url: staffApiPath(STAFF_API.catalogueImportUndo, { id: applied.id }),
        headers: { ...onStaffOrigin(app), cookie: layla.cookie, [CSRF_HEADER]: layla.csrf },
      });
      assert.equal(undo.statusCode, 202, undo.body);
      const undone = await jobEnded(app, layla, undo.json<ImportJob>().id);
      assert.equal(undone.report?.written, true, JSON.stringify(undone));
      assert.deepEqual(await prices(GLAND), before);
    },
  );

  await t.test(
    'sizes chosen by code change alone; withdrawn and pack said by code; all the products of a brand',
    async () => {
      const check = await bulkJob(app, layla, true, {
        selection: { codes: ['hex-bw-25', 'HEX-BW-32'] },
        changes: { packQuantity: '20', published: false },
      });
      assert.equal(check.fileName, 'Bulk edit of 2 sizes of 1 product: pack quantity 20, withdrawn');
      assert.deepEqual(
        check.report?.changes?.map(({ change }) => change),
        [
          'HEX-BW-25: packQuantity 10 → 20',
          'HEX-BW-25: withdrawn (published yes → no)',
          'HEX-BW-32: packQuantity 5 → 20',
          'HEX-BW-32: withdrawn (published yes → no)',
        ],
      );
      // the search's sizes only: HEX-CW-2 holds 20S, 20 and 25, not 32 and up
      const matching = await bulkJob(app, layla, true, {
        selection: { query: { q: 'hex cw 2' }, onlyMatchingSizes: true },
        changes: { price: { by: 'amount', value: '0.5' } },
      });
      assert.equal(matching.fileName, 'Bulk edit of 3 sizes of 1 product: price +0.5 AED');
      assert.deepEqual(
        matching.report?.changes?.map(({ change }) => change),
        ['HEX-CW-20S: price 12 → 12.5', 'HEX-CW-20: price 13.5 → 14', 'HEX-CW-25: price 16.75 → 17.25'],
      );
      // every product the filters match: the products of the HEX brand's glands by their codes
      const glands = await productsOf('HEX-');
      const all = await bulkJob(app, layla, true, {
        selection: { query: { q: 'HEX-' } },
        changes: { price: { by: 'amount', value: '1' } },
      });
      assert.equal(all.report?.changed, glands.length, JSON.stringify(all.report));
      assert.equal(all.fileName, `Bulk edit of ${glands.length} products: price +1 AED`);
    },
  );

  await t.test('refused in words: a price to zero, products not in the catalogue, a check with problems', async () => {
    const below = await bulkJob(app, layla, true, {
      selection: { codes: ['HEX-CW-20S', 'HEX-CW-20'] },
      changes: { price: { by: 'amount', value: '-12.5' } },
    });
    assert.equal(below.state, 'refused');
    assert.equal(
      below.failure,
      'The price change would make this price zero or less: HEX-CW-20S (12 → -0.5). Nothing was changed.',
    );
    const unknown = await sendBulk(app, layla, true, {
      selection: { products: [GLAND, 'no_such_product'] },
      changes: { brand: 'Hex' },
    });
    assert.equal(unknown.statusCode, 400);
    assert.match(
      unknown.body,
      /Not in the catalogue \(new drafts and archived products cannot be edited in bulk\): no_such_product\./,
    );
    const archived = await sendBulk(app, layla, true, {
      selection: { query: { status: 'archived' } },
      changes: { published: true },
    });
    assert.equal(archived.statusCode, 400);
    assert.match(archived.body, /New drafts and archived products cannot be edited in bulk/);
    const nothing = await sendBulk(app, layla, true, { selection: { products: [GLAND] }, changes: {} });
    assert.equal(nothing.statusCode, 400);
    assert.match(nothing.body, /Choose at least one change/);
    // every size of a product withdrawn: the import's rule, in its words (archive a whole product instead)
    const allWithdrawn = await bulkJob(app, layla, true, {
      selection: { products: ['hex_bw_brass_cable_gland'] },
      changes: { published: false },
    });
    assert.match(
      allWithdrawn.report?.problems.map(({ reason }) => reason).join(' | ') ?? '',
      /no variant of product hex_bw_brass_cable_gland is published: at least one must be/,
    );
    // a pack of 1 breaks the catalogue's rule: the check says so at the size, and cannot be applied
    const pack = await bulkJob(app, layla, true, {
      selection: { codes: ['HEX-CW-40'] },
      changes: { packQuantity: '1', categoryId: 'no-such-category' },
    });
    assert.equal(pack.report?.written, false);
    const reasons = pack.report?.problems.map(({ reason }) => reason).join(' | ') ?? '';
    assert.match(reasons, /Pack quantity must be 2 or more, or empty/);
    assert.match(reasons, /no-such-category/);
    const apply = await sendBulk(app, layla, false, { check: pack.id });
    assert.equal(apply.statusCode, 409);
    assert.equal(apply.json<{ error: string }>().error, NOT_APPLICABLE);
    // without the CSRF token: refused, nothing made
    const noCsrf = await app.inject({
      method: 'POST',
      url: `${STAFF_API.catalogueBulkEdit}?dryRun=1`,
      headers: { ...onStaffOrigin(app), cookie: layla.cookie },
      payload: { selection: { products: [GLAND] }, changes: { brand: 'Hex' } },
    });
    assert.equal(noCsrf.statusCode, 403);
  });
}

function sendBulk(app: FastifyInstance, who: StaffCaller, dryRun: boolean, body: BulkEditBody) {
  return app.inject({
    method: 'POST',
    url: `${STAFF_API.catalogueBulkEdit}${dryRun ? '?dryRun=1' : ''}`,
    headers: { ...onStaffOrigin(app), cookie: who.cookie, [CSRF_HEADER]: who.csrf },
    payload: body,
  });
}

/** Sends the edit and follows its job to its end. */
async function bulkJob(app: FastifyInstance, who: StaffCaller, dryRun: boolean, body: BulkEditBody) {
  const sent = await sendBulk(app, who, dryRun, body);
  assert.equal(sent.statusCode, 202, sent.body);
  return jobEnded(app, who, sent.json<ImportJob>().id);
}

test('bulk edits on embedded PGlite', { timeout: 180_000 }, async (t) => {
  await bulkSuite(t, pgliteTarget);
});

test('bulk edits on PostgreSQL', { timeout: 180_000 }, async (t) => {
  await onPostgres(t, (target) => bulkSuite(t, target));
});
