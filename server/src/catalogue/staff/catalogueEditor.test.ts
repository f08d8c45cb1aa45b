// The catalogue editor's calls through the whole app (buildApp, real sessions and CSRF tokens), on both databases:
// drafts checked by the import's rules, optimistic locking (a stale save is refused and nothing is lost), publish seen
// at once by the public catalogue API, the history with its diff and restore, the audit log, and bad input.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { CATALOGUE_SEARCH_API_PATH, catalogueProductApiPath } from '@site/contracts/api';
import type { ProductResponse, SearchResponse } from '@site/contracts/catalogue-api';
import type { ApiError } from '@site/contracts/forms-api';
import { CSRF_HEADER, STAFF_API, staffApiPath } from '@site/contracts/staff-api';
import {
  EDITOR_BODY_LIMIT,
  type EditableProduct,
  type EditorProduct,
  type EditorProductPage,
  type ProductDiff,
  type ProductVersionList,
  type StaleEditAnswer,
} from '@site/contracts/staff-catalogue-api';
import { exportCatalogueRows, importCatalogueRows } from '../file/catalogueImport.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../../test-support/databases.js';
import { catalogueEditorApp } from '../../test-support/catalogueEditorApp.js';
import { eventually } from '../../test-support/eventually.js';
import {
  addStaffAccount,
  onStaffOrigin,
  signInStaff,
  staffCall,
  type StaffCaller,
} from '../../test-support/staffSignIn.js';

const PRODUCT = 'hex_cw_brass_cable_gland';

type Editor = StaffCaller;

const addAccount = addStaffAccount;
const signIn = signInStaff;

const call = staffCall;

const productUrl = (pattern: string, extra: Record<string, string | number> = {}) =>
  staffApiPath(pattern, { id: PRODUCT, ...extra });

/** The content with its first variant's price set (the product's price is its variants' lowest). */
const withPrice = (content: EditableProduct, price: string): EditableProduct => ({
  ...content,
  price,
  variants: content.variants?.map((variant, index) => (index === 0 ? { ...variant, price } : variant)),
});

