// A product's gallery and its variants' own pictures and datasheets (docs/catalogue.md "Pictures and documents")
// through the whole app on both databases: uploaded, saved into the draft (alt text refused in words when missing in
// either language, a code that is no variant's refused), published, answered and drawn by the server on the product
// page in both editions (the strip, the later pictures lazy, the chosen size's own picture and datasheet), and carried
// by the catalogue file by key: an export imports back unchanged, and another product's key is refused by line and column.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { catalogueProductApiPath } from '@site/contracts/api';
import type { ProductResponse } from '@site/contracts/catalogue-api';
import type { ApiError } from '@site/contracts/forms-api';
import { CSRF_HEADER, STAFF_API, staffApiPath } from '@site/contracts/staff-api';
import type { EditorProduct, UploadedDatasheet, UploadedPicture } from '@site/contracts/staff-catalogue-api';
import PDFDocument from 'pdfkit';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../../test-support/databases.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../app/config.js';
import { seedCatalogue } from '../seed.js';
import { eventually } from '../../test-support/eventually.js';
import { addStaffAccount, onStaffOrigin, signInStaff, type StaffCaller } from '../../test-support/staffSignIn.js';
import { MULTIPART_TYPE, partHead, partTail } from '../../test-support/multipart.js';
import { exportCatalogueRow, importCatalogueRows } from '../file/catalogueImport.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');
const PRODUCT = 'hex_cw_brass_cable_gland';
const PAGE = `/our-products/industrial_cable_glands/${PRODUCT}`;
const SIZE = 'HEX-CW-25';

const upload = (app: FastifyInstance, who: StaffCaller, url: string, type: string, content: Buffer) =>
  app.inject({
    method: 'POST',
    url,
    headers: { ...onStaffOrigin(app), 'content-type': MULTIPART_TYPE, cookie: who.cookie, [CSRF_HEADER]: who.csrf },
    payload: Buffer.concat([partHead('file', type), content, partTail]),
  });

const coloured = (r: number, g: number, b: number) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();

async function pdf(): Promise<Buffer> {
  const document = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => document.on('end', () => resolve()));
  document.text('CW brass cable gland, size 25: datasheet');
  document.end();
  await done;
  return Buffer.concat(chunks);
}

