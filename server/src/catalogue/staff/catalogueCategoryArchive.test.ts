// Duplicating, publishing and archiving a category through the whole app (real sessions and CSRF tokens), on both
// databases: a duplicate is a draft nowhere public (its page a 404, not in the list or sitemap) until published, then
// live on another process within 2 s; archiving is refused while the category holds live products; an archived one is
// gone from the public list, the sitemap and another process, its page and listing a 410 (noindex) in both editions;
// no product can be published into it or restored into it; put back, it is live again. Stale versions a 409, taken ids
// a 409, branch staff and a missing CSRF token a 403, every change audited.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { CATALOGUE_CATEGORIES_API_PATH, catalogueListingApiPath } from '@site/contracts/api';
import type { CategoriesResponse } from '@site/contracts/catalogue-api';
import { STAFF_API, staffApiPath } from '@site/contracts/staff-api';
import type { EditorCategory, EditorCategoryList, EditorProduct } from '@site/contracts/staff-catalogue-api';
import type { FastifyInstance } from 'fastify';
import { catalogueEditorApp } from '../../test-support/catalogueEditorApp.js';
import { eventually } from '../../test-support/eventually.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../../test-support/databases.js';
import { addStaffAccount, onStaffOrigin, signInStaff, staffCall } from '../../test-support/staffSignIn.js';

const CATEGORY = 'industrial_cable_glands';
const COPY = 'industrial_cable_glands_copy';
const PRODUCT = 'hex_cw_brass_cable_gland';

