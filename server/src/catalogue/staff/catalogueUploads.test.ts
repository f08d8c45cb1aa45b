// The catalogue editor's uploads through the whole app (buildApp, real sessions and CSRF tokens), on both databases,
// each attack as an attacker would send it: an SVG with a script named .png, HTML named .jpg, a PDF that is not one, a
// body far over the limit, a file name climbing out of the folder or carrying NUL, an image bomb; then what a good
// picture and datasheet become, how they are served, and how the draft takes them.
import assert from 'node:assert/strict';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { catalogueProductApiPath } from '@site/contracts/api';
import type { ProductResponse } from '@site/contracts/catalogue-api';
import type { ApiError } from '@site/contracts/forms-api';
import { CSRF_HEADER, STAFF_API, staffApiPath } from '@site/contracts/staff-api';
import {
  PICTURE_MAX_BYTES,
  type EditorProduct,
  type UploadedDatasheet,
  type UploadedPicture,
} from '@site/contracts/staff-catalogue-api';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../../test-support/databases.js';
import { catalogueEditorApp } from '../../test-support/catalogueEditorApp.js';
import { eventually } from '../../test-support/eventually.js';
import { addStaffAccount, onStaffOrigin, signInStaff, type StaffCaller } from '../../test-support/staffSignIn.js';
import {
  lazyMultipartBody,
  MULTIPART_BOUNDARY,
  MULTIPART_TYPE,
  partHead,
  partTail,
} from '../../test-support/multipart.js';

const PRODUCT = 'hex_cw_brass_cable_gland';
const BOUNDARY = MULTIPART_BOUNDARY;
const STORED_NAME = /^[a-f0-9]{64}(?:-\d{1,4}\.(?:avif|webp)|\.pdf)$/;

type Who = StaffCaller;

const addAccount = addStaffAccount;
const signIn = signInStaff;

function upload(
  app: FastifyInstance,
  who: Who | undefined,
  url: string,
  filename: string,
  type: string,
  content: Buffer,
  options: { csrf?: boolean } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    headers: {
      ...onStaffOrigin(app),
      'content-type': MULTIPART_TYPE,
      ...(who === undefined ? {} : { cookie: who.cookie }),
      ...(who === undefined || options.csrf === false ? {} : { [CSRF_HEADER]: who.csrf }),
    },
    payload: Buffer.concat([partHead(filename, type), content, partTail]),
  });
}

/** A PNG's header declaring `width` × `height` over a few bytes of data: what an image bomb looks like. */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(4096))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A well-formed one-page PDF that runs `script` when opened (an OpenAction of JavaScript), as an attacker would upload. */
function scriptedPdf(script: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
    `<< /Type /Action /S /JavaScript /JS (${script}) >>`,
  ];
  let text = '%PDF-1.7\n';
  const offsets = objects.map((object, index) => {
    const offset = text.length;
    text += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = text.length;
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

async function pdf(): Promise<Buffer> {
  const document = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve) => document.on('end', () => resolve()));
  document.text('CW brass cable gland: datasheet');
  document.end();
  await done;
  return Buffer.concat(chunks);
}

/** Every file under `root`, relative to it. */
async function filesUnder(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (folder: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(full);
      else found.push(path.relative(root, full));
    }
  };
  await walk(root);
  return found.sort();
}

