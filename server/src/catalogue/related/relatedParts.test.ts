// A product's related parts (docs/decisions/040-related-parts.md) through the editor, the catalogue file, the public
// answer and the page's JSON-LD, on both databases: a link to an unknown, archived, withdrawn or own code is refused in
// words at its place; a published link is answered in each language with its part's code, name and price; the file
// round-trips it in its fitsWith and alternatives columns and a dry run says its change by code; a part withdrawn later
// is left out.
import assert from 'node:assert/strict';
import { test, type TestContext } from 'node:test';
import { CATALOGUE_LOOKUP_API_PATH, catalogueProductApiPath } from '@site/contracts/api';
import type { LookupResponse, ProductResponse } from '@site/contracts/catalogue-api';
import type { ApiError } from '@site/contracts/forms-api';
import { STAFF_API, staffApiPath } from '@site/contracts/staff-api';
import type { EditableProduct, EditorProduct } from '@site/contracts/staff-catalogue-api';
import { exportCatalogueRows, importCatalogueRows } from '../file/catalogueImport.js';
import { CATALOGUE_COLUMNS, rowsFromRecords } from '../file/columns.js';
import { catalogueEditorApp } from '../../test-support/catalogueEditorApp.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../../test-support/databases.js';
import { eventually } from '../../test-support/eventually.js';
import { addStaffAccount, signInStaff, staffCall } from '../../test-support/staffSignIn.js';

const GLAND = 'hex_cw_brass_cable_gland';
const SHROUD = { id: 'hex_pvc_cable_gland_shroud', code: 'HEX-SHR-20-PVC', name: 'PVC / LSF Cable Gland Shroud' };
const EARTH_TAG = { id: 'hex_brass_earth_tag', code: 'HEX-ET-M20' };
const ALTERNATIVE = { id: 'hex_e1w_brass_cable_gland', code: 'HEX-E1W-20S' };
const PAGE = `/our-products/industrial_cable_glands/${GLAND}`;

type Links = { kind: 'accessory' | 'alternative'; code: string }[];

