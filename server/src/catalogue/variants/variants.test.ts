// Orderable variants over a seeded catalogue, on PGlite and PostgreSQL: the seed writes content/data's, the product
// answer carries them in the answer's language (its table their rows), the look-up finds their codes, and the store's
// writer refuses what would break the catalogue (docs/decisions/034-orderable-variants.md); an import writes each
// variant once.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { sql } from 'kysely';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../../test-support/databases.js';
import { lookupAnswer, productAnswer } from '../catalogueAnswers.js';
import { CatalogueStore } from '../catalogueStore.js';
import { importRowsIn, lockCatalogue } from '../file/catalogueImport.js';
import { generateCatalogueRows } from '../file/generate.js';
import { databaseProductLookup } from '../productLookup.js';
import { seedCatalogue } from '../seed.js';
import { writeProductVariants, type VariantInput, VariantsRefused } from './variantStore.js';

const GLAND = 'hex_cw_brass_cable_gland';

async function variantsSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  const database = await target.fresh();
  t.after(() => database.cleanup());
  const { kysely } = database.db;
  const store = new CatalogueStore(kysely);
  await seedCatalogue(database.db);

  await t.test(
    'a fresh start writes the seeded variants once: the gland has its eleven sizes, a plain product one variant',
    async () => {
      const rows = await kysely
        .selectFrom('catalogue_product_variants')
        .select(['code', 'price', 'pack_quantity'])
        .where('product_id', '=', GLAND)
        .orderBy('position')
        .execute();
      assert.equal(rows.length, 11);
      assert.deepEqual(rows[2], { code: 'HEX-CW-25', price: '16.75', pack_quantity: 10 });
      const { count } = await kysely
        .selectFrom('catalogue_product_variants')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      assert.equal(Number(count), 96 - 7 + 52, 'the migration added nothing of its own to a fresh database');
    },
  );

  await t.test('the product answer carries its variants in each language, and its table is their rows', async () => {
    const en = await productAnswer(store, { productId: GLAND }, { lang: 'en' });
    const ar = await productAnswer(store, { productId: GLAND }, { lang: 'ar' });
    assert.ok(en.status === 200 && 'variants' in en.body && ar.status === 200 && 'variants' in ar.body);
    const size25 = en.body.variants[2]!;
    assert.deepEqual(
      [size25.code, size25.label, size25.price, size25.unit, size25.packQuantity],
      ['HEX-CW-25', 'Size 25 (M25)', 16.75, 'piece', 10],
    );
    assert.equal(ar.body.variants[2]!.label, 'المقاس 25 (M25)');
    assert.deepEqual(
      en.body.product.productDetailTableData,
      en.body.variants.map((variant) => variant.row),
    );
    assert.deepEqual(
      ar.body.product.productDetailTableData,
      ar.body.variants.map((variant) => variant.row),
    );
    assert.equal(en.body.listing.price, 12, "the listing's price is the lowest variant's");
    const plain = await productAnswer(store, { productId: 'oc_cu_xlpe_swa_pvc_cable' }, { lang: 'en' });
    assert.ok(plain.status === 200 && 'variants' in plain.body);
    assert.deepEqual(
      plain.body.variants.map((variant) => [variant.code, variant.label]),
      [[plain.body.listing.code, '']],
    );
  });

  await t.test(
    "the look-up finds a variant's code (as typed any way), names the variant, and reports an unpublished one as withdrawn",
    async () => {
      const lookup = databaseProductLookup(store);
      const answer = await lookupAnswer(store, lookup, { lang: 'en', codes: ['hex cw 25', 'HEX-CW-20S', 'NO-SUCH-1'] });
      assert.ok(answer.status === 200 && 'products' in answer.body);
      assert.deepEqual(
        answer.body.products.map((product) => product.id),
        [GLAND],
      );
      assert.deepEqual(
        answer.body.variants?.map((named) => [named.key, named.productId, named.variant.code]),
        [
          ['hexcw20s', GLAND, 'HEX-CW-20S'],
          ['hexcw25', GLAND, 'HEX-CW-25'],
        ],
      );
      await kysely
        .updateTable('catalogue_product_variants')
        .set({ published: false })
        .where('code', '=', 'HEX-CW-32')
        .execute();
      const hidden = await lookupAnswer(store, lookup, { lang: 'en', codes: ['HEX-CW-32'] });
      assert.ok(hidden.status === 200 && 'products' in hidden.body);
      assert.deepEqual(hidden.body.products, []);
      assert.deepEqual(hidden.body.withdrawn, [
        { id: GLAND, code: 'HEX-CW-32', productName: 'CW Brass Cable Gland for SWA Cable, Indoor/Outdoor (IP66)' },
      ]);
      const page = await productAnswer(store, { productId: GLAND }, { lang: 'en' });
      assert.ok(page.status === 200 && 'variants' in page.body);
      assert.equal(page.body.variants.length, 10, 'an unpublished variant is not offered and its row leaves the table');
      assert.equal(page.body.product.productDetailTableData?.length, 10);
      await kysely
        .updateTable('catalogue_product_variants')
        .set({ published: true })
        .where('code', '=', 'HEX-CW-32')
        .execute();
    },
  );

  await t.test(
    'writing variants keeps the product row: the first published code and unit, the lowest published price',
    async () => {
      const variants: VariantInput[] = [
        {
          code: 'OC-SWA-NEW-1',
          label: 'Drum 100 m',
          labelAr: 'بكرة 100 م',
          unit: 'metre',
          price: 30.5,
          published: false,
        },
        { code: 'OC-SWA-NEW-2', label: 'Drum 500 m', labelAr: 'بكرة 500 م', unit: 'metre', price: 28.25 },
        { code: 'OC-SWA-NEW-3', label: 'Drum 1000 m', labelAr: 'بكرة 1000 م', unit: 'metre', price: 26 },
      ];
      await writeProductVariants(kysely, 'oc_cu_xlpe_swa_pvc_cable', variants);
      const row = await kysely
        .selectFrom('catalogue_products')
        .select(['code', 'price', 'unit'])
        .where('id', '=', 'oc_cu_xlpe_swa_pvc_cable')
        .executeTakeFirstOrThrow();
      assert.deepEqual(row, { code: 'OC-SWA-NEW-2', price: '26.00', unit: 'metre' });
    },
  );

  await t.test(
    'the writer refuses, naming them: two variants with one code, a code another product has, three decimals, none published',
    async () => {
      const one = (code: string, extra: Partial<VariantInput> = {}): VariantInput => ({
        code,
        label: code,
        labelAr: code,
        unit: 'piece',
        ...extra,
      });
      const refusal = async (variants: VariantInput[]) => {
        const error = await writeProductVariants(kysely, 'hex_bw_brass_cable_gland', variants).then(
          () => undefined,
          (caught: unknown) => caught,
        );
        assert.ok(error instanceof VariantsRefused, 'refused');
        return error.message;
      };
      assert.match(
        await refusal([one('HEX-BW-1'), one('hex bw 1'.toUpperCase().replace(/ /g, '-'))]),
        /Variants 1 \(HEX-BW-1\) and 2 \(HEX-BW-1\) have one code/,
      );
      assert.match(
        await refusal([one('HEX-BW-1'), one('HEX-CW-25')]),
        /The code HEX-CW-25 is already product hex_cw_brass_cable_gland's \(HEX-CW-25\)/,
      );
      assert.match(
        await refusal([one('HEX-BW-1', { price: 9.999 })]),
        /Variant 1 \(HEX-BW-1\): price: a price in AED has at most two decimals/,
      );
      assert.match(await refusal([one('HEX-BW-1', { published: false })]), /At least one variant must be published/);
      const still = await kysely
        .selectFrom('catalogue_product_variants')
        .select('code')
        .where('product_id', '=', 'hex_bw_brass_cable_gland')
        .orderBy('position')
        .execute();
      assert.equal(still[0]?.code, 'HEX-BW-20S', 'nothing written');
      assert.equal(still.length, 7);
    },
  );

  await t.test(
    "an import writes a new product's variants once (not the insert trigger's default beside them); another writer's new product still gets its one",
    async () => {
      const categoryIds = (
        await kysely
          .selectFrom('catalogue_categories')
          .select('id')
          .where('state', '=', 'live')
          .orderBy('position')
          .execute()
      ).map((c) => c.id);
      const [plain, sized] = generateCatalogueRows(2, { seed: 11, categoryIds }).map(({ row }) => row);
      const rows = [
        { line: 2, row: { ...plain!, id: 'once_plain', code: 'ONCE-PLAIN-1' } },
        ...[1, 2, 3].map((size) => ({
          line: 2 + size,
          row: {
            ...sized!,
            id: 'once_sized',
            code: `ONCE-SIZED-${size}`,
            variantLabel: `Size ${size}`,
            variantLabel_ar: `المقاس ${size}`,
          },
        })),
      ];
      const written = await kysely.transaction().execute(async (trx) => {
        // the connection's writes to the table, counted by the server as they happen; read before and after, as a
        // pooled connection's count may still hold an earlier transaction's (PostgreSQL sends them on when idle)
        const counts = async () => {
          const {
            rows: [count],
          } = await sql<{ inserted: string; deleted: string }>`
          select n_tup_ins::text as inserted, n_tup_del::text as deleted from pg_stat_xact_user_tables
            where relid = 'catalogue_product_variants'::regclass`.execute(trx);
          return { inserted: Number(count?.inserted ?? 0), deleted: Number(count?.deleted ?? 0) };
        };
        await lockCatalogue(trx);
        const before = await counts();
        const outcome = await importRowsIn(trx, rows, { dryRun: false });
        assert.deepEqual(outcome.problems, []);
        const after = await counts();
        return { inserted: after.inserted - before.inserted, deleted: after.deleted - before.deleted };
      });
      assert.deepEqual(written, { inserted: 4, deleted: 0 }, 'four variants inserted, none deleted');
      const stored = await kysely
        .selectFrom('catalogue_product_variants')
        .select(['product_id', 'position', 'code', 'label'])
        .where('product_id', 'in', ['once_plain', 'once_sized'])
        .orderBy('product_id')
        .orderBy('position')
        .execute();
      assert.deepEqual(stored, [
        { product_id: 'once_plain', position: 1, code: 'ONCE-PLAIN-1', label: '' },
        { product_id: 'once_sized', position: 1, code: 'ONCE-SIZED-1', label: 'Size 1' },
        { product_id: 'once_sized', position: 2, code: 'ONCE-SIZED-2', label: 'Size 2' },
        { product_id: 'once_sized', position: 3, code: 'ONCE-SIZED-3', label: 'Size 3' },
      ]);
      // sizes without table rows: the page's table lists their labels, one column, so each size can be chosen
      for (const [lang, header, labels] of [
        ['en', 'Option', ['Size 1', 'Size 2', 'Size 3']],
        ['ar', 'الخيار', ['المقاس 1', 'المقاس 2', 'المقاس 3']],
      ] as const) {
        const answer = await productAnswer(store, { productId: 'once_sized' }, { lang });
        assert.ok(answer.status === 200 && 'variants' in answer.body);
        assert.deepEqual(answer.body.product.productDetailTableColumns, [[{ id: 'option', name: header }]]);
        assert.deepEqual(
          answer.body.product.productDetailTableData,
          labels.map((label) => ({ option: label })),
        );
        assert.deepEqual(
          answer.body.variants.map((variant) => variant.row),
          labels.map((label) => ({ option: label })),
        );
      }
      // one size: no table
      const lone = await productAnswer(store, { productId: 'once_plain' }, { lang: 'en' });
      assert.ok(lone.status === 200 && 'variants' in lone.body);
      assert.equal(lone.body.product.productDetailTableColumns, undefined);

      // a writer that brings no variants (a copy made in SQL): the trigger gives it one of its code, price and unit
      await sql`
      insert into catalogue_products (id, category_id, position, name, name_ar, code, image, company, popularity, date_added, unit, price, details, details_ar, filter_values)
        select 'once_copy', category_id, position + 1000, name, name_ar, 'ONCE-COPY-1', image, company, popularity, date_added, unit, price, details, details_ar, filter_values
        from catalogue_products where id = 'once_plain'`.execute(kysely);
      const copy = await kysely
        .selectFrom('catalogue_product_variants')
        .select(['position', 'code', 'unit'])
        .where('product_id', '=', 'once_copy')
        .execute();
      assert.deepEqual(copy, [{ position: 1, code: 'ONCE-COPY-1', unit: plain!.unit }]);
      // and every product, however written, has at least one variant
      const bare = await kysely
        .selectFrom('catalogue_products as p')
        .select('p.id')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('catalogue_product_variants as v').select('v.position').whereRef('v.product_id', '=', 'p.id'),
            ),
          ),
        )
        .execute();
      assert.deepEqual(bare, []);
    },
  );
}

test('orderable variants on embedded PGlite', async (t) => variantsSuite(t, pgliteTarget));
test('orderable variants on PostgreSQL', async (t) => onPostgres(t, (target) => variantsSuite(t, target)));
