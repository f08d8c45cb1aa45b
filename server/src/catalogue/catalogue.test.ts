import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import type { Product } from '@site/content';
import { dataEdition } from '@site/content/arabic-edition';
import { sql } from 'kysely';
import pg from 'pg';
import { channelName } from '../platform/db/channels.js';
import { onPostgres, pgliteTarget, type DatabaseTarget, type TestDatabase } from '../test-support/databases.js';
import { eventually } from '../test-support/eventually.js';
import { CatalogueStore, type ListingSort } from './catalogueStore.js';
import { watchCatalogueVersion } from './changes.js';
import { fillMissingFilterValues } from './filterValues.js';
import { exportCatalogueRows, importCatalogueRows } from './file/catalogueImport.js';
import { seedCatalogue } from './seed.js';
import { CATALOGUE_CHANNEL, readCatalogueVersion } from './state.js';

const products = dataEdition('en', 'products.json');

/** The listing's order as the browser has always sorted it (stable; unpriced last in both price orders). */
function expectedOrder(list: readonly Product[], sort: Exclude<ListingSort, 3>): string[] {
  const price = (p: Product, direction: 1 | -1) =>
    p.price === undefined ? Number.POSITIVE_INFINITY : p.price * direction;
  const compare: Record<Exclude<ListingSort, 3>, (a: Product, b: Product) => number> = {
    1: () => 0,
    2: (a, b) => b.popularity - a.popularity,
    4: (a, b) => b.dateAdded.localeCompare(a.dateAdded),
    5: (a, b) => price(a, 1) - price(b, 1),
    6: (a, b) => price(a, -1) - price(b, -1),
  };
  return [...list].sort(compare[sort]).map((p) => p.id);
}

