// The report of what still lacks Arabic, through the whole app on both databases: the products whose Arabic name or
// details have no Arabic letter, counted per category, paged by key to the end, each page read through migration
// 021's partial index (the plan names it), bad paging refused in words, and branch staff refused.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { sql } from 'kysely';
import { STAFF_API } from '@site/contracts/staff-api';
import type { MissingArabicReport } from '@site/contracts/staff-catalogue-api';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../../test-support/databases.js';
import { catalogueEditorApp } from '../../test-support/catalogueEditorApp.js';
import { addStaffAccount, signInStaff, staffCall } from '../../test-support/staffSignIn.js';

const GLAND = 'hex_cw_brass_cable_gland';

async function reportSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  const { app, db } = await catalogueEditorApp(t, target);
  await addStaffAccount(db, 'layla@crescent.example', 'catalogue');
  await addStaffAccount(db, 'omar@crescent.example', 'branch', 'Dubai');
  const layla = await signInStaff(app, 'layla@crescent.example');
  const omar = await signInStaff(app, 'omar@crescent.example');
  const report = async (query = '') => {
    const res = await staffCall(app, layla, 'GET', `${STAFF_API.catalogueMissingArabic}${query}`);
    assert.equal(res.statusCode, 200, res.body);
    return res.json<MissingArabicReport>();
  };

  await t.test('the seeded catalogue lacks no Arabic', async () => {
    const seeded = await report();
    assert.equal(seeded.total, 0);
    assert.deepEqual(seeded.products, []);
    assert.equal(seeded.next, null);
    assert.ok(seeded.categories.length > 10);
    assert.ok(
      seeded.categories.every((category) => category.products === 0 && category.fields.length === 0),
      JSON.stringify(seeded.categories),
    );
  });

  await t.test('names and details without Arabic, counted per category and paged by key to the end', async () => {
    // untranslated: two names (one of them with its details) in the glands, one details in the cables, a category's title
    const glands = await db.query<{ id: string }>(
      "select id from catalogue_products where category_id = 'industrial_cable_glands' order by id limit 2",
    );
    const cable = (
      await db.query<{ id: string }>(
        "select id from catalogue_products where category_id = 'cables' order by id limit 1",
      )
    )[0]!.id;
    await db.query('update catalogue_products set name_ar = name where id = any($1::text[])', [
      glands.map((row) => row.id),
    ]);
    await db.query('update catalogue_products set details_ar = details where id = any($1::text[])', [
      [glands[0]!.id, cable],
    ]);
    await db.query("update catalogue_categories set title_ar = title where id = 'wires'");

    const all = await report();
    assert.equal(all.total, 3);
    const byCategory = new Map(all.categories.map((category) => [category.id, category]));
    assert.equal(byCategory.get('industrial_cable_glands')?.products, 2);
    assert.equal(byCategory.get('cables')?.products, 1);
    assert.deepEqual(byCategory.get('wires')?.fields, ['title_ar']);
    assert.equal(byCategory.get('wires')?.products, 0);
    assert.deepEqual(
      all.products.map(({ id, categoryId, fields }) => ({ id, categoryId, fields })),
      [
        { id: cable, categoryId: 'cables', fields: ['details_ar'] },
        { id: glands[0]!.id, categoryId: 'industrial_cable_glands', fields: ['productName_ar', 'details_ar'] },
        { id: glands[1]!.id, categoryId: 'industrial_cable_glands', fields: ['productName_ar'] },
      ],
    );

    // a page at a time: the same rows, each once
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const page: MissingArabicReport = await report(
        `?limit=1${after === null ? '' : `&after=${encodeURIComponent(after)}`}`,
      );
      seen.push(...page.products.map((product) => product.id));
      after = page.next;
      pages += 1;
    } while (after !== null && pages < 10);
    assert.deepEqual(
      seen,
      all.products.map((product) => product.id),
    );

    const glandsOnly = await report('?category=industrial_cable_glands');
    assert.equal(glandsOnly.total, 2);
    assert.deepEqual(
      glandsOnly.products.map((product) => product.id),
      glands.map((row) => row.id),
    );
    assert.ok(!glandsOnly.products.some((product) => product.id === GLAND && !glands.some((row) => row.id === GLAND)));
  });

  await t.test('each read goes through the partial index (the plan names it)', async () => {
    const plans = await db.kysely.transaction().execute(async (trx) => {
      // no sequential scan if the index can serve: its absence from the plan would mean it cannot
      await sql`set local enable_seqscan = off`.execute(trx);
      const lines = (result: { rows: Record<string, unknown>[] }) =>
        result.rows.map((row) => Object.values(row).join('')).join('\n');
      const missing = sql.raw("(name_ar !~ '[\u0600-\u06FF]' or details_ar::text !~ '[\u0600-\u06FF]')");
      return [
        lines(
          await sql<
            Record<string, unknown>
          >`explain select category_id, count(*) from catalogue_products where ${missing} group by category_id`.execute(
            trx,
          ),
        ),
        lines(
          await sql<
            Record<string, unknown>
          >`explain select id from catalogue_products where ${missing} and (category_id, id) > (${'cables'}, ${'a'}) order by category_id, id limit 51`.execute(
            trx,
          ),
        ),
      ];
    });
    for (const plan of plans) assert.match(plan, /catalogue_products_missing_arabic_idx/, plan);
  });

  await t.test('bad paging is refused in words; branch staff are refused', async () => {
    const bad = await staffCall(app, layla, 'GET', `${STAFF_API.catalogueMissingArabic}?after=nothing-here`);
    const after = 'after must be the next value of a page before';
    assert.deepEqual(
      [bad.statusCode, bad.json()],
      [400, { error: after, problems: [{ path: ['after'], message: after }] }],
    );
    const limit = await staffCall(app, layla, 'GET', `${STAFF_API.catalogueMissingArabic}?limit=500`);
    assert.equal(limit.statusCode, 400, limit.body);
    const branch = await staffCall(app, omar, 'GET', STAFF_API.catalogueMissingArabic);
    assert.deepEqual(
      [branch.statusCode, branch.json()],
      [403, { error: 'Only the catalogue role and administrators can edit the catalogue.' }],
    );
  });
}

test('the missing-Arabic report on embedded PGlite', async (t) => {
  await reportSuite(t, pgliteTarget);
});

test('the missing-Arabic report on PostgreSQL', async (t) => {
  await onPostgres(t, (target) => reportSuite(t, target));
});
