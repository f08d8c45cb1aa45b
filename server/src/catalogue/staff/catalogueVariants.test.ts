// A product's variants through the editor and the catalogue file, on both databases: publishing writes them (the
// product's code and price made from them, the history keeping them), each refusal answered 400 with its variant's
// path, and the import that changes a product of several variants leaves its row and its variants agreeing.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { catalogueProductApiPath } from '@site/contracts/api';
import type { ProductResponse } from '@site/contracts/catalogue-api';
import type { ApiError } from '@site/contracts/forms-api';
import { STAFF_API, staffApiPath } from '@site/contracts/staff-api';
import type { EditableProduct, EditableVariant, EditorProduct } from '@site/contracts/staff-catalogue-api';
import { exportCatalogueRows, importCatalogueRows } from '../file/catalogueImport.js';
import { catalogueEditorApp } from '../../test-support/catalogueEditorApp.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../../test-support/databases.js';
import { eventually } from '../../test-support/eventually.js';
import { addStaffAccount, signInStaff, staffCall } from '../../test-support/staffSignIn.js';

const PRODUCT = 'hex_cw_brass_cable_gland';
const OTHER = 'oc_cu_xlpe_swa_pvc_cable';
const url = (pattern: string, id = PRODUCT) => staffApiPath(pattern, { id });