async function catalogueSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  const database: TestDatabase = await target.fresh();
  t.after(() => database.cleanup());
  const store = new CatalogueStore(database.db.kysely);

  await t.test(
    'the first start writes content/data into the database once; a second start leaves it alone',
    async () => {
      const before = await readCatalogueVersion(database.db.kysely);
      assert.equal(await seedCatalogue(database.db), true);
      assert.equal(await readCatalogueVersion(database.db.kysely), before + 1);
      await database.db.kysely.deleteFrom('catalogue_products').where('id', '=', 'oc_cu_xlpe_swa_pvc_cable').execute();
      assert.equal(await seedCatalogue(database.db), false, 'a deleted product is not put back');
      const { count } = await database.db.kysely
        .selectFrom('catalogue_products')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      assert.equal(count, products.length - 1);
      await database.db.kysely.deleteFrom('catalogue_products').execute();
      await database.db.kysely.deleteFrom('catalogue_brands').execute();
      await database.db.kysely.deleteFrom('catalogue_categories').execute();
      await database.db.kysely.updateTable('catalogue_state').set({ seeded_at: null }).execute();
      assert.equal(await seedCatalogue(database.db), true);
    },
  );

  await t.test('the records read back are the content files, byte for byte, in both languages', async () => {
    for (const locale of ['en', 'ar'] as const) {
      assert.equal(
        JSON.stringify(await store.categories(locale)),
        JSON.stringify(dataEdition(locale, 'products-category.json')),
        locale,
      );
      assert.equal(
        JSON.stringify(await store.allProducts(locale)),
        JSON.stringify(dataEdition(locale, 'products.json')),
        locale,
      );
      assert.equal(
        JSON.stringify(await store.allDetails(locale)),
        JSON.stringify(dataEdition(locale, 'product-details.json')),
        locale,
      );
    }
  });

  await t.test(
    'one product: its own detail and listing records in the language asked for; an unknown id is undefined',
    async () => {
      const details = dataEdition('ar', 'product-details.json');
      const withTable = details.find((detail) => detail.productDetailTableData !== undefined)!;
      const records = await store.product(withTable.id, 'ar');
      assert.equal(JSON.stringify(records?.detail), JSON.stringify(withTable));
      assert.equal(
        JSON.stringify(records?.listing),
        JSON.stringify(dataEdition('ar', 'products.json').find((product) => product.id === withTable.id)),
      );
      assert.equal(await store.product('no_such_product', 'en'), undefined);
    },
  );

  await t.test(
    'a listing page: the category, its total, one page in each SQL order, as the browser sorted',
    async () => {
      const glands = products.filter((p) => p.productCategoryId === 'industrial_cable_glands');
      assert.ok(glands.length > 4);
      for (const sort of [1, 2, 4, 5, 6] as const) {
        const expected = expectedOrder(glands, sort);
        const first = await store.listing({
          categoryId: 'industrial_cable_glands',
          sort,
          offset: 0,
          limit: 4,
          locale: 'en',
        });
        const rest = await store.listing({
          categoryId: 'industrial_cable_glands',
          sort,
          offset: 4,
          limit: 100,
          locale: 'en',
        });
        assert.equal(first?.total, glands.length);
        assert.deepEqual(
          [...first.products, ...rest!.products].map((p) => p.id),
          expected,
          `sort ${sort}`,
        );
      }
      const arabic = await store.listing({ categoryId: 'cables', sort: 1, offset: 0, limit: 2, locale: 'ar' });
      assert.equal(
        arabic?.category.title,
        dataEdition('ar', 'products-category.json').find((c) => c.id === 'cables')?.title,
      );
      assert.deepEqual(
        arabic?.products,
        dataEdition('ar', 'products.json')
          .filter((p) => p.productCategoryId === 'cables')
          .slice(0, 2),
      );
      assert.equal(
        await store.listing({ categoryId: 'no_such_category', sort: 1, offset: 0, limit: 10, locale: 'en' }),
        undefined,
      );
    },
  );

  await t.test(
    "a listing names its page's products whose variants are priced differently: their cards say 'from'",
    async () => {
      const families = ['hex_cw_brass_cable_gland', 'hex_e1w_brass_cable_gland', 'hex_bw_brass_cable_gland'];
      const glands = await store.listing({
        categoryId: 'industrial_cable_glands',
        sort: 1,
        offset: 0,
        limit: 100,
        locale: 'en',
      });
      assert.deepEqual(
        glands?.priceFrom,
        glands?.products.map((p) => p.id).filter((id) => families.includes(id)),
      );
      assert.deepEqual([...(glands?.priceFrom ?? [])].sort(), [...families].sort());
      // one price left: no longer 'from'; one on request beside a price: 'from' again
      const family = 'hex_bw_brass_cable_gland';
      const variants = () =>
        database.db.kysely.updateTable('catalogue_product_variants').where('product_id', '=', family);
      const saved = await database.db.kysely
        .selectFrom('catalogue_product_variants')
        .select(['position', 'price'])
        .where('product_id', '=', family)
        .execute();
      const priceFrom = async () =>
        (await store.listing({ categoryId: 'industrial_cable_glands', sort: 1, offset: 0, limit: 100, locale: 'en' }))
          ?.priceFrom;
      await variants().set({ price: '9' }).execute();
      assert.ok(!(await priceFrom())?.includes(family));
      await variants().where('position', '>', 1).set({ price: null }).execute();
      assert.ok((await priceFrom())?.includes(family));
      await variants().set({ price: null }).execute();
      assert.ok(!(await priceFrom())?.includes(family), 'all on request: no price to start from');
      for (const { position, price } of saved)
        await variants().where('position', '=', position).set({ price }).execute();
      assert.deepEqual([...((await priceFrom()) ?? [])].sort(), [...families].sort());
    },
  );

  await t.test(
    'a listing narrowed by brand and price: values of one filter widen, two filters narrow; counts follow the other filters',
    async () => {
      const view = (filters: { brands: string[]; minPrice?: number; maxPrice?: number }) =>
        store.listing({ categoryId: 'switchgear_accessories', sort: 5, filters, offset: 0, limit: 100, locale: 'en' });
      const all = await view({ brands: [] });
      assert.equal(all?.total, 6);
      assert.deepEqual(
        { ...all?.facets, attributes: undefined },
        {
          attributes: undefined,
          brands: [
            { name: 'ABB', count: 1 },
            { name: 'Eaton (Moeller)', count: 1 },
            { name: 'Hager', count: 2 },
            { name: 'Schneider', count: 1 },
            { name: 'Siemens', count: 1 },
          ],
          price: { min: 28, max: 260 },
        },
      );
      const hager = await view({ brands: ['Hager'] });
      assert.deepEqual(
        hager?.products.map((p) => p.id),
        ['hager_modular_isolator', 'hager_rccb_30ma'],
      );
      assert.deepEqual(hager?.facets.price, { min: 65, max: 185 });
      // a second brand widens
      assert.equal((await view({ brands: ['ABB', 'Hager'] }))?.total, 3);
      // the price range narrows the brands' products, and their counts (a brand with none left counts 0)
      const cheapHager = await view({ brands: ['Hager'], maxPrice: 100 });
      assert.deepEqual(
        cheapHager?.products.map((p) => p.id),
        ['hager_modular_isolator'],
      );
      assert.deepEqual(
        cheapHager?.facets.brands.filter((b) => b.count > 0).map((b) => b.name),
        ['ABB', 'Hager'],
      );
      assert.deepEqual(
        (await view({ brands: [], minPrice: 140, maxPrice: 150 }))?.products.map((p) => p.id),
        ['schneider_tesys_d_contactor', 'eaton_moeller_p1_switch_disconnector'],
      );
      // a brand the category does not have (an old link's) narrows nothing
      const unknown = await view({ brands: ['Legrand'] });
      assert.equal(unknown?.total, 6);
      assert.deepEqual(unknown?.brands, []);
    },
  );

  await t.test(
    'specification filters: values read from the details with their units, counted under the other filters',
    async () => {
      const view = (attributes: Record<string, string[]>, brands: string[] = []) =>
        store.listing({
          categoryId: 'industrial_plugs_and_sockets',
          sort: 1,
          filters: { brands, attributes },
          offset: 0,
          limit: 100,
          locale: 'en',
        });
      const all = await view({});
      const facet = (page: typeof all, attribute: string) =>
        page?.facets.attributes.find((f) => f.attribute === attribute)?.values;
      assert.deepEqual(facet(all, 'ip'), [
        { value: 'IP44', count: 1 },
        { value: 'IP66', count: 1 },
        { value: 'IP67', count: 3 },
      ]);
      assert.deepEqual(
        facet(all, 'current')?.map((v) => v.value),
        ['16 A', '32 A', '63 A', '90 A', '150 A'],
      );
      const ip67 = await view({ ip: ['IP67'] });
      assert.equal(ip67?.total, 3);
      assert.deepEqual(ip67?.attributes, { ip: ['IP67'] });
      // another value of the same filter widens; its own counts stay those of the other filters
      assert.equal((await view({ ip: ['IP44', 'IP67'] }))?.total, 4);
      assert.deepEqual(facet(ip67, 'ip'), facet(all, 'ip'));
      // another filter narrows, and the counts of the first follow it
      const ip67At63 = await view({ ip: ['IP67'], current: ['63 A'] });
      assert.ok((ip67At63?.total ?? 0) <= 3 && (ip67At63?.total ?? 0) >= 1);
      assert.ok(
        facet(ip67At63, 'ip')!.every((v) => v.count <= facet(all, 'ip')!.find((a) => a.value === v.value)!.count),
      );
      // a value the category does not have narrows nothing
      assert.equal((await view({ ip: ['IP99'] }))?.total, all?.total);
      // a catalogue written before the filters existed gets its values once, at start
      await database.db.kysely.updateTable('catalogue_products').set({ filter_values: null }).execute();
      assert.equal((await view({}))?.facets.attributes.length, 0);
      assert.equal(await fillMissingFilterValues(database.db), products.length);
      assert.deepEqual(facet(await view({}), 'ip'), facet(all, 'ip'));
      // voltages in kV up to 1 kV read in volts: one choice for '0.6/1 kV' and '600/1000 V'
      const joints = await store.listing({
        categoryId: 'Resin_Jointing_Kits',
        sort: 1,
        offset: 0,
        limit: 100,
        locale: 'en',
      });
      assert.deepEqual(facet(joints, 'voltage'), [{ value: '600/1000 V', count: 3 }]);
    },
  );

  await t.test('a change is heard by a watch on the same database', async () => {
    const heard: number[] = [];
    const watch = await watchCatalogueVersion(database.db, (version) => heard.push(version));
    try {
      const rows = (await exportCatalogueRows(database.db.kysely)).slice(0, 1).map((row) => ({ line: 2, row }));
      await importCatalogueRows(database.db, rows, { dryRun: false });
      assert.deepEqual(
        await eventually(
          () => [...heard],
          (seen) => seen.length > 0,
        ),
        [watch.current()],
      );
      assert.equal(await readCatalogueVersion(database.db.kysely), watch.current());
    } finally {
      await watch.stop();
    }
  });

  await t.test(
    "a few rows' import meets the catalogue's products it must: another's code refused, a new product last",
    async () => {
      const rows = await exportCatalogueRows(database.db.kysely);
      const taken = rows.find((row) => row.id === 'oc_cu_xlpe_swa_pvc_cable')!;
      const last = rows.at(-1)!;
      // another product's code belongs to the catalogue's product already
      const clash = await importCatalogueRows(
        database.db,
        [{ line: 2, row: { ...last, id: 'a_new_gland', code: taken.code } }],
        { dryRun: true },
      );
      assert.deepEqual(clash.problems, [
        `line 2 (id a_new_gland): variant code "${taken.code}" is already product oc_cu_xlpe_swa_pvc_cable's (${taken.code}): each variant code is unique over the catalogue`,
      ]);
      // a product's own code is no clash; a new one goes after every product
      const written = await importCatalogueRows(
        database.db,
        [
          { line: 2, row: { ...last, id: 'a_new_gland', code: 'NEW-GLAND-1' } },
          { line: 3, row: taken },
        ],
        { dryRun: false },
      );
      assert.deepEqual([written.problems, written.added, written.updated], [[], 1, 1]);
      const positions = await database.db.kysely
        .selectFrom('catalogue_products')
        .select(['id', 'position'])
        .orderBy('position', 'desc')
        .limit(1)
        .execute();
      assert.equal(positions[0]?.id, 'a_new_gland');
      await database.db.kysely.deleteFrom('catalogue_products').where('id', '=', 'a_new_gland').execute();
    },
  );

  await t.test('sort by rating: rated first by average then count, unrated last in catalogue order', async () => {
    const cables = products.filter((p) => p.productCategoryId === 'cables').map((p) => p.id);
    const [a, b, c] = cables;
    const rated = new CatalogueStore(database.db.kysely, async () => ({
      [b!]: { average: 4.5, count: 2 },
      [c!]: { average: 4.5, count: 6 },
      [a!]: { average: 3, count: 1 },
    }));
    const page = await rated.listing({ categoryId: 'cables', sort: 3, offset: 0, limit: 100, locale: 'en' });
    assert.deepEqual(
      page?.products.map((p) => p.id),
      [c, b, a, ...cables.slice(3)],
    );
    // a page across the end of the rated ones, and a rated product of another category left out
    const glands = products.find((p) => p.productCategoryId === 'industrial_cable_glands')!.id;
    const withOther = new CatalogueStore(database.db.kysely, async () => ({
      [b!]: { average: 4, count: 1 },
      [glands]: { average: 5, count: 9 },
    }));
    const second = await withOther.listing({ categoryId: 'cables', sort: 3, offset: 0, limit: 2, locale: 'en' });
    assert.deepEqual(
      second?.products.map((p) => p.id),
      [b, a],
    );
    const third = await withOther.listing({ categoryId: 'cables', sort: 3, offset: 1, limit: 3, locale: 'en' });
    assert.deepEqual(
      third?.products.map((p) => p.id),
      [a, c, cables[3]],
    );
    assert.equal(third?.total, cables.length);
  });
}

