// A quotation's lines in the buyer's language, on both databases, through the whole app (the buyer's page drawn by the
// server from the built contact remote, as linkPage.test.ts) and the link's PDF read back with pdftotext: an Arabic
// request's lines carry the catalogue's Arabic names and Arabic counted units ("قطعة واحدة", "قطعتان", "5 قطع",
// "100 قطعة"); an English one says "100 pieces" and "1 piece"; the money is the same in both, to the fils. The Arabic
// is kept with the line as priced: a later catalogue edit changes no quotation; a line typed by hand, a description
// retyped by staff and a line priced before the Arabic was kept read as they are.
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { QUOTATIONS_API, type Quotation } from '@site/contracts/quotations-api';
import {
  QUOTATION_LINK_API,
  quotationLinkApiPath,
  quotationLinkPath,
  type BuyerQuotation,
} from '@site/contracts/quotation-link-api';
import { staffApiPath } from '@site/contracts/staff-api';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../app/config.js';
import type { Database } from '../../platform/db/index.js';
import { answerOf as ok } from '../../test-support/answers.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../../test-support/databases.js';
import { decodeEntities } from '../../test-support/html.js';
import { pdfStructure, pdfText, pdfWords } from '../../test-support/index.js';
import { buildQuotationTestSite, lineInputOf, type QuotationTestSite } from '../../test-support/quotationSite.js';
import { submitQuote, TEST_PRODUCT } from '../../test-support/staffWorkData.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

/** The four sizes of the gland quoted, each at a price of its own (AED). */
const PRICES = { 'HEX-CW-20S': '12.00', 'HEX-CW-20': '13.50', 'HEX-CW-25': '16.75', 'HEX-CW-32': '21.20' } as const;
type Code = keyof typeof PRICES;

/** What a reader sees of the page's first view: its text (no script's, no style's), entities decoded, spaces as one. */
const pageText = (html: string): string =>
  decodeEntities(
    html
      .slice(Math.max(0, html.search(/<div id="?root"?>/)))
      .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/g, ' ')
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Independently of the server: Σ quantity × price, and VAT 5 % per line rounded half-up to the fils, in fils. For the
 * four lines of the Arabic request: 1200.00 + 13.50 + 33.50 + 106.00 = 1353.00; VAT 60.00 + 0.68 (0.675) + 1.68
 * (1.675) + 5.30 = 67.66.
 */
function expectedTotals(lines: readonly { code: Code; quantity: number }[]) {
  const fils = lines.map(({ code, quantity }) => quantity * Math.round(Number(PRICES[code]) * 100));
  const subtotal = fils.reduce((sum, amount) => sum + amount, 0);
  const vat = fils.reduce((sum, amount) => sum + Math.floor((amount * 5 + 50) / 100), 0);
  const text = (amount: number) => (amount / 100).toFixed(2);
  return { subtotal: text(subtotal), vat: text(vat), total: text(subtotal + vat) };
}