async function editorSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  const { app, db } = await catalogueEditorApp(t, target);
  await addAccount(db, 'layla@crescent.example', 'catalogue');
  await addAccount(db, 'yusuf@crescent.example', 'catalogue');
  const layla = await signIn(app, 'layla@crescent.example');
  const yusuf = await signIn(app, 'yusuf@crescent.example');
  const read = async (who: Editor = layla) => {
    const res = await call(app, who, 'GET', productUrl(STAFF_API.catalogueProduct));
    assert.equal(res.statusCode, 200, res.body);
    return res.json<EditorProduct>();
  };
  const publicName = async () =>
    (await app.inject({ url: catalogueProductApiPath(PRODUCT) })).json<ProductResponse>().product.productName;

  await t.test('the list: search text, filters and keyset pages that together cover every product once', async () => {
    const first = await call(app, layla, 'GET', `${STAFF_API.catalogueProducts}?limit=5`);
    assert.equal(first.statusCode, 200, first.body);
    const page = first.json<EditorProductPage>();
    assert.equal(page.products.length, 5);
    assert.ok(page.next !== null);
    const ids: string[] = [];
    let after: string | null = null;
    do {
      const res = await call(
        app,
        layla,
        'GET',
        `${STAFF_API.catalogueProducts}?limit=40${after === null ? '' : `&after=${after}`}`,
      );
      const body = res.json<EditorProductPage>();
      ids.push(...body.products.map((product) => product.id));
      after = body.next;
    } while (after !== null);
    const { n } = (await db.query<{ n: number }>('select count(*)::int as n from catalogue_products'))[0]!;
    assert.equal(ids.length, n);
    assert.equal(new Set(ids).size, n);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );

    const found = (
      await call(app, layla, 'GET', `${STAFF_API.catalogueProducts}?q=${encodeURIComponent('cw brass')}`)
    ).json<EditorProductPage>();
    assert.ok(
      found.products.some((product) => product.id === PRODUCT),
      'found by its name, any case',
    );
    const hex = (
      await call(
        app,
        layla,
        'GET',
        `${STAFF_API.catalogueProducts}?brand=Hex&category=industrial_cable_glands&limit=200`,
      )
    ).json<EditorProductPage>();
    assert.ok(
      hex.products.length > 0 &&
        hex.products.every(
          (product) =>
            product.categoryId === 'industrial_cable_glands' && (product.company ?? '').split(', ').includes('Hex'),
        ),
    );
    const drafts = (
      await call(app, layla, 'GET', `${STAFF_API.catalogueProducts}?status=draft`)
    ).json<EditorProductPage>();
    assert.deepEqual(drafts.products, [], 'no drafts yet');
    await db.query("update catalogue_products set name_ar = 'Cable gland' where id = $1", [PRODUCT]);
    const missing = (
      await call(app, layla, 'GET', `${STAFF_API.catalogueProducts}?missingArabic=1`)
    ).json<EditorProductPage>();
    assert.deepEqual(
      missing.products.map((product) => product.id),
      [PRODUCT],
    );
    await db.query("update catalogue_products set name_ar = 'جلاند كابل نحاسي' where id = $1", [PRODUCT]);
    for (const bad of ['status=gone', 'limit=0', 'limit=201', 'after=a%20b', 'missingArabic=yes', 'sort=1']) {
      const res = await call(app, layla, 'GET', `${STAFF_API.catalogueProducts}?${bad}`);
      assert.equal(res.statusCode, 400, `${bad}: ${res.body}`);
    }
  });

  await t.test(
    'the list finds a product by any variant code, shows its prices, sizes and change, sorts and counts',
    async () => {
      const list = async (query: string) => {
        const res = await call(app, layla, 'GET', `${STAFF_API.catalogueProducts}?${query}`);
        assert.equal(res.statusCode, 200, `${query}: ${res.body}`);
        return res.json<EditorProductPage>();
      };
      // HEX-CW-40 is the gland's fifth variant, not its own code; found as it is written, in lower case, with other separators
      for (const text of ['HEX-CW-40', 'hex cw 40', 'hex_cw.40', 'cw-40']) {
        const found = await list(`q=${encodeURIComponent(text)}`);
        assert.deepEqual(
          found.products.map((product) => product.id),
          [PRODUCT],
          `${text} finds the gland alone`,
        );
        assert.equal(found.total, 1, text);
      }
      const [gland] = (await list('q=HEX-CW-40')).products;
      // the seed's 11 sizes, 12 to 104 AED (content/data/product-variants.json)
      assert.equal(gland?.priceLow, '12.00');
      assert.equal(gland?.priceHigh, '104.00');
      assert.equal(gland?.sizes, 11);
      assert.equal(gland?.status, 'published');
      assert.ok(gland?.changedAt !== null && !Number.isNaN(Date.parse(gland?.changedAt ?? '')), 'a last change time');
      assert.equal(gland?.changedBy, null, 'seeded: by nobody known');

      const { n } = (await db.query<{ n: number }>('select count(*)::int as n from catalogue_products'))[0]!;
      assert.equal((await list('limit=5')).total, n, 'the total is every product, not the page');

      // by price, most expensive first, a page at a time: the pages follow the order
      const byPrice: EditorProductPage['products'] = [];
      let after: string | null = null;
      do {
        const page: EditorProductPage = await list(`sort=price-desc&limit=7${after === null ? '' : `&after=${after}`}`);
        assert.equal(page.total, n);
        byPrice.push(...page.products);
        after = page.next;
      } while (after !== null);
      assert.equal(byPrice.length, n);
      assert.equal(new Set(byPrice.map((product) => product.id)).size, n, 'every product once');
      const highest = byPrice.map((product) => (product.priceHigh === null ? -1 : Number(product.priceHigh)));
      assert.deepEqual(
        highest,
        [...highest].sort((a, b) => b - a),
        'most expensive first',
      );
      const { top } = (
        await db.query<{ top: string }>(
          'select max(price)::text as top from catalogue_product_variants where published',
        )
      )[0]!;
      assert.equal(byPrice[0]?.priceHigh, top);
      const bySizes = (await list('sort=sizes-asc&limit=200')).products.map((product) => product.sizes);
      assert.deepEqual(
        bySizes,
        [...bySizes].sort((a, b) => a - b),
      );
      const byName = (await list('sort=name-desc&limit=3&status=published')).products;
      assert.equal(byName.length, 3);

      const bad = await call(app, layla, 'GET', `${STAFF_API.catalogueProducts}?sort=cheapest`);
      assert.equal(bad.statusCode, 400, bad.body);
      assert.match(bad.json<{ error: string }>().error, /sort must be one of: name-asc, name-desc, .*price-desc/);
    },
  );

  await t.test('one product: every field in both languages, version 0, no draft; an unknown id is a 404', async () => {
    const product = await read();
    assert.equal(product.version, 0);
    assert.equal(product.draft, null);
    assert.match(product.published.productName, /CW Brass Cable Gland/);
    assert.match(product.published.productName_ar, /[\u0600-\u06FF]/);
    assert.ok(
      Array.isArray(product.published.details.description) && Array.isArray(product.published.details_ar.description),
    );
    for (const url of [
      staffApiPath(STAFF_API.catalogueProduct, { id: 'no_such_product' }),
      staffApiPath(STAFF_API.catalogueProduct, { id: '../etc' }),
      staffApiPath(STAFF_API.catalogueVersions, { id: 'no_such_product' }),
    ]) {
      const res = await call(app, layla, 'GET', url);
      assert.equal(res.statusCode, 404, `${url}: ${res.body}`);
    }
    const draft = await call(app, layla, 'PUT', staffApiPath(STAFF_API.catalogueDraft, { id: 'no_such_product' }), {
      baseVersion: 0,
      content: product.published,
    });
    assert.equal(draft.statusCode, 404, draft.body);
  });

  await t.test(
    'a draft breaking the catalogue rules is refused with a problem per field, at its path; nothing is saved',
    async () => {
      const { published } = await read();
      const cases: { content: EditableProduct; problem: RegExp; path: (string | number)[] }[] = [
        {
          content: { ...published, productName_ar: '' },
          problem: /productName_ar/,
          path: ['content', 'productName_ar'],
        },
        {
          content: { ...published, productName_ar: 'No Arabic here' },
          problem: /missing Arabic: productName_ar/,
          path: ['content', 'productName_ar'],
        },
        {
          content: {
            ...published,
            details: { ...published.details, description: [{ key: '*No such section', value: '<p>x</p>' }] },
          },
          problem: /details: description\.0\.key: unknown description section key/,
          path: ['content', 'details', 'description', 0, 'key'],
        },
        {
          content: { ...published, details_ar: { ...published.details_ar, Specification: [{}] } },
          problem: /details_ar: Specification\.0: empty specification block/,
          path: ['content', 'details_ar', 'Specification', 0],
        },
        { content: withPrice(published, '12,50 AED'), problem: /bad price/, path: ['content', 'variants', 0, 'price'] },
        {
          content: { ...published, productCategoryId: 'no_such_category' },
          problem: /unknown category/,
          path: ['content', 'productCategoryId'],
        },
      ];
      for (const { content, problem, path } of cases) {
        const res = await call(app, layla, 'PUT', productUrl(STAFF_API.catalogueDraft), { baseVersion: 0, content });
        assert.equal(res.statusCode, 400, res.body);
        const answer = res.json<ApiError>();
        assert.match(answer.error, problem);
        // the same problems one by one, each at its value, so the editor marks them without reading the sentence
        assert.deepEqual(
          answer.problems?.filter(({ message }) => problem.test(message)).map((one) => one.path),
          [path],
          res.body,
        );
        assert.ok(answer.error.endsWith((answer.problems ?? []).map(({ message }) => message).join('; ')), res.body);
      }
      // an attacker's body, every value wrong at once: each problem is at its own value, none is lost or misplaced
      const hostile = await call(app, layla, 'PUT', productUrl(STAFF_API.catalogueDraft), {
        baseVersion: 0,
        content: {
          ...published,
          productCategoryId: '../../etc/passwd',
          productName_ar: '<script>alert(1)</script>',
          variants: withPrice(published, '-1e9').variants,
          popularity: '999',
          details: {
            ...published.details,
            description: [{ key: '*__proto__', value: '<img src=x onerror=alert(1)>' }],
          },
        },
      });
      assert.equal(hostile.statusCode, 400, hostile.body);
      const placed = hostile.json<ApiError>().problems ?? [];
      for (const path of [
        ['content', 'productCategoryId'],
        ['content', 'productName_ar'],
        ['content', 'variants', 0, 'price'],
        ['content', 'popularity'],
        ['content', 'details', 'description', 0, 'key'],
      ]) {
        assert.ok(
          placed.some((one) => JSON.stringify(one.path) === JSON.stringify(path)),
          `${path.join('.')}: ${hostile.body}`,
        );
      }
      assert.ok(
        placed.every(({ path }) => path[0] === 'content'),
        hostile.body,
      );
      // the request's own shape: an unknown field, a wrong type, no content at all, a control character (at its value)
      for (const [body, path] of [
        [{ baseVersion: 0, content: { ...published, colour: 'red' } }, ['content']],
        [{ baseVersion: '0', content: published }, ['baseVersion']],
        [{ baseVersion: 0 }, ['content']],
        [{ baseVersion: 0, content: { ...published, code: 'CW\u0000' } }, ['content', 'code']],
        [{ baseVersion: 0, content: { ...published, productName: 'Gland\u202e' } }, ['content', 'productName']],
        [
          { baseVersion: 0, content: { ...published, details: { ...published.details, detail: ['<p>a\u0007</p>'] } } },
          ['content', 'details', 'detail', 0],
        ],
      ] as const) {
        const res = await call(app, layla, 'PUT', productUrl(STAFF_API.catalogueDraft), body);
        assert.equal(res.statusCode, 400, res.body);
        assert.deepEqual(
          res.json<ApiError>().problems?.map((problem) => problem.path),
          [path],
          res.body,
        );
      }
      // a problem's path is its value's, from the schema: the sentence keeps its words
      const wrongType = (
        await call(app, layla, 'PUT', productUrl(STAFF_API.catalogueDraft), {
          baseVersion: 0,
          content: { ...published, popularity: 5 },
        })
      ).json<ApiError>();
      assert.deepEqual(
        wrongType.problems?.map(({ path }) => path),
        [['content', 'popularity']],
      );
      assert.match(wrongType.error, /popularity/);
      assert.equal((await read()).draft, null);
      assert.equal((await read()).version, 0);
    },
  );

  await t.test('a body over the limit or not JSON is refused', async () => {
    const { published } = await read();
    const huge = {
      baseVersion: 0,
      content: {
        ...published,
        details: { ...published.details, detail: ['<p>' + 'x'.repeat(EDITOR_BODY_LIMIT) + '</p>'] },
      },
    };
    const res = await call(app, layla, 'PUT', productUrl(STAFF_API.catalogueDraft), huge);
    assert.equal(res.statusCode, 413, res.body);
    const text = await app.inject({
      method: 'PUT',
      url: productUrl(STAFF_API.catalogueDraft),
      headers: { ...onStaffOrigin(app), cookie: layla.cookie, [CSRF_HEADER]: layla.csrf, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    assert.equal(text.statusCode, 415, text.body);
  });

  await t.test(
    'two editors on one version: the second save is refused with 409, told who saved, and gets its text back',
    async () => {
      const { published, version } = await read();
      const laylas = withPrice(published, '11.25');
      const yusufs = { ...published, productName: `${published.productName} (Yusuf's)` };
      const first = await call(app, layla, 'PUT', productUrl(STAFF_API.catalogueDraft), {
        baseVersion: version,
        content: laylas,
      });
      assert.equal(first.statusCode, 200, first.body);
      assert.equal(first.json<EditorProduct>().version, version + 1);
      const second = await call(app, yusuf, 'PUT', productUrl(STAFF_API.catalogueDraft), {
        baseVersion: version,
        content: yusufs,
      });
      assert.equal(second.statusCode, 409, second.body);
      const stale = second.json<StaleEditAnswer>();
      assert.equal(stale.changedBy, 'layla@crescent.example');
      assert.equal(stale.version, version + 1);
      assert.match(stale.error, /layla@crescent\.example changed this product .* Nothing of yours was saved or lost/);
      assert.deepEqual(stale.yours, yusufs, 'their text comes back untouched');
      const now = await read(yusuf);
      assert.deepEqual(now.draft?.content, laylas, "the first editor's draft stands");
      assert.equal(now.draft?.savedBy, 'layla@crescent.example');
      // publishing on the stale version is refused the same way
      const publish = await call(app, yusuf, 'POST', productUrl(STAFF_API.cataloguePublish), { baseVersion: version });
      assert.equal(publish.statusCode, 409, publish.body);
      // reloaded, the second editor saves on the current version
      const again = await call(app, yusuf, 'PUT', productUrl(STAFF_API.catalogueDraft), {
        baseVersion: now.version,
        content: { ...laylas, ...{ productName: yusufs.productName } },
      });
      assert.equal(again.statusCode, 200, again.body);
    },
  );

  await t.test('publish: the public API answers the new content at once; the history keeps both versions', async () => {
    const { version, draft } = await read();
    assert.ok(draft !== null);
    const before = await publicName();
    assert.notEqual(before, draft.content.productName);
    const res = await call(app, layla, 'POST', productUrl(STAFF_API.cataloguePublish), { baseVersion: version });
    assert.equal(res.statusCode, 200, res.body);
    const published = res.json<EditorProduct>();
    assert.equal(published.draft, null);
    assert.equal(published.version, version + 1);
    assert.deepEqual(published.published, draft.content);
    // the process follows the catalogue's version (NOTIFY) before its next answer; allow it the 2 s of the contract
    assert.equal(await eventually(publicName, (name) => name === draft.content.productName), draft.content.productName);
    const listing = (
      await call(app, layla, 'GET', `${STAFF_API.catalogueProducts}?q=${encodeURIComponent("Yusuf's")}`)
    ).json<EditorProductPage>();
    assert.deepEqual(
      listing.products.map((product) => [product.id, product.status]),
      [[PRODUCT, 'published']],
    );

    const versions = (await call(app, layla, 'GET', productUrl(STAFF_API.catalogueVersions))).json<ProductVersionList>()
      .versions;
    assert.deepEqual(
      versions.map((entry) => [entry.version, entry.publishedBy]),
      [
        [version + 1, 'layla@crescent.example'],
        [0, null],
      ],
    );
    const diff = await call(app, layla, 'GET', `${productUrl(STAFF_API.catalogueDiff)}?from=0&to=${version + 1}`);
    assert.equal(diff.statusCode, 200, diff.body);
    const changes = diff.json<ProductDiff>().changes;
    // a variant's change by its code, as an import's report words it
    const firstCode = draft.content.variants![0]!.code;
    assert.deepEqual(changes.map((change) => change.field).sort(), [`${firstCode}: price`, 'price', 'productName']);
    const original = (
      await db.query<{ content: EditableProduct }>(
        'select content from catalogue_product_history where product_id = $1 and version = 0',
        [PRODUCT],
      )
    )[0]!.content;
    assert.deepEqual(
      changes.find((change) => change.field === 'price'),
      { field: 'price', before: original.price, after: '11.25' },
    );
    assert.equal(
      (await call(app, layla, 'GET', `${productUrl(STAFF_API.catalogueDiff)}?from=0&to=99`)).statusCode,
      404,
    );
    assert.equal(
      (await call(app, layla, 'POST', productUrl(STAFF_API.cataloguePublish), { baseVersion: version + 1 })).statusCode,
      409,
      'no draft to publish',
    );
  });

  await t.test(
    'restore: an earlier version becomes the draft, and publishing it brings the old content back',
    async () => {
      const { version } = await read();
      const original = (
        await db.query<{ content: EditableProduct }>(
          'select content from catalogue_product_history where product_id = $1 and version = 0',
          [PRODUCT],
        )
      )[0]!.content;
      const res = await call(
        app,
        yusuf,
        'POST',
        staffApiPath(STAFF_API.catalogueRestore, { id: PRODUCT, version: 0 }),
        { baseVersion: version },
      );
      assert.equal(res.statusCode, 200, res.body);
      const restored = res.json<EditorProduct>();
      assert.deepEqual(restored.draft?.content, original);
      assert.equal(
        (
          await call(app, yusuf, 'POST', staffApiPath(STAFF_API.catalogueRestore, { id: PRODUCT, version: 42 }), {
            baseVersion: restored.version,
          })
        ).statusCode,
        404,
      );
      const publish = await call(app, yusuf, 'POST', productUrl(STAFF_API.cataloguePublish), {
        baseVersion: restored.version,
      });
      assert.equal(publish.statusCode, 200, publish.body);
      assert.equal(await eventually(publicName, (name) => name === original.productName), original.productName);
    },
  );

  await t.test('every change is in the audit log with who did it, to which product', async () => {
    const rows = await db.query<{ actor_email: string; action: string; target: string; detail: string }>(
      "select actor_email, action, target, detail from staff_audit_log where action like 'catalogue.%' order by id",
    );
    assert.deepEqual(
      rows.map((row) => [row.actor_email, row.action, row.target]),
      [
        ['layla@crescent.example', 'catalogue.draft', `product:${PRODUCT}`],
        ['yusuf@crescent.example', 'catalogue.draft', `product:${PRODUCT}`],
        ['layla@crescent.example', 'catalogue.publish', `product:${PRODUCT}`],
        ['yusuf@crescent.example', 'catalogue.restore', `product:${PRODUCT}`],
        ['yusuf@crescent.example', 'catalogue.publish', `product:${PRODUCT}`],
      ],
    );
  });

  await t.test(
    'an import of the product meanwhile: a draft or publish based on what it was before is refused as stale',
    async () => {
      const { version, published } = await read();
      const saved = await call(app, layla, 'PUT', productUrl(STAFF_API.catalogueDraft), {
        baseVersion: version,
        content: withPrice(published, '13.50'),
      });
      assert.equal(saved.statusCode, 200, saved.body);
      const draft = saved.json<EditorProduct>();
      // the product's rows, one per variant
      const rows = (await exportCatalogueRows(db.kysely)).filter((candidate) => candidate.id === PRODUCT);
      const imported = await importCatalogueRows(
        db,
        rows.map((row, index) => ({ line: index + 2, row: { ...row, popularity: '7' } })),
        { dryRun: false },
      );
      assert.equal(imported.written, true, JSON.stringify(imported));
      const publish = await call(app, layla, 'POST', productUrl(STAFF_API.cataloguePublish), {
        baseVersion: draft.version,
      });
      assert.equal(publish.statusCode, 409, publish.body);
      assert.match(
        publish.json<StaleEditAnswer>().error,
        /^Someone changed this product .* Nothing of yours was saved or lost/,
      );
      const now = await read();
      assert.deepEqual(
        [now.version, now.draft?.content.price, now.published.popularity],
        [draft.version + 1, '13.50', '7'],
        'the draft kept, the import shown',
      );
    },
  );

  await t.test(
    "a published edit's new brand and specification value are counted by the results page's filters at once",
    async () => {
      const { version, published } = await read();
      // a second brand, and an IP rating the catalogue has nowhere else, stated in the product's compliance list
      const specification = (published.details.Specification as { extraSpec?: string[] }[]).map((entry, index) =>
        index === 0 ? { ...entry, extraSpec: [...(entry.extraSpec ?? []), 'IP69 with the hose-down seal'] } : entry,
      );
      const content = {
        ...published,
        company: 'Hex, Quasar',
        details: { ...published.details, Specification: specification },
      };
      const saved = await call(app, layla, 'PUT', productUrl(STAFF_API.catalogueDraft), {
        baseVersion: version,
        content,
      });
      assert.equal(saved.statusCode, 200, saved.body);
      const search = async (filters = '') =>
        (await app.inject({ url: `${CATALOGUE_SEARCH_API_PATH}?q=gland&facets=1${filters}` })).json<SearchResponse>();
      assert.equal(
        (await search()).facets?.brands.find((brand) => brand.name === 'Quasar'),
        undefined,
        'a draft is not public',
      );
      const publish = await call(app, layla, 'POST', productUrl(STAFF_API.cataloguePublish), {
        baseVersion: saved.json<EditorProduct>().version,
      });
      assert.equal(publish.statusCode, 200, publish.body);
      const counted = async () => {
        const { facets } = await search();
        assert.ok(facets !== undefined);
        return [
          facets.brands.find((brand) => brand.name === 'Quasar')?.count,
          facets.attributes.find((facet) => facet.attribute === 'ip')?.values.find((value) => value.value === 'IP69')
            ?.count,
        ];
      };
      assert.deepEqual(await eventually(counted, ([brand]) => brand !== undefined), [1, 1]);
      const narrowed = await search('&brand=Quasar&ip=IP69');
      assert.deepEqual([narrowed.total, narrowed.results.map((result) => result.id)], [1, [PRODUCT]]);
    },
  );
}

test('the catalogue editor on embedded PGlite', async (t) => {
  await editorSuite(t, pgliteTarget);
});

test('the catalogue editor on PostgreSQL', async (t) => {
  await onPostgres(t, (target) => editorSuite(t, target));
});
