// The chat over the database's catalogue: what it sends the AI provider (a fake on loopback) is made of a sample of each
// category and the products the search finds for the question, never of every product; a catalogue change is in the
// next answer. Over the seeded catalogue the knowledge bases are those of every record. PGlite and PostgreSQL.
import assert from 'node:assert/strict';
import { after, before, describe, test, type TestContext } from 'node:test';
import { buildApp } from '../app.js';
import { databaseCatalogueFeed } from '../catalogue/catalogueFeed.js';
import { CatalogueStore } from '../catalogue/catalogueStore.js';
import { seedCatalogue } from '../catalogue/seed.js';
import { writeProductVariants } from '../catalogue/variants/variantStore.js';
import { seededProductVariants } from '@site/content/product-variants';
import { renameSeededProduct, RENAMED_PRODUCT, RENAMED_PRODUCT_NAME } from '../test-support/catalogueChanges.js';
import { eventually } from '../test-support/eventually.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../test-support/databases.js';
import { FakeGemini } from '../test-support/fakeGemini.js';
import { createFixture } from '../test-support/fixture.js';
import { logStatements } from '../test-support/statementLog.js';
import { databaseKnowledgeBases, questionProducts } from './catalogueKnowledge.js';
import { exportCatalogueRows, importCatalogueRows } from '../catalogue/file/catalogueImport.js';
import { arabicKnowledgeBaseSources, buildKnowledgeBase } from './knowledge-base/index.js';

/** A statement that reads every product (the whole catalogue's records, not a page's rows). */
const readsEveryProduct = (statement: string): boolean =>
  /from "?catalogue_products"?/.test(statement) && !/\bwhere\b/.test(statement);

/** The seeded catalogue's third product of the cables: not in a sample of one product per category. */
const FOUND = {
  id: 'oc_fire_resistant_cable',
  name: 'Fire Resistant LSZH Cable, 2 Core + Earth, 300/500 V (BS 7629-1)',
  code: 'OC-FR-2E-15',
};
/** Another product that is not the first of its category, that no question below names. */
const NOT_NAMED = 'hex_bw_brass_cable_gland';

