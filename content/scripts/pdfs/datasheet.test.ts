// A datasheet as a reader gets it: the generator's PDF read back by pdftotext (poppler), Arabic of the data included.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { paragraphLevel, resolveLevels, visualLine } from '../../src/pdf/bidi';
import { pdfText as readBack } from '../../src/pdf/testing/pdftotext';
import { loadCatalogueData } from './data';
import { planDatasheets, writeDatasheet } from './datasheet';

const data = loadCatalogueData();

/** The text of the datasheet of one product, written as `change` says; undefined (with why) without pdftotext. */
async function datasheetText(change: Partial<(typeof data.details)[number]>): Promise<string | undefined> {
  const plan = planDatasheets(data.details).find((p) => p.entries.length === 1 && p.entries[0]!.product.detail?.length);
  if (plan === undefined) throw new Error('no single-product datasheet with a description in the data');
  const entry = plan.entries[0]!;
  const dir = mkdtempSync(join(tmpdir(), 'datasheet-'));
  try {
    const file = join(dir, plan.fileName);
    await writeDatasheet({ ...plan, entries: [{ ...entry, product: { ...entry.product, ...change } }] }, data, file);
    const read = readBack(readFileSync(file));
    if ('skipped' in read) {
      console.warn(read.skipped);
      return undefined;
    }
    return read.text;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A line as it is seen, left to right, at paragraph direction `base` (the paragraph's own unless given). */
function seen(line: string, base?: 0 | 1): string {
  const cps = [...line.normalize('NFKC')].map((char) => char.codePointAt(0)!);
  const level = base ?? paragraphLevel(cps, 0);
  return visualLine(cps, resolveLevels(cps, level), 0, cps.length, level)
    .map(({ char }) => char)
    .join('')
    .replace(/[\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Arabic letters that share a shape and differ by their dots, as one: Noto Sans Arabic draws them as one dotless shape
 * plus dots, and a PDF maps each shape to one letter, so text taken out of the PDF may give a sibling (ب for ن; the
 * known limit in docs/public-api.md). Order, words, numbers and Latin are still compared exactly.
 */
const undotted = (text: string): string =>
  [
    [/[بتثنيى]/g, 'ٮ'],
    [/[جحخ]/g, 'ح'],
    [/[دذ]/g, 'د'],
    [/[رز]/g, 'ر'],
    [/[سش]/g, 'س'],
    [/[صض]/g, 'ص'],
    [/[طظ]/g, 'ط'],
    [/[عغ]/g, 'ع'],
    [/[فق]/g, 'ڡ'],
  ].reduce((out, [letters, shape]) => out.replace(letters as RegExp, shape as string), text);

/** pdftotext writes a line's pieces in the order they are seen, left to right, each Arabic one embedded: read at 0. */
const seenInPdf = (text: string): string[] => text.split('\n').map((line) => undotted(seen(line, 0)));

test('a product named and described in Arabic reads back in Arabic, its numbers and Latin codes in place', async () => {
  const name = 'كابل مدرع 0.6/1 kV';
  const description = 'كابل نحاسي معزول بمادة XLPE مطابق للمواصفة BS 5467 ومناسب للتمديد تحت الأرض';
  const text = await datasheetText({ productName: name, detail: [`<p>${description}</p>`] });
  if (text === undefined) return;
  const lines = seenInPdf(text);
  // as drawn: right to left, "0.6/1 kV" and "BS 5467" reading left to right inside it
  expect(lines).toContain(undotted(seen(name)));
  expect(lines).toContain(undotted(seen(description)));
  expect(seen(name)).toBe(`kV 0.6/1 ${[...'كابل مدرع'].reverse().join('')}`);
}, 20_000);

test('symbols no PDF font has are spelled out, not dropped', async () => {
  const text = await datasheetText({ detail: ['<p>Conductor resistance 7.41 Ω/km ≤ 10 at 90 °C</p>'] });
  if (text === undefined) return;
  expect(text).toContain('Conductor resistance 7.41 ohm/km <= 10 at 90 °C');
}, 20_000);