async function languageSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  const built = path.join(REPO_ROOT, 'mfe-contact', 'dist', 'server-render.json');
  if (!existsSync(built)) throw new Error(`${built} is missing: run npm run build first`);
  let s: QuotationTestSite;
  let db: Database;
  let app: FastifyInstance;
  let dataDir: string;
  let address = 0;

  t.before(async () => {
    // the real clock on both sides: the quotation is valid for 30 days from now
    s = await buildQuotationTestSite(target, { now: () => new Date() });
    db = s.db;
    for (const [code, price] of Object.entries(PRICES))
      await db.query('update catalogue_product_variants set price = $2 where code = $1', [code, price]);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'quotation-language-'));
    app = await buildApp(loadConfig({ REPO_ROOT, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }), db, {
      catalogue: 'files',
    });
    await app.ready();
  });
  t.after(async () => {
    await app?.close();
    await s?.close();
    if (dataDir !== undefined) rmSync(dataDir, { recursive: true, force: true });
  });

  /** The catalogue's own names of a part, as the catalogue's tables hold them now. */
  const catalogueNames = async (code: Code) => {
    const [row] = await db.query<{ name: string; name_ar: string; label: string; label_ar: string }>(
      `select p.name, p.name_ar, v.label, v.label_ar from catalogue_product_variants v
        join catalogue_products p on p.id = v.product_id where v.code = $1`,
      [code],
    );
    assert.ok(row !== undefined && /\p{Script=Arabic}/u.test(row.name_ar), `${code} has an Arabic name`);
    return { en: `${row.name} — ${row.label}`, ar: `${row.name_ar} — ${row.label_ar}` };
  };
  /** A request of `lines` in `language`, its draft prepared by the Dubai salesperson. */
  const prepare = async (language: 'en' | 'ar', lines: readonly { code: Code; quantity: number }[]) => {
    const { id: requestId } = await submitQuote(db, {
      branch: 'Dubai',
      language,
      lines: lines.map(({ code, quantity }) => ({ productId: TEST_PRODUCT, code, quantity })),
    });
    return ok<Quotation>(await s.call(s.dubai, 'POST', QUOTATIONS_API.quotations, { requestId }), 201);
  };
  const viewOf = async (token: string) =>
    ok<BuyerQuotation>(
      await s.site.inject({ method: 'GET', url: quotationLinkApiPath(QUOTATION_LINK_API.quotation, token) }),
    );
  const pdfOf = async (token: string): Promise<Buffer> => {
    const res = await s.site.inject({ method: 'GET', url: quotationLinkApiPath(QUOTATION_LINK_API.pdf, token) });
    assert.equal(res.statusCode, 200);
    return res.rawPayload;
  };
  /** The buyer's page in the edition of `language`, as the server draws it (each from an address of its own). */
  const pageOf = async (token: string, language: 'en' | 'ar') => {
    const res = await app.inject({
      method: 'GET',
      url: quotationLinkPath(token, language),
      headers: { accept: 'text/html' },
      remoteAddress: `192.0.2.${(address += 1)}`,
    });
    assert.equal(res.statusCode, 200);
    return pageText(res.body);
  };
  /** What pdftotext reads of the PDF, and its table cells as a screen reader reads them; undefined: not read here. */
  const readBack = (tt: TestContext, pdf: Buffer): { text: string; cells: string[] } | undefined => {
    const text = pdfText(pdf);
    const structure = pdfStructure(pdf);
    if ('skipped' in text || 'skipped' in structure) {
      tt.diagnostic(`PDF not read: ${'skipped' in text ? text.skipped : (structure as { skipped: string }).skipped}`);
      return undefined;
    }
    return {
      text: text.text,
      cells: structure.elements.filter(({ type }) => type === 'TD').map(({ text: cell }) => cell),
    };
  };

  await t.test(
    'an Arabic request: the catalogue’s Arabic names and Arabic counted units on the page and in the PDF, read back word for word; the money to the fils',
    async (tt) => {
      const lines = [
        { code: 'HEX-CW-20S', quantity: 100 },
        { code: 'HEX-CW-20', quantity: 1 },
        { code: 'HEX-CW-25', quantity: 2 },
        { code: 'HEX-CW-32', quantity: 5 },
      ] as const;
      const draft = await prepare('ar', lines);
      const { quotation, token } = await s.send(s.dubai, draft.id);
      const names = await Promise.all(lines.map(({ code }) => catalogueNames(code)));
      // staff work in English: the draft they priced reads as before
      assert.deepEqual(
        quotation.lines.map((line) => [line.description, line.unit]),
        names.map((name) => [name.en, 'piece']),
      );
      const stored = await db.query<{ description_ar: string }>(
        'select description_ar from quotation_lines where quotation_id = $1 order by position',
        [quotation.id],
      );
      assert.deepEqual(
        stored.map((row) => row.description_ar),
        names.map((name) => name.ar),
      );

      const counted = ['100 قطعة', 'قطعة واحدة', 'قطعتان', '5 قطع'];
      const view = await viewOf(token);
      assert.deepEqual(
        view.lines.map((line) => [line.description, line.quantityText]),
        names.map((name, index) => [name.ar, counted[index]]),
      );
      // the money as in any edition: the same figures, checked independently
      const totals = expectedTotals(lines);
      assert.deepEqual(totals, { subtotal: '1353.00', vat: '67.66', total: '1420.66' });
      assert.deepEqual(view.totals, totals);
      assert.deepEqual(
        view.lines.map((line) => [line.unitPrice, line.lineTotal, line.vat]),
        [
          ['12.00', '1200.00', '60.00'],
          ['13.50', '13.50', '0.68'],
          ['16.75', '33.50', '1.68'],
          ['21.20', '106.00', '5.30'],
        ],
      );

      // the buyer's page, drawn by the server: the Arabic names and counted units, no English unit word
      const page = await pageOf(token, 'ar');
      for (const shown of [...names.map((name) => name.ar), ...counted, '1,420.66 AED'])
        assert.ok(page.includes(shown), `"${shown}" on the page: ${page}`);
      assert.doesNotMatch(page, /\bpieces?\b/);
      for (const name of names) assert.ok(!page.includes(name.en), `no English name "${name.en}" on the page`);

      const read = readBack(tt, await pdfOf(token));
      if (read !== undefined) {
        // every word of each Arabic name and unit reads back from the text layer (the columns interleave: words)
        const words = pdfWords(read.text);
        for (const shown of [...names.map((name) => name.ar), ...counted])
          for (const word of pdfWords(shown))
            assert.ok(words.includes(word), `"${word}" of "${shown}" in: ${words.join(' ')}`);
        assert.doesNotMatch(read.text, /\bpieces?\b/);
        assert.ok(read.text.includes(totals.total), `${totals.total} in:\n${read.text}`);
        // and each cell whole, as a screen reader reads the table
        for (const [index, name] of names.entries()) {
          assert.ok(
            read.cells.some((cell) => cell.startsWith(`${name.ar}\n`)),
            `${name.ar} in:\n${read.cells.join('\n')}`,
          );
          assert.ok(read.cells.includes(counted[index]!), `${counted[index]} in:\n${read.cells.join('\n')}`);
        }
      }
    },
  );

  await t.test(
    'an English request: "100 pieces" and "1 piece" on the page and in the PDF; the money as the Arabic one’s',
    async (tt) => {
      const lines = [
        { code: 'HEX-CW-20S', quantity: 100 },
        { code: 'HEX-CW-20', quantity: 1 },
      ] as const;
      const draft = await prepare('en', lines);
      const { token } = await s.send(s.dubai, draft.id);
      const names = await Promise.all(lines.map(({ code }) => catalogueNames(code)));
      const view = await viewOf(token);
      assert.deepEqual(
        view.lines.map((line) => [line.description, line.quantityText]),
        [
          [names[0]!.en, '100 pieces'],
          [names[1]!.en, '1 piece'],
        ],
      );
      // 1200.00 + 13.50 = 1213.50; VAT 60.00 + 0.68 = 60.68
      const totals = expectedTotals(lines);
      assert.deepEqual(totals, { subtotal: '1213.50', vat: '60.68', total: '1274.18' });
      assert.deepEqual(view.totals, totals);

      const page = await pageOf(token, 'en');
      assert.match(page, /\b100 pieces\b/);
      assert.match(page, /\b1 piece\b/);
      assert.doesNotMatch(page, /\b100 piece\b/);
      assert.ok(!page.includes(names[0]!.ar), 'no Arabic name on the English page');

      const read = readBack(tt, await pdfOf(token));
      if (read !== undefined) {
        const flat = read.text.replace(/\s+/g, ' ');
        assert.match(flat, /\b100 pieces\b/);
        assert.match(flat, /\b1 piece\b/);
        assert.doesNotMatch(flat, /\b100 piece\b/);
        assert.ok(flat.includes(totals.total), flat);
        assert.ok(read.cells.includes('100 pieces') && read.cells.includes('1 piece'), read.cells.join('\n'));
      }
    },
  );

  await t.test(
    'as priced: a later catalogue edit changes no quotation, nor its revision; a line typed by hand and a retyped description read as typed; a line priced before the Arabic was kept reads in English',
    async () => {
      const draft = await prepare('ar', [
        { code: 'HEX-CW-20S', quantity: 40 },
        { code: 'HEX-CW-20', quantity: 3 },
      ]);
      const names = await Promise.all((['HEX-CW-20S', 'HEX-CW-20', 'HEX-CW-25'] as const).map(catalogueNames));
      // staff retype the second line's description, and add a part from the catalogue and a line of their own
      const retyped = 'Brass gland M20, nickel plated';
      const saved = ok<Quotation>(
        await s.call(s.dubai, 'PUT', staffApiPath(QUOTATIONS_API.quotation, { id: draft.id }), {
          version: draft.version,
          validUntil: draft.validUntil,
          paymentTerms: draft.paymentTerms,
          deliveryTerms: draft.deliveryTerms,
          buyerNote: draft.buyerNote,
          lines: draft.lines.map((line, index) => ({
            ...lineInputOf(line),
            description: index === 1 ? retyped : line.description,
          })),
        }),
      );
      const linesUrl = staffApiPath(QUOTATIONS_API.lines, { id: draft.id });
      const withPart = ok<Quotation>(
        await s.call(s.dubai, 'POST', linesUrl, {
          version: saved.version,
          line: { kind: 'catalogue', code: 'HEX-CW-25', quantity: '12' },
        }),
      );
      ok<Quotation>(
        await s.call(s.dubai, 'POST', linesUrl, {
          version: withPart.version,
          line: { kind: 'text', description: 'Delivery to Abu Dhabi', unitPrice: '150' },
        }),
      );
      const { quotation, token } = await s.send(s.dubai, draft.id);
      const expected = [
        [names[0]!.ar, '40 قطعة'],
        [retyped, '3 قطع'],
        [names[2]!.ar, '12 قطعة'],
        ['Delivery to Abu Dhabi', '1'],
      ];
      const shown = async () => (await viewOf(token)).lines.map((line) => [line.description, line.quantityText]);
      assert.deepEqual(await shown(), expected);

      // the catalogue renamed since: the sent quotation names its parts as when they were priced
      await db.query(`update catalogue_products set name_ar = 'جلبة كابل بالاسم الجديد' where id = $1`, [TEST_PRODUCT]);
      assert.deepEqual(await shown(), expected);
      // and so does a revision of it, drafted and sent after the edit
      const revision = ok<Quotation>(
        await s.call(s.dubai, 'POST', staffApiPath(QUOTATIONS_API.revise, { id: quotation.id }), {
          version: quotation.version,
        }),
        201,
      );
      const revised = await s.send(s.dubai, revision.id);
      assert.deepEqual(
        (await viewOf(revised.token)).lines.map((line) => [line.description, line.quantityText]),
        expected,
      );

      // a line priced before its Arabic was kept: in English, as it was sent
      await db.query(`update quotation_lines set description_ar = '' where quotation_id = $1 and position = 1`, [
        revision.id,
      ]);
      assert.deepEqual(
        (await viewOf(revised.token)).lines.map((line) => line.description),
        [names[0]!.en, ...expected.slice(1).map(([description]) => description)],
      );
    },
  );
}

test('on embedded PGlite', async (t) => languageSuite(t, pgliteTarget));
test('on PostgreSQL', async (t) => onPostgres(t, (target) => languageSuite(t, target)));
