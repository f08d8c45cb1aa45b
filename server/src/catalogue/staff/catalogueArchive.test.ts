// Archiving a product through the editor's calls, through the whole app (real sessions and CSRF tokens), on both
// databases: the archived product leaves the listing and its filter counts, the search in both languages, the
// sitemap, the /data files and compare; its API answer is a 410 naming its category, its page (noindex) says it is no
// longer available; the look-up names it as withdrawn and a quote request naming it is refused; unarchived, it is back
// everywhere. Stale versions are a 409, branch staff a 403, and both changes are in the product's history and the audit log.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import {
  catalogueListingApiPath,
  catalogueProductApiPath,
  CATALOGUE_COMPARE_API_PATH,
  CATALOGUE_LOOKUP_API_PATH,
  CATALOGUE_SEARCH_API_PATH,
} from '@site/contracts/api';
import type {
  CompareResponse,
  ListingResponse,
  LookupResponse,
  ProductGone,
  ProductResponse,
  SearchResponse,
} from '@site/contracts/catalogue-api';
import { STAFF_API, staffApiPath } from '@site/contracts/staff-api';
import type { EditorProduct, EditorProductPage, ProductVersionList } from '@site/contracts/staff-catalogue-api';
import { catalogueEditorApp } from '../../test-support/catalogueEditorApp.js';
import { databaseCatalogueFeed } from '../catalogueFeed.js';
import { importCatalogueRows } from '../file/catalogueImport.js';
import { eventually, stopwatch } from '../../test-support/eventually.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../../test-support/databases.js';
import { addStaffAccount, signInStaff, staffCall } from '../../test-support/staffSignIn.js';
import { quoteRequestBody } from '../../test-support/quoteRequest.js';
import { rowsOfContent } from './content.js';

const PRODUCT = 'hex_cw_brass_cable_gland';
const CATEGORY = 'industrial_cable_glands';
const CODE = 'HEX-CW-20S';
const OTHER = 'oc_cu_xlpe_swa_pvc_cable';

const addAccount = addStaffAccount;
const signIn = signInStaff;

const call = staffCall;

