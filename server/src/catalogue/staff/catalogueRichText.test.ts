// Rich text sanitised on the server, through the whole app on both databases: a draft whose HTML fields carry each
// attack is stored (and answered) cleaned, the editor's answer showing what was kept; published, the public API and
// the product page carry none of it; a file import is cleaned by the same code; the seeded catalogue's HTML, English
// and Arabic, is kept byte for byte.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { catalogueProductApiPath } from '@site/contracts/api';
import type { ProductResponse } from '@site/contracts/catalogue-api';
import { STAFF_API, staffApiPath } from '@site/contracts/staff-api';
import type { EditorProduct } from '@site/contracts/staff-catalogue-api';
import { exportCatalogueRows, importCatalogueRows } from '../file/catalogueImport.js';
import { cleanDetailDocument } from '../richText.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../../test-support/databases.js';
import { catalogueEditorApp } from '../../test-support/catalogueEditorApp.js';
import { eventually } from '../../test-support/eventually.js';
import { ATTACK_MARKERS, RICH_TEXT_ATTACKS } from '../../test-support/richTextAttacks.js';
import { addStaffAccount, signInStaff, staffCall } from '../../test-support/staffSignIn.js';

const PRODUCT = 'hex_cw_brass_cable_gland';
const ATTACKS = RICH_TEXT_ATTACKS.map(({ html }) => html);

/** A detail document with every attack in each kind of HTML field. */
function attacked(details: Record<string, unknown>): Record<string, unknown> {
  return {
    ...details,
    detail: ATTACKS,
    description: [
      ...((details.description as unknown[] | undefined) ?? []).filter(
        (entry) => !['*Application', '*Construction'].includes((entry as { key: string }).key),
      ),
      ...ATTACKS.map((html, index) => ({ key: `^note${index}`, value: html })),
      { key: '*Application', value: ATTACKS.join('') },
      { key: '*Construction', value: ATTACKS.map((html, index) => ({ key: `Row ${index}`, value: html })) },
    ],
    detailDescription: [
      { title: `<h3 style="color:red" onclick="alert(7)">Safe</h3>`, content: ATTACKS, DataAfterTable: ATTACKS },
    ],
  };
}

function assertClean(text: string, where: string): void {
  for (const marker of ATTACK_MARKERS) assert.ok(!text.includes(marker), `${where} holds ${marker}`);
  for (const tag of ['<script>alert', '<svg', '<math', '<iframe', '<form', '<img', ' style='])
    assert.ok(!text.includes(tag), `${where} holds ${tag}`);
}

async function richTextSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  const { app, db } = await catalogueEditorApp(t, target);
  await addStaffAccount(db, 'layla@crescent.example', 'catalogue');
  const layla = await signInStaff(app, 'layla@crescent.example');
  const url = (pattern: string) => staffApiPath(pattern, { id: PRODUCT });

  await t.test("the seeded catalogue's HTML, English and Arabic, is kept as it is", async () => {
    const rows = await exportCatalogueRows(db.kysely);
    assert.ok(rows.length > 50);
    for (const row of rows) {
      for (const column of ['details', 'details_ar'] as const) {
        const document = JSON.parse(row[column]) as Record<string, unknown>;
        assert.equal(JSON.stringify(cleanDetailDocument(document)), JSON.stringify(document), `${row.id} ${column}`);
      }
    }
  });

  await t.test(
    'a draft full of attacks is stored cleaned and answered as stored; published, the public API and page carry none of it',
    async () => {
      const { version, published } = (
        await staffCall(app, layla, 'GET', url(STAFF_API.catalogueProduct))
      ).json<EditorProduct>();
      const content = {
        ...published,
        details: attacked(published.details),
        details_ar: attacked(published.details_ar),
      };
      const saved = await staffCall(app, layla, 'PUT', url(STAFF_API.catalogueDraft), {
        baseVersion: version,
        content,
      });
      assert.equal(saved.statusCode, 200, saved.body);
      const draft = saved.json<EditorProduct>();
      assertClean(JSON.stringify(draft.draft?.content), 'the answered draft');
      const stored = await db.query<{ draft: unknown }>(
        'select draft from catalogue_product_edits where product_id = $1',
        [PRODUCT],
      );
      assertClean(JSON.stringify(stored[0]?.draft), 'the stored draft');
      const details = draft.draft!.content.details;
      assert.deepEqual(
        (details.detail as string[]).slice(0, 3),
        ['<p>Safe</p>', '<p>Safe</p>', '<p><a>Safe</a></p>'],
        'the text kept, the active parts gone',
      );
      assert.equal((details.detailDescription as { title: string }[])[0]!.title, '<h3>Safe</h3>');
      const reread = (await staffCall(app, layla, 'GET', url(STAFF_API.catalogueProduct))).json<EditorProduct>();
      assert.deepEqual(reread.draft?.content, draft.draft?.content, 'the editor shows what was stored');

      const publish = await staffCall(app, layla, 'POST', url(STAFF_API.cataloguePublish), {
        baseVersion: draft.version,
      });
      assert.equal(publish.statusCode, 200, publish.body);
      const history = await db.query<{ content: unknown }>(
        'select content from catalogue_product_history where product_id = $1 order by version desc limit 1',
        [PRODUCT],
      );
      assertClean(JSON.stringify(history[0]?.content), 'the published version');
      const publicDetail = async (lang: string) =>
        (await app.inject({ url: `${catalogueProductApiPath(PRODUCT)}?lang=${lang}` })).json<ProductResponse>().product;
      await eventually(
        () => publicDetail('en'),
        (detail) => JSON.stringify(detail).includes('note0'),
      );
      for (const lang of ['en', 'ar']) {
        const body = JSON.stringify(await publicDetail(lang));
        assert.ok(body.includes('<h3>Safe</h3>'), `the ${lang} product shows the cleaned draft`);
        assertClean(body, `the public ${lang} product`);
      }
      for (const page of [
        `/our-products/industrial_cable_glands/${PRODUCT}`,
        `/ar/our-products/industrial_cable_glands/${PRODUCT}`,
      ]) {
        const res = await app.inject({ url: page });
        assert.equal(res.statusCode, 200);
        for (const marker of ATTACK_MARKERS) assert.ok(!res.body.includes(marker), `${page} holds ${marker}`);
      }
    },
  );

  await t.test('a file import is cleaned by the same code', async () => {
    const [row] = (await exportCatalogueRows(db.kysely)).filter(
      (candidate) => candidate.id === 'hex_cw_brass_cable_gland',
    );
    const details = JSON.parse(row!.details) as Record<string, unknown>;
    const imported = await importCatalogueRows(
      db,
      [
        {
          line: 2,
          row: { ...row!, details: JSON.stringify({ ...details, detail: ['<p style="color:red">Imported</p>'] }) },
        },
      ],
      { dryRun: false },
    );
    assert.equal(imported.written, true, JSON.stringify(imported));
    const [after] = (await exportCatalogueRows(db.kysely)).filter((candidate) => candidate.id === PRODUCT);
    assert.deepEqual((JSON.parse(after!.details) as { detail: string[] }).detail, ['<p>Imported</p>']);
  });
}

test('rich text sanitised on the server on embedded PGlite', async (t) => {
  await richTextSuite(t, pgliteTarget);
});

test('rich text sanitised on the server on PostgreSQL', async (t) => {
  await onPostgres(t, (target) => richTextSuite(t, target));
});