test('catalogue on embedded PGlite', async (t) => {
  await catalogueSuite(t, pgliteTarget);
});

test('catalogue on PostgreSQL', (t) =>
  onPostgres(t, async (postgres) => {
    await catalogueSuite(t, postgres);

    await t.test('an import in one process reaches another process listening, well within 2 s', async () => {
      const database = await postgres.fresh();
      try {
        await seedCatalogue(database.db);
        const other = await database.openAnother();
        const heard: number[] = [];
        const watch = await watchCatalogueVersion(other, (version) => heard.push(version));
        try {
          const before = watch.current();
          const rows = (await exportCatalogueRows(database.db.kysely))
            .slice(0, 3)
            .map((row, index) => ({ line: index + 2, row }));
          const outcome = await importCatalogueRows(database.db, rows, { dryRun: false });
          assert.equal(outcome.written, true);
          assert.deepEqual(
            await eventually(
              () => [...heard],
              (seen) => seen.length > 0,
            ),
            [before + 1],
            'the other process heard of the change within 2 s',
          );
          assert.equal(watch.current(), before + 1);
          // a dry run changes nothing, so nothing is announced: the version stays, and the next change heard (below)
          // is the very next version
          await importCatalogueRows(database.db, rows, { dryRun: true });
          assert.equal(await readCatalogueVersion(database.db.kysely), before + 1);

          // the listening connection cut (a server restart, a network cut): it is made again and a change made while
          // it was down is still heard. Only this test's listener: the channel is named after the test's schema, and
          // another test file beside this one listens on its own.
          const listening = `listen ${pg.escapeIdentifier(await channelName(database.db, CATALOGUE_CHANNEL))}`;
          const cut = await sql<{ cut: boolean }>`select pg_terminate_backend(pid) as cut from pg_stat_activity
          where datname = current_database() and query = ${listening} and pid <> pg_backend_pid()`.execute(
            database.db.kysely,
          );
          assert.deepEqual(cut.rows, [{ cut: true }], 'the one listening connection of the other process was cut');
          await importCatalogueRows(database.db, rows, { dryRun: false });
          const written = await readCatalogueVersion(database.db.kysely);
          assert.deepEqual(
            await eventually(
              () => [...heard],
              (seen) => seen.includes(written),
              10_000,
            ),
            [before + 1, before + 2],
          );
        } finally {
          await watch.stop();
        }
      } finally {
        await database.cleanup();
      }
    });

    await t.test('two processes starting at once seed the catalogue once', async () => {
      const database = await postgres.fresh();
      try {
        const other = await database.openAnother();
        const results = await Promise.all([seedCatalogue(database.db), seedCatalogue(other)]);
        assert.deepEqual(results.sort(), [false, true]);
        assert.equal(await readCatalogueVersion(database.db.kysely), 1);
      } finally {
        await database.cleanup();
      }
    });
  }));
