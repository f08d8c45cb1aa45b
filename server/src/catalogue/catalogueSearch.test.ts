import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { dataEdition } from '@site/content/arabic-edition';
import { foldSearchText, SEARCH_FOLD_SQL } from '@site/content/search-text';
import type { Locale } from '@site/contracts/locale';
import { sql } from 'kysely';
import { runMigrations } from '../platform/db/index.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../test-support/databases.js';
import { searchTerms } from './catalogueSearch.js';
import { CatalogueStore, searchNeedle } from './catalogueStore.js';
import { seedCatalogue } from './seed.js';
import { generateCatalogueRows } from './file/generate.js';
import { importCatalogueRows } from './file/catalogueImport.js';
import { VARIANT_PRODUCTS_MAX, variantMatchesQuery } from './searchVariants.js';

test('terms: a synonym phrase is one term with its group, longest first; a number glued to its unit is also looked for spaced', () => {
  const terms = searchTerms(foldSearchText('Miniature Circuit Breaker 32A'));
  assert.equal(terms.length, 2);
  assert.deepEqual(terms[0]?.slice(0, 2), ['miniature circuit breaker', 'mcb']);
  assert.ok(terms[0]?.includes('قاطع دائره مصغر'), 'the Arabic phrase, folded');
  assert.deepEqual(terms[1], ['32a', '32 a']);
  assert.deepEqual(
    searchTerms('4 core 16mm2 swa swa').map((term) => term[0]),
    ['4', 'core', '16mm2', 'swa'],
  );
  assert.deepEqual(searchTerms('16mm2')[0], ['16mm2', '16 mm2']);
});

