// Categories in the editor, through the whole app on both databases: every field saved and shown by the public API in
// both languages, the sitemap and the category page, on this server and on another process within 2 s; a new category
// live at once; bad input a 400 naming each field, nothing written; two saves based on one version: the second is a
// 409 and the first's text stands; markup in the introduction refused; CSRF and branch staff refused; audited.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { CATALOGUE_CATEGORIES_API_PATH } from '@site/contracts/api';
import type { ApiError } from '@site/contracts/forms-api';
import type { CategoriesResponse } from '@site/contracts/catalogue-api';
import { STAFF_API, staffApiPath } from '@site/contracts/staff-api';
import type { EditableCategory, EditorCategory, EditorCategoryList } from '@site/contracts/staff-catalogue-api';
import { catalogueEditorApp } from '../../test-support/catalogueEditorApp.js';
import { eventually, stopwatch } from '../../test-support/eventually.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../../test-support/databases.js';
import { addStaffAccount, onStaffOrigin, signInStaff, staffCall } from '../../test-support/staffSignIn.js';

const CATEGORY = 'industrial_cable_glands';
const NEW_ID = 'cable_trays_test';

async function categoriesSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  // another server process's app beside this one: it hears of each change
  const { app, db, other } = await catalogueEditorApp(t, target, { anotherProcess: true });
  await addStaffAccount(db, 'layla@crescent.example', 'catalogue');
  await addStaffAccount(db, 'sara@crescent.example', 'catalogue');
  await addStaffAccount(db, 'omar@crescent.example', 'branch', 'Dubai');
  const layla = await signInStaff(app, 'layla@crescent.example');
  const sara = await signInStaff(app, 'sara@crescent.example');
  const categoryUrl = (id: string) => staffApiPath(STAFF_API.catalogueCategory, { id });
  const read = async (id: string) => (await staffCall(app, layla, 'GET', categoryUrl(id))).json<EditorCategory>();
  const publicCategories = async (server = app, lang: 'en' | 'ar' = 'en') =>
    (await server.inject({ url: `${CATALOGUE_CATEGORIES_API_PATH}?lang=${lang}` })).json<CategoriesResponse>()
      .categories;
  const storedRow = async (id: string) =>
    (
      await db.query<{ title: string; edit_version: number }>(
        'select title, edit_version from catalogue_categories where id = $1',
        [id],
      )
    )[0];

  const before = await read(CATEGORY);
  const edited: EditableCategory = {
    ...before.content,
    title: 'Cable Glands, edited',
    title_ar: 'جلندات الكابلات المعدلة',
    info: 'Brass glands for every cable, edited in the staff app.',
    info_ar: 'جلندات نحاسية لكل كابل.',
    company: 'Hex, Elite',
  };

  await t.test(
    'the list names every category in the catalogue order with its products; one reads every field',
    async () => {
      const list = (await staffCall(app, layla, 'GET', STAFF_API.catalogueCategories)).json<EditorCategoryList>();
      assert.equal(list.categories.length, (await publicCategories()).length);
      const glands = list.categories.find((category) => category.id === CATEGORY);
      assert.deepEqual([glands?.title, glands?.missingArabic, glands?.version], ['Industrial Cable Glands', false, 0]);
      assert.ok((glands?.products ?? 0) >= 3, 'its products counted');
      assert.deepEqual(Object.keys(before.content).sort(), [
        'company',
        'image',
        'info',
        'info_ar',
        'position',
        'title',
        'title_ar',
      ]);
      assert.equal(before.content.image, 'Industrial_Cable_Glands');
      assert.equal((await staffCall(app, layla, 'GET', categoryUrl('no_such_category'))).statusCode, 404);
    },
  );

  await t.test(
    'a save is live on the public API (both languages), the sitemap and another process within 2 s',
    async () => {
      const res = await staffCall(app, layla, 'PUT', categoryUrl(CATEGORY), { baseVersion: 0, content: edited });
      assert.equal(res.statusCode, 200, res.body);
      const saved = res.json<EditorCategory>();
      assert.deepEqual([saved.version, saved.content, saved.lastChange.by], [1, edited, 'layla@crescent.example']);
      const shown = (categories: CategoriesResponse['categories']) =>
        categories.find((category) => category.id === CATEGORY);
      const english = await eventually(
        () => publicCategories(),
        (categories) => shown(categories)?.title === edited.title,
      );
      assert.deepEqual(
        [shown(english)?.title, shown(english)?.info, shown(english)?.company],
        [edited.title, edited.info, edited.company],
      );
      const arabic = await eventually(
        () => publicCategories(app, 'ar'),
        (categories) => shown(categories)?.title === edited.title_ar,
      );
      assert.deepEqual([shown(arabic)?.title, shown(arabic)?.info], [edited.title_ar, edited.info_ar]);
      const elapsed = stopwatch();
      const elsewhere = await eventually(
        () => publicCategories(other),
        (categories) => shown(categories)?.title === edited.title,
      );
      assert.equal(shown(elsewhere)?.title, edited.title, 'the other server within 2 s');
      t.diagnostic(`category saved: seen by the other server after ${elapsed()} ms`);
      const audit = await db.query<{ action: string; target: string; actor_email: string }>(
        "select action, target, actor_email from staff_audit_log where action = 'catalogue.category'",
      );
      assert.deepEqual(audit, [
        { action: 'catalogue.category', target: `category:${CATEGORY}`, actor_email: 'layla@crescent.example' },
      ]);
    },
  );

  await t.test('two saves based on one version: the second is a 409 naming who saved, the first stands', async () => {
    const current = await read(CATEGORY);
    const [first, second] = await Promise.all([
      staffCall(app, layla, 'PUT', categoryUrl(CATEGORY), {
        baseVersion: current.version,
        content: { ...current.content, title: 'Glands by Layla' },
      }),
      staffCall(app, sara, 'PUT', categoryUrl(CATEGORY), {
        baseVersion: current.version,
        content: { ...current.content, title: 'Glands by Sara' },
      }),
    ]);
    const answers = [first, second].map((res) => res.statusCode).sort();
    assert.deepEqual(answers, [200, 409], `${first.body} / ${second.body}`);
    const [won, lost] = first.statusCode === 200 ? [first, second] : [second, first];
    assert.match(
      lost.json<{ error: string }>().error,
      /@crescent\.example changed this category at .* \(version 2\) after you opened version 1\. Nothing of yours was saved or lost/,
    );
    assert.deepEqual(await storedRow(CATEGORY), { title: won.json<EditorCategory>().content.title, edit_version: 2 });
  });

  await t.test('bad input: a 400 naming each field; markup in the introduction refused; nothing written', async () => {
    const current = await read(CATEGORY);
    const put = (content: unknown, baseVersion: unknown = current.version) =>
      staffCall(app, layla, 'PUT', categoryUrl(CATEGORY), { baseVersion, content });
    // each case's sentence, and the path its problem is at (the schema's and the category rules' alike)
    const cases: Array<[string, unknown, RegExp, (string | number)[]]> = [
      ['empty title', { ...current.content, title: '' }, /title is required/, ['content', 'title']],
      ['empty Arabic title', { ...current.content, title_ar: '  ' }, /title_ar is required/, ['content', 'title_ar']],
      ['empty introduction', { ...current.content, info: '' }, /info is required/, ['content', 'info']],
      ['empty Arabic introduction', { ...current.content, info_ar: '' }, /info_ar is required/, ['content', 'info_ar']],
      [
        'a script in the introduction',
        { ...current.content, info: 'Glands <script>alert(1)</script>' },
        /info is plain text on the site: remove the HTML tags/,
        ['content', 'info'],
      ],
      [
        'an event handler in the Arabic one',
        { ...current.content, info_ar: 'جلندات <img src=x onerror=alert(1)>' },
        /info_ar is plain text/,
        ['content', 'info_ar'],
      ],
      [
        'a NUL in the title',
        { ...current.content, title: 'Gla\u0000nds' },
        /title contains characters that are not allowed/,
        ['content', 'title'],
      ],
      [
        'a direction control',
        { ...current.content, title_ar: 'جلندات\u202E' },
        /title_ar contains invisible text-direction characters/,
        ['content', 'title_ar'],
      ],
      [
        'a line break',
        { ...current.content, info: 'two\nlines' },
        /info contains characters that are not allowed/,
        ['content', 'info'],
      ],
      [
        'an unknown picture',
        { ...current.content, image: 'Not_A_Picture' },
        /image must be one of the category pictures/,
        ['content', 'image'],
      ],
      [
        'spaces around the brand line',
        { ...current.content, company: ' Hex ' },
        /company must not start or end with spaces/,
        ['content', 'company'],
      ],
      [
        'a negative position',
        { ...current.content, position: -1 },
        /position must be 0 or more/,
        ['content', 'position'],
      ],
      [
        'a position that is not a number',
        { ...current.content, position: 'first' },
        /position must be a whole number/,
        ['content', 'position'],
      ],
      ['an unknown field', { ...current.content, teaser: true }, /teaser/, ['content']],
      ['a missing field', { title: 'x' }, /title_ar/, ['content', 'title_ar']],
      [
        'too long a title',
        { ...current.content, title: 'x'.repeat(201) },
        /title must be at most 200 characters/,
        ['content', 'title'],
      ],
    ];
    for (const [what, content, problem, path] of cases) {
      const res = await put(content);
      assert.equal(res.statusCode, 400, `${what}: ${res.body}`);
      const answer = res.json<ApiError>();
      assert.match(answer.error, problem, what);
      assert.deepEqual(
        answer.problems?.filter(({ message }) => problem.test(message)).map((one) => one.path),
        [path],
        `${what}: ${res.body}`,
      );
    }
    // an attacker's body breaking every rule at once: each problem at its own field, in the sentence's order
    const hostile = await put({
      ...current.content,
      title: ' <svg onload=alert(1)> ',
      title_ar: '\u202Eجلندات',
      info: '',
      info_ar: '<!-- x -->',
      image: '../../etc/passwd',
      company: 'Hex\u0000',
    });
    assert.equal(hostile.statusCode, 400, hostile.body);
    const answer = hostile.json<ApiError>();
    assert.deepEqual(
      answer.problems?.map(({ path }) => path.join('.')),
      [
        'content.title',
        'content.title',
        'content.title_ar',
        'content.info',
        'content.info_ar',
        'content.image',
        'content.company',
      ],
      hostile.body,
    );
    assert.equal(
      answer.error,
      `The category was not saved: 7 problems to fix: ${(answer.problems ?? []).map(({ message }) => message).join('; ')}`,
    );
    assert.equal((await put(current.content, 'one')).statusCode, 400, 'a baseVersion that is not a number');
    const notJson = await app.inject({
      method: 'PUT',
      url: categoryUrl(CATEGORY),
      headers: {
        ...onStaffOrigin(app),
        cookie: layla.cookie,
        'x-csrf-token': layla.csrf,
        'content-type': 'application/json',
      },
      payload: '{"baseVersion":',
    });
    assert.equal(notJson.statusCode, 400, notJson.body);
    assert.deepEqual(
      await storedRow(CATEGORY),
      { title: current.content.title, edit_version: current.version },
      'nothing written',
    );
    assert.equal(
      (
        await staffCall(app, layla, 'PUT', categoryUrl('no_such_category'), {
          baseVersion: 0,
          content: current.content,
        })
      ).statusCode,
      404,
    );
  });

  await t.test(
    'a new category is live at once: public list, its page and the sitemap; a taken id is a 409',
    async () => {
      const content: EditableCategory = {
        ...edited,
        title: 'Cable Trays',
        title_ar: 'حوامل الكابلات',
        info: 'Perforated and ladder trays.',
        info_ar: 'حوامل مثقبة وسلالم.',
        company: '',
        position: 999,
      };
      const res = await staffCall(app, layla, 'POST', STAFF_API.catalogueCategories, { id: NEW_ID, content });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual([res.json<EditorCategory>().version, res.json<EditorCategory>().products], [1, 0]);
      const listed = await eventually(
        () => publicCategories(other),
        (categories) => categories.some((category) => category.id === NEW_ID),
      );
      assert.equal(listed.at(-1)?.id, NEW_ID, 'last in the order, on the other server too');
      assert.equal(listed.at(-1)?.company, undefined, 'no brand line');
      const sitemap = await eventually(
        async () => (await app.inject({ url: '/sitemap.xml' })).body,
        (body) => body.includes(`/our-products/${NEW_ID}<`),
      );
      assert.ok(
        sitemap.includes(`/our-products/${NEW_ID}<`) && sitemap.includes(`/ar/our-products/${NEW_ID}<`),
        'in the sitemap in both editions',
      );
      const page = await app.inject({ url: `/our-products/${NEW_ID}` });
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /Cable Trays/);
      for (const id of [NEW_ID, CATEGORY, 'CABLE_TRAYS_TEST']) {
        const taken = await staffCall(app, layla, 'POST', STAFF_API.catalogueCategories, { id, content });
        assert.equal(taken.statusCode, 409, `${id}: ${taken.body}`);
        assert.match(taken.json<{ error: string }>().error, /^id: the category ".*" already exists/);
        // at the body's id, so the form marks that field
        assert.deepEqual(
          taken.json<ApiError>().problems?.map(({ path }) => path),
          [['id']],
        );
      }
      for (const id of ['bad id', '../x', 'a__b', '_a', '']) {
        const bad = await staffCall(app, layla, 'POST', STAFF_API.catalogueCategories, { id, content });
        assert.equal(bad.statusCode, 400, `${JSON.stringify(id)}: ${bad.body}`);
        assert.match(bad.json<{ error: string }>().error, /^id: /);
      }
      const badContent = await staffCall(app, layla, 'POST', STAFF_API.catalogueCategories, {
        id: 'other_new',
        content: { ...content, title_ar: '', info: '<b>x</b>' },
      });
      assert.equal(badContent.statusCode, 400);
      assert.match(badContent.body, /title_ar is required; info is plain text/);
      assert.deepEqual(
        badContent.json<ApiError>().problems?.map(({ path }) => path),
        [
          ['content', 'title_ar'],
          ['content', 'info'],
        ],
      );
      assert.deepEqual(await db.query("select id from catalogue_categories where id = 'other_new'"), []);
    },
  );

  await t.test('without the CSRF token, or as branch staff, nothing is saved or created', async () => {
    const current = await read(CATEGORY);
    const noCsrf = await app.inject({
      method: 'PUT',
      url: categoryUrl(CATEGORY),
      headers: { ...onStaffOrigin(app), cookie: layla.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ baseVersion: current.version, content: { ...current.content, title: 'CSRF' } }),
    });
    assert.equal(noCsrf.statusCode, 403, noCsrf.body);
    const omar = await signInStaff(app, 'omar@crescent.example');
    const branch = await staffCall(app, omar, 'PUT', categoryUrl(CATEGORY), {
      baseVersion: current.version,
      content: { ...current.content, title: 'Branch' },
    });
    assert.equal(branch.statusCode, 403, branch.body);
    const branchCreate = await staffCall(app, omar, 'POST', STAFF_API.catalogueCategories, {
      id: 'branch_made',
      content: current.content,
    });
    assert.equal(branchCreate.statusCode, 403, branchCreate.body);
    assert.equal((await staffCall(app, omar, 'GET', STAFF_API.catalogueCategories)).statusCode, 403);
    assert.deepEqual(await storedRow(CATEGORY), { title: current.content.title, edit_version: current.version });
    assert.deepEqual(await db.query("select id from catalogue_categories where id = 'branch_made'"), []);
  });
}

test('categories in the editor on embedded PGlite', async (t) => {
  await categoriesSuite(t, pgliteTarget);
});

test('categories in the editor on PostgreSQL', async (t) => {
  await onPostgres(t, (target) => categoriesSuite(t, target));
});
