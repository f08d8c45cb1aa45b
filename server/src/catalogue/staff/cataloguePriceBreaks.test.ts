// A variant's price breaks and minimum order (docs/decisions/043-price-breaks-and-order-multiples.md) through the
// editor's draft, publish, history, the public answer and the catalogue file (xlsx and csv), on both databases: each
// refusal said in words at its variant's field; the breaks stored as exact decimal strings.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, type TestContext } from 'node:test';
import { catalogueProductApiPath } from '@site/contracts/api';
import type { ProductResponse } from '@site/contracts/catalogue-api';
import type { ApiError } from '@site/contracts/forms-api';
import { STAFF_API, staffApiPath } from '@site/contracts/staff-api';
import type { EditableProduct, EditableVariant, EditorProduct } from '@site/contracts/staff-catalogue-api';
import { readCatalogueFile, writeCatalogueFile } from '../file/catalogueFiles.js';
import { exportCatalogueRows, importCatalogueRows } from '../file/catalogueImport.js';
import { catalogueEditorApp } from '../../test-support/catalogueEditorApp.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../../test-support/databases.js';
import { eventually } from '../../test-support/eventually.js';
import { addStaffAccount, signInStaff, staffCall } from '../../test-support/staffSignIn.js';

const PRODUCT = 'hex_cw_brass_cable_gland';
const url = (pattern: string) => staffApiPath(pattern, { id: PRODUCT });