async function searchSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  const database = await target.fresh();
  t.after(() => database.cleanup());
  await seedCatalogue(database.db);
  const store = new CatalogueStore(database.db.kysely);
  const search = (text: string, locale: Locale = 'en') =>
    store.search({ needle: searchNeedle(text) ?? '', offset: 0, limit: 20, locale });
  const ids = async (text: string, locale: Locale = 'en') =>
    (await search(text, locale)).results.map((result) => result.id);

  await t.test("the database folds as the pages do: every name, title and the fold's own table", async () => {
    const texts = [
      SEARCH_FOLD_SQL.from,
      ...(['en', 'ar'] as const).flatMap((locale) => [
        ...dataEdition(locale, 'products.json').map((product) => product.productName),
        ...dataEdition(locale, 'products-category.json').map((category) => category.title),
      ]),
    ];
    const { rows } = await sql<{
      folded: string[];
    }>`select array(select catalogue_fold(text) from unnest(${texts}::text[]) as text) as folded`.execute(
      database.db.kysely,
    );
    assert.deepEqual(rows[0]?.folded, texts.map(foldSearchText));
  });

  await t.test("the trade's abbreviations and their words, in either language, find the same product", async () => {
    for (const [text, locale] of [
      ['MCB', 'en'],
      ['miniature circuit breaker', 'ar'],
      ['mcb', 'ar'],
      ['قاطع دائرة مصغّر', 'en'],
    ] as const) {
      assert.ok((await ids(text, locale)).includes('abb_s200_mcb'), `${text} (${locale})`);
    }
    const page = await search('rccb', 'ar');
    assert.ok(page.results.some((result) => result.id === 'hager_rccb_30ma'));
    assert.ok(
      page.highlight.includes('residual current circuit breaker') && page.highlight.includes('قاطع تيار متبق'),
      'every phrase looked for is named',
    );
  });

  await t.test(
    'the specification is searched too: a standard, a size and rating typed as the trade types them',
    async () => {
      assert.ok((await ids('IEC 60502')).includes('oc_cu_xlpe_swa_pvc_cable'));
      assert.ok((await ids('4 core 16mm SWA')).includes('oc_cu_xlpe_swa_pvc_cable'));
      const sockets = await ids('IP66 32A socket');
      assert.equal(sockets[0], 'marechal_dxn_decontactor_socket');
      // products whose own name holds every word come before those found through their specification
      const cables = await search('armoured cable');
      const inName = cables.results.map((result) => /armoured/i.test(result.title) && /cable/i.test(result.title));
      assert.deepEqual(
        inName,
        [...inName].sort((a, b) => Number(b) - Number(a)),
      );
    },
  );

  await t.test(
    "a match's own text ranks it: the text itself first, then a synonym of it, then the category alone",
    async () => {
      // in Arabic 'cable' is in no product's name: its names hold the synonym 'كابل', and a cable gland's category names it
      const page = await store.search({ needle: 'cable', offset: 0, limit: 200, locale: 'ar' });
      assert.equal(page.results.length, page.total);
      const { rows } = await sql<{ id: string; own: string }>`select product_id as id, own from catalogue_search_ar
      where product_id in (${sql.join(page.results.map((result) => result.id))})`.execute(database.db.kysely);
      const own = new Map(rows.map((row) => [row.id, row.own]));
      const level = (id: string) =>
        own.get(id)!.includes('cable') ? 0 : own.get(id)!.includes(foldSearchText('كابل')) ? 1 : 2;
      const levels = page.results.map((result) => level(result.id));
      assert.deepEqual(
        levels,
        [...levels].sort((a, b) => a - b),
      );
      assert.ok(
        levels.includes(1) && levels.includes(2),
        'both a synonym in the name and the category alone are among the matches',
      );
    },
  );

  await t.test(
    'a fragment typed inside a word finds the word, in either language (an Arabic word under its article)',
    async () => {
      // 'mour' starts no word: it is inside 'armoured' and 'unarmoured'
      const fragment = await ids('mour');
      for (const id of ['oc_cu_xlpe_swa_pvc_cable', 'oc_cu_xlpe_swa_lszh_cable', 'hex_a2_brass_compression_gland'])
        assert.ok(fragment.includes(id), id);
      // 'نحاس' (brass) is written 'النحاس' in the gland's Arabic name
      assert.ok((await ids('نحاس', 'ar')).includes('hex_cw_brass_cable_gland'));
      // a word's start is enough: 'armou' finds every product 'armoured' finds (and those of 'armour')
      const start = await ids('armou');
      for (const id of await ids('armoured')) assert.ok(start.includes(id), id);
    },
  );

  await t.test(
    "a variant's code or part number, whole or its start, finds its product first, naming the variant",
    async () => {
      for (const [text, locale] of [
        ['HEX-CW-25', 'en'],
        ['hex cw 25', 'en'],
        ['HEX-CW-25', 'ar'],
      ] as const) {
        const [first] = (await search(text, locale)).results;
        assert.deepEqual([first?.id, first?.variant], ['hex_cw_brass_cable_gland', 'HEX-CW-25'], `${text} (${locale})`);
      }
      // the manufacturer's part number: the variant that has it
      const [joint] = (await search('MRJ-B2')).results;
      assert.deepEqual([joint?.id, joint?.variant], ['mesc_resin_filled_joints', 'MESC-MRJ-B2']);
      // a start: the first of the variants it starts, in the product's order (size 63S before 63)
      const [start] = (await search('HEX-CW-6')).results;
      assert.deepEqual([start?.id, start?.variant], ['hex_cw_brass_cable_gland', 'HEX-CW-63S']);
      // the exact code before codes that start with it: 'HEX-CW-20' is one gland's variant and starts another's 'HEX-CW-20S'
      const twenty = (await search('HEX-CW-20')).results;
      assert.equal(twenty[0]?.variant, 'HEX-CW-20');
      // a product found by its words, not a code, names no variant; nor one found by the code of its only variant
      assert.ok((await search('brass cable gland')).results.every((result) => result.variant === undefined));
      const [only] = (await search('OC-FR-2E-15')).results;
      assert.deepEqual([only?.id, only?.variant], ['oc_fire_resistant_cable', undefined]);
      // the first of several is named: its link selects it
      assert.equal((await search('HEX-CW-20S')).results[0]?.variant, 'HEX-CW-20S');
    },
  );

  await t.test(
    "the variants a text names are read by their code's and part number's indexes (the plan names both)",
    async () => {
      const plan = await database.db.kysely.transaction().execute(async (trx) => {
        // no sequential scan if the indexes can serve: their absence from the plan would mean they cannot
        await sql`set local enable_seqscan = off`.execute(trx);
        const plans: string[] = [];
        for (const column of ['code_key', 'mpn_key'] as const) {
          const { rows } = await sql<
            Record<string, unknown>
          >`explain ${variantMatchesQuery(column, 'hexcw2', 'hexcw3')}`.execute(trx);
          plans.push(rows.map((row) => Object.values(row).join('')).join('\n'));
        }
        return plans.join('\n');
      });
      assert.match(plan, /catalogue_product_variants_code_key_idx/, plan);
      assert.match(plan, /catalogue_product_variants_mpn_key_idx/, plan);
    },
  );

  await t.test('a withdrawn (unpublished) variant is no longer found by its code', async () => {
    const kysely = database.db.kysely;
    await kysely
      .updateTable('catalogue_product_variants')
      .set({ published: false })
      .where('code', '=', 'HEX-CW-32')
      .execute();
    const page = await search('HEX-CW-32');
    assert.ok(page.results.every((result) => result.variant !== 'HEX-CW-32'));
    await kysely
      .updateTable('catalogue_product_variants')
      .set({ published: true })
      .where('code', '=', 'HEX-CW-32')
      .execute();
    assert.equal((await search('HEX-CW-32')).results[0]?.variant, 'HEX-CW-32');
  });

  await t.test(
    "a short code start that more than 500 variants' codes have finds each of their products, on every page",
    async () => {
      // 150 products of 5 sizes each, whose first size's code is a plain one and whose other four start with 'ZQ': 600
      // variants found by the variants' index alone (the products' own codes do not start with it)
      const categoryIds = (
        await database.db.kysely
          .selectFrom('catalogue_categories')
          .select('id')
          .where('state', '=', 'live')
          .orderBy('position')
          .execute()
      ).map((c) => c.id);
      const rows = generateCatalogueRows(150, { seed: 23, categoryIds, variants: 5 }).map(({ line, row }, index) => {
        const product = Math.floor(index / 5);
        const size = index % 5;
        return {
          line,
          row: {
            ...row,
            code: size === 0 ? `PLAIN-${product + 1}` : `ZQ-${String(product + 1).padStart(3, '0')}-${size}`,
            mpn: '',
          },
        };
      });
      assert.ok(rows.length - 150 > 500, 'more ZQ variants than the 500 rows once read');
      const outcome = await importCatalogueRows(database.db, rows, { dryRun: false });
      assert.deepEqual(outcome.problems, []);
      const wanted = [...new Set(rows.map(({ row }) => row.id))].sort();
      const found: string[] = [];
      let total = 0;
      for (let offset = 0; offset < 200; offset += 24) {
        const page = await store.search({ needle: searchNeedle('ZQ')!, offset, limit: 24, locale: 'en' });
        total = page.total;
        found.push(...page.results.map((result) => result.id));
      }
      assert.equal(total, 150);
      assert.deepEqual([...found].sort(), wanted);
      assert.ok(VARIANT_PRODUCTS_MAX >= 150);
    },
  );

  await t.test('a page past the last match still says how many there are', async () => {
    const first = await search('cable');
    assert.ok(first.total > 0 && first.results.length > 0);
    const past = await store.search({ needle: 'cable', offset: 5000, limit: 20, locale: 'en' });
    assert.deepEqual([past.total, past.results], [first.total, []]);
  });

  await t.test(
    "a quote, a backslash or punctuation alone is the visitor's text, never the query's syntax",
    async () => {
      assert.ok((await ids("armoured'\\ cable")).includes('oc_cu_xlpe_swa_pvc_cable'));
      for (const text of ['- &', "'", '\\', '!:*|&']) {
        const page = await search(text);
        assert.deepEqual([page.total, page.results], [0, []], text);
      }
    },
  );

  await t.test('one or two wrong letters: the closest words are offered, with their results', async () => {
    const misspelt = await search('armourd cabel');
    assert.equal(misspelt.suggestion, 'armoured cable');
    assert.ok(misspelt.results.some((result) => result.id === 'oc_cu_xlpe_swa_pvc_cable'));
    assert.equal((await search('miniture breker')).suggestion, 'miniature breaker');
    assert.equal((await search('كابل مدرغ', 'ar')).suggestion, 'كابل مدرع');
  });

  await t.test(
    "the results page's filters follow a product's change at once: its brand, specification values and price",
    async () => {
      const kysely = database.db.kysely;
      const facets = async () =>
        (await store.search({ needle: 'socket', offset: 0, limit: 20, locale: 'en', facets: true })).narrowed!.facets;
      const before = await facets();
      assert.equal(
        before.brands.find((brand) => brand.name === 'Quasar'),
        undefined,
      );
      await kysely
        .updateTable('catalogue_products')
        .set({ company: 'Quasar', price: '9999.50', filter_values: ['ip:IP68'] })
        .where('id', '=', 'marechal_dxn_decontactor_socket')
        .execute();
      const after = await facets();
      assert.deepEqual(
        after.brands.find((brand) => brand.name === 'Quasar'),
        { name: 'Quasar', count: 1 },
      );
      assert.equal(after.price.max, 9999.5);
      assert.ok(
        after.attributes.find((facet) => facet.attribute === 'ip')?.values.some((value) => value.value === 'IP68'),
      );
      // and it narrows the matches to that product; a value no match offers (an old link's) narrows nothing
      for (const attributes of [{}, { ip: ['IP99'] }]) {
        const quasar = await store.search({
          needle: 'socket',
          offset: 0,
          limit: 20,
          locale: 'ar',
          filters: { brands: ['Quasar'], attributes },
          facets: true,
        });
        assert.deepEqual(
          [quasar.total, quasar.results.map((result) => result.id)],
          [1, ['marechal_dxn_decontactor_socket']],
        );
      }
    },
  );

  await t.test(
    "a product's search row follows every change to it, in the same statement: renamed, moved, deleted",
    async () => {
      const kysely = database.db.kysely;
      await kysely
        .updateTable('catalogue_products')
        .set({ name: 'Quasar Busbar Trunking', category_id: 'cables' })
        .where('id', '=', 'abb_s200_mcb')
        .execute();
      assert.deepEqual(await ids('quasar busbar'), ['abb_s200_mcb']);
      const [renamed] = (await search('quasar')).results;
      assert.deepEqual([renamed?.title, renamed?.productCategoryId], ['Quasar Busbar Trunking', 'cables']);
      // its new words are offered for a misspelling at once
      assert.equal((await search('quasr busbar')).suggestion, 'quasar busbar');
      await kysely.deleteFrom('catalogue_products').where('id', '=', 'abb_s200_mcb').execute();
      assert.deepEqual(await ids('quasar busbar'), []);
    },
  );
}