async function chatOverTheDatabase(t: TestContext, target: DatabaseTarget): Promise<void> {
  const provider = new FakeGemini('We have it.');
  const database = await target.fresh({ openedByPath: true });
  const fixture = await createFixture({
    env: {
      ...database.env,
      GEMINI_API_KEY: 'test-key',
      GEMINI_BASE_URL: await provider.start(),
      GEMINI_TIMEOUT_SECONDS: '10',
      CHAT_RATE_LIMIT_MAX: '0',
    },
  });
  const logged = logStatements(database.db);
  const app = await buildApp(fixture.config, logged.db, { chatKnowledge: { perCategory: 1 } });
  const ask = async (question: string, language: 'en' | 'ar' = 'en'): Promise<string> => {
    const res = await app.inject({ method: 'POST', url: '/api/chat', payload: { question, history: [], language } });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json<{ source: string }>().source, 'ai', res.body);
    return provider.prompts.at(-1) ?? '';
  };
  try {
    await seedCatalogue(database.db);
    await app.ready();

    await t.test('a question and a code look-up read no statement over every product, nor the records', async () => {
      logged.clear();
      const prompt = await ask('Do you have fire resistant LSZH cable?');
      const lookup = await app.inject({
        url: `/api/catalogue/lookup?lang=en&codes=${FOUND.code.replace(/-/g, '').toLowerCase()},nosuchcode`,
      });
      assert.equal(lookup.statusCode, 200, lookup.body);
      assert.deepEqual(
        lookup.json<{ products: { id: string }[] }>().products.map((product) => product.id),
        [FOUND.id],
      );
      assert.ok(prompt.includes(FOUND.name), 'the product the search found is in the prompt');
      assert.deepEqual(logged.statements.filter(readsEveryProduct), [], 'no statement reads every product');
      assert.ok(
        !logged.statements.some((statement) => /repeatable read/.test(statement)),
        "the feed's records were not read",
      );
    });

    await t.test(
      'what the provider is sent: the sample and what the question finds, with its link; not the rest',
      async () => {
        const prompt = await ask('Do you have fire resistant LSZH cable?');
        assert.ok(prompt.includes(`/our-products/cables/${FOUND.id}`), 'its link');
        assert.ok(!prompt.includes(NOT_NAMED), 'a product neither sampled nor found is not sent');
        assert.ok(prompt.includes('/our-products/industrial_cable_glands'), 'every category is there');
        const other = await ask('Hello, where are your offices?');
        assert.ok(!other.includes(FOUND.id), 'a question that does not name it does not carry it');
        assert.ok(other.length < prompt.length);
      },
    );

    await t.test(
      "a variant's price asked by its code: its code, label and price are sent; a change to them is in the next answer",
      async () => {
        // the first gland is in the sample (one product per category); the second is found by its variant's code
        const sampled = await ask('What is the price of HEX-CW-25?');
        assert.ok(
          sampled.includes('{"code":"HEX-CW-25","label":"Size 25 (M25)","priceAed":16.75,"unit":"piece"}'),
          'the variant, priced',
        );
        assert.ok(
          sampled.includes('{"code":"HEX-CW-20S","label":"Size 20S (M20)","priceAed":12,"unit":"piece"}'),
          'its siblings too',
        );
        assert.ok(
          sampled.includes('{"code":"OC-FR-2E-15","priceAed":9.5,"unit":"metre"}') || !sampled.includes(FOUND.id),
          "a product's only variant: its code and price",
        );
        const found = await ask('HEX-E1W-25 price?');
        assert.ok(
          found.includes('/our-products/industrial_cable_glands/hex_e1w_brass_cable_gland'),
          'the product the search found by its variant code',
        );
        assert.match(found, /\{"code":"HEX-E1W-25","label":"Size 25 \(M25\)","priceAed":[0-9.]+,"unit":"piece"\}/);
        const arabic = await ask('ما سعر HEX-CW-25؟', 'ar');
        assert.ok(
          arabic.includes('{"code":"HEX-CW-25","label":"المقاس 25 (M25)","priceAed":16.75,"unit":"piece"}'),
          'the Arabic label',
        );
        // the writer's change: a new price, a variant withdrawn
        const seeded = seededProductVariants().find(
          (entry) => entry.productId === 'hex_cw_brass_cable_gland',
        )!.variants;
        const written = seeded.map((variant) => ({
          ...variant,
          ...(variant.code === 'HEX-CW-25' ? { price: 17.25 } : {}),
          ...(variant.code === 'HEX-CW-32' ? { published: false } : {}),
        }));
        await writeProductVariants(database.db.kysely, 'hex_cw_brass_cable_gland', written);
        const after = await eventually(
          () => ask('What is the price of HEX-CW-25?'),
          (sent) => sent.includes('"code":"HEX-CW-25","label":"Size 25 (M25)","priceAed":17.25'),
        );
        assert.ok(after.includes('"code":"HEX-CW-25","label":"Size 25 (M25)","priceAed":17.25'), 'the new price');
        assert.ok(!after.includes('"code":"HEX-CW-32"'), 'a withdrawn variant is not offered');
      },
    );

    await t.test('any text of a question is searched without a server error', async () => {
      const questions = [
        'cable '.repeat(150),
        "'; drop table catalogue_products; -- %_\\ cable",
        '🔌 cable \u202e glands',
        'cable \ud800 gland',
        '%%%',
        'كابل'.repeat(100),
      ];
      for (const question of questions) {
        const res = await app.inject({ method: 'POST', url: '/api/chat', payload: { question, history: [] } });
        assert.ok(res.statusCode === 200 || res.statusCode === 400, `${res.statusCode} ${res.body}`);
      }
      assert.equal(
        (await app.inject({ url: '/api/catalogue/lookup?lang=en&codes=ocfr2e15' })).statusCode,
        200,
        'the catalogue is still there',
      );
    });

    await t.test('in Arabic: the Arabic record of what the search finds, with the Arabic page', async () => {
      const prompt = await ask('هل لديكم كابل مقاوم للحريق؟', 'ar');
      assert.ok(prompt.includes(`/ar/our-products/cables/${FOUND.id}`), prompt.slice(-2000));
    });

    await t.test('a catalogue change (a rename by an import) is in the next answer', async () => {
      const question = 'Do you have the cable renamed by an import?';
      assert.ok(!(await ask(question)).includes(RENAMED_PRODUCT_NAME));
      await renameSeededProduct(database);
      const prompt = await eventually(
        () => ask(question),
        (sent) => sent.includes(RENAMED_PRODUCT_NAME),
      );
      assert.ok(
        prompt.includes(RENAMED_PRODUCT_NAME) && prompt.includes(RENAMED_PRODUCT),
        'the new name, found by the search',
      );
    });

    await t.test(
      "a product's related parts linked by an import are in its knowledge, by code and name, in each language",
      async () => {
        const rows = (await exportCatalogueRows(database.db.kysely)).filter(
          (row) => row.id === 'hex_cw_brass_cable_gland',
        );
        const linked = rows.map((row) => ({ ...row, fitsWith: 'HEX-SHR-20-PVC', alternatives: 'HEX-E1W-20S' }));
        const outcome = await importCatalogueRows(
          database.db,
          linked.map((row, index) => ({ line: index + 2, row })),
          { dryRun: false },
        );
        assert.deepEqual(outcome.problems, []);
        const prompt = await eventually(
          () => ask('What fits the HEX-CW-25 gland?'),
          (sent) => sent.includes('"fitsWith"'),
        );
        assert.ok(prompt.includes('"fitsWith":["HEX-SHR-20-PVC: PVC / LSF Cable Gland Shroud'), 'the accessory');
        assert.match(prompt, /"alternatives":\["HEX-E1W-20S: E1W Weatherproof Brass Cable Gland[^"]*"\]/);
        const arabic = await ask('ما الملحقات المتوافقة مع HEX-CW-25؟', 'ar');
        assert.match(arabic, /"fitsWith":\["HEX-SHR-20-PVC: [^"]*[\u0600-\u06FF]/, 'the Arabic name');
      },
    );
  } finally {
    await app.close();
    await fixture.cleanup();
    await database.cleanup();
    await provider.stop();
  }
}