async function relatedSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  const { app, db } = await catalogueEditorApp(t, target);
  await addStaffAccount(db, 'layla@crescent.example', 'catalogue');
  const layla = await signInStaff(app, 'layla@crescent.example');
  const url = (pattern: string, id = GLAND) => staffApiPath(pattern, { id });
  const read = async (id = GLAND) =>
    (await staffCall(app, layla, 'GET', url(STAFF_API.catalogueProduct, id))).json<EditorProduct>();
  const withLinks = (content: EditableProduct, related: Links, ar?: Links): EditableProduct => ({
    ...content,
    details: { ...content.details, related },
    ...(ar === undefined ? {} : { details_ar: { ...content.details_ar, related: ar } }),
  });
  const save = async (content: EditableProduct) => {
    const { version } = await read();
    return staffCall(app, layla, 'PUT', url(STAFF_API.catalogueDraft), { baseVersion: version, content });
  };
  const answer = async (lang: 'en' | 'ar') =>
    (await app.inject({ url: `${catalogueProductApiPath(GLAND)}?lang=${lang}` })).json<ProductResponse>();
  const ldOf = async (path: string) => {
    const html = (await app.inject({ url: path })).body;
    const script = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '{}';
    return JSON.parse(script) as { '@graph': Record<string, unknown>[] };
  };

  await t.test(
    'a draft linking an unknown, archived, own or withdrawn code, or links in the Arabic document: 400 in words at the link; nothing saved',
    async () => {
      const { published } = await read();
      // the earth tag archived: its code names nothing in the catalogue any more
      const tag = await read(EARTH_TAG.id);
      assert.equal(
        (
          await staffCall(app, layla, 'POST', url(STAFF_API.catalogueArchive, EARTH_TAG.id), {
            baseVersion: tag.version,
          })
        ).statusCode,
        200,
      );
      const cases: { content: EditableProduct; path: (string | number)[]; message: RegExp }[] = [
        {
          content: withLinks(published, [{ kind: 'accessory', code: 'NO-SUCH-PART' }]),
          path: ['content', 'details', 'related', 0, 'code'],
          message: /related part "NO-SUCH-PART" is not in the catalogue/,
        },
        {
          content: withLinks(published, [
            { kind: 'accessory', code: SHROUD.code },
            { kind: 'accessory', code: EARTH_TAG.code },
          ]),
          path: ['content', 'details', 'related', 1, 'code'],
          message: /related part "HEX-ET-M20" is not in the catalogue/,
        },
        {
          content: withLinks(published, [{ kind: 'alternative', code: 'HEX-CW-25' }]),
          path: ['content', 'details', 'related', 0, 'code'],
          message: /related part "HEX-CW-25" is this product's own code/,
        },
        {
          content: withLinks(
            published,
            [{ kind: 'accessory', code: SHROUD.code }],
            [{ kind: 'accessory', code: SHROUD.code }],
          ),
          path: ['content', 'details_ar', 'related'],
          message: /related parts are kept in details only/,
        },
      ];
      for (const { content, path, message } of cases) {
        const res = await save(content);
        assert.equal(res.statusCode, 400, res.body);
        const problems = res.json<ApiError>().problems ?? [];
        const problem = problems.find((candidate) => JSON.stringify(candidate.path) === JSON.stringify(path));
        assert.ok(problem !== undefined, `a problem at ${path.join('.')}: ${res.body}`);
        assert.match(problem.message, message);
      }
      assert.equal((await read()).draft, null, 'nothing saved');
    },
  );

  await t.test(
    'published links: "Fits with" and "Alternatives" parts answered in each language with code, name and price, in order; JSON-LD names them',
    async () => {
      const { published } = await read();
      const links: Links = [
        { kind: 'accessory', code: SHROUD.code },
        { kind: 'alternative', code: ALTERNATIVE.code },
      ];
      const saved = await save(withLinks(published, links));
      assert.equal(saved.statusCode, 200, saved.body);
      const draft = saved.json<EditorProduct>();
      assert.deepEqual(draft.draft?.content.details.related, links, 'the draft keeps them');
      const res = await staffCall(app, layla, 'POST', url(STAFF_API.cataloguePublish), { baseVersion: draft.version });
      assert.equal(res.statusCode, 200, res.body);
      const english = await eventually(
        () => answer('en'),
        (body) => body.related !== undefined,
      );
      assert.deepEqual(
        english.related?.map((part) => [part.kind, part.variant.code, part.productId, part.name, part.variant.price]),
        [
          ['accessory', SHROUD.code, SHROUD.id, SHROUD.name, 2],
          [
            'alternative',
            ALTERNATIVE.code,
            ALTERNATIVE.id,
            'E1W Weatherproof Brass Cable Gland with Inner Seal (IP66/IP68)',
            18,
          ],
        ],
      );
      assert.equal(english.product.related, undefined, 'the codes are answered as their parts, not as stored');
      const arabic = await answer('ar');
      assert.deepEqual(
        arabic.related?.map((part) => part.variant.code),
        [SHROUD.code, ALTERNATIVE.code],
      );
      assert.match(arabic.related?.[0]?.name ?? '', /[\u0600-\u06FF]/, "the part's name in Arabic");

      const graph = (await ldOf(PAGE))['@graph'];
      const main = graph.find((node) => String(node['@id']).endsWith('#product'))!;
      assert.deepEqual(
        (main.isSimilarTo as { sku: string; url: string }[]).map((part) => [part.sku, part.url]),
        [
          [
            ALTERNATIVE.code,
            `http://localhost:8080/our-products/industrial_cable_glands/${ALTERNATIVE.id}?variant=${ALTERNATIVE.code}`,
          ],
        ],
      );
      const accessory = graph.find((node) => node.sku === SHROUD.code)!;
      assert.deepEqual(accessory.isAccessoryOrSparePartFor, { '@id': main['@id'] });
      const arabicGraph = (await ldOf(`/ar${PAGE}`))['@graph'];
      assert.ok(arabicGraph.some((node) => node.sku === SHROUD.code && node.isAccessoryOrSparePartFor !== undefined));
    },
  );

  await t.test(
    'the file: its fitsWith and alternatives columns round-trip; a dry run says a change by code; a bad code refused; a header without them is read',
    async () => {
      const rows = (await exportCatalogueRows(db.kysely)).filter((row) => row.id === GLAND);
      assert.ok(rows.length > 1);
      for (const row of rows) {
        assert.equal(row.fitsWith, SHROUD.code);
        assert.equal(row.alternatives, ALTERNATIVE.code);
        assert.ok(!('related' in JSON.parse(row.details)), 'the links are in their columns, not in details');
      }
      const again = await importCatalogueRows(
        db,
        rows.map((row, index) => ({ line: index + 2, row })),
        {
          dryRun: true,
          countUnchanged: true,
        },
      );
      assert.deepEqual([again.problems, again.unchanged], [[], 1], 'exported and imported: unchanged');

      const added = rows.map((row) => ({ ...row, fitsWith: `${SHROUD.code}, HEX-CW-25` }));
      const refused = await importCatalogueRows(
        db,
        added.map((row, index) => ({ line: index + 2, row })),
        {
          dryRun: true,
        },
      );
      assert.match(
        refused.problems.join('\n'),
        /^line 2 \(id hex_cw_brass_cable_gland\): details: related part "HEX-CW-25" is this product's own code/m,
      );

      const changed = rows.map((row) => ({ ...row, fitsWith: `${SHROUD.code} HEX-BW-20S`, alternatives: '' }));
      const dry = await importCatalogueRows(
        db,
        changed.map((row, index) => ({ line: index + 2, row })),
        {
          dryRun: true,
          countUnchanged: true,
        },
      );
      assert.deepEqual(dry.problems, []);
      assert.deepEqual(
        dry.changes.map((change) => change.change),
        [
          `product ${GLAND}: fitsWith "${SHROUD.code}" → "${SHROUD.code} HEX-BW-20S"`,
          `product ${GLAND}: alternatives "${ALTERNATIVE.code}" → none`,
        ],
      );
      const written = await importCatalogueRows(
        db,
        changed.map((row, index) => ({ line: index + 2, row })),
        {
          dryRun: false,
        },
      );
      assert.deepEqual(written.problems, []);
      const live = await eventually(
        () => answer('en'),
        (body) => body.related?.length === 2 && body.related.every((part) => part.kind === 'accessory'),
      );
      assert.deepEqual(
        live.related?.map((part) => part.variant.code),
        [SHROUD.code, 'HEX-BW-20S'],
      );
      // a file written before the columns: its header without them is read, their cells empty
      const header = CATALOGUE_COLUMNS.filter((column) => column !== 'fitsWith' && column !== 'alternatives');
      const read = rowsFromRecords([
        { line: 1, cells: header },
        { line: 2, cells: header.map((column) => rows[0]![column]) },
      ]);
      assert.ok('rows' in read, JSON.stringify(read));
      assert.deepEqual([read.rows[0]!.row.fitsWith, read.rows[0]!.row.alternatives], ['', '']);
    },
  );

  await t.test('a part withdrawn after it was linked is left out of the answer; the others stay', async () => {
    const rows = (await exportCatalogueRows(db.kysely)).filter((row) => row.id === 'hex_bw_brass_cable_gland');
    const withdrawn = rows.map((row) => (row.code === 'HEX-BW-20S' ? { ...row, published: 'no' } : row));
    const outcome = await importCatalogueRows(
      db,
      withdrawn.map((row, index) => ({ line: index + 2, row })),
      {
        dryRun: false,
      },
    );
    assert.deepEqual(outcome.problems, []);
    const live = await eventually(
      () => answer('en'),
      (body) => body.related?.length === 1,
    );
    assert.deepEqual(
      live.related?.map((part) => part.variant.code),
      [SHROUD.code],
    );
  });

  await t.test(
    "a withdrawn product's look-up offers its alternatives still in the catalogue as successors, in each language; its accessories are not",
    async () => {
      const { published } = await read();
      const saved = await save(
        withLinks(published, [
          { kind: 'accessory', code: SHROUD.code },
          { kind: 'alternative', code: ALTERNATIVE.code },
        ]),
      );
      assert.equal(saved.statusCode, 200, saved.body);
      const version = saved.json<EditorProduct>().version;
      assert.equal(
        (await staffCall(app, layla, 'POST', url(STAFF_API.cataloguePublish), { baseVersion: version })).statusCode,
        200,
      );
      const archived = await staffCall(app, layla, 'POST', url(STAFF_API.catalogueArchive), {
        baseVersion: (await read()).version,
      });
      assert.equal(archived.statusCode, 200, archived.body);
      const lookup = async (lang: 'en' | 'ar') =>
        (
          await app.inject({ url: `${CATALOGUE_LOOKUP_API_PATH}?lang=${lang}&codes=hexcwbrasscablegland` })
        ).json<LookupResponse>();
      const english = await eventually(
        () => lookup('en'),
        (body) => (body.withdrawn ?? []).length === 1,
      );
      assert.deepEqual(english.products, [], 'the gland is no longer a product');
      assert.deepEqual(english.withdrawn?.[0]?.successors, [
        { code: ALTERNATIVE.code, productName: 'E1W Weatherproof Brass Cable Gland with Inner Seal (IP66/IP68)' },
      ]);
      const arabic = await lookup('ar');
      assert.equal(arabic.withdrawn?.[0]?.successors?.[0]?.code, ALTERNATIVE.code);
      assert.match(arabic.withdrawn?.[0]?.successors?.[0]?.productName ?? '', /[\u0600-\u06FF]/);
      // the earth tag, archived without alternatives: named withdrawn, nothing offered
      const tag = (
        await app.inject({ url: `${CATALOGUE_LOOKUP_API_PATH}?lang=en&codes=hexetm20` })
      ).json<LookupResponse>();
      assert.deepEqual(
        tag.withdrawn?.map((entry) => [entry.code, entry.successors]),
        [[EARTH_TAG.code, undefined]],
      );
    },
  );
}

test('related parts in the editor, the file, the answer and JSON-LD on embedded PGlite', async (t) => {
  await relatedSuite(t, pgliteTarget);
});

test('related parts in the editor, the file, the answer and JSON-LD on PostgreSQL', async (t) => {
  await onPostgres(t, (target) => relatedSuite(t, target));
});
