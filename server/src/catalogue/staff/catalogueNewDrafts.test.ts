// New products before their first publish, through the whole app on both databases: listed by the editor's list (as
// "new", found by the draft filter, under the search and category filters, paged by id with the catalogue's
// products); deleted with "Delete draft" (audited, its uploads removed from the store), while a published or archived
// product cannot be deleted that way (409) and a stale version is refused; and the sweep of uploads nothing refers to:
// a file named by a draft, a live product or a published version is kept, so is a young one; an old unnamed one goes.
import assert from 'node:assert/strict';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import sharp from 'sharp';
import { CSRF_HEADER, STAFF_API, staffApiPath } from '@site/contracts/staff-api';
import type {
  EditableProduct,
  EditorProduct,
  EditorProductPage,
  UploadedPicture,
} from '@site/contracts/staff-catalogue-api';
import { DiskMediaStore } from '../media/mediaStore.js';
import { sweepUnusedMedia, UNUSED_MEDIA_GRACE_MS } from '../media/unusedMedia.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../../test-support/databases.js';
import { catalogueEditorApp } from '../../test-support/catalogueEditorApp.js';
import { MULTIPART_TYPE, partHead, partTail } from '../../test-support/multipart.js';
import { addStaffAccount, onStaffOrigin, signInStaff, staffCall } from '../../test-support/staffSignIn.js';

const SOURCE = 'hex_cw_brass_cable_gland';
const CATEGORY = 'industrial_cable_glands';
// sorts between the seeded glands' ids, so a page boundary falls around it
const NEW_ID = 'hex_cw_brass_cable_gland_new';