test('the chat over a PGlite catalogue', (t) => chatOverTheDatabase(t, pgliteTarget));
test('the chat over a PostgreSQL catalogue', (t) => onPostgres(t, (target) => chatOverTheDatabase(t, target)));

describe('the knowledge bases over the seeded database', () => {
  const state = {} as {
    cleanup(): Promise<void>;
    store: CatalogueStore;
    knowledgeBases: ReturnType<typeof databaseKnowledgeBases>;
  };
  before(async () => {
    const database = await pgliteTarget.fresh();
    await seedCatalogue(database.db);
    const feed = databaseCatalogueFeed(database.db);
    state.store = new CatalogueStore(database.db.kysely);
    state.knowledgeBases = databaseKnowledgeBases(state.store, feed);
    state.cleanup = async () => {
      await feed.stop();
      await database.cleanup();
    };
  });
  after(() => state.cleanup());

  test("are every record's: the site's knowledge bases, whatever the question", async () => {
    const site = { en: buildKnowledgeBase(), ar: buildKnowledgeBase(arabicKnowledgeBaseSources(), 'ar') };
    for (const [question, locale] of [
      ['Hello', 'en'],
      ['fire resistant cable', 'en'],
      ['كابلات', 'ar'],
    ] as const) {
      assert.deepEqual(await state.knowledgeBases(question, locale), site, question);
    }
  });

  test("a question's products: all its words, or else each of them in turn, bounded", async () => {
    assert.deepEqual(await questionProducts(state.store, 'Do you have fire resistant LSZH cable?', 'en', 20), [
      FOUND.id,
    ]);
    assert.deepEqual(await questionProducts(state.store, 'Hello, good morning!', 'en', 20), []);
    const either = await questionProducts(state.store, 'LSZH fire resistant or Scotch tapes', 'en', 20);
    assert.ok(either.includes(FOUND.id) && either.some((id) => id.includes('scotch')), either.join());
    assert.ok((await questionProducts(state.store, 'cable', 'en', 3)).length === 3);
  });
});