async function archiveSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  // another server process's app beside this one: it hears of each change
  const { app, db, other } = await catalogueEditorApp(t, target, { anotherProcess: true });
  await addAccount(db, 'layla@crescent.example', 'catalogue');
  await addAccount(db, 'omar@crescent.example', 'branch', 'Dubai');
  const layla = await signIn(app, 'layla@crescent.example');
  const omar = await signIn(app, 'omar@crescent.example');
  const arabicName = (
    await db.query<{ name_ar: string }>('select name_ar from catalogue_products where id = $1', [PRODUCT])
  )[0]!.name_ar;
  const archiveUrl = staffApiPath(STAFF_API.catalogueArchive, { id: PRODUCT });
  const unarchiveUrl = staffApiPath(STAFF_API.catalogueUnarchive, { id: PRODUCT });
  const editorProduct = async () =>
    (await call(app, layla, 'GET', staffApiPath(STAFF_API.catalogueProduct, { id: PRODUCT }))).json<EditorProduct>();

  /** Where the product shows on the public site, each read afresh. */
  const publicView = async () => {
    const listing = (
      await app.inject({ url: `${catalogueListingApiPath(CATEGORY)}?pageSize=100` })
    ).json<ListingResponse>();
    const search = async (q: string, lang: 'en' | 'ar') =>
      (await app.inject({ url: `${CATALOGUE_SEARCH_API_PATH}?q=${encodeURIComponent(q)}&lang=${lang}&limit=100` }))
        .json<SearchResponse>()
        .results.some((result) => result.id === PRODUCT);
    const sitemap = (await app.inject({ url: '/sitemap.xml' })).body;
    const data = async (path: string) => (await app.inject({ url: path })).body.includes(`"${PRODUCT}"`);
    const compare = (
      await app.inject({ url: `${CATALOGUE_COMPARE_API_PATH}?ids=${PRODUCT},${OTHER}` })
    ).json<CompareResponse>();
    return {
      inListing: listing.products.some((product) => product.id === PRODUCT),
      total: listing.total,
      hexCount: listing.facets.brands.find((brand) => brand.name === 'Hex')?.count ?? 0,
      searchEn: await search('cw brass gland', 'en'),
      searchAr: await search(arabicName, 'ar'),
      searchCode: await search(CODE, 'ar'),
      sitemap:
        sitemap.includes(`/our-products/${CATEGORY}/${PRODUCT}<`) &&
        sitemap.includes(`/ar/our-products/${CATEGORY}/${PRODUCT}<`),
      data:
        (await data('/data/products.json')) ||
        (await data('/data/ar/products.json')) ||
        (await data('/data/product-details.json')) ||
        (await data('/data/searchResults.json')),
      compared: compare.products.find((item) => item.id === PRODUCT)?.found,
    };
  };
  /** What the other server answers of the product: its API's status, and whether its category lists it. */
  const otherSees = async () => ({
    product: (await other.inject({ url: catalogueProductApiPath(PRODUCT) })).statusCode,
    inListing: (await other.inject({ url: `${catalogueListingApiPath(CATEGORY)}?pageSize=100` }))
      .json<ListingResponse>()
      .products.some((product) => product.id === PRODUCT),
  });
  /** The product's variant rows as stored (every column a writer sets), in its order. */
  const variantRows = () =>
    db.query<Record<string, unknown>>(
      `select position, code, mpn, label, label_ar, row::text, row_ar::text, price::text, unit, pack_quantity, published, updated_at
       from catalogue_product_variants where product_id = $1 order by position`,
      [PRODUCT],
    );
  /** The search answer's first result for a variant's code or part number: its product and the variant it names. */
  const firstFound = async (q: string) => {
    const [first] = (
      await app.inject({ url: `${CATALOGUE_SEARCH_API_PATH}?q=${encodeURIComponent(q)}` })
    ).json<SearchResponse>().results;
    return [first?.id, first?.variant];
  };
  // before anything is read: a variant withdrawn on its own and one with a maker's part number, to be kept as they are
  await db.query("update catalogue_product_variants set published = false where code = 'HEX-CW-75'");
  await db.query("update catalogue_product_variants set mpn = 'CW25-BR' where code = 'HEX-CW-25'");
  const variantsBefore = await variantRows();
  assert.equal(variantsBefore.length, 11);
  assert.deepEqual(await otherSees(), { product: 200, inListing: true });
  const shown = {
    inListing: true,
    searchEn: true,
    searchAr: true,
    searchCode: true,
    sitemap: true,
    data: true,
    compared: true,
  };
  const gone = {
    inListing: false,
    searchEn: false,
    searchAr: false,
    searchCode: false,
    sitemap: false,
    data: false,
    compared: false,
  };
  const pick = ({ total: _t, hexCount: _h, ...where }: Awaited<ReturnType<typeof publicView>>) => where;
  const before = await publicView();
  assert.deepEqual(pick(before), shown, 'shown everywhere before');

  await t.test(
    'branch staff may not archive or restore (403, before the body is read); a stale version is a 409',
    async () => {
      for (const url of [archiveUrl, unarchiveUrl]) {
        const res = await call(app, omar, 'POST', url, { baseVersion: 0 });
        assert.equal(res.statusCode, 403, res.body);
      }
      const stale = await call(app, layla, 'POST', archiveUrl, { baseVersion: 5 });
      assert.equal(stale.statusCode, 409, stale.body);
      assert.match(stale.json<{ error: string }>().error, /after you opened version 5/);
      for (const body of [{}, { baseVersion: '0' }, { baseVersion: -1 }])
        assert.equal((await call(app, layla, 'POST', archiveUrl, body)).statusCode, 400);
      assert.equal(
        (
          await call(app, layla, 'POST', staffApiPath(STAFF_API.catalogueArchive, { id: 'no_such_product' }), {
            baseVersion: 0,
          })
        ).statusCode,
        404,
      );
      assert.equal(
        (await call(app, layla, 'POST', unarchiveUrl, { baseVersion: 0 })).statusCode,
        409,
        'a published product is not archived',
      );
    },
  );

  await t.test(
    'archived: gone from the listing and its counts, search (both languages), sitemap, /data and compare',
    async () => {
      const { version } = await editorProduct();
      const res = await call(app, layla, 'POST', archiveUrl, { baseVersion: version });
      assert.equal(res.statusCode, 200, res.body);
      const archived = res.json<EditorProduct>();
      assert.equal(archived.archived?.by, 'layla@crescent.example');
      assert.equal(archived.version, version + 1);
      const elapsed = stopwatch();
      // each reader follows the catalogue's version on its own (the listing's counts, the sitemap, /data): all within 2 s
      const after = await eventually(
        publicView,
        (view) =>
          JSON.stringify(pick(view)) === JSON.stringify(gone) &&
          view.total === before.total - 1 &&
          view.hexCount === before.hexCount - 1,
      );
      assert.deepEqual(pick(after), gone);
      const elsewhere = await eventually(
        () => otherSees(),
        (seen) => seen.product === 410 && !seen.inListing,
      );
      assert.deepEqual(elsewhere, { product: 410, inListing: false }, 'the other server within 2 s');
      t.diagnostic(`archived: seen by the other server after ${elapsed()} ms`);
      // every record as the database's feed reads them (the chat's knowledge bases over records given are made of them)
      const feed = databaseCatalogueFeed(db);
      try {
        const records = await feed.records();
        for (const locale of ['en', 'ar'] as const) {
          assert.ok(
            records[locale].products.length > 0 && !records[locale].products.some((product) => product.id === PRODUCT),
            `${locale} products`,
          );
          assert.ok(!records[locale].details.some((detail) => detail.id === PRODUCT), `${locale} details`);
        }
      } finally {
        await feed.stop();
      }
      assert.equal(after.total, before.total - 1, "the listing's total");
      assert.equal(after.hexCount, before.hexCount - 1, "the brand filter's count");
      assert.equal(
        (await call(app, layla, 'POST', archiveUrl, { baseVersion: archived.version })).statusCode,
        409,
        'archived already',
      );
      const draft = await call(app, layla, 'POST', staffApiPath(STAFF_API.cataloguePublish, { id: PRODUCT }), {
        baseVersion: archived.version,
      });
      assert.equal(draft.statusCode, 409, draft.body);
      assert.match(draft.json<{ error: string }>().error, /archived/);
    },
  );

  await t.test(
    'its API answer is a 410 that names its category; its page says it is no longer available (noindex), in both editions',
    async () => {
      const api = await app.inject({ url: catalogueProductApiPath(PRODUCT) });
      assert.equal(api.statusCode, 410, api.body);
      assert.deepEqual(api.json<ProductGone>().withdrawn, {
        id: PRODUCT,
        productName: 'CW Brass Cable Gland for SWA Cable, Indoor/Outdoor (IP66)',
        categoryId: CATEGORY,
        categoryName: 'Industrial Cable Glands',
      });
      const arabic = (await app.inject({ url: `${catalogueProductApiPath(PRODUCT)}?lang=ar` })).json<ProductGone>();
      assert.equal(arabic.withdrawn.productName, arabicName);
      assert.match(arabic.withdrawn.categoryName, /[\u0600-\u06FF]/);
      for (const path of [`/our-products/${CATEGORY}/${PRODUCT}`, `/ar/our-products/${CATEGORY}/${PRODUCT}`]) {
        const page = await app.inject({ url: path });
        // not a 4xx: a browser would log the page as an error
        assert.equal(page.statusCode, 200, `${path}: ${page.statusCode}`);
        assert.match(page.body, /<meta name="robots" content="noindex">/);
        assert.match(
          page.body,
          path.startsWith('/ar/') ? /<title>المنتج لم يعد متوفراً \|/ : /<title>Product no longer available \|/,
        );
      }
      assert.equal(
        (await app.inject({ url: `/our-products/${CATEGORY}/no_such_product` })).statusCode,
        404,
        'an unknown product stays a 404',
      );
    },
  );

  await t.test(
    "the editor's list shows it under status=archived only; its history and the audit log have it",
    async () => {
      const archivedList = (
        await call(app, layla, 'GET', `${STAFF_API.catalogueProducts}?status=archived`)
      ).json<EditorProductPage>();
      assert.deepEqual(
        archivedList.products.map((product) => [product.id, product.status, product.code]),
        [[PRODUCT, 'archived', CODE]],
      );
      const filtered = (
        await call(
          app,
          layla,
          'GET',
          `${STAFF_API.catalogueProducts}?status=archived&brand=Hex&category=${CATEGORY}&q=brass`,
        )
      ).json<EditorProductPage>();
      assert.equal(filtered.products.length, 1);
      const all = (
        await call(app, layla, 'GET', `${STAFF_API.catalogueProducts}?q=brass&limit=200`)
      ).json<EditorProductPage>();
      assert.ok(!all.products.some((product) => product.id === PRODUCT), 'the catalogue list is the live products');
      const versions = (
        await call(app, layla, 'GET', staffApiPath(STAFF_API.catalogueVersions, { id: PRODUCT }))
      ).json<ProductVersionList>().versions;
      assert.deepEqual(
        versions.map((entry) => [entry.action, entry.publishedBy]),
        [['archive', 'layla@crescent.example']],
      );
      const product = await editorProduct();
      assert.match(product.published.productName, /CW Brass Cable Gland/, 'the editor still reads what it was');
      const imported = await importCatalogueRows(
        db,
        rowsOfContent(PRODUCT, product.published).map((row, index) => ({ line: index + 2, row })),
        { dryRun: false },
      );
      assert.equal(imported.written, false, 'an import may not bring an archived id back beside it');
      assert.match(imported.problems.join('\n'), /^line 2 \(id hex_cw_brass_cable_gland\): this product is archived/);
    },
  );

  await t.test('the look-up names it as withdrawn; a quote request naming it is refused with a sentence', async () => {
    const lookup = (
      await app.inject({ url: `${CATALOGUE_LOOKUP_API_PATH}?codes=hexcw20s,occuxlpeswapvccable` })
    ).json<LookupResponse>();
    assert.deepEqual(
      lookup.products.map((product) => product.id),
      [OTHER],
    );
    assert.deepEqual(lookup.withdrawn, [
      { id: PRODUCT, code: CODE, productName: 'CW Brass Cable Gland for SWA Cable, Indoor/Outdoor (IP66)' },
    ]);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/quote-requests',
      payload: quoteRequestBody([
        { productId: OTHER, quantity: 100 },
        { productId: PRODUCT, quantity: 4 },
      ]),
    });
    assert.equal(refused.statusCode, 400, refused.body);
    assert.match(
      refused.json<{ error: string }>().error,
      /lines\[1\]\.productId "hex_cw_brass_cable_gland" \(CW Brass Cable Gland.*HEX-CW-20S\) is no longer available: it was withdrawn from the catalogue/,
    );
    const accepted = await app.inject({
      method: 'POST',
      url: '/api/quote-requests',
      payload: quoteRequestBody([{ productId: OTHER, quantity: 100 }]),
    });
    assert.equal(accepted.statusCode, 200, accepted.body);
  });

  await t.test(
    "archived: its variants left with it (kept in the archive); a variant's code or part number finds nothing",
    async () => {
      assert.deepEqual(await variantRows(), []);
      const archived = await db.query<{ codes: string[] }>(
        "select array(select v ->> 'code' from json_array_elements(variants) as v) as codes from catalogue_archived_products where id = $1",
        [PRODUCT],
      );
      assert.deepEqual(
        archived[0]?.codes,
        variantsBefore.map((row) => row.code),
      );
      for (const q of ['HEX-CW-25', 'CW25-BR']) assert.notEqual((await firstFound(q))[0], PRODUCT, q);
    },
  );

  await t.test('unarchived: back everywhere, at its place, as it was', async () => {
    const { version } = await editorProduct();
    const res = await call(app, layla, 'POST', unarchiveUrl, { baseVersion: version });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json<EditorProduct>().archived, null);
    const after = await eventually(publicView, (view) => JSON.stringify(view) === JSON.stringify(before));
    assert.deepEqual(after, before);
    assert.deepEqual(
      await eventually(
        () => otherSees(),
        (seen) => seen.product === 200 && seen.inListing,
      ),
      { product: 200, inListing: true },
      'the other server within 2 s',
    );
    assert.equal((await app.inject({ url: catalogueProductApiPath(PRODUCT) })).statusCode, 200);
    assert.equal((await app.inject({ url: `/our-products/${CATEGORY}/${PRODUCT}` })).statusCode, 200);
    const versions = (
      await call(app, layla, 'GET', staffApiPath(STAFF_API.catalogueVersions, { id: PRODUCT }))
    ).json<ProductVersionList>().versions;
    assert.deepEqual(
      versions.map((entry) => entry.action),
      ['unarchive', 'archive'],
    );
    const audit = await db.query<{ actor_email: string; action: string; target: string }>(
      "select actor_email, action, target from staff_audit_log where action like 'catalogue.%' order by id",
    );
    assert.deepEqual(
      audit.map((row) => [row.actor_email, row.action, row.target]),
      [
        ['layla@crescent.example', 'catalogue.archive', `product:${PRODUCT}`],
        ['layla@crescent.example', 'catalogue.unarchive', `product:${PRODUCT}`],
      ],
    );
  });

  await t.test(
    'restored: its variants are back as they were (codes, part numbers, labels, rows, prices, packs, published), found and answered',
    async () => {
      assert.deepEqual(await variantRows(), variantsBefore);
      assert.deepEqual(await firstFound('HEX-CW-25'), [PRODUCT, 'HEX-CW-25']);
      assert.deepEqual(await firstFound('CW25-BR'), [PRODUCT, 'HEX-CW-25']);
      const answer = (await app.inject({ url: catalogueProductApiPath(PRODUCT) })).json<ProductResponse>();
      const codes = variantsBefore.filter((row) => row.published).map((row) => row.code);
      assert.deepEqual(
        answer.variants.map((variant) => variant.code),
        codes,
        'the withdrawn variant HEX-CW-75 stays withdrawn',
      );
      assert.equal(answer.variants.find((variant) => variant.code === 'HEX-CW-25')?.mpn, 'CW25-BR');
    },
  );

  await t.test('a product whose code was taken while it was archived cannot come back (409 naming it)', async () => {
    const { version } = await editorProduct();
    assert.equal((await call(app, layla, 'POST', archiveUrl, { baseVersion: version })).statusCode, 200);
    // the same letters and digits, written otherwise (its only variant follows it; a variant's code is upper case and dashes: migration 029)
    await db.query("update catalogue_products set code = 'HEX-CW20S' where id = $1", [OTHER]);
    const res = await call(app, layla, 'POST', unarchiveUrl, { baseVersion: version + 1 });
    assert.equal(res.statusCode, 409, res.body);
    assert.match(res.json<{ error: string }>().error, new RegExp(`is now product ${OTHER}'s`));
  });

  await t.test(
    "a product archived before variants whose code is now another product's variant code: a 409 naming it",
    async () => {
      const { version } = await editorProduct();
      // as migration 029 left a product archived before it: no variants kept with it
      await db.query('update catalogue_archived_products set variants = null where id = $1', [PRODUCT]);
      await db.query("update catalogue_products set code = 'OTHER-X' where id = $1", [OTHER]);
      const [first] = await db.query<{ code: string }>(
        'select code from catalogue_product_variants where product_id = $1 order by position limit 1',
        [OTHER],
      );
      await db.query(
        'insert into catalogue_product_variants (product_id, position, code, label, label_ar, unit) values ($1, 2, $2, $3, $4, $5)',
        [OTHER, 'HEX-CW-20S', 'Second', 'الثاني', 'piece'],
      );
      assert.ok(first !== undefined);
      const res = await call(app, layla, 'POST', unarchiveUrl, { baseVersion: version });
      assert.equal(res.statusCode, 409, res.body);
      assert.equal(
        res.json<{ error: string }>().error,
        `Its code HEX-CW-20S is now a variant code of product ${OTHER} (HEX-CW-20S): change that variant's code first, then restore this one.`,
      );
    },
  );
}

test('archiving a product on embedded PGlite', async (t) => {
  await archiveSuite(t, pgliteTarget);
});

test('archiving a product on PostgreSQL', async (t) => {
  await onPostgres(t, (target) => archiveSuite(t, target));
});