async function uploadSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  const { app, db, fixture } = await catalogueEditorApp(t, target);
  const mediaRoot = path.join(fixture.config.dataDir, 'catalogue-media');
  await addAccount(db, 'layla@crescent.example', 'catalogue');
  await addAccount(db, 'omar@crescent.example', 'branch', 'Dubai');
  const layla = await signIn(app, 'layla@crescent.example');
  const omar = await signIn(app, 'omar@crescent.example');
  const pictures = staffApiPath(STAFF_API.cataloguePictures, { id: PRODUCT });
  const datasheets = staffApiPath(STAFF_API.catalogueDatasheets, { id: PRODUCT });
  const jpeg = await sharp({
    create: { width: 1600, height: 1000, channels: 3, background: { r: 180, g: 120, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  const smallPng = await sharp({
    create: { width: 200, height: 120, channels: 4, background: { r: 10, g: 90, b: 200, alpha: 1 } },
  })
    .png()
    .toBuffer();
  const stored = () => filesUnder(mediaRoot);
  const uploadsAudited = async () =>
    Number(
      (
        await db.query<{ n: number }>(
          "select count(*)::int as n from staff_audit_log where action = 'catalogue.upload'",
        )
      )[0]!.n,
    );

  /** A refused upload: its status, a sentence, and nothing kept (no stored file, no temp file, no audit line). */
  async function refused(res: LightMyRequestResponse, status: number, sentence: RegExp): Promise<void> {
    assert.equal(res.statusCode, status, res.body);
    assert.match(res.json<{ error: string }>().error, sentence);
    assert.deepEqual(await stored(), [], 'nothing kept');
    assert.equal(await uploadsAudited(), 0);
  }

  await t.test('a .png that is an SVG with a script is refused by its content', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(document.cookie)</script></svg>',
    );
    await refused(
      await upload(app, layla, pictures, 'photo.png', 'image/png', svg),
      415,
      /not a picture this site takes.*This one is SVG.*Nothing was kept/,
    );
  });

  await t.test('HTML named .jpg, a GIF, and a JPEG cut short are refused', async () => {
    await refused(
      await upload(
        app,
        layla,
        pictures,
        'photo.jpg',
        'image/jpeg',
        Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
      ),
      415,
      /not a picture this site takes/,
    );
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
      .gif()
      .toBuffer();
    await refused(await upload(app, layla, pictures, 'photo.png', 'image/png', gif), 415, /This one is GIF/);
    // a real JPEG's header over data cut short: the header reads, the pixels do not decode
    await refused(
      await upload(app, layla, pictures, 'photo.jpg', 'image/jpeg', jpeg.subarray(0, Math.floor(jpeg.length / 2))),
      400,
      /The picture “photo\.jpg” could not be decoded/,
    );
  });

  await t.test(
    'a PNG whose header reads but whose data is bad (CRC, cut short, zlib) is a 400 naming the file, not a 503',
    async () => {
      const idat = smallPng.indexOf('IDAT', 0, 'latin1');
      const dataLength = smallPng.readUInt32BE(idat - 4);
      const badCrc = Buffer.from(smallPng);
      badCrc.writeUInt8(badCrc.readUInt8(idat + 4 + dataLength) ^ 0xff, idat + 4 + dataLength);
      const badZlib = Buffer.from(smallPng);
      badZlib.fill(0x55, idat + 6, idat + 4 + dataLength - 4);
      const cutShort = smallPng.subarray(0, idat + 4 + Math.floor(dataLength / 2));
      for (const [name, content] of [
        ['bad crc.png', badCrc],
        ['bad-zlib.png', badZlib],
        ['cut-short.png', cutShort],
      ] as const) {
        await refused(
          await upload(app, layla, pictures, name, 'image/png', content),
          400,
          new RegExp(
            `^The picture “${name}” could not be decoded: its data is damaged or cut short\\..*Nothing was kept\\.$`,
          ),
        );
      }
    },
  );

  await t.test(
    'a PDF that is not one is refused: HTML named .pdf, a header alone, a picture, a cut-short PDF',
    async () => {
      const good = await pdf();
      for (const [name, content] of [
        ['datasheet.pdf', Buffer.from('<html><body>Datasheet</body></html>')],
        ['datasheet.pdf', Buffer.from('%PDF-1.7\n<script>alert(1)</script>\n')],
        ['datasheet.pdf', jpeg],
        ['datasheet.pdf', good.subarray(0, good.length - 200)],
        [
          'datasheet.pdf',
          Buffer.concat([good.subarray(0, good.length - 40), Buffer.from('startxref\n999999999\n%%EOF\n')]),
        ],
      ] as const) {
        await refused(
          await upload(app, layla, datasheets, name, 'application/pdf', content),
          415,
          /not a PDF.*Nothing was kept/,
        );
      }
    },
  );

  await t.test(
    'an image bomb (a tiny PNG declaring 64 and 10,000 megapixels) is refused before it is decoded',
    async () => {
      const bomb = pngDeclaring(8000, 8000);
      assert.ok(bomb.length < 200, 'a few bytes on the wire');
      await refused(
        await upload(app, layla, pictures, 'bomb.png', 'image/png', bomb),
        413,
        /too many pixels \(this one declares 8000 × 8000\): at most 40 megapixels/,
      );
      await refused(
        await upload(app, layla, pictures, 'bomb.png', 'image/png', pngDeclaring(100_000, 100_000)),
        413,
        /too many pixels \(this one declares 100000 × 100000\)/,
      );
    },
  );

  await t.test('a too-large upload is refused with 413 as it streams, and nothing is kept', async () => {
    // announced at 200 MB: refused before its body is read
    const announced = lazyMultipartBody(200 * 1024 * 1024, 'big.jpg', 'image/jpeg');
    const early = await app.inject({
      method: 'POST',
      url: pictures,
      headers: {
        ...onStaffOrigin(app),
        'content-type': MULTIPART_TYPE,
        'content-length': String(200 * 1024 * 1024 + 400),
        cookie: layla.cookie,
        [CSRF_HEADER]: layla.csrf,
      },
      payload: announced.stream,
    });
    await refused(early, 413, /The picture is too large: at most 10 MB is taken\. Nothing was kept\./);
    assert.ok(announced.read() < 8 * 1024 * 1024, `read ${announced.read()} bytes of it`);
    // no length announced (chunked): streamed up to the limit, then refused
    const chunked = lazyMultipartBody(PICTURE_MAX_BYTES + 1024 * 1024, 'big.jpg', 'image/jpeg');
    const late = await app.inject({
      method: 'POST',
      url: pictures,
      headers: {
        ...onStaffOrigin(app),
        'content-type': MULTIPART_TYPE,
        'transfer-encoding': 'chunked',
        cookie: layla.cookie,
        [CSRF_HEADER]: layla.csrf,
      },
      payload: chunked.stream,
    });
    await refused(late, 413, /The picture is too large: at most 10 MB is taken/);
  });

  await t.test('without the CSRF token, signed out, or as branch staff: refused before the body is read', async () => {
    await refused(await upload(app, layla, pictures, 'photo.jpg', 'image/jpeg', jpeg, { csrf: false }), 403, /stale/);
    await refused(await upload(app, undefined, pictures, 'photo.jpg', 'image/jpeg', jpeg), 401, /sign in/i);
    await refused(
      await upload(app, omar, pictures, 'photo.jpg', 'image/jpeg', jpeg),
      403,
      /Only the catalogue role and administrators/,
    );
    await refused(
      await upload(app, omar, datasheets, 'sheet.pdf', 'application/pdf', await pdf()),
      403,
      /Only the catalogue role and administrators/,
    );
  });

  await t.test('bad requests: not multipart, no file, an unknown product', async () => {
    const json = await app.inject({
      method: 'POST',
      url: pictures,
      headers: {
        ...onStaffOrigin(app),
        cookie: layla.cookie,
        [CSRF_HEADER]: layla.csrf,
        'content-type': 'application/json',
      },
      payload: '{}',
    });
    await refused(json, 415, /multipart\/form-data/);
    const empty = await app.inject({
      method: 'POST',
      url: pictures,
      headers: {
        ...onStaffOrigin(app),
        cookie: layla.cookie,
        [CSRF_HEADER]: layla.csrf,
        'content-type': MULTIPART_TYPE,
      },
      payload: `--${BOUNDARY}--\r\n`,
    });
    await refused(empty, 400, /had no file/);
    // two files in one request: the second is not taken (nor is the first kept)
    const two = Buffer.concat([
      partHead('a.jpg', 'image/jpeg'),
      jpeg,
      Buffer.from('\r\n', 'latin1'),
      partHead('b.jpg', 'image/jpeg'),
      jpeg,
      partTail,
    ]);
    const twice = await app.inject({
      method: 'POST',
      url: pictures,
      headers: {
        ...onStaffOrigin(app),
        cookie: layla.cookie,
        [CSRF_HEADER]: layla.csrf,
        'content-type': MULTIPART_TYPE,
      },
      payload: two,
    });
    await refused(twice, 400, /one file part\. Other parts or fields are not taken/);
    const field = Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n`, 'latin1'),
      partHead('a.jpg', 'image/jpeg'),
      jpeg,
      partTail,
    ]);
    const withField = await app.inject({
      method: 'POST',
      url: pictures,
      headers: {
        ...onStaffOrigin(app),
        cookie: layla.cookie,
        [CSRF_HEADER]: layla.csrf,
        'content-type': MULTIPART_TYPE,
      },
      payload: field,
    });
    await refused(withField, 400, /Other parts or fields are not taken/);
    await refused(
      await upload(
        app,
        layla,
        staffApiPath(STAFF_API.cataloguePictures, { id: 'no_such_product' }),
        'p.jpg',
        'image/jpeg',
        jpeg,
      ),
      404,
      /no such product/,
    );
  });

  let picture: UploadedPicture | undefined;
  await t.test(
    'a good JPEG becomes AVIF and WebP at 320, 640 and 1280 px, served with their types, for a year',
    async () => {
      const res = await upload(app, layla, pictures, 'gland photo.jpg', 'image/jpeg', jpeg);
      assert.equal(res.statusCode, 200, res.body);
      picture = res.json<UploadedPicture>();
      assert.deepEqual(
        [picture.format, picture.width, picture.height, picture.picture.widths],
        ['jpeg', 1600, 1000, [320, 640, 1280]],
      );
      assert.match(picture.picture.src, new RegExp(`^/media/catalogue/${PRODUCT}/[a-f0-9]{64}$`));
      const files = await stored();
      assert.equal(files.length, 6);
      for (const file of files) assert.match(path.basename(file), STORED_NAME);
      for (const width of picture.picture.widths) {
        for (const [format, type] of [
          ['avif', 'image/avif'],
          ['webp', 'image/webp'],
        ] as const) {
          const served: LightMyRequestResponse = await app.inject({ url: `${picture.picture.src}-${width}.${format}` });
          assert.equal(served.statusCode, 200, served.body);
          assert.equal(served.headers['content-type'], type);
          assert.equal(served.headers['x-content-type-options'], 'nosniff');
          assert.match(String(served.headers['cache-control']), /public, max-age=31536000, immutable/);
          const decoded = await sharp(served.rawPayload).metadata();
          assert.equal(format === 'avif' ? decoded.compression : decoded.format, format === 'avif' ? 'av1' : 'webp');
          assert.equal(decoded.width, width);
        }
      }
      const audit = await db.query<{ actor_email: string; target: string; detail: string }>(
        "select actor_email, target, detail from staff_audit_log where action = 'catalogue.upload'",
      );
      assert.equal(audit.length, 1);
      assert.deepEqual([audit[0]!.actor_email, audit[0]!.target], ['layla@crescent.example', `product:${PRODUCT}`]);
      assert.match(audit[0]!.detail, /picture [a-f0-9]{64} \(jpeg, 1600 × 1000/);
    },
  );

  await t.test('a PNG narrower than 320 px gets one variant of its own width (never enlarged)', async () => {
    const res = await upload(app, layla, pictures, 'small.png', 'image/png', smallPng);
    assert.equal(res.statusCode, 200, res.body);
    const small = res.json<UploadedPicture>();
    assert.deepEqual([small.format, small.picture.widths], ['png', [200]]);
    const served = await app.inject({ url: `${small.picture.src}-200.webp` });
    assert.equal(served.statusCode, 200);
    assert.equal((await sharp(served.rawPayload).metadata()).width, 200);
    // WebP and AVIF are taken too (sharp names AVIF 'heif' with AV1 inside)
    for (const format of ['webp', 'avif'] as const) {
      const content = await sharp({
        create: {
          width: 700,
          height: 400,
          channels: 3,
          background: { r: 20, g: format === 'webp' ? 200 : 100, b: 60 },
        },
      })
        .toFormat(format)
        .toBuffer();
      const res = await upload(app, layla, pictures, `photo.${format}`, 'application/octet-stream', content);
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(
        [res.json<UploadedPicture>().format, res.json<UploadedPicture>().picture.widths],
        [format, [320, 640]],
      );
    }
  });

  await t.test(
    'a file name of ../../etc/passwd or with NUL does not matter: the server names what it stores',
    async () => {
      const before = await stored();
      const dataBefore = new Set(await filesUnder(fixture.config.dataDir));
      const other = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 1, g: 2, b: 3 } } })
        .jpeg()
        .toBuffer();
      for (const name of [
        '../../etc/passwd',
        '..\\..\\..\\windows\\win.ini',
        'photo\u0000.png',
        '/etc/passwd\u0000.jpg',
      ]) {
        const res = await upload(app, layla, pictures, name, 'image/jpeg', other);
        assert.equal(res.statusCode, 200, `${JSON.stringify(name)}: ${res.body}`);
      }
      const after = await stored();
      assert.equal(after.length, before.length + 2, 'the same content, stored once under its hash');
      for (const file of after) {
        assert.equal(path.dirname(file), PRODUCT, `${file} is in the product's folder`);
        assert.match(path.basename(file), STORED_NAME);
      }
      assert.deepEqual(await filesUnder(path.join(fixture.config.dataDir, '..', 'etc')), []);
      // every file the uploads added to DATA_DIR (the database's own aside) is in the product's folder
      const added = (await filesUnder(fixture.config.dataDir)).filter(
        (file) => !dataBefore.has(file) && !file.startsWith('pglite'),
      );
      assert.ok(
        added.every((file) => file.startsWith(`catalogue-media${path.sep}${PRODUCT}${path.sep}`)),
        added.join(', '),
      );
    },
  );

  let datasheet: UploadedDatasheet | undefined;
  await t.test('a PDF holding JavaScript is served as a sandboxed download, never a page of the site', async () => {
    const scripted = scriptedPdf('app.alert(document.cookie)');
    const res = await upload(app, layla, datasheets, 'evil "name".pdf', 'application/pdf', scripted);
    assert.equal(res.statusCode, 200, res.body);
    const served = await app.inject({ url: res.json<UploadedDatasheet>().datasheet });
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'application/pdf');
    assert.equal(served.headers['content-disposition'], `attachment; filename="${PRODUCT}-datasheet.pdf"`);
    assert.equal(served.headers['content-security-policy'], 'sandbox');
    assert.ok(served.rawPayload.equals(scripted));
  });

  await t.test('a good PDF is stored as <hash>.pdf and served as a PDF', async () => {
    const content = await pdf();
    const res = await upload(app, layla, datasheets, '../datasheet.html', 'text/html', content);
    assert.equal(res.statusCode, 200, res.body);
    datasheet = res.json<UploadedDatasheet>();
    assert.match(datasheet.datasheet, new RegExp(`^/media/catalogue/${PRODUCT}/[a-f0-9]{64}\\.pdf$`));
    assert.equal(datasheet.bytes, content.length);
    const served = await app.inject({ url: datasheet.datasheet });
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'application/pdf');
    assert.equal(served.headers['x-content-type-options'], 'nosniff');
    assert.ok(served.rawPayload.equals(content));
    assert.ok((await readFile(path.join(mediaRoot, PRODUCT, path.basename(datasheet.datasheet)))).equals(content));
  });

  await t.test('the public path serves only stored names: traversal, other names and folders are 404', async () => {
    const hash = path.basename(datasheet!.datasheet, '.pdf');
    for (const url of [
      `/media/catalogue/${PRODUCT}/..%2F..%2F..%2Fetc%2Fpasswd`,
      '/media/catalogue/..%2F..%2Fetc/passwd',
      `/media/catalogue/${PRODUCT}/..%2F${PRODUCT}%2F${hash}.pdf`,
      `/media/catalogue/${PRODUCT}/${hash}.svg`,
      `/media/catalogue/${PRODUCT}/${hash}.PDF`,
      `/media/catalogue/other_product/${hash}.pdf`,
      `/media/catalogue/.uploading/${hash}.pdf`,
      `/media/catalogue/${PRODUCT}`,
      `/media/catalogue/${PRODUCT}/${hash}.pdf/x`,
      `/media/catalogue/${PRODUCT}/${hash}.pdf%00.html`,
    ]) {
      const res = await app.inject({ url });
      assert.equal(res.statusCode, 404, `${url}: ${res.statusCode} ${res.body.slice(0, 80)}`);
      assert.doesNotMatch(res.body, /root:|<html/i);
    }
    // dot segments are resolved before routing (to the page of what is left): never a file of the disk
    for (const url of [
      '/media/catalogue/%2e%2e/%2e%2e/etc/passwd',
      '/media/catalogue/../../etc/passwd',
      `/media/catalogue/${PRODUCT}/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd`,
    ]) {
      const res = await app.inject({ url });
      assert.ok([302, 404].includes(res.statusCode), `${url}: ${res.statusCode}`);
      assert.doesNotMatch(res.body, /root:/);
    }
    assert.ok((await stat(path.join(mediaRoot, PRODUCT))).isDirectory());
  });

  await t.test(
    "the draft takes the picture and datasheet; another product's or a missing one is refused; publish shows them",
    async () => {
      const product = (
        await app.inject({
          url: staffApiPath(STAFF_API.catalogueProduct, { id: PRODUCT }),
          headers: { ...onStaffOrigin(app), cookie: layla.cookie },
        })
      ).json<EditorProduct>();
      const save = (details: Record<string, unknown>, version = product.version) =>
        app.inject({
          method: 'PUT',
          url: staffApiPath(STAFF_API.catalogueDraft, { id: PRODUCT }),
          headers: {
            ...onStaffOrigin(app),
            cookie: layla.cookie,
            [CSRF_HEADER]: layla.csrf,
            'content-type': 'application/json',
          },
          payload: JSON.stringify({
            baseVersion: version,
            content: {
              ...product.published,
              details: { ...product.published.details, ...details },
              details_ar: { ...product.published.details_ar, ...details },
            },
          }),
        });
      const missing = `${picture!.picture.src.slice(0, -64)}${'0'.repeat(64)}`;
      // each refusal at the reference it is about (a shape the schema refuses: wherever the schema says)
      for (const [details, problem, path] of [
        [
          { picture: { ...picture!.picture, src: missing } },
          /details\.picture: there is no uploaded picture/,
          ['content', 'details', 'picture'],
        ],
        [
          { picture: { ...picture!.picture, widths: [320, 2000] } },
          /details\.picture: there is no uploaded picture .* 2000 px wide/,
          ['content', 'details', 'picture'],
        ],
        [
          { picture: { ...picture!.picture, src: picture!.picture.src.replace(PRODUCT, 'hex_other_gland') } },
          /details\.picture: the picture must be one uploaded for this product/,
          ['content', 'details', 'picture'],
        ],
        [
          { datasheet: `${missing}.pdf` },
          /details\.datasheet: there is no uploaded datasheet/,
          ['content', 'details', 'datasheet'],
        ],
        [{ datasheet: '/uploads/../../etc/passwd' }, /datasheet/, undefined],
        [{ picture: { src: 'javascript:alert(1)', widths: [320] } }, /picture/, undefined],
      ] as const) {
        const res = await save(details);
        assert.equal(res.statusCode, 400, res.body);
        assert.match(res.json<{ error: string }>().error, problem);
        if (path !== undefined)
          assert.deepEqual(
            res.json<ApiError>().problems?.map((one) => one.path),
            [path],
            res.body,
          );
      }
      const saved = await save({ picture: picture!.picture, datasheet: datasheet!.datasheet });
      assert.equal(saved.statusCode, 200, saved.body);
      const draft = saved.json<EditorProduct>();
      assert.deepEqual(draft.draft?.content.details.picture, picture!.picture);
      const published = await app.inject({
        method: 'POST',
        url: staffApiPath(STAFF_API.cataloguePublish, { id: PRODUCT }),
        headers: {
          ...onStaffOrigin(app),
          cookie: layla.cookie,
          [CSRF_HEADER]: layla.csrf,
          'content-type': 'application/json',
        },
        payload: JSON.stringify({ baseVersion: draft.version }),
      });
      assert.equal(published.statusCode, 200, published.body);
      const publicDetail = async () =>
        (await app.inject({ url: catalogueProductApiPath(PRODUCT) })).json<ProductResponse>().product;
      const detail = await eventually(publicDetail, (shown) => shown?.picture !== undefined);
      assert.deepEqual([detail?.picture, detail?.datasheet], [picture!.picture, datasheet!.datasheet]);
      // The product page's head: shared as the widest WebP, and the AVIF its <picture> picks first preloaded.
      const src = picture!.picture.src;
      const pageHtml = async () => (await app.inject({ url: `/our-products/industrial_cable_glands/${PRODUCT}` })).body;
      const html = await eventually(pageHtml, (page) => page.includes(src));
      assert.ok(html.includes(`<meta property="og:image" content="http`), 'an og:image');
      assert.match(html, new RegExp(`<meta property="og:image" content="[^"]*${src}-1280\\.webp"`));
      assert.ok(
        html.includes(
          `<link rel="preload" as="image" type="image/avif" imagesrcset="${src}-320.avif 320w, ${src}-640.avif 640w, ${src}-1280.avif 1280w" imagesizes="(max-width: 900px) calc(100vw - 40px), (max-width: 1240px) calc(40vw - 29px), 468px" fetchpriority="high">`,
        ),
        'the AVIF preloaded',
      );
      assert.ok(!html.includes('<link rel="preload" href="/images/products/'), 'not the illustration');
    },
  );
}

test('the catalogue editor uploads on embedded PGlite', async (t) => {
  await uploadSuite(t, pgliteTarget);
});

test('the catalogue editor uploads on PostgreSQL', async (t) => {
  await onPostgres(t, (target) => uploadSuite(t, target));
});
