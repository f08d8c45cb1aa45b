// The Arabic edition of the data: every name a visitor reads is Arabic, and every fact stays the English
// file's (ids, prices, pictures, dates, brands, technical values). The files the build writes
// (scripts/generate-editions.ts, served at /data/ar) are the editions the server's code reads (arabicEdition).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ARABIC_EDITION_DIR, writeArabicEditions } from '../../scripts/generate-editions';
import { buildSearchResults } from '../../scripts/generate-search';
import { DATA_FILES, type DataFileName } from '../schema';
import type { Product, ProductDetail } from '../types';
import { arabicDictionary, arabicEdition, dataEdition } from './edition';
import { isTranslatable } from './translatable';

const CONTENT_DIR = resolve(__dirname, '..', '..');
const english = <T>(file: DataFileName): T => JSON.parse(readFileSync(join(CONTENT_DIR, 'data', file), 'utf8')) as T;
/** An Arabic letter: a text that has one is (at least partly) Arabic. */
const ARABIC = /[\u0600-\u06FF]/;
const LATIN_WORD = /[A-Za-z][a-z]{2,}/;
/** Names the dictionaries keep as they are (brands, a product line, social networks, the certification body). */
const KEPT_NAMES = new Set(
  (Object.keys(DATA_FILES) as DataFileName[]).flatMap((file) =>
    Object.entries(arabicDictionary(file))
      .filter(([en, ar]) => en === ar)
      .map(([en]) => en),
  ),
);

/**
 * Walks an English file and its edition together: the same shape, every number, boolean and null equal, every string a
 * visitor does not read (id, picture, path, technical value) equal, every one they read different and Arabic.
 */
function compare(
  en: unknown,
  ar: unknown,
  where: string,
  problems: string[],
  field?: string,
  untranslated = false,
): void {
  if (typeof en === 'string') {
    if (typeof ar !== 'string') problems.push(`${where}: not a string`);
    else if (untranslated || !isTranslatable(field, en)) {
      if (ar !== en) problems.push(`${where}: ${JSON.stringify(en)} became ${JSON.stringify(ar)}`);
    } else if (!ARABIC.test(ar) && !KEPT_NAMES.has(ar)) problems.push(`${where}: ${JSON.stringify(ar)} is not Arabic`);
  } else if (Array.isArray(en)) {
    if (!Array.isArray(ar) || ar.length !== en.length) problems.push(`${where}: not an array of ${en.length}`);
    else en.forEach((item, i) => compare(item, ar[i], `${where}[${i}]`, problems, field, untranslated));
  } else if (typeof en === 'object' && en !== null) {
    if (typeof ar !== 'object' || ar === null) problems.push(`${where}: not an object`);
    else {
      const arObject = ar as Record<string, unknown>;
      if (Object.keys(en).join() !== Object.keys(arObject).join()) problems.push(`${where}: other keys`);
      // fields the translation never enters (translatable.ts): their strings stay, prose-like or not
      const keep = (key: string) =>
        untranslated || ['id', 'image', 'images', 'companyImg', 'company', 'path', 'email', 'dateAdded'].includes(key);
      for (const [key, value] of Object.entries(en))
        compare(value, arObject[key], `${where}.${key}`, problems, key, keep(key));
    }
  } else if (ar !== en) problems.push(`${where}: ${String(en)} became ${String(ar)}`);
}