async function categoryArchiveSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  // another server process's app beside this one: it hears of each change
  const { app, db, other } = await catalogueEditorApp(t, target, { anotherProcess: true });
  await addStaffAccount(db, 'layla@crescent.example', 'catalogue');
  await addStaffAccount(db, 'omar@crescent.example', 'branch', 'Dubai');
  const layla = await signInStaff(app, 'layla@crescent.example');
  const url = (pattern: string, id: string) => staffApiPath(pattern, { id });
  const read = async (id: string) =>
    (await staffCall(app, layla, 'GET', url(STAFF_API.catalogueCategory, id))).json<EditorCategory>();
  const publicIds = async (server: FastifyInstance = app, lang: 'en' | 'ar' = 'en') =>
    (await server.inject({ url: `${CATALOGUE_CATEGORIES_API_PATH}?lang=${lang}` }))
      .json<CategoriesResponse>()
      .categories.map((category) => category.id);
  const sitemapNames = async (id: string) =>
    (await app.inject({ url: '/sitemap.xml' })).body.includes(`/our-products/${id}<`);
  const stored = async (id: string) =>
    (
      await db.query<{ state: string; edit_version: number }>(
        'select state, edit_version from catalogue_categories where id = $1',
        [id],
      )
    )[0];
  const audit = async (target: string) =>
    (
      await db.query<{ detail: string }>(
        "select detail from staff_audit_log where action = 'catalogue.category' and target = $1 order by id",
        [target],
      )
    ).map((row) => row.detail);

  await t.test('a duplicate is a draft under the confirmed id: nowhere public, its page a 404', async () => {
    const source = await read(CATEGORY);
    const res = await staffCall(app, layla, 'POST', url(STAFF_API.catalogueCategoryDuplicate, CATEGORY), { id: COPY });
    assert.equal(res.statusCode, 200, res.body);
    const copy = res.json<EditorCategory>();
    assert.deepEqual(
      [
        copy.id,
        copy.state,
        copy.version,
        copy.products,
        copy.content.title,
        copy.content.title_ar,
        copy.content.info_ar,
        copy.content.image,
      ],
      [
        COPY,
        'draft',
        1,
        0,
        `${source.content.title} (copy)`,
        `${source.content.title_ar} (نسخة)`,
        source.content.info_ar,
        source.content.image,
      ],
    );
    const listed = (await staffCall(app, layla, 'GET', STAFF_API.catalogueCategories))
      .json<EditorCategoryList>()
      .categories.find((category) => category.id === COPY);
    assert.equal(listed?.state, 'draft', 'the staff list shows it as a draft');
    assert.equal((await publicIds()).includes(COPY), false, 'not in the public list');
    assert.equal((await publicIds(app, 'ar')).includes(COPY), false, 'nor the Arabic one');
    assert.equal(await sitemapNames(COPY), false, 'nor the sitemap');
    assert.equal((await app.inject({ url: `/our-products/${COPY}` })).statusCode, 404);
    assert.equal((await app.inject({ url: `${catalogueListingApiPath(COPY)}?lang=en` })).statusCode, 404);
    assert.deepEqual(await audit(`category:${COPY}`), [`duplicated from category:${CATEGORY} as a draft, version 1`]);
  });

  await t.test('a duplicate under a taken id, "new" or a bad id is refused; an unknown source is a 404', async () => {
    for (const id of [COPY, CATEGORY.toUpperCase(), 'new']) {
      const res = await staffCall(app, layla, 'POST', url(STAFF_API.catalogueCategoryDuplicate, CATEGORY), { id });
      assert.equal(res.statusCode, 409, `${id}: ${res.body}`);
      assert.match(res.json<{ error: string }>().error, /^id: /);
    }
    for (const id of ['bad id', '../x', '']) {
      const res = await staffCall(app, layla, 'POST', url(STAFF_API.catalogueCategoryDuplicate, CATEGORY), { id });
      assert.equal(res.statusCode, 400, `${JSON.stringify(id)}: ${res.body}`);
    }
    assert.equal(
      (
        await staffCall(app, layla, 'POST', url(STAFF_API.catalogueCategoryDuplicate, 'no_such_category'), {
          id: 'fresh_id',
        })
      ).statusCode,
      404,
    );
    assert.deepEqual(await db.query("select id from catalogue_categories where id = 'fresh_id'"), []);
  });

  await t.test('a product cannot be published into a draft category: a 400 naming it', async () => {
    const product = (
      await staffCall(app, layla, 'GET', url(STAFF_API.catalogueProduct, PRODUCT))
    ).json<EditorProduct>();
    const res = await staffCall(app, layla, 'PUT', url(STAFF_API.catalogueDraft, PRODUCT), {
      baseVersion: product.version,
      content: { ...product.published, productCategoryId: COPY },
    });
    assert.equal(res.statusCode, 400, res.body);
    assert.match(
      res.json<{ error: string }>().error,
      new RegExp(`category "${COPY}" is a draft: publish it in the categories editor first`),
    );
  });

  await t.test('published, the copy is live here and on another process within 2 s, its page a 200', async () => {
    const res = await staffCall(app, layla, 'POST', url(STAFF_API.catalogueCategoryPublish, COPY), { baseVersion: 1 });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual([res.json<EditorCategory>().state, res.json<EditorCategory>().version], ['live', 2]);
    await eventually(
      () => publicIds(other),
      (ids) => ids.includes(COPY),
    );
    assert.ok((await publicIds(app, 'ar')).includes(COPY));
    assert.equal((await app.inject({ url: `/our-products/${COPY}` })).statusCode, 200);
    assert.equal(await sitemapNames(COPY), true);
    const again = await staffCall(app, layla, 'POST', url(STAFF_API.catalogueCategoryPublish, COPY), {
      baseVersion: 2,
    });
    assert.equal(again.statusCode, 409, again.body);
    assert.match(again.body, /already on the public site/);
  });

  await t.test(
    'archiving a category that holds live products is refused, naming how many; nothing changes',
    async () => {
      const before = await read(CATEGORY);
      const res = await staffCall(app, layla, 'POST', url(STAFF_API.catalogueCategoryArchive, CATEGORY), {
        baseVersion: before.version,
      });
      assert.equal(res.statusCode, 409, res.body);
      assert.match(
        res.json<{ error: string }>().error,
        new RegExp(
          `^This category still holds ${before.products} live products: withdraw them from the catalogue or move them to another category first`,
        ),
      );
      assert.deepEqual(await stored(CATEGORY), { state: 'live', edit_version: before.version });
      assert.ok((await publicIds()).includes(CATEGORY));
    },
  );

  await t.test(
    'archived: gone from the list, the sitemap and the other process; page and listing a 410 in both editions',
    async () => {
      const stale = await staffCall(app, layla, 'POST', url(STAFF_API.catalogueCategoryArchive, COPY), {
        baseVersion: 1,
      });
      assert.equal(stale.statusCode, 409, stale.body);
      assert.match(
        stale.json<{ error: string }>().error,
        /layla@crescent\.example changed this category at .* \(version 2\) after you opened version 1/,
      );
      const res = await staffCall(app, layla, 'POST', url(STAFF_API.catalogueCategoryArchive, COPY), {
        baseVersion: 2,
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual([res.json<EditorCategory>().state, res.json<EditorCategory>().version], ['archived', 3]);
      await eventually(
        () => publicIds(other),
        (ids) => !ids.includes(COPY),
      );
      // each process, the archiving one too, hears of the new version as the database tells it (catalogue/changes.ts)
      const arabic = await eventually(
        () => publicIds(app, 'ar'),
        (ids) => !ids.includes(COPY),
      );
      assert.equal(arabic.includes(COPY), false);
      assert.equal(
        await eventually(
          () => sitemapNames(COPY),
          (named) => !named,
        ),
        false,
        'out of the sitemap',
      );
      for (const path of [`/our-products/${COPY}`, `/ar/our-products/${COPY}`]) {
        const page = await app.inject({ url: path });
        assert.equal(page.statusCode, 410, path);
        assert.match(page.body, /<meta name="robots" content="noindex"/, `${path}: noindex`);
      }
      const listing = await other.inject({ url: `${catalogueListingApiPath(COPY)}?lang=ar` });
      assert.equal(listing.statusCode, 410, listing.body);
      assert.match(listing.json<{ error: string }>().error, /no longer in the catalogue: it was withdrawn/);
      const again = await staffCall(app, layla, 'POST', url(STAFF_API.catalogueCategoryArchive, COPY), {
        baseVersion: 3,
      });
      assert.equal(again.statusCode, 409);
      assert.match(again.body, /already archived/);
      assert.deepEqual(await audit(`category:${COPY}`), [
        `duplicated from category:${CATEGORY} as a draft, version 1`,
        'published as version 2',
        'archived as version 3',
      ]);
    },
  );

  await t.test(
    'a product withdrawn from an archived category cannot be restored until the category is back',
    async () => {
      // a product moved into the copy while it was live, withdrawn, then the copy archived
      await staffCall(app, layla, 'POST', url(STAFF_API.catalogueCategoryPublish, COPY), { baseVersion: 3 });
      const product = (
        await staffCall(app, layla, 'GET', url(STAFF_API.catalogueProduct, PRODUCT))
      ).json<EditorProduct>();
      const saved = await staffCall(app, layla, 'PUT', url(STAFF_API.catalogueDraft, PRODUCT), {
        baseVersion: product.version,
        content: { ...product.published, productCategoryId: COPY },
      });
      assert.equal(saved.statusCode, 200, saved.body);
      const published = await staffCall(app, layla, 'POST', url(STAFF_API.cataloguePublish, PRODUCT), {
        baseVersion: saved.json<EditorProduct>().version,
      });
      assert.equal(published.statusCode, 200, published.body);
      const refused = await staffCall(app, layla, 'POST', url(STAFF_API.catalogueCategoryArchive, COPY), {
        baseVersion: 4,
      });
      assert.match(refused.body, /still holds 1 live product: withdraw it/);
      const withdrawn = await staffCall(app, layla, 'POST', url(STAFF_API.catalogueArchive, PRODUCT), {
        baseVersion: published.json<EditorProduct>().version,
      });
      assert.equal(withdrawn.statusCode, 200, withdrawn.body);
      assert.equal(
        (await staffCall(app, layla, 'POST', url(STAFF_API.catalogueCategoryArchive, COPY), { baseVersion: 4 }))
          .statusCode,
        200,
      );
      const restore = await staffCall(app, layla, 'POST', url(STAFF_API.catalogueUnarchive, PRODUCT), {
        baseVersion: withdrawn.json<EditorProduct>().version,
      });
      assert.equal(restore.statusCode, 409, restore.body);
      assert.match(
        restore.json<{ error: string }>().error,
        /Its category .* \(industrial_cable_glands_copy\) is archived: put the category back on the site first/,
      );
      assert.deepEqual(
        await db.query('select id from catalogue_products where id = $1', [PRODUCT]),
        [],
        'still withdrawn',
      );
      // put back, the category is live again and the product can come back into it
      const back = await staffCall(app, layla, 'POST', url(STAFF_API.catalogueCategoryPublish, COPY), {
        baseVersion: 5,
      });
      assert.equal(back.statusCode, 200, back.body);
      assert.equal(
        (
          await staffCall(app, layla, 'POST', url(STAFF_API.catalogueUnarchive, PRODUCT), {
            baseVersion: withdrawn.json<EditorProduct>().version,
          })
        ).statusCode,
        200,
      );
      assert.equal((await app.inject({ url: `/our-products/${COPY}` })).statusCode, 200);
      assert.deepEqual((await audit(`category:${COPY}`)).slice(-1), ['put back on the site as version 6']);
    },
  );

  await t.test('without the CSRF token, or as branch staff, nothing is duplicated, archived or published', async () => {
    const current = await read(COPY);
    const noCsrf = await app.inject({
      method: 'POST',
      url: url(STAFF_API.catalogueCategoryDuplicate, COPY),
      headers: { ...onStaffOrigin(app), cookie: layla.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'csrf_copy' }),
    });
    assert.equal(noCsrf.statusCode, 403, noCsrf.body);
    const omar = await signInStaff(app, 'omar@crescent.example');
    for (const [pattern, body] of [
      [STAFF_API.catalogueCategoryDuplicate, { id: 'branch_copy' }],
      [STAFF_API.catalogueCategoryArchive, { baseVersion: current.version }],
      [STAFF_API.catalogueCategoryPublish, { baseVersion: current.version }],
    ] as const) {
      const res = await staffCall(app, omar, 'POST', url(pattern, COPY), body);
      assert.equal(res.statusCode, 403, `${pattern}: ${res.body}`);
    }
    assert.deepEqual(await stored(COPY), { state: 'live', edit_version: current.version });
    assert.deepEqual(
      await db.query("select id from catalogue_categories where id in ('csrf_copy', 'branch_copy')"),
      [],
    );
  });
}

test('duplicating and archiving categories on embedded PGlite', async (t) => {
  await categoryArchiveSuite(t, pgliteTarget);
});

test('duplicating and archiving categories on PostgreSQL', async (t) => {
  await onPostgres(t, (target) => categoryArchiveSuite(t, target));
});