async function breaksSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  const { app, db } = await catalogueEditorApp(t, target);
  await addStaffAccount(db, 'layla@crescent.example', 'catalogue');
  const layla = await signInStaff(app, 'layla@crescent.example');
  const read = async () => (await staffCall(app, layla, 'GET', url(STAFF_API.catalogueProduct))).json<EditorProduct>();
  const save = async (content: EditableProduct) => {
    const { version } = await read();
    return staffCall(app, layla, 'PUT', url(STAFF_API.catalogueDraft), { baseVersion: version, content });
  };
  const withSecond = (content: EditableProduct, change: Partial<EditableVariant>): EditableProduct => ({
    ...content,
    variants: content.variants!.map((variant, index) => (index === 1 ? { ...variant, ...change } : variant)),
  });

  await t.test('breaks and minimum orders refused in words at their variant field; nothing saved', async () => {
    const { published } = await read();
    const cases: [Partial<EditableVariant>, string, string][] = [
      [
        { price: '14', priceBreaks: '50 at 12' },
        'priceBreaks',
        'variant 2 (HEX-CW-20): Price breaks are written as quantity+ price, separated by semicolons, e.g. "50+ 12.50; 250+ 11.00" (not "50 at 12")',
      ],
      [
        { price: '14', priceBreaks: '50+ 12.50; 250+ 12.75' },
        'priceBreaks',
        "variant 2 (HEX-CW-20): A price break's price must not be above the one before: 250+ at 12.75 is above 12.50",
      ],
      [
        { price: '14', priceBreaks: '250+ 12; 50+ 11' },
        'priceBreaks',
        'variant 2 (HEX-CW-20): Price break quantities must rise: 50+ comes after 250+',
      ],
      [
        { price: '14', priceBreaks: '1+ 14' },
        'priceBreaks',
        "variant 2 (HEX-CW-20): A price break starts at 2 or more: the price at 1 is the variant's price (not 1+)",
      ],
      [
        { price: '', priceBreaks: '50+ 12' },
        'priceBreaks',
        'variant 2 (HEX-CW-20): Price breaks need the variant’s price: a variant priced on request has no breaks',
      ],
      [
        { minimumOrder: '1' },
        'minimumOrder',
        'variant 2 (HEX-CW-20): Minimum order must be a whole number from 2 to 100,000, or empty (not "1")',
      ],
    ];
    for (const [change, field, message] of cases) {
      const res = await save(withSecond(published, change));
      assert.equal(res.statusCode, 400, res.body);
      assert.deepEqual(
        res.json<ApiError>().problems?.map((problem) => [problem.path, problem.message]),
        [[['content', 'variants', 1, field], message]],
      );
    }
    assert.equal((await read()).draft, null, 'nothing saved');
  });

  await t.test(
    'a draft with breaks and a minimum is published: stored exactly, answered, kept in the history',
    async () => {
      const { published } = await read();
      const saved = await save(
        withSecond(published, { price: '14', priceBreaks: '50+ 12.5;250+ 11', minimumOrder: '10', packQuantity: '5' }),
      );
      assert.equal(saved.statusCode, 200, saved.body);
      const res = await staffCall(app, layla, 'POST', url(STAFF_API.cataloguePublish), {
        baseVersion: saved.json<EditorProduct>().version,
      });
      assert.equal(res.statusCode, 200, res.body);
      const rows = await db.query<{ price_breaks: unknown; minimum_order: number; pack_quantity: number }>(
        "select price_breaks, minimum_order, pack_quantity from catalogue_product_variants where code = 'HEX-CW-20'",
      );
      assert.deepEqual(rows, [
        {
          price_breaks: [
            { quantity: 50, price: '12.50' },
            { quantity: 250, price: '11.00' },
          ],
          minimum_order: 10,
          pack_quantity: 5,
        },
      ]);
      const live = await eventually(
        async () => (await app.inject({ url: catalogueProductApiPath(PRODUCT) })).json<ProductResponse>(),
        (answer) => answer.variants.some((variant) => variant.priceBreaks !== undefined),
      );
      const variant = live.variants.find((item) => item.code === 'HEX-CW-20');
      assert.deepEqual(
        [variant?.price, variant?.minimumOrder, variant?.packQuantity, variant?.priceBreaks],
        [
          14,
          10,
          5,
          [
            { quantity: 50, price: '12.50' },
            { quantity: 250, price: '11.00' },
          ],
        ],
      );
      assert.ok(
        live.variants.filter((item) => item.code !== 'HEX-CW-20').every((item) => item.priceBreaks === undefined),
        'the other sizes have none',
      );
      const now = await read();
      assert.deepEqual(
        [now.published.variants?.[1]?.priceBreaks, now.published.variants?.[1]?.minimumOrder],
        ['50+ 12.50; 250+ 11.00', '10'],
        'the editor reads them back as the cell writes them',
      );
      assert.equal(now.published.variants?.[0]?.priceBreaks, undefined, 'absent where there are none');
      const history = await db.query<{ content: EditableProduct }>(
        'select content from catalogue_product_history where product_id = $1 order by version desc limit 1',
        [PRODUCT],
      );
      assert.equal(history[0]!.content.variants?.[1]?.minimumOrder, '10', 'the history keeps them');
      assert.match(history[0]!.content.variants?.[1]?.priceBreaks ?? '', /^50\+ 12\.5;250\+ 11$/);
    },
  );

  await t.test(
    'the catalogue file carries them both ways: exported, written and read as xlsx and csv, imported unchanged, a changed cell reported',
    async () => {
      const rows = (await exportCatalogueRows(db.kysely)).filter((row) => row.id === PRODUCT);
      assert.deepEqual(rows.map((row) => [row.code, row.priceBreaks, row.minimumOrder]).slice(0, 3), [
        ['HEX-CW-20S', '', ''],
        ['HEX-CW-20', '50+ 12.50; 250+ 11.00', '10'],
        ['HEX-CW-25', '', ''],
      ]);
      const dir = await mkdtemp(join(tmpdir(), 'breaks-'));
      t.after(() => rm(dir, { recursive: true, force: true }));
      for (const name of ['catalogue.xlsx', 'catalogue.csv']) {
        const file = join(dir, name);
        await writeCatalogueFile(file, rows);
        const back = await readCatalogueFile(file);
        assert.ok('rows' in back, JSON.stringify(back));
        assert.deepEqual(
          back.rows.map(({ row }) => row),
          rows,
          `${name} round-trips every cell`,
        );
        const outcome = await importCatalogueRows(db, back.rows, { dryRun: true, countUnchanged: true });
        assert.deepEqual(outcome.problems, []);
        assert.deepEqual(outcome.changes, [], `${name} imported unchanged changes nothing`);
      }
      const changed = rows.map((row) =>
        row.code === 'HEX-CW-20' ? { ...row, priceBreaks: '100+ 12.00', minimumOrder: '' } : row,
      );
      const outcome = await importCatalogueRows(
        db,
        changed.map((row, index) => ({ line: index + 2, row })),
        { dryRun: false, countUnchanged: true },
      );
      assert.equal(outcome.written, true, outcome.problems.join('\n'));
      assert.deepEqual(
        outcome.changes.map((change) => change.change),
        ['HEX-CW-20: minimumOrder 10 → none', 'HEX-CW-20: priceBreaks "50+ 12.50; 250+ 11.00" → "100+ 12.00"'],
      );
      const stored = await db.query<{ price_breaks: unknown; minimum_order: number | null }>(
        "select price_breaks, minimum_order from catalogue_product_variants where code = 'HEX-CW-20'",
      );
      assert.deepEqual(stored, [{ price_breaks: [{ quantity: 100, price: '12.00' }], minimum_order: null }]);
      const refused = await importCatalogueRows(db, [{ line: 2, row: { ...rows[1]!, priceBreaks: '100+ 15' } }], {
        dryRun: true,
      });
      assert.match(
        refused.problems.join('\n'),
        /line 2 \(id hex_cw_brass_cable_gland\): priceBreaks: A price break's price must not be above the one before: 100\+ at 15\.00 is above 14\.00/,
      );
    },
  );
}

test('price breaks in the editor and the catalogue file on embedded PGlite', async (t) => {
  await breaksSuite(t, pgliteTarget);
});

test('price breaks in the editor and the catalogue file on PostgreSQL', async (t) => {
  await onPostgres(t, (target) => breaksSuite(t, target));
});