test("a catalogue searched before the results page's filters were on the search rows gets them on migrating", async (t) => {
  const database = await pgliteTarget.fresh();
  t.after(() => database.cleanup());
  // fresh() migrates to the newest: rebuild the search rows as migration 011 left them, then migrate again
  await seedCatalogue(database.db);
  const kysely = database.db.kysely;
  await sql`delete from schema_migrations where version = '012'`.execute(kysely);
  for (const table of ['catalogue_search_en', 'catalogue_search_ar']) {
    await sql`alter table ${sql.table(table)} drop column brands, drop column filter_values, drop column price`.execute(
      kysely,
    );
  }
  await runMigrations(database.db);
  const page = await new CatalogueStore(kysely).search({
    needle: 'socket',
    offset: 0,
    limit: 20,
    locale: 'en',
    facets: true,
  });
  assert.ok(page.narrowed!.facets.brands.some((brand) => brand.name === 'PCE' && brand.count > 0));
  assert.ok(page.narrowed!.facets.price.max !== null);
});

/** A catalogue as it was before its search rows named their pair of brands and values, migrated again: the same filters. */
async function pairsUpgrade(target: DatabaseTarget): Promise<void> {
  const database = await target.fresh();
  try {
    await seedCatalogue(database.db);
    const kysely = database.db.kysely;
    const store = new CatalogueStore(kysely);
    const page = (filters?: { brands: string[] }) =>
      store.search({
        needle: 'cable',
        offset: 0,
        limit: 24,
        locale: 'en',
        facets: true,
        ...(filters ? { filters } : {}),
      });
    const before = await page();
    const narrowedBefore = await page({ brands: ['Hex'] });
    // undo what migration 019 added (its trigger function stays: migrating again replaces it)
    await sql`delete from schema_migrations where version = '019'`.execute(kysely);
    await sql`drop table catalogue_facet_sets cascade`.execute(kysely);
    await sql`drop function catalogue_facet_set(text[], text[])`.execute(kysely);
    for (const table of ['catalogue_search_en', 'catalogue_search_ar'])
      await sql`alter table ${sql.table(table)} drop column facet_set`.execute(kysely);
    await runMigrations(database.db);
    // every search row names the pair of its own brands and values
    const { rows } = await sql<{
      rows: number;
      named: number;
    }>`select count(*)::int as rows, count(pair.id)::int as named
      from (select brands, filter_values, facet_set from catalogue_search_en union all select brands, filter_values, facet_set from catalogue_search_ar) as s
      left join catalogue_facet_sets as pair on pair.id = s.facet_set and pair.brands = s.brands and pair.filter_values = s.filter_values`.execute(
      kysely,
    );
    assert.ok(rows[0]!.rows > 0);
    assert.equal(rows[0]!.named, rows[0]!.rows);
    assert.deepEqual(await page(), before);
    assert.deepEqual(await page({ brands: ['Hex'] }), narrowedBefore);
    assert.ok(narrowedBefore.total > 0 && narrowedBefore.total < before.total);
    // and a product written afterwards is counted under its new pair
    await kysely
      .updateTable('catalogue_products')
      .set({ company: 'Quasar' })
      .where('id', '=', 'hex_cw_brass_cable_gland')
      .execute();
    assert.deepEqual(
      (await page()).narrowed?.facets.brands.find((brand) => brand.name === 'Quasar'),
      { name: 'Quasar', count: 1 },
    );
  } finally {
    await database.cleanup();
  }
}

test("a catalogue migrated to name each search row's pair of brands and values counts the same filters, on both databases", async (t) => {
  await pairsUpgrade(pgliteTarget);
  await onPostgres(t, pairsUpgrade);
});

test('search on embedded PGlite', async (t) => {
  await searchSuite(t, pgliteTarget);
});

test('search on PostgreSQL', (t) => onPostgres(t, (postgres) => searchSuite(t, postgres)));
