// A broad text's matches kept beside the search rows (migration 025, catalogueSearch.ts), on both databases: the
// results page and the modal answer exactly as the search rows read afresh do (the same count, filters, price range,
// page and order), before and after every kind of catalogue write (an import, the editor's publish, a withdrawal, a
// delete, a renamed category, a new word of the vocabulary), each seen by the next search.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import type { Locale } from '@site/contracts/locale';
import type { ListingFilters } from '@site/contracts/listing-view';
import { sql } from 'kysely';
import { importCatalogueRows } from './file/catalogueImport.js';
import { generateCatalogueRows } from './file/generate.js';
import { publishedContent } from './staff/content.js';
import { archiveProduct } from './staff/archive.js';
import { publishDraft, readEditorProduct, saveDraft } from './staff/editorStore.js';
import { saveCategory, readEditorCategory } from './staff/categories.js';
import { recordStaffAction } from '../staff/index.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../test-support/databases.js';
import { addStaffAccount } from '../test-support/staffSignIn.js';
import { broadKeepsSettled, type SearchQuery } from './catalogueSearch.js';
import { CatalogueStore, searchNeedle } from './catalogueStore.js';
import { seedCatalogue } from './seed.js';

/** Past this many matches a text is broad here (at 100,000 products it takes 5,000: BROAD_MATCHES_MIN). */
const BROAD = 60;