async function variantsSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  const { app, db } = await catalogueEditorApp(t, target);
  await addStaffAccount(db, 'layla@crescent.example', 'catalogue');
  const layla = await signInStaff(app, 'layla@crescent.example');
  const read = async (id = PRODUCT) =>
    (await staffCall(app, layla, 'GET', url(STAFF_API.catalogueProduct, id))).json<EditorProduct>();
  const stored = async (id = PRODUCT) => ({
    product: (
      await db.query<{ code: string; price: string | null; unit: string }>(
        'select code, price::text as price, unit from catalogue_products where id = $1',
        [id],
      )
    )[0],
    variants: (
      await db.query<{ code: string; price: string | null; published: boolean }>(
        'select code, price::text as price, published from catalogue_product_variants where product_id = $1 order by position',
        [id],
      )
    ).map((row) => [row.code, row.price === null ? null : Number(row.price), row.published]),
  });
  const save = async (content: EditableProduct) => {
    const { version } = await read();
    return staffCall(app, layla, 'PUT', url(STAFF_API.catalogueDraft), { baseVersion: version, content });
  };
  const variantsOf = (content: EditableProduct): EditableVariant[] => content.variants!;

  await t.test(
    'a draft refused for its variants: 400 with each problem at its variant field in the body (content.variants.i.field); nothing saved',
    async () => {
      const { published } = await read();
      const variants = variantsOf(published);
      const otherCode = (await stored(OTHER)).variants[0]![0] as string;
      const cases: { variants: EditableVariant[]; problems: { path: (string | number)[]; message: RegExp }[] }[] = [
        {
          variants: variants.map((variant, index) => (index === 3 ? { ...variant, code: variants[1]!.code } : variant)),
          problems: [
            {
              path: ['content', 'variants', 1, 'code'],
              message:
                /^variant 2 \(HEX-CW-20\) and variant 4 \(HEX-CW-20\) have one code \(HEX-CW-20\): each variant needs its own$/,
            },
            {
              path: ['content', 'variants', 3, 'code'],
              message: /^variant 2 \(HEX-CW-20\) and variant 4 \(HEX-CW-20\) have one code/,
            },
          ],
        },
        {
          variants: variants.map((variant, index) => (index === 2 ? { ...variant, code: otherCode } : variant)),
          problems: [
            {
              path: ['content', 'variants', 2, 'code'],
              message: new RegExp(
                `^variant 3 \\(${otherCode}\\): variant code "${otherCode}" is already product ${OTHER}'s`,
              ),
            },
          ],
        },
        {
          variants: variants.map((variant, index) => (index === 1 ? { ...variant, price: '13.505' } : variant)),
          problems: [
            {
              path: ['content', 'variants', 1, 'price'],
              message: /^variant 2 \(HEX-CW-20\): bad price "13\.505": a number of AED with at most two decimals/,
            },
          ],
        },
        {
          variants: variants.map((variant, index) => (index === 1 ? { ...variant, packQuantity: '1' } : variant)),
          problems: [
            {
              path: ['content', 'variants', 1, 'packQuantity'],
              message: /^variant 2 \(HEX-CW-20\): Pack quantity must be 2 or more, or empty$/,
            },
          ],
        },
        {
          variants: variants.map((variant, index) => (index === 1 ? { ...variant, packQuantity: '2.5' } : variant)),
          problems: [
            {
              path: ['content', 'variants', 1, 'packQuantity'],
              message:
                /^variant 2 \(HEX-CW-20\): Pack quantity must be a whole number, 2 or more, or empty \(not "2\.5"\)$/,
            },
          ],
        },
        {
          variants: variants.map((variant) => ({ ...variant, published: false })),
          problems: [
            {
              path: ['content', 'variants'],
              message: /^At least one variant must be published: a product with none cannot be ordered\.$/,
            },
          ],
        },
      ];
      for (const { variants: sent, problems } of cases) {
        const res = await save({ ...published, variants: sent });
        assert.equal(res.statusCode, 400, res.body);
        const answer = res.json<ApiError>();
        assert.equal(answer.problems?.length, problems.length, res.body);
        problems.forEach((expected, index) => {
          assert.deepEqual(answer.problems![index]!.path, expected.path);
          assert.match(answer.problems![index]!.message, expected.message);
        });
      }
      assert.equal((await read()).draft, null, 'nothing saved');
    },
  );

  await t.test(
    'publish writes the variants in order with the product row made from them; the public answer and the history keep them',
    async () => {
      const { published } = await read();
      const variants = variantsOf(published);
      // the first withdrawn, the third moved first, a new one added: the product's code is the first published one's
      const next: EditableVariant[] = [
        { ...variants[2]!, price: '15' },
        { ...variants[0]!, published: false },
        ...variants.slice(1, 2),
        ...variants.slice(3),
        {
          ...variants[3]!,
          code: 'HEX-CW-90',
          label: 'Size 90 (M90)',
          label_ar: 'المقاس 90 (M90)',
          row: undefined,
          price: '140.5',
          packQuantity: '',
        },
      ];
      const saved = await save({ ...published, variants: next });
      assert.equal(saved.statusCode, 200, saved.body);
      const draft = saved.json<EditorProduct>();
      assert.deepEqual(
        [draft.draft?.content.code, draft.draft?.content.price],
        ['HEX-CW-25', '13.5'],
        'the code and price as the variants make them',
      );
      const res = await staffCall(app, layla, 'POST', url(STAFF_API.cataloguePublish), { baseVersion: draft.version });
      assert.equal(res.statusCode, 200, res.body);
      const now = await stored();
      assert.deepEqual(now.product, { code: 'HEX-CW-25', price: '13.50', unit: 'piece' });
      assert.deepEqual(now.variants.slice(0, 3), [
        ['HEX-CW-25', 15, true],
        ['HEX-CW-20S', 12, false],
        ['HEX-CW-20', 13.5, true],
      ]);
      assert.deepEqual(now.variants.at(-1), ['HEX-CW-90', 140.5, true]);
      const live = await eventually(
        async () => (await app.inject({ url: catalogueProductApiPath(PRODUCT) })).json<ProductResponse>(),
        (answer) => answer.variants[0]?.code === 'HEX-CW-25',
      );
      assert.equal(live.variants[0]!.code, 'HEX-CW-25');
      assert.equal(live.listing.price, 13.5);
      assert.ok(
        !live.variants.some((variant) => variant.code === 'HEX-CW-20S'),
        'a withdrawn variant is not orderable',
      );
      assert.equal(
        live.product.productDetailTableData?.length,
        next.filter((variant) => variant.published && variant.row !== undefined).length,
        'the table is the published variants with rows',
      );
      const history = await db.query<{ content: EditableProduct }>(
        'select content from catalogue_product_history where product_id = $1 order by version desc limit 1',
        [PRODUCT],
      );
      assert.deepEqual(
        history[0]!.content.variants?.map((variant) => variant.code),
        next.map((variant) => variant.code),
      );
    },
  );

  await t.test(
    'an import changing a price or code of a product of several variants leaves its row and variants agreeing',
    async () => {
      const rows = (await exportCatalogueRows(db.kysely)).filter((row) => row.id === PRODUCT);
      const changed = rows.map((row, index) => (index === 0 ? { ...row, code: 'HEX-CW-25X', price: '9.75' } : row));
      const outcome = await importCatalogueRows(
        db,
        changed.map((row, index) => ({ line: index + 2, row })),
        { dryRun: false, countUnchanged: true },
      );
      assert.equal(outcome.written, true, outcome.problems.join('\n'));
      assert.deepEqual(
        outcome.changes.map((change) => change.change),
        ['HEX-CW-25X: new variant', 'HEX-CW-25: removed (the file has no row for this variant)'],
      );
      const now = await stored();
      assert.deepEqual(now.product, { code: 'HEX-CW-25X', price: '9.75', unit: 'piece' });
      assert.deepEqual(now.variants[0], ['HEX-CW-25X', 9.75, true]);
      assert.equal(now.variants.length, rows.length, 'no variant added or lost');
      // the editor reads the same
      const content = (await read()).published;
      assert.deepEqual(
        [content.code, content.price, content.variants?.[0]?.code],
        ['HEX-CW-25X', '9.75', 'HEX-CW-25X'],
      );
    },
  );

  await t.test(
    "an Arabic table cell saved in a draft is published: the Arabic answer's variant row and table carry it, the English ones do not; a cell of two lines is refused at its keys",
    async () => {
      const { published } = await read();
      const variants = variantsOf(published);
      const index = variants.findIndex((variant) => variant.published && variant.row !== undefined);
      const target = variants[index]!;
      // a cell of its own (not a group of columns)
      const column = Object.keys(target.row!).find((key) => typeof target.row![key] !== 'object');
      const cell = 'مقاس خاص ٢٥';
      const rowAr = { ...(target.row_ar ?? target.row!), [column!]: cell };
      const refused = await save({
        ...published,
        variants: variants.map((variant, at) =>
          at === index ? { ...variant, row_ar: { ...rowAr, [column!]: `${cell}\nسطر ثان` } } : variant,
        ),
      });
      assert.equal(refused.statusCode, 400, refused.body);
      assert.deepEqual(
        refused.json<ApiError>().problems?.map(({ path, message }) => [path, message]),
        [
          [
            ['content', 'variants', index, 'row_ar', column],
            `content.variants.${index}.row_ar.${column} contains characters that are not allowed`,
          ],
        ],
      );
      const saved = await save({
        ...published,
        variants: variants.map((variant, at) => (at === index ? { ...variant, row_ar: rowAr } : variant)),
      });
      assert.equal(saved.statusCode, 200, saved.body);
      assert.deepEqual(
        saved.json<EditorProduct>().draft?.content.variants?.[index]?.row_ar,
        rowAr,
        'the draft keeps the Arabic row',
      );
      const res = await staffCall(app, layla, 'POST', url(STAFF_API.cataloguePublish), {
        baseVersion: saved.json<EditorProduct>().version,
      });
      assert.equal(res.statusCode, 200, res.body);
      const answer = async (lang: 'en' | 'ar') =>
        (await app.inject({ url: `${catalogueProductApiPath(PRODUCT)}?lang=${lang}` })).json<ProductResponse>();
      const arabic = await eventually(
        () => answer('ar'),
        (live) => live.variants.some((variant) => variant.row?.[column!] === cell),
      );
      const shown = arabic.variants.find((variant) => variant.code === target.code);
      assert.equal(shown?.row?.[column!], cell, "the variant's Arabic row");
      assert.ok(JSON.stringify(arabic.product.productDetailTableData).includes(cell), "the Arabic table's row");
      const english = await answer('en');
      assert.equal(
        english.variants.find((variant) => variant.code === target.code)?.row?.[column!],
        target.row![column!],
        'the English row as it was',
      );
      assert.ok(!JSON.stringify(english).includes(cell));
      const history = await db.query<{ content: EditableProduct }>(
        'select content from catalogue_product_history where product_id = $1 order by version desc limit 1',
        [PRODUCT],
      );
      assert.deepEqual(history[0]!.content.variants?.[index]?.row_ar, rowAr, 'the history keeps it');
    },
  );

  await t.test(
    "an import giving a product another product's variant code is refused on its line, not a database error",
    async () => {
      const [row] = (await exportCatalogueRows(db.kysely)).filter((candidate) => candidate.id === OTHER);
      const outcome = await importCatalogueRows(db, [{ line: 2, row: { ...row!, code: 'HEX-CW-20' } }], {
        dryRun: false,
      });
      assert.equal(outcome.written, false);
      assert.deepEqual(outcome.problems, [
        `line 2 (id ${OTHER}): variant code "HEX-CW-20" is already product ${PRODUCT}'s (HEX-CW-20): each variant code is unique over the catalogue`,
      ]);
      const added = await importCatalogueRows(db, [{ line: 2, row: { ...row!, id: 'new_cable', code: 'HEX-CW32' } }], {
        dryRun: false,
      });
      assert.match(
        added.problems.join('\n'),
        /^line 2 \(id new_cable\): variant code "HEX-CW32" is already product hex_cw_brass_cable_gland's \(HEX-CW-32\)/m,
      );
    },
  );
}

test('variants in the editor and the catalogue file on embedded PGlite', async (t) => {
  await variantsSuite(t, pgliteTarget);
});

test('variants in the editor and the catalogue file on PostgreSQL', async (t) => {
  await onPostgres(t, (target) => variantsSuite(t, target));
});