async function newDraftSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  const { app, db, fixture } = await catalogueEditorApp(t, target);
  await addStaffAccount(db, 'layla@crescent.example', 'catalogue');
  await addStaffAccount(db, 'omar@crescent.example', 'branch', 'Dubai');
  const layla = await signInStaff(app, 'layla@crescent.example');
  const source = (
    await staffCall(app, layla, 'GET', staffApiPath(STAFF_API.catalogueProduct, { id: SOURCE }))
  ).json<EditorProduct>().published;
  const { variants: _variants, ...single } = source;
  const fresh: EditableProduct = {
    ...single,
    productName: 'Zephyr test gland',
    productName_ar: 'جلاند زفير',
    code: 'ZEPHYR-1',
    details: {},
    details_ar: {},
  };
  const list = async (query: string) =>
    (await staffCall(app, layla, 'GET', `${STAFF_API.catalogueProducts}?${query}`)).json<EditorProductPage>();
  const mediaRoot = path.join(fixture.config.dataDir, 'catalogue-media');

  const created = await staffCall(app, layla, 'POST', STAFF_API.catalogueCreate, { id: NEW_ID, content: fresh });
  assert.equal(created.statusCode, 200, created.body);

  await t.test(
    'a new product is in the list as a new draft, found by the draft filter, search and category',
    async () => {
      const row = (await list('q=zephyr')).products;
      assert.deepEqual(
        row.map((product) => [
          product.id,
          product.status,
          product.name,
          product.code,
          product.categoryId,
          product.version,
        ]),
        [[NEW_ID, 'new', 'Zephyr test gland', 'ZEPHYR-1', CATEGORY, 1]],
      );
      assert.ok(
        (await list('status=draft')).products.some((product) => product.id === NEW_ID && product.status === 'new'),
        'the draft filter finds it',
      );
      assert.deepEqual(
        (await list('status=new')).products.map((product) => product.id),
        [NEW_ID],
      );
      assert.ok(
        !(await list(`status=published&category=${CATEGORY}&limit=200`)).products.some(
          (product) => product.id === NEW_ID,
        ),
        'not published',
      );
      assert.deepEqual(
        (await list('q=%D8%B2%D9%81%D9%8A%D8%B1')).products.map((product) => product.id),
        [NEW_ID],
        'by its Arabic name',
      );
      assert.deepEqual((await list('q=zephyr&category=cables')).products, []);
      assert.deepEqual((await list('q=zephyr&missingArabic=1')).products, []);
    },
  );

  await t.test('paging by id walks the catalogue and the new drafts together, each once, in order', async () => {
    const all = (await list(`category=${CATEGORY}&limit=200`)).products.map((product) => product.id);
    assert.ok(all.includes(NEW_ID));
    assert.deepEqual(all, [...all].sort(), 'in id order');
    const paged: string[] = [];
    let after: string | null | undefined;
    do {
      const page: EditorProductPage = await list(`category=${CATEGORY}&limit=2${after ? `&after=${after}` : ''}`);
      paged.push(...page.products.map((product) => product.id));
      after = page.next;
    } while (after);
    assert.deepEqual(paged, all);
  });

  await t.test(
    '"Delete draft": a new product is gone with its uploads, audited; a published one is a 409',
    async () => {
      const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c04040' } })
        .png()
        .toBuffer();
      const uploaded = await app.inject({
        method: 'POST',
        url: staffApiPath(STAFF_API.cataloguePictures, { id: NEW_ID }),
        headers: {
          ...onStaffOrigin(app),
          'content-type': MULTIPART_TYPE,
          cookie: layla.cookie,
          [CSRF_HEADER]: layla.csrf,
        },
        payload: Buffer.concat([partHead('red.png', 'image/png'), png, partTail]),
      });
      assert.equal(uploaded.statusCode, 200, uploaded.body);
      const picture = uploaded.json<UploadedPicture>().picture;
      const saved = await staffCall(app, layla, 'PUT', staffApiPath(STAFF_API.catalogueDraft, { id: NEW_ID }), {
        baseVersion: 1,
        content: { ...fresh, details: { picture }, details_ar: { picture } },
      });
      assert.equal(saved.statusCode, 200, saved.body);
      assert.ok((await readdir(path.join(mediaRoot, NEW_ID))).length > 0, 'the picture is stored');

      const deleteUrl = staffApiPath(STAFF_API.catalogueDeleteNew, { id: NEW_ID });
      const stale = await staffCall(app, layla, 'POST', deleteUrl, { baseVersion: 1 });
      assert.equal(stale.statusCode, 409, stale.body);
      const noCsrf = await app.inject({
        method: 'POST',
        url: deleteUrl,
        headers: { ...onStaffOrigin(app), cookie: layla.cookie, 'content-type': 'application/json' },
        payload: '{"baseVersion":2}',
      });
      assert.equal(noCsrf.statusCode, 403);
      const omar = await signInStaff(app, 'omar@crescent.example');
      assert.equal((await staffCall(app, omar, 'POST', deleteUrl, { baseVersion: 2 })).statusCode, 403);
      assert.equal((await staffCall(app, layla, 'POST', deleteUrl, {})).statusCode, 400, 'baseVersion is required');

      const deleted = await staffCall(app, layla, 'POST', deleteUrl, { baseVersion: 2 });
      assert.deepEqual([deleted.statusCode, deleted.json()], [200, { deleted: NEW_ID }]);
      assert.equal(
        (await staffCall(app, layla, 'GET', staffApiPath(STAFF_API.catalogueProduct, { id: NEW_ID }))).statusCode,
        404,
      );
      assert.deepEqual((await list('q=zephyr')).products, []);
      assert.deepEqual(await readdir(path.join(mediaRoot, NEW_ID)).catch(() => []), [], 'its uploads removed');
      const audit = await db.query<{ target: string; actor_email: string }>(
        "select target, actor_email from staff_audit_log where action = 'catalogue.delete'",
      );
      assert.deepEqual(audit, [{ target: `product:${NEW_ID}`, actor_email: 'layla@crescent.example' }]);
      assert.equal((await staffCall(app, layla, 'POST', deleteUrl, { baseVersion: 3 })).statusCode, 404, 'gone');

      // published (never edited: version 0), and published from the editor: both refused, nothing changed
      const refused = await staffCall(app, layla, 'POST', staffApiPath(STAFF_API.catalogueDeleteNew, { id: SOURCE }), {
        baseVersion: 0,
      });
      assert.deepEqual(
        [refused.statusCode, refused.json<{ error: string }>().error],
        [
          409,
          'This product was published: it cannot be deleted. Withdraw it from the catalogue instead (its page then says it is no longer available).',
        ],
      );
      const other = await staffCall(app, layla, 'POST', STAFF_API.catalogueCreate, {
        id: 'zephyr_published',
        content: { ...fresh, code: 'ZEPHYR-2' },
      });
      assert.equal(other.statusCode, 200, other.body);
      assert.equal(
        (
          await staffCall(app, layla, 'POST', staffApiPath(STAFF_API.cataloguePublish, { id: 'zephyr_published' }), {
            baseVersion: 1,
          })
        ).statusCode,
        200,
      );
      assert.equal(
        (
          await staffCall(app, layla, 'POST', staffApiPath(STAFF_API.catalogueDeleteNew, { id: 'zephyr_published' }), {
            baseVersion: 2,
          })
        ).statusCode,
        409,
      );
      assert.equal(
        (
          await staffCall(app, layla, 'POST', staffApiPath(STAFF_API.catalogueArchive, { id: 'zephyr_published' }), {
            baseVersion: 2,
          })
        ).statusCode,
        200,
      );
      const archived = await staffCall(
        app,
        layla,
        'POST',
        staffApiPath(STAFF_API.catalogueDeleteNew, { id: 'zephyr_published' }),
        { baseVersion: 3 },
      );
      assert.equal(archived.statusCode, 409, archived.body);
      assert.equal(
        (await db.query("select 1 from catalogue_product_history where product_id = 'zephyr_published'")).length,
        2,
        'its history kept',
      );
    },
  );

  await t.test('the sweep removes only old uploads that no draft, product or published version names', async () => {
    const store = new DiskMediaStore(path.join(fixture.root, 'sweep-store'));
    const hash = (n: number) => String(n).repeat(64).slice(0, 64);
    const files: Record<string, string> = {
      inDraft: `${SOURCE}/${hash(1)}-320.webp`,
      inHistory: `${SOURCE}/${hash(2)}.pdf`,
      unnamedOld: `${SOURCE}/${hash(3)}-320.avif`,
      unnamedOldPdf: `${SOURCE}/${hash(4)}.pdf`,
      unnamedYoung: `${SOURCE}/${hash(5)}.pdf`,
      namedByAnother: `other_folder/${hash(6)}.pdf`,
    };
    const now = Date.now();
    for (const [what, file] of Object.entries(files)) {
      const full = path.join(fixture.root, 'sweep-store', file);
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(full, 'x');
      const at = (what === 'unnamedYoung' ? now - 60_000 : now - UNUSED_MEDIA_GRACE_MS - 60_000) / 1000;
      await utimes(full, at, at);
    }
    await writeFile(path.join(fixture.root, 'sweep-store', SOURCE, 'not-a-media-name.txt'), 'x');
    // named by a draft, by a published version, and (as an import may write) by another product's draft
    await db.query(
      'insert into catalogue_product_edits (product_id, version, draft, draft_based_on, saved_by_email) values ($1, 1, $2, 0, $3) on conflict (product_id) do update set draft = excluded.draft',
      [
        SOURCE,
        JSON.stringify({
          ...source,
          details: { picture: { src: `/media/catalogue/${SOURCE}/${hash(1)}`, widths: [320] } },
        }),
        'layla@crescent.example',
      ],
    );
    await db.query('insert into catalogue_product_history (product_id, version, content) values ($1, 99, $2)', [
      SOURCE,
      JSON.stringify({ ...source, details: { datasheet: `/media/catalogue/${SOURCE}/${hash(2)}.pdf` } }),
    ]);
    await db.query("update catalogue_products set details_ar = $1 where id = 'oc_cu_xlpe_swa_pvc_cable'", [
      JSON.stringify({ datasheet: `/media/catalogue/other_folder/${hash(6)}.pdf` }),
    ]);

    assert.equal(await sweepUnusedMedia(db.kysely, store, { now }), 2);
    const left = async (folder: string) => (await readdir(path.join(fixture.root, 'sweep-store', folder))).sort();
    assert.deepEqual(
      await left(SOURCE),
      [
        path.basename(files.inDraft!),
        path.basename(files.inHistory!),
        path.basename(files.unnamedYoung!),
        'not-a-media-name.txt',
      ].sort(),
    );
    assert.deepEqual(await left('other_folder'), [path.basename(files.namedByAnother!)]);
    assert.equal(await sweepUnusedMedia(db.kysely, store, { now }), 0, 'nothing more');
  });
}

test('new drafts in the list, deleting them, and unused uploads on embedded PGlite', async (t) => {
  await newDraftSuite(t, pgliteTarget);
});

test('new drafts in the list, deleting them, and unused uploads on PostgreSQL', async (t) => {
  await onPostgres(t, (target) => newDraftSuite(t, target));
});
