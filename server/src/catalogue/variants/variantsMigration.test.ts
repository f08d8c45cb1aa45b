// Migration 029 on a catalogue seeded before it (the old shape: products without variants): each product whose
// specification table lists parts gets a variant a row, the others one variant, on PGlite and PostgreSQL.
import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';
import { MIGRATIONS, runMigrations, type Database } from '../../platform/db/index.js';
import { testOnEmptyDatabases } from '../../test-support/databases.js';
import { catalogueRows, insertInChunks, siteCatalogueSource } from '../seed.js';

const BEFORE = MIGRATIONS.filter((migration) => migration.version < '029');

/** The catalogue written as it was before variants: categories, brands and products only. */
async function seedOldShape(db: Database): Promise<void> {
  const rows = catalogueRows(siteCatalogueSource());
  await db.kysely.transaction().execute(async (trx) => {
    await insertInChunks(trx, 'catalogue_categories', rows.categories);
    await insertInChunks(trx, 'catalogue_brands', rows.brands);
    await insertInChunks(trx, 'catalogue_products', rows.products);
  });
}

async function variantsOf(db: Database, productId: string) {
  return db.kysely
    .selectFrom('catalogue_product_variants')
    .select(['position', 'code', 'label', 'label_ar', 'price', 'unit', 'row', 'row_ar'])
    .where('product_id', '=', productId)
    .orderBy('position')
    .execute();
}

async function migrationSuite(t: TestContext, db: Database): Promise<void> {
  await runMigrations(db, BEFORE);
  await seedOldShape(db);
  const products = await db.kysely.selectFrom('catalogue_products').select(['id', 'code', 'price']).execute();
  await runMigrations(db);

  await t.test(
    'a gland table of sizes: a variant a size, the first with the product code and price, the others derived codes',
    async () => {
      const glands = await variantsOf(db, 'hex_cw_brass_cable_gland');
      assert.equal(glands.length, 11);
      assert.deepEqual(
        glands.map((variant) => variant.code),
        [
          'HEX-CW-20S',
          'HEX-CW-20',
          'HEX-CW-25',
          'HEX-CW-32',
          'HEX-CW-40',
          'HEX-CW-50S',
          'HEX-CW-50',
          'HEX-CW-63S',
          'HEX-CW-63',
          'HEX-CW-75S',
          'HEX-CW-75',
        ],
      );
      assert.equal(glands[0]!.price, '12.00');
      assert.ok(
        glands.slice(1).every((variant) => variant.price === null),
        'a derived variant has no price until staff set one',
      );
      assert.equal(glands[2]!.label, 'Gland Size 25');
      assert.match(glands[2]!.label_ar, /25$/);
      assert.equal((glands[2]!.row as { size: string }).size, '25');
      assert.notEqual(glands[2]!.row_ar, null);
    },
  );

  await t.test(
    'kit references and part numbers name their variants; a table of test results is not parts',
    async () => {
      assert.deepEqual(
        (await variantsOf(db, '3m_lv_cold_shrink_straight_joint')).map((v) => v.code),
        ['3M-CSJ-LV-1', '3M-CSJ-LV-2', '3M-CSJ-LV-3', '3M-CSJ-LV-4', '3M-CSJ-LV-5', '3M-CSJ-LV-6'],
      );
      assert.deepEqual((await variantsOf(db, 'mesc_resin_filled_joints')).map((v) => v.code).slice(0, 5), [
        'MESC-MRJ-S1',
        'MESC-MRJ-S2',
        'MESC-MRJ-S3',
        'MESC-MRJ-S4',
        'MESC-MRJ-B1',
      ]);
      const tags = await variantsOf(db, 'rayon_laser_markable_cable_marker_tags');
      // RLM-AL-3010 is also in the marking machine's table, which comes first: the code goes to it, the tags' row gets
      // the product's code and the part number
      const machine = await variantsOf(db, 'fibre_laser_marking_machine');
      assert.deepEqual(
        machine.map((v) => v.code),
        ['LMM-FL-20W', 'RLM-SS-3010', 'RLM-SS-5015', 'RLM-SS-8020', 'RLM-AL-3010'],
      );
      assert.deepEqual(
        tags.map((v) => v.code),
        ['RLM-PE-2510', 'RLM-PE-4015', 'RLM-PE-6020', 'RLM-PE-2510-RLM-AL-3010'],
      );
      assert.equal(new Set([...tags, ...machine].map((v) => v.code)).size, tags.length + machine.length);
      const tests = await variantsOf(db, 'raychem_mv_heat_shrink_termination');
      assert.deepEqual(
        tests.map((v) => [v.code, v.label, v.row]),
        [['RAY-POLT-24D-3XO', '', null]],
      );
    },
  );

  await t.test('every other product has one variant of its code, price and unit', async () => {
    const counts = await db.kysely
      .selectFrom('catalogue_product_variants')
      .select(['product_id', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('product_id')
      .execute();
    assert.equal(counts.length, products.length, 'every product has variants');
    assert.equal(
      counts.reduce((sum, row) => sum + Number(row.count), 0),
      products.length - 8 + (64 - 7),
      "the eight tables of parts make 57 variants; Raychem's test table none",
    );
    const cable = await variantsOf(db, 'oc_cu_xlpe_swa_pvc_cable');
    const product = products.find((row) => row.id === 'oc_cu_xlpe_swa_pvc_cable')!;
    assert.deepEqual(
      cable.map((v) => [v.position, v.code, v.label, v.price]),
      [[1, product.code, '', product.price]],
    );
  });
}

testOnEmptyDatabases('migration 029', migrationSuite);
