// Creating and duplicating products in the editor, through the whole app on both databases: a new product is a draft
// the public cannot see until it is published; a taken id is a 409 naming the id, content breaking the catalogue's
// rules a 400 naming each field; a duplicate copies every field into a new draft with a new id, a code marked -COPY
// (refused at publish until it is unique) and its names marked as a copy in both languages; both are audited, both
// need the CSRF token, and branch staff are refused.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { catalogueProductApiPath } from '@site/contracts/api';
import type { ApiError } from '@site/contracts/forms-api';
import { STAFF_API, staffApiPath } from '@site/contracts/staff-api';
import type { EditableProduct, EditorProduct } from '@site/contracts/staff-catalogue-api';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../../test-support/databases.js';
import { catalogueEditorApp } from '../../test-support/catalogueEditorApp.js';
import { eventually } from '../../test-support/eventually.js';
import { addStaffAccount, onStaffOrigin, signInStaff, staffCall } from '../../test-support/staffSignIn.js';

const SOURCE = 'hex_cw_brass_cable_gland';
const NEW_ID = 'hex_test_new_gland';

async function createSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  const { app, db } = await catalogueEditorApp(t, target);
  await addStaffAccount(db, 'layla@crescent.example', 'catalogue');
  await addStaffAccount(db, 'omar@crescent.example', 'branch', 'Dubai');
  const layla = await signInStaff(app, 'layla@crescent.example');
  const source = (
    await staffCall(app, layla, 'GET', staffApiPath(STAFF_API.catalogueProduct, { id: SOURCE }))
  ).json<EditorProduct>().published;
  // a new product of one variant: its code, price and unit (content without variants)
  const { variants: _variants, ...single } = source;
  const fresh: EditableProduct = {
    ...single,
    productName: 'Test gland',
    productName_ar: 'جلاند تجريبي',
    code: 'TEST-GL-1',
    details: { detail: ['<p style="color:red">A new gland<script>x</script></p>'] },
    details_ar: { detail: ['<p>جلاند جديد</p>'] },
  };
  const publicStatus = async (id: string) => (await app.inject({ url: catalogueProductApiPath(id) })).statusCode;
  const audit = async (action: string) =>
    db.query<{ target: string; detail: string }>(
      'select target, detail from staff_audit_log where action = $1 order by id',
      [action],
    );

  await t.test('a new product is a draft, cleaned, not public until published; its edit page reads it', async () => {
    const res = await staffCall(app, layla, 'POST', STAFF_API.catalogueCreate, { id: NEW_ID, content: fresh });
    assert.equal(res.statusCode, 200, res.body);
    const created = res.json<EditorProduct>();
    assert.deepEqual([created.id, created.version, created.unpublished, created.draft?.basedOn], [NEW_ID, 1, true, 0]);
    assert.deepEqual(created.draft?.content.details, { detail: ['<p>A new gland</p>'] }, 'stored cleaned');
    assert.equal(await publicStatus(NEW_ID), 404, 'not public');
    const listed = await staffCall(app, layla, 'GET', `${STAFF_API.catalogueProducts}?q=TEST-GL-1`);
    assert.equal(listed.statusCode, 200);
    const read = (
      await staffCall(app, layla, 'GET', staffApiPath(STAFF_API.catalogueProduct, { id: NEW_ID }))
    ).json<EditorProduct>();
    assert.deepEqual(read, created);
    const archive = await staffCall(app, layla, 'POST', staffApiPath(STAFF_API.catalogueArchive, { id: NEW_ID }), {
      baseVersion: 1,
    });
    assert.deepEqual(
      [archive.statusCode, archive.json<{ error: string }>().error],
      [409, 'This product is new and was never published: publish it first.'],
    );
    const saved = await staffCall(app, layla, 'PUT', staffApiPath(STAFF_API.catalogueDraft, { id: NEW_ID }), {
      baseVersion: 1,
      content: { ...fresh, price: '12.75' },
    });
    assert.equal(saved.statusCode, 200, saved.body);
    assert.equal(await publicStatus(NEW_ID), 404, 'still not public');
    const published = await staffCall(app, layla, 'POST', staffApiPath(STAFF_API.cataloguePublish, { id: NEW_ID }), {
      baseVersion: 2,
    });
    assert.equal(published.statusCode, 200, published.body);
    assert.deepEqual(
      [published.json<EditorProduct>().unpublished, published.json<EditorProduct>().published.price],
      [false, '12.75'],
    );
    assert.equal(
      await eventually(
        () => publicStatus(NEW_ID),
        (status) => status === 200,
      ),
      200,
      'public once published',
    );
    assert.deepEqual(
      (await audit('catalogue.create')).map((row) => row.target),
      [`product:${NEW_ID}`],
    );
    // what the staff app's new-product form sends: the names, code and category, empty detail documents
    const minimal = await staffCall(app, layla, 'POST', STAFF_API.catalogueCreate, {
      id: 'hex_minimal_gland',
      content: {
        ...fresh,
        code: 'TEST-GL-2',
        company: '',
        price: '',
        unit: 'piece',
        popularity: '0',
        details: {},
        details_ar: {},
      },
    });
    assert.equal(minimal.statusCode, 200, minimal.body);
  });

  await t.test('a taken id is a 409 naming the id; bad content a 400 naming each field; nothing is kept', async () => {
    for (const id of [SOURCE, NEW_ID, 'new']) {
      const res = await staffCall(app, layla, 'POST', STAFF_API.catalogueCreate, {
        id,
        content: { ...fresh, code: 'TEST-GL-9' },
      });
      assert.equal(res.statusCode, 409, `${id}: ${res.body}`);
      assert.match(res.json<{ error: string }>().error, /^id: a product with the id ".*" already exists/);
    }
    const badId = await staffCall(app, layla, 'POST', STAFF_API.catalogueCreate, { id: 'Bad Id!', content: fresh });
    assert.equal(badId.statusCode, 400, badId.body);
    assert.match(badId.body, /^\{"error":"id: /);
    const bad = await staffCall(app, layla, 'POST', STAFF_API.catalogueCreate, {
      id: 'hex_test_other',
      content: { ...fresh, productName_ar: '', price: 'cheap' },
    });
    assert.equal(bad.statusCode, 400, bad.body);
    const message = bad.json<{ error: string }>().error;
    for (const field of ['productName_ar', 'bad price']) assert.ok(message.includes(field), `${field} in ${message}`);
    // each problem at its value in the body, so the form marks its field
    assert.deepEqual(
      (bad.json<ApiError>().problems ?? []).map(({ path }) => path),
      [
        ['content', 'price'],
        ['content', 'productName_ar'],
      ],
    );
    const code = await staffCall(app, layla, 'POST', STAFF_API.catalogueCreate, {
      id: 'hex_test_other',
      content: { ...fresh, code: source.code },
    });
    assert.equal(code.statusCode, 400, code.body);
    assert.match(
      code.json<{ error: string }>().error,
      new RegExp(`variant code "${source.code}" is already product ${SOURCE}'s \\(${source.code}\\)`),
    );
    // content without variants (the new-product form's) is its one variant: the problem at its own code field
    assert.deepEqual(code.json<ApiError>().problems, [
      {
        path: ['content', 'code'],
        message: `variant code "${source.code}" is already product ${SOURCE}'s (${source.code}): each variant code is unique over the catalogue`,
      },
    ]);
    const kept = await db.query('select 1 from catalogue_product_edits where product_id = $1', ['hex_test_other']);
    assert.deepEqual(kept, []);
  });

  await t.test(
    'a duplicate copies every field into a new draft: a new id, the code marked -COPY, the names as a copy',
    async () => {
      const res = await staffCall(app, layla, 'POST', staffApiPath(STAFF_API.catalogueDuplicate, { id: SOURCE }), {});
      assert.equal(res.statusCode, 200, res.body);
      const copy = res.json<EditorProduct>();
      assert.equal(copy.id, `${SOURCE}_copy`);
      assert.equal(copy.unpublished, true);
      const content = copy.draft!.content;
      assert.deepEqual(content, {
        ...source,
        code: `${source.code}-COPY`,
        ...(source.variants === undefined
          ? {}
          : { variants: source.variants.map((variant) => ({ ...variant, code: `${variant.code}-COPY` })) }),
        productName: `${source.productName} (copy)`,
        productName_ar: `${source.productName_ar} (نسخة)`,
      });
      assert.equal(await publicStatus(copy.id), 404);
      const again = (
        await staffCall(app, layla, 'POST', staffApiPath(STAFF_API.catalogueDuplicate, { id: SOURCE }), {})
      ).json<EditorProduct>();
      assert.equal(again.id, `${SOURCE}_copy_2`, 'the next free id');
      // the copy's code is unique until a copy is published: then the other copy must change its own
      const first = await staffCall(app, layla, 'POST', staffApiPath(STAFF_API.cataloguePublish, { id: copy.id }), {
        baseVersion: 1,
      });
      assert.equal(first.statusCode, 200, first.body);
      const second = await staffCall(app, layla, 'POST', staffApiPath(STAFF_API.cataloguePublish, { id: again.id }), {
        baseVersion: 1,
      });
      assert.equal(second.statusCode, 400, second.body);
      assert.match(
        second.body,
        new RegExp(`variant code \\\\"${source.code}-COPY\\\\" is already product ${copy.id}'s`),
      );
      // a publish's problems are at the draft's values they are about, as a save's are: each variant's code
      assert.deepEqual(
        (second.json<ApiError>().problems ?? []).map(({ path }) => path),
        (source.variants ?? [source]).map((_variant, index) => ['content', 'variants', index, 'code']),
      );
      const unknown = await staffCall(
        app,
        layla,
        'POST',
        staffApiPath(STAFF_API.catalogueDuplicate, { id: 'no_such_product' }),
        {},
      );
      assert.equal(unknown.statusCode, 404, unknown.body);
      assert.deepEqual(
        (await audit('catalogue.create')).slice(-2).map((row) => row.detail),
        [
          `duplicated from product:${SOURCE} as a draft (version 1)`,
          `duplicated from product:${SOURCE} as a draft (version 1)`,
        ],
      );
    },
  );

  await t.test('without the CSRF token, or as branch staff, nothing is created', async () => {
    const noCsrf = await app.inject({
      method: 'POST',
      url: STAFF_API.catalogueCreate,
      headers: { ...onStaffOrigin(app), cookie: layla.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'hex_csrf', content: fresh }),
    });
    assert.equal(noCsrf.statusCode, 403, noCsrf.body);
    const omar = await signInStaff(app, 'omar@crescent.example');
    const branch = await staffCall(app, omar, 'POST', staffApiPath(STAFF_API.catalogueDuplicate, { id: SOURCE }), {});
    assert.equal(branch.statusCode, 403, branch.body);
    assert.deepEqual(
      await db.query("select product_id from catalogue_product_edits where product_id in ('hex_csrf', $1)", [
        `${SOURCE}_copy_3`,
      ]),
      [],
    );
  });
}

test('creating and duplicating products on embedded PGlite', async (t) => {
  await createSuite(t, pgliteTarget);
});

test('creating and duplicating products on PostgreSQL', async (t) => {
  await onPostgres(t, (target) => createSuite(t, target));
});