async function broadSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  const database = await target.fresh();
  t.after(() => database.cleanup());
  const { db } = database;
  const kysely = db.kysely;
  await seedCatalogue(db);
  const categoryIds = (await kysely.selectFrom('catalogue_categories').select('id').orderBy('position').execute()).map(
    (c) => c.id,
  );
  const imported = await importCatalogueRows(db, generateCatalogueRows(400, { seed: 5, categoryIds }), {
    dryRun: false,
  });
  assert.deepEqual(imported.problems, []);

  // read afresh from the search rows every time, and with broad texts kept
  const afresh = new CatalogueStore(kysely, undefined, { search: { kept: false } });
  const kept = new CatalogueStore(kysely, undefined, { search: { broadMatchesMin: BROAD } });
  const asked = (text: string, locale: Locale, more: Partial<SearchQuery> = {}): SearchQuery => ({
    needle: searchNeedle(text)!,
    offset: 0,
    limit: 24,
    locale,
    ...more,
  });
  const views: [string, Partial<SearchQuery>][] = [
    ['results page', { facets: true }],
    ['its second page', { facets: true, offset: 24 }],
    ['a page past the last', { facets: true, offset: 5000 }],
    ['the modal', {}],
    ['the modal, further on', { offset: 40, limit: 20 }],
  ];
  /** Every view of `text`, kept and afresh, side by side: identical. */
  const same = async (text: string, what: string) => {
    for (const locale of ['en', 'ar'] as const) {
      // narrowed by what its matches offer (two brands, a specification value, a price range), and by an old link's brand
      const { facets } = (await afresh.search(asked(text, locale, { facets: true }))).narrowed!;
      const [first, second] = facets.brands.map((brand) => brand.name);
      const value = facets.attributes[0]!;
      const narrowed: ListingFilters[] = [
        { brands: [first!] },
        { brands: [], attributes: { [value.attribute]: [value.values[0]!.value] } },
        { brands: [], minPrice: 20, maxPrice: 400 },
        { brands: [first!, second!], maxPrice: 150 },
        { brands: ['No Such Brand'] },
      ];
      for (const [name, more] of views) {
        const query = asked(text, locale, more);
        assert.deepEqual(await kept.search(query), await afresh.search(query), `${what}: ${text} (${locale}), ${name}`);
      }
      for (const filters of narrowed) {
        const query = asked(text, locale, { facets: true, filters });
        assert.deepEqual(
          await kept.search(query),
          await afresh.search(query),
          `${what}: ${text} (${locale}) narrowed to ${JSON.stringify(filters)}`,
        );
      }
    }
  };
  // a text is kept after its search has answered (keepAfterAnswer): what is kept is read once those keeps have ended
  const keptConditions = async () => {
    await broadKeepsSettled();
    // in the languages' order, not the rows': each search keeps its text after answering, so two searches' keeps may
    // commit either way round
    return (await kysely.selectFrom('catalogue_search_broad').select(['id', 'locale']).orderBy('locale').execute()).map(
      (row) => row.locale,
    );
  };
  const keptRows = async (locale: Locale) =>
    Number(
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from catalogue_search_broad_rows as r join catalogue_search_broad as b on b.id = r.broad_id where b.locale = ${locale}`.execute(
          kysely,
        )
      ).rows[0]!.n,
    );
  const totalOf = async (locale: Locale) => (await afresh.search(asked('cable', locale))).total;
  /** The conditions kept first are the ones answering, with every match: no write made them stale or new. */
  const stillKept = async () => {
    assert.deepEqual(await keptConditions(), ['ar', 'en']);
    for (const locale of ['en', 'ar'] as const) assert.equal(await keptRows(locale), await totalOf(locale));
  };

  await t.test('a broad text is kept once searched, in each language, and answers as the search rows do', async () => {
    const before = await afresh.search(asked('cable', 'en', { facets: true }));
    assert.ok(before.total >= BROAD, `'cable' is broad here: ${before.total} matches`);
    assert.deepEqual(await keptConditions(), [], 'nothing kept before');
    await kept.search(asked('cable', 'en', { facets: true }));
    await kept.search(asked('cable', 'ar'));
    assert.deepEqual(await keptConditions(), ['ar', 'en']);
    assert.equal(await keptRows('en'), before.total);
    assert.equal(await keptRows('ar'), await totalOf('ar'));
    await same('cable', 'kept');
    // a narrow text is not kept
    await kept.search(asked('gland', 'en', { facets: true }));
    assert.deepEqual(await keptConditions(), ['ar', 'en']);
  });

  await t.test('an import: new products, and changed ones, are counted and placed at once', async () => {
    const rows = generateCatalogueRows(30, { seed: 7, categoryIds: ['cables', ...categoryIds] });
    // and a product already there changes brand and price
    const [changed] = generateCatalogueRows(1, { seed: 5, categoryIds });
    rows.push({ line: 99, row: { ...changed!.row, company: 'Quasar', price: '9999.50' } });
    const before = await totalOf('en');
    assert.deepEqual((await importCatalogueRows(db, rows, { dryRun: false })).problems, []);
    const after = await kept.search(asked('cable', 'en', { facets: true }));
    assert.ok(after.total > before, `${before} → ${after.total}`);
    assert.deepEqual(
      after.narrowed?.facets.brands.find((brand) => brand.name === 'Quasar'),
      { name: 'Quasar', count: 1 },
    );
    assert.equal(after.narrowed?.facets.price.max, 9999.5);
    await same('cable', 'after an import');
    await stillKept();
  });

  await addStaffAccount(db, 'layla@crescent.example', 'catalogue');
  await t.test(
    "a price or a pair of brands and values changed alone: the pair's count and price range follow",
    async () => {
      // the cheapest match made dearer: the range's low end is read again from the rest
      const { rows } = await sql<{ id: string }>`select product_id as id from catalogue_search_en
      where product_id = any(${(await afresh.search(asked('cable', 'en', { limit: 2000 }))).results.map((result) => result.id)})
      and price is not null order by price, product_id limit 2`.execute(kysely);
      const [cheapest, next] = rows.map((row) => row.id);
      await kysely.updateTable('catalogue_products').set({ price: '777.00' }).where('id', '=', cheapest!).execute();
      // another moves to a pair no match had: counted there, and not under its old one
      await kysely
        .updateTable('catalogue_products')
        .set({ filter_values: ['ip:IP69K'] })
        .where('id', '=', next!)
        .execute();
      const after = await kept.search(asked('cable', 'en', { facets: true }));
      assert.ok(
        after.narrowed?.facets.attributes
          .find((facet) => facet.attribute === 'ip')
          ?.values.some((value) => value.value === 'IP69K'),
      );
      await same('cable', 'after a price and a pair changed');
      await stillKept();
    },
  );

  const account = await kysely
    .selectFrom('staff_accounts')
    .select(['id', 'email'])
    .where('email', '=', 'layla@crescent.example')
    .executeTakeFirstOrThrow();
  const actor = { ...account, audit: recordStaffAction };
  const cableProduct = async (offset: number) =>
    (await afresh.search(asked('cable', 'en', { offset, limit: 1 }))).results[0]!.id;

  await t.test(
    "the editor's publish: a renamed, re-priced product moves in the page and the counts at once",
    async () => {
      const id = await cableProduct(30);
      const content = (await publishedContent(kysely, id))!;
      const version = (await readEditorProduct(kysely, id)).version;
      // its name now starts with the text: it ranks first among the names
      // re-priced on its first variant: the product's price is its variants' lowest
      const variants = content.variants?.map((variant, index) =>
        index === 0 ? { ...variant, price: '0.05' } : variant,
      );
      await saveDraft(db, actor, id, version, {
        ...content,
        productName: `Cable ${content.productName}`,
        price: '0.05',
        variants,
      });
      await publishDraft(db, actor, id, version + 1);
      const after = await kept.search(asked('cable', 'en', { facets: true }));
      assert.ok(
        after.results.slice(0, 24).some((result) => result.id === id),
        'on the first page now',
      );
      assert.equal(after.narrowed?.facets.price.min, 0.05);
      await same('cable', 'after a publish');
      await stillKept();
    },
  );

  await t.test('a withdrawn product and a deleted one are gone from the counts and the pages at once', async () => {
    const withdrawn = await cableProduct(0);
    const before = await totalOf('en');
    await archiveProduct(db, actor, withdrawn, (await readEditorProduct(kysely, withdrawn)).version);
    const after = await kept.search(asked('cable', 'en', { facets: true }));
    assert.equal(after.total, before - 1);
    assert.ok(!after.results.some((result) => result.id === withdrawn));
    await kysely
      .deleteFrom('catalogue_products')
      .where('id', '=', await cableProduct(3))
      .execute();
    assert.equal((await kept.search(asked('cable', 'en'))).total, before - 2);
    await same('cable', 'after a withdrawal and a delete');
    await stillKept();
  });

  await t.test(
    "a renamed category or a new word changes the text's condition: answered afresh, then kept again",
    async () => {
      const category = await readEditorCategory(kysely, 'cables');
      await saveCategory(db, actor, 'cables', category.version, { ...category.content, title: 'Wires and Leads' });
      await same('cable', 'after a category renamed');
      // a new word that holds the text: found inside it, so the condition names it
      const [word] = generateCatalogueRows(1, { seed: 11, categoryIds: ['switches'] });
      await importCatalogueRows(db, [{ line: 2, row: { ...word!.row, productName: 'Supercables junction box' } }], {
        dryRun: false,
      });
      await same('cable', 'after a new word');
      assert.ok((await kept.search(asked('cable', 'en'))).results.length > 0);
      // each language keeps at most a few conditions however many the catalogue's changes made
      assert.ok((await keptConditions()).length <= 16);
    },
  );

  // PGlite runs one transaction at a time: a search there waits for the write instead
  if (target.name === 'PostgreSQL') {
    await t.test(
      'a write under way on another connection: the broad text answered afresh, kept on a later search with that write',
      async () => {
        await kysely.deleteFrom('catalogue_search_broad').where('locale', '=', 'en').execute();
        const other = await database.openAnother();
        const id = await cableProduct(5);
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        let wrote!: () => void;
        const written = new Promise<void>((resolve) => (wrote = resolve));
        const writer = other.kysely.transaction().execute(async (trx) => {
          await trx.updateTable('catalogue_products').set({ price: '4321.00' }).where('id', '=', id).execute();
          wrote();
          await held;
        });
        await written;
        const query = asked('cable', 'en', { facets: true });
        try {
          assert.deepEqual(await kept.search(query), await afresh.search(query));
          assert.ok(!(await keptConditions()).includes('en'), 'not kept while a write is under way');
        } finally {
          release();
          await writer;
        }
        await kept.search(query);
        assert.ok((await keptConditions()).includes('en'), 'kept once the write committed');
        assert.equal(await keptRows('en'), await totalOf('en'));
        await same('cable', 'kept after a write committed');
      },
    );
  }
}

test('broad texts kept on embedded PGlite', async (t) => {
  await broadSuite(t, pgliteTarget);
});

test('broad texts kept on PostgreSQL', (t) => onPostgres(t, (postgres) => broadSuite(t, postgres)));
