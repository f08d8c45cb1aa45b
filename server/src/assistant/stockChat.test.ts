// The chat answers stock questions from the ERP's figures (docs/stock.md), on both databases: the built-in answerer
// (no GEMINI_API_KEY) and the AI provider (the fake Gemini on loopback, through the real @google/generative-ai client,
// which is given the facts in its prompt), in English and Arabic: the parts found by the catalogue's search, at the
// location asked about, how fresh, the product's page linked; a part the ERP never named is said to have no figures.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { onPostgres, pgliteTarget, type DatabaseTarget, type TestDatabase } from '../test-support/databases.js';
import { FakeGemini } from '../test-support/fakeGemini.js';
import { createFixture, type Fixture } from '../test-support/fixture.js';
import { stockedCatalogue } from '../test-support/stockFeed.js';
import { ARABIC_FALLBACK_PREFIX, FALLBACK_PREFIX } from './knowledge-base/index.js';
import { instructions } from './prompt.js';
import { buildKnowledgeBase } from './knowledge-base/index.js';
import { stockQuestion } from './stockFacts.js';

const GLAND_PAGE = '/our-products/industrial_cable_glands/hex_cw_brass_cable_gland';

async function suite(t: TestContext, target: DatabaseTarget): Promise<void> {
  const fake = new FakeGemini((prompt) => {
    // a model that answers from the stock facts it was given: their first line about the 20 (M20)
    const fact = prompt.split('\n').find((line) => line.startsWith('- ') && line.includes('HEX-CW-20;'));
    return fact ?? 'I do not know.';
  });
  let fixture: Fixture;
  let noKey: Fixture;
  let database: TestDatabase;
  let ai: FastifyInstance;
  let builtIn: FastifyInstance;
  const ask = (app: FastifyInstance, question: string, language?: 'en' | 'ar') =>
    app.inject({
      method: 'POST',
      url: '/api/chat',
      payload: { question, history: [], ...(language ? { language } : {}) },
    });

  t.before(async () => {
    const fakeUrl = await fake.start();
    fixture = await createFixture({
      env: {
        GEMINI_API_KEY: 'test-key',
        GEMINI_BASE_URL: fakeUrl,
        GEMINI_TIMEOUT_SECONDS: '5',
        CHAT_RATE_LIMIT_MAX: '0',
      },
    });
    noKey = await createFixture({ env: { CHAT_RATE_LIMIT_MAX: '0' } });
    database = await stockedCatalogue(target, [
      {
        code: 'HEX-CW-20',
        location: 'dubai',
        onHand: 40,
        incoming: 500,
        incomingDate: `${new Date().getUTCFullYear() + 1}-12-12`,
      },
      { code: 'HEX-CW-20', location: 'muscat', onHand: 0, leadTimeDays: 28 },
      { code: 'HEX-CW-20S', location: 'dubai', onHand: 12 },
    ]);
    // the ERP's figures, five minutes old
    await database.db.query(`update stock_levels set updated_at = now() - interval '5 minutes'`);
    ai = await buildApp(fixture.config, database.db);
    builtIn = await buildApp(noKey.config, database.db);
  });
  t.after(async () => {
    await ai?.close();
    await builtIn?.close();
    await database?.cleanup();
    await fixture?.cleanup();
    await noKey?.cleanup();
    await fake.stop();
  });

  await t.test(
    'built-in answerer, English: "do you have 20 mm brass glands in Dubai?" gives the Dubai figures of the M20 sizes, how fresh, the page linked',
    async () => {
      const res = await ask(builtIn, 'Do you have 20 mm brass glands in Dubai?');
      assert.equal(res.statusCode, 200, res.body);
      const { answer, source } = res.json<{ answer: string; source: string }>();
      assert.equal(source, 'knowledge-base');
      assert.ok(answer.startsWith(FALLBACK_PREFIX), answer);
      assert.ok(answer.includes(`(${GLAND_PAGE})`), answer);
      assert.match(
        answer,
        /HEX-CW-20\)\n {2}Dubai warehouse: In stock: 40 pieces · Incoming: 500 on 12 December \d{4} \(updated 5 minutes ago\)/,
        answer,
      );
      assert.match(answer, /HEX-CW-20S\)\n {2}Dubai warehouse: In stock: 12 pieces \(updated 5 minutes ago\)/, answer);
      assert.doesNotMatch(answer, /Muscat/, 'only the location asked about');
      assert.doesNotMatch(answer, /HEX-CW-25/, 'only the size asked about');
      // the E1W brass gland's M20 has no figures: said so, never "0"
      assert.match(answer, /HEX-E1W-20\)\n {2}We hold no stock information for this part\./, answer);
    },
  );

  await t.test(
    'built-in answerer, Arabic: the same question in Arabic, answered in Arabic with the Arabic page',
    async () => {
      const res = await ask(builtIn, 'هل لديكم جلبة كابل من النحاس مقاس 20 مم في دبي؟');
      assert.equal(res.statusCode, 200, res.body);
      const { answer } = res.json<{ answer: string }>();
      assert.ok(answer.startsWith(ARABIC_FALLBACK_PREFIX), answer);
      assert.ok(answer.includes(`(/ar${GLAND_PAGE})`), answer);
      assert.match(
        answer,
        /مستودع دبي: متوفر في المخزون: 40 قطعة · كمية واردة: 500 بتاريخ 12 ديسمبر \d{4} \(حُدّثت قبل 5 دقائق\)/,
        answer,
      );
    },
  );

  await t.test('no location named: every location the ERP stated; Muscat says its lead time', async () => {
    const { answer } = (await ask(builtIn, 'Is the HEX-CW-20 brass gland in stock?')).json<{ answer: string }>();
    assert.match(answer, /Muscat office: Lead time: about 4 weeks \(updated 5 minutes ago\)/, answer);
    assert.match(answer, /Dubai warehouse: In stock: 40 pieces/, answer);
  });

  await t.test(
    'the Saudi associate holds no stock: the answer says so and gives the stock held elsewhere',
    async () => {
      const { answer } = (await ask(builtIn, 'Do you have 20 mm brass glands in Saudi Arabia?')).json<{
        answer: string;
      }>();
      assert.match(answer, /Our Saudi associate holds no stock/, answer);
      assert.match(answer, /Dubai warehouse: In stock: 40 pieces/, answer);
    },
  );

  await t.test(
    'Gemini (the fake, through the real client): the prompt carries the stock facts and no "cannot know stock" rule; the answer comes from them',
    async () => {
      const res = await ask(ai, 'Do you have 20 mm brass glands in Dubai?');
      const { answer, source } = res.json<{ answer: string; source: string }>();
      assert.equal(source, 'ai', res.body);
      const prompt = fake.prompts.at(-1)!;
      assert.match(prompt, /Stock from the ERP for this question \(locations: Dubai warehouse;/);
      assert.ok(
        prompt.includes(
          `- CW Brass Cable Gland for SWA Cable, Indoor/Outdoor (IP66) – Size 20 (M20) (code HEX-CW-20; page ${GLAND_PAGE}): Dubai warehouse: In stock: 40 pieces`,
        ),
        prompt,
      );
      assert.match(prompt, /\(updated 5 minutes ago\)/);
      assert.doesNotMatch(prompt, /\(stock, delivery times/, 'the rule that it cannot know stock is gone');
      assert.match(answer, /Dubai warehouse: In stock: 40 pieces/);
    },
  );

  await t.test('Gemini in Arabic: the facts are given worded in Arabic, with the Arabic page', async () => {
    await ask(ai, 'هل لديكم جلبة كابل من النحاس مقاس 20 مم في دبي؟');
    const prompt = fake.prompts.at(-1)!;
    assert.ok(prompt.includes(`page /ar${GLAND_PAGE}): مستودع دبي: متوفر في المخزون: 40 قطعة`), prompt);
    assert.ok(prompt.includes('حُدّثت قبل 5 دقائق'), prompt);
  });

  await t.test('a question that does not ask about stock gets no stock facts', async () => {
    await ask(ai, 'Tell me about your company');
    assert.match(fake.prompts.at(-1)!, /Stock facts: none for this question\./);
  });
}

test('the chat answers stock questions, on embedded PGlite', async (t) => {
  await suite(t, pgliteTarget);
});

test('the chat answers stock questions, on PostgreSQL', async (t) => {
  await onPostgres(t, (target) => suite(t, target));
});

test('what a question asks of the stock: its places and sizes, and the words left for the search', () => {
  assert.deepEqual(stockQuestion('Do you have 20 mm brass glands in Dubai?'), {
    locations: ['dubai'],
    saudi: false,
    sizes: ['20'],
    searchText: stockQuestion('Do you have 20 mm brass glands in Dubai?')!.searchText,
  });
  assert.match(stockQuestion('Do you have 20 mm brass glands in Dubai?')!.searchText, /^\W*Do you\W+brass glands\W*$/);
  // "do you have" without a place asks whether we sell it: the catalogue answers that
  assert.equal(stockQuestion('Do you have the cable renamed by an import?'), undefined);
  assert.deepEqual(stockQuestion('هل لديكم جلب مقاس 25 في مسقط؟')?.locations, ['muscat']);
  assert.deepEqual(stockQuestion('Is M32 in stock in Bahrain or Oman?')?.locations, ['muscat', 'bahrain']);
  assert.equal(stockQuestion('Tell me about your company'), undefined);
  assert.doesNotMatch(instructions(buildKnowledgeBase()), /\(stock, delivery times/);
});