async function gallerySuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  // the site's real build draws the product page's first view (npm test builds it before the server tests)
  const built = path.join(REPO_ROOT, 'mfe-catalogue', 'dist', 'server-render.json');
  if (!existsSync(built)) throw new Error(`${built} is missing: run npm run build first`);
  const database = await target.fresh();
  const { db } = database;
  await seedCatalogue(db);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'catalogue-gallery-'));
  // many calls in a row: the public rate limit is not what this tests
  const app = await buildApp(loadConfig({ REPO_ROOT, DATA_DIR: dataDir, SUBMIT_RATE_LIMIT_MAX: '0' }), db);
  t.after(async () => {
    await app.close();
    await database.cleanup();
    await rm(dataDir, { recursive: true, force: true });
  });
  await addStaffAccount(db, 'layla@crescent.example', 'catalogue');
  const layla = await signInStaff(app, 'layla@crescent.example');
  const pictures = staffApiPath(STAFF_API.cataloguePictures, { id: PRODUCT });
  const [front, side, size25] = await Promise.all(
    [
      [200, 40, 40],
      [40, 200, 40],
      [40, 40, 200],
    ].map(async ([r, g, b]) => {
      const res = await upload(app, layla, pictures, 'image/jpeg', await coloured(r!, g!, b!));
      assert.equal(res.statusCode, 200, res.body);
      return res.json<UploadedPicture>().picture;
    }),
  );
  const sheet = await upload(
    app,
    layla,
    staffApiPath(STAFF_API.catalogueDatasheets, { id: PRODUCT }),
    'application/pdf',
    await pdf(),
  );
  assert.equal(sheet.statusCode, 200, sheet.body);
  const datasheet = sheet.json<UploadedDatasheet>().datasheet;

  const editor = (
    await app.inject({
      url: staffApiPath(STAFF_API.catalogueProduct, { id: PRODUCT }),
      headers: { ...onStaffOrigin(app), cookie: layla.cookie },
    })
  ).json<EditorProduct>();
  const change = (method: 'PUT' | 'POST', url: string, body: unknown): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      headers: {
        ...onStaffOrigin(app),
        cookie: layla.cookie,
        [CSRF_HEADER]: layla.csrf,
        'content-type': 'application/json',
      },
      payload: JSON.stringify(body),
    });
  const save = (details: Record<string, unknown>, detailsAr: Record<string, unknown>) =>
    change('PUT', staffApiPath(STAFF_API.catalogueDraft, { id: PRODUCT }), {
      baseVersion: editor.version,
      content: {
        ...editor.published,
        details: { ...editor.published.details, ...details },
        details_ar: { ...editor.published.details_ar, ...detailsAr },
      },
    });
  const gallery = [
    { ...front!, alt: 'The gland, front view' },
    { ...side!, alt: 'The gland, from the side' },
  ];
  const galleryAr = [
    { ...front!, alt: 'الجلبة، منظر أمامي' },
    { ...side!, alt: 'الجلبة، منظر جانبي' },
  ];
  const variantMedia = [{ code: SIZE, picture: size25!, datasheet }];

  await t.test(
    'alt text missing in either language, or a code no variant has, is refused in words at its field',
    async () => {
      for (const [details, detailsAr, sentence, path] of [
        [
          { gallery },
          { gallery: [galleryAr[0], { ...galleryAr[1], alt: ' ' }] },
          /details_ar: gallery\.1\.alt: the alt text is missing/,
          ['content', 'details_ar', 'gallery', 1, 'alt'],
        ],
        [
          { gallery: [{ ...gallery[0], alt: '' }, gallery[1]] },
          { gallery: galleryAr },
          /details: gallery\.0\.alt: the alt text is missing/,
          ['content', 'details', 'gallery', 0, 'alt'],
        ],
        [
          { gallery },
          { gallery: [galleryAr[0], { ...galleryAr[1], alt: 'The gland, from the side' }] },
          /missing Arabic: details_ar\.gallery\.1\.alt/,
          ['content', 'details_ar', 'gallery', 1, 'alt'],
        ],
        [
          { gallery },
          { gallery: [galleryAr[1], galleryAr[0]] },
          /the Arabic gallery must hold the same pictures in the same order/,
          ['content', 'details_ar', 'gallery'],
        ],
        [
          { variantMedia: [{ code: 'HEX-CW-99', picture: size25 }] },
          { variantMedia: [{ code: 'HEX-CW-99', picture: size25 }] },
          /details\.variantMedia\.0\.code: "HEX-CW-99" is not a code of this product's variants/,
          ['content', 'details', 'variantMedia', 0, 'code'],
        ],
      ] as const) {
        const res = await save(details, detailsAr);
        assert.equal(res.statusCode, 400, res.body);
        assert.match(res.json<ApiError>().error, sentence);
        assert.deepEqual(
          res.json<ApiError>().problems?.map((problem) => problem.path),
          [path],
          res.body,
        );
      }
    },
  );

  await t.test(
    "a gallery and a size's own picture and datasheet are saved, published and drawn in both editions",
    async () => {
      const saved = await save({ gallery, variantMedia }, { gallery: galleryAr, variantMedia });
      assert.equal(saved.statusCode, 200, saved.body);
      const draft = saved.json<EditorProduct>();
      assert.deepEqual(draft.draft?.content.details.gallery, gallery);
      const published = await change('POST', staffApiPath(STAFF_API.cataloguePublish, { id: PRODUCT }), {
        baseVersion: draft.version,
      });
      assert.equal(published.statusCode, 200, published.body);
      const answer = await eventually(
        async () => (await app.inject({ url: `${catalogueProductApiPath(PRODUCT)}?lang=ar` })).json<ProductResponse>(),
        (shown) => shown.product.gallery !== undefined,
      );
      assert.deepEqual(answer.product.gallery, galleryAr);
      assert.deepEqual(answer.product.variantMedia, variantMedia);

      const page = await eventually(
        async () => (await app.inject({ url: PAGE })).body,
        (html) => html.includes(front!.src),
      );
      // the strip: the lead eager at high priority, the next lazy, a link to each, the lead preloaded and shared
      const strip = page.slice(page.indexOf(`id="picture-${PRODUCT}-1"`), page.indexOf(`href="#picture-${PRODUCT}-2"`));
      assert.match(
        strip,
        new RegExp(`src="${front!.src}-640\\.webp" alt="The gland, front view"[^>]*fetchpriority="high"`, 'i'),
      );
      assert.match(strip, new RegExp(`id="picture-${PRODUCT}-2"`));
      assert.match(
        strip,
        new RegExp(`src="${side!.src}-640\\.webp" alt="The gland, from the side"[^>]*loading="lazy"`),
      );
      assert.match(page, /aria-label="Show picture 2 of 2"/);
      assert.match(page, new RegExp(`<meta property="og:image" content="[^"]*${front!.src}-640\\.webp"`));
      assert.ok(!page.includes(`src="${size25!.src}`), "no size chosen: the size's own picture is not shown");

      // the size chosen: its own picture first, then the gallery; its own datasheet
      const chosen = (await app.inject({ url: `${PAGE}?variant=${SIZE}` })).body;
      const lead = chosen.indexOf(
        `src="${size25!.src}-640.webp" alt="CW Brass Cable Gland for SWA Cable, Indoor/Outdoor (IP66), Size 25 (M25)"`,
      );
      assert.ok(lead > 0 && lead < chosen.indexOf(`src="${front!.src}-640.webp"`), "the size's picture leads");
      assert.match(chosen, /aria-label="Show picture 3 of 3"/);
      assert.match(
        chosen,
        new RegExp(`href="${datasheet}"[^>]*>.*Download the datasheet of Size 25 \\(M25\\) \\(PDF\\)`),
      );

      const arabic = (await app.inject({ url: `/ar${PAGE}?variant=${SIZE}` })).body;
      assert.ok(arabic.includes('alt="الجلبة، منظر أمامي"'), arabic.slice(0, 200));
      assert.ok(arabic.includes('aria-label="عرض الصورة 2 من 3"'));
      assert.ok(arabic.includes('تنزيل النشرة الفنية للصنف المقاس 25 (M25) (PDF)'));
    },
  );

  await t.test(
    "the file carries the media by key: an export imports back unchanged; another product's key is refused",
    async () => {
      const rows = await exportCatalogueRow(db.kysely, PRODUCT);
      assert.ok(rows !== undefined);
      assert.ok(rows[0]!.details.includes(front!.src) && rows[0]!.details_ar.includes('الجلبة، منظر جانبي'));
      const numbered = rows.map((row, index) => ({ line: index + 2, row }));
      const again = await importCatalogueRows(db, numbered, { dryRun: true, countUnchanged: true });
      assert.deepEqual([again.problems, again.unchanged], [[], 1]);

      const foreign = front!.src.replace(PRODUCT, 'hex_other_gland');
      const moved = numbered.map(({ line, row }) => ({
        line,
        row: {
          ...row,
          details: row.details.replaceAll(front!.src, foreign),
          details_ar: row.details_ar.replaceAll(front!.src, foreign),
        },
      }));
      const refused = await importCatalogueRows(db, moved, { dryRun: true });
      assert.equal(refused.written, false);
      assert.match(
        refused.problems.join('\n'),
        new RegExp(
          `^line 2 \\(id ${PRODUCT}\\): details\\.gallery\\.0\\.src: ${foreign} is not an upload of this product`,
          'm',
        ),
      );
      assert.deepEqual(refused.problemsByLine.get(2)?.[0]?.path, ['details', 'gallery', 0, 'src']);
    },
  );
}

test('the gallery and variant media on embedded PGlite', async (t) => {
  await gallerySuite(t, pgliteTarget);
});

test('the gallery and variant media on PostgreSQL', async (t) => {
  await onPostgres(t, (target) => gallerySuite(t, target));
});