describe('the Arabic edition of the data', () => {
  it.each(Object.keys(DATA_FILES) as DataFileName[])(
    '%s: same records and facts, every text a visitor reads in Arabic',
    (file) => {
      const problems: string[] = [];
      compare(english(file), arabicEdition(file), file, problems);
      expect(problems).toEqual([]);
    },
  );

  it('has an Arabic name for every category and product, on the listing and on the product page alike', () => {
    const categories = arabicEdition('products-category.json');
    const products = arabicEdition('products.json');
    const details = arabicEdition('product-details.json');
    expect(categories).toHaveLength(19);
    for (const { id, title, info } of categories)
      expect({ id, title, info }).toEqual({
        id,
        title: expect.stringMatching(ARABIC),
        info: expect.stringMatching(ARABIC),
      });
    expect(products.length).toBeGreaterThanOrEqual(80);
    const titles = new Map(categories.map((c) => [c.id, c.title]));
    for (const [i, product] of products.entries()) {
      expect(product.productName).toMatch(ARABIC);
      expect(product.productCategory).toBe(titles.get(product.productCategoryId));
      expect(details[i]?.productName).toBe(product.productName);
      expect(details[i]?.categoryName).toBe(product.productCategory);
    }
  });

  it('keeps ids, model codes, units, prices, pictures, dates, popularity and brands equal to the English file', () => {
    const facts = (products: Product[]) =>
      products.map(({ id, code, unit, productCategoryId, image, price, dateAdded, popularity, company }) => ({
        id,
        code,
        unit,
        productCategoryId,
        image,
        price,
        dateAdded,
        popularity,
        company,
      }));
    expect(facts(arabicEdition('products.json'))).toEqual(facts(english<Product[]>('products.json')));
    const pictures = (details: ProductDetail[]) =>
      details.map(({ id, image, productCategory, companyImg, company }) => ({
        id,
        image,
        productCategory,
        companyImg,
        company,
      }));
    expect(pictures(arabicEdition('product-details.json'))).toEqual(
      pictures(english<ProductDetail[]>('product-details.json')),
    );
    const branches = arabicEdition('branches.json');
    expect(branches.map(({ id, mobileNo, fax, email, location }) => ({ id, mobileNo, fax, email, location }))).toEqual(
      english<typeof branches>('branches.json').map(({ id, mobileNo, fax, email, location }) => ({
        id,
        mobileNo,
        fax,
        email,
        location,
      })),
    );
  });

  it('keeps technical values, standards and model codes as they are (spot checks)', () => {
    const product = arabicEdition('product-details.json').find((d) => d.id === 'oc_cu_xlpe_swa_pvc_cable');
    expect(product?.productName).toMatch(/^(?=.*0\.6\/1 kV)(?=.*Cu\/XLPE\/SWA\/PVC)(?=.*\(BS 5467\)).*[\u0600-\u06FF]/);
    expect(product?.Specification?.[0]?.extraSpec?.[0]).toBe('BS 5467');
    const voltage =
      english<ProductDetail[]>('product-details.json')[0]?.description?.findIndex((row) => row.key === 'Voltage') ?? -1;
    expect(product?.description?.[voltage]).toEqual({ key: expect.stringMatching(ARABIC), value: '600/1000 V' });
    const text = JSON.stringify(product);
    for (const value of ['600/1000 V', '90 °C', '1.5 mm²', '630 mm²', 'IEC 60502-1', 'SWA', 'XLPE'])
      expect(text).toContain(value);
    expect(text).not.toMatch(/[\u0660-\u0669]/);

    const names = arabicEdition('products.json')
      .map((p) => p.productName)
      .join('\n');
    for (const code of ['H07RN-F', '6491X', 'IP66/IP68', 'IEC 60309', 'ABB S200', '30 mA', '13 A'])
      expect(names).toContain(code);
  });

  it('translates the labels of the description rows but not their markers', () => {
    const rows = arabicEdition('product-details.json')[0]?.description ?? [];
    const keys = rows.map((row) => row.key);
    expect(keys).toContain('-1');
    expect(keys).toContain('*Application');
    expect(keys.filter((key) => LATIN_WORD.test(key) && !key.startsWith('*'))).toEqual([]);
  });

  it('keeps only names as they are: brands, a product line, social networks, a certification body', () => {
    expect([...KEPT_NAMES].sort()).toEqual(
      [
        'Ashfield',
        'Barton',
        'Breeze',
        'Elite',
        'Gulf Quality Certification Services',
        'Hager',
        'Hex',
        'Instagram',
        'LinkedIn',
        'Legrand',
        'MK Logic Plus',
        'Marechal Electric',
        'Oxford',
        'Raychem',
        'Schneider',
        'Simplex',
      ].sort(),
    );
  });

  it('dataEdition gives the English file as committed and the Arabic edition', () => {
    expect(dataEdition('en', 'menu.json')).toEqual(english('menu.json'));
    expect(dataEdition('ar', 'menu.json')).toBe(arabicEdition('menu.json'));
    expect(Object.isFrozen(arabicEdition('menu.json')[0])).toBe(true);
  });
});

describe('the generated Arabic files (/data/ar)', () => {
  let outDir: string;
  const generated = (file: string): unknown =>
    JSON.parse(readFileSync(join(outDir, ARABIC_EDITION_DIR, file), 'utf8')) as unknown;

  beforeAll(() => {
    outDir = mkdtempSync(join(tmpdir(), 'content-editions-'));
    writeArabicEditions(outDir);
  });
  afterAll(() => rmSync(outDir, { recursive: true, force: true }));

  it.each(Object.keys(DATA_FILES) as DataFileName[])('%s is the edition the server code reads', (file) => {
    expect(generated(file)).toEqual(arabicEdition(file));
  });

  it('searchResults.json: the Arabic search index, from the Arabic products and categories', () => {
    const results = generated('searchResults.json');
    expect(results).toEqual(
      buildSearchResults(arabicEdition('products.json'), arabicEdition('products-category.json')),
    );
    expect(results).toContainEqual({
      id: 'oc_cu_xlpe_swa_pvc_cable',
      title: 'كابل قدرة مدرّع 0.6/1 kV من نوع Cu/XLPE/SWA/PVC (BS 5467)',
      productCategory: 'الكابلات',
      productCategoryId: 'cables',
      company: 'Oxford Cavi',
      image: 'cable_armoured',
    });
  });
});
