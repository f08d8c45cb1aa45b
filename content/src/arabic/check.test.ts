// The Arabic dictionaries' rules: each one fails on a bad dictionary, and a bad dictionary in the content
// folder fails the content validation (which fails the build: scripts/build-content.ts stops before generating).
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { validateContent } from '../validate';
import { checkArabicDictionary, checkDictionariesAgree, htmlTags, numbersToKeep } from './check';

const CONTENT_DIR = resolve(__dirname, '..', '..');

const menu = [
  { id: 'home', name: 'Home', path: '/home' },
  { id: 'contact', name: 'Contact', path: '/contact-us' },
];
const menuArabic = { Home: 'الرئيسية', Contact: 'اتصل بنا' };
const details = [
  {
    id: 'cable',
    productName: 'Armoured Cable, 4 × 16 mm², 600/1000 V',
    detail: ['<p>Stocked in <strong>Dubai</strong> and Bahrain.</p>'],
  },
];
const detailsArabic = {
  'Armoured Cable, 4 × 16 mm², 600/1000 V': 'كابل مدرّع، 4 × 16 mm²، 600/1000 V',
  '<p>Stocked in <strong>Dubai</strong> and Bahrain.</p>': '<p>متوفر في <strong>دبي</strong> والبحرين.</p>',
};

describe('checkArabicDictionary', () => {
  it('passes a complete dictionary that keeps tags, numbers and Western digits', () => {
    expect(checkArabicDictionary('menu.json', menu, menuArabic)).toEqual({ errors: [], warnings: [] });
    expect(checkArabicDictionary('product-details.json', details, detailsArabic)).toEqual({ errors: [], warnings: [] });
  });

  it('fails on each English text without an Arabic text (missing or blank), listing them by file', () => {
    const { errors } = checkArabicDictionary(
      'menu.json',
      [...menu, { id: 'about', name: 'About Us', path: '/about' }],
      { Home: 'الرئيسية', Contact: ' ' },
    );
    expect(errors).toEqual([
      'translations/ar/menu.json: no Arabic text for "Contact"',
      'translations/ar/menu.json: no Arabic text for "About Us"',
    ]);
  });

  it('fails when the HTML tags differ from the English text: one missing, another added, or in another order', () => {
    const english = '<p>Stocked in <strong>Dubai</strong> and Bahrain.</p>';
    const check = (arabic: string) =>
      checkArabicDictionary('product-details.json', details, { ...detailsArabic, [english]: arabic }).errors;
    expect(check('<p>متوفر في دبي والبحرين.</p>')).toEqual([
      'translations/ar/product-details.json: "<p>Stocked in <strong>Dubai</strong> and Bahrain.</p>": the Arabic text\'s HTML tags (<p></p>) differ from the English text\'s (<p><strong></strong></p>)',
    ]);
    expect(check('<p>متوفر في <strong>دبي</strong> و<em>البحرين</em>.</p>')).toHaveLength(1);
    expect(check('<strong>متوفر</strong><p>في دبي والبحرين.</p>')).toHaveLength(1);
    expect(check('<p>متوفر في <strong class="x">دبي</strong> والبحرين.</p>')).toHaveLength(1); // attributes count
    expect(check('متوفر في دبي والبحرين.')).toHaveLength(1);
  });

  it('fails on Arabic-Indic digits (٠-٩, ۰-۹): prices, sizes and phone numbers are written with Western digits', () => {
    const { errors } = checkArabicDictionary('product-details.json', details, {
      ...detailsArabic,
      'Armoured Cable, 4 × 16 mm², 600/1000 V': 'كابل مدرّع، ٤ × ١٦ mm²، ٦٠٠/١٠٠٠ V',
    });
    expect(errors).toContainEqual(
      expect.stringContaining('Arabic-Indic digits (٤ ١ ٦ ٠) in the Arabic text; write Western digits (0-9)'),
    );
    expect(errors).toContainEqual(expect.stringContaining('the Arabic text lacks 4, 16, 600/1000'));
    expect(checkArabicDictionary('menu.json', menu, { ...menuArabic, Home: 'الرئيسية ۱' }).errors).toHaveLength(1);
  });

  it('fails when the Arabic text drops a number or technical value of the English text (not a lone 1 or 2, nor an ordinal)', () => {
    const { errors } = checkArabicDictionary('product-details.json', details, {
      ...detailsArabic,
      'Armoured Cable, 4 × 16 mm², 600/1000 V': 'كابل مدرّع، 4 × 16 mm²',
    });
    expect(errors).toEqual([
      'translations/ar/product-details.json: "Armoured Cable, 4 × 16 mm², 600/1000 V": the Arabic text lacks 600/1000 (numbers and technical values stay as they are)',
    ]);
    expect(numbersToKeep('2 core + CPC, 3 core, 2nd Industrial City, 12th floor, BS 7629-1, 0.6/1 kV')).toEqual([
      '3',
      '7629',
      '0.6/1',
    ]);
  });

  it('warns (does not fail) on an entry no text uses', () => {
    const report = checkArabicDictionary('menu.json', menu, { ...menuArabic, Careers: 'الوظائف' });
    expect(report.errors).toEqual([]);
    expect(report.warnings).toEqual([
      'translations/ar/menu.json: unused entry "Careers" (no text of data/menu.json has it)',
    ]);
  });

  it('fails on a dictionary that is not an object of strings', () => {
    expect(checkArabicDictionary('menu.json', menu, ['الرئيسية']).errors).toHaveLength(1);
    expect(checkArabicDictionary('menu.json', menu, { Home: 1 }).errors).toHaveLength(1);
  });

  it('never asks for ids, addresses, pictures or technical values', () => {
    const data = [
      {
        id: 'cables',
        image: 'cable_armoured',
        path: '/home',
        email: 'sales@x.example',
        value: '600/1000 V',
        standard: 'BS 5467',
      },
    ];
    expect(checkArabicDictionary('x.json', data, {})).toEqual({ errors: [], warnings: [] });
  });

  it('htmlTags lists the tags in order, as written', () => {
    expect(htmlTags('<p>a <strong>b</strong> mm<sub>2</sub><br/></p>')).toEqual([
      '<p>',
      '<strong>',
      '</strong>',
      '<sub>',
      '</sub>',
      '<br/>',
      '</p>',
    ]);
  });
});

describe('checkDictionariesAgree', () => {
  it('fails when one English text has two Arabic texts in two files (a product name in the listing and on its page)', () => {
    expect(
      checkDictionariesAgree({
        'products.json': { Cables: 'الكابلات' },
        'products-category.json': { Cables: 'الكابلات' },
      }),
    ).toEqual([]);
    expect(
      checkDictionariesAgree({ 'products.json': { Cables: 'الكابلات' }, 'product-details.json': { Cables: 'كابلات' } }),
    ).toEqual([
      'translations/ar/product-details.json: "Cables" reads "كابلات", but "الكابلات" in translations/ar/products.json (one Arabic text per English text)',
    ]);
  });
});

describe('the content validation with a bad Arabic dictionary', () => {
  let dir: string;
  const dictionary = (file: string) =>
    JSON.parse(readFileSync(join(dir, 'translations', 'ar', file), 'utf8')) as Record<string, string>;
  const write = (file: string, content: unknown) =>
    writeFileSync(join(dir, 'translations', 'ar', file), JSON.stringify(content));

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'content-ar-'));
    cpSync(join(CONTENT_DIR, 'data'), join(dir, 'data'), {
      recursive: true,
      filter: (source) => !/\.(br|gz)$/.test(source),
    });
    cpSync(join(CONTENT_DIR, 'translations'), join(dir, 'translations'), { recursive: true });
    symlinkSync(join(CONTENT_DIR, 'public'), join(dir, 'public'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the committed content is valid, without warnings', () => {
    const { errors, warnings } = validateContent(CONTENT_DIR);
    expect(errors).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('fails, naming the file and each problem, and warns on an unused entry', () => {
    const menuAr = dictionary('menu.json');
    const { Home: _home, ...withoutHome } = menuAr;
    write('menu.json', { ...withoutHome, 'Old page': 'صفحة قديمة' });
    const productsAr = dictionary('products.json');
    const name = '0.6/1 kV Cu/XLPE/SWA/PVC Armoured Power Cable (BS 5467)';
    write('products.json', { ...productsAr, [name]: '<b>كابل</b> ٠٫٦/١ kV' });

    const { errors, warnings } = validateContent(dir);
    expect(errors).toEqual(
      expect.arrayContaining([
        'translations/ar/menu.json: no Arabic text for "Home"',
        expect.stringMatching(
          /^translations\/ar\/products\.json: "0\.6\/1 kV Cu.*the Arabic text's HTML tags \(<b><\/b>\) differ/,
        ),
        expect.stringMatching(/^translations\/ar\/products\.json: "0\.6\/1 kV Cu.*Arabic-Indic digits/),
        expect.stringMatching(/^translations\/ar\/products\.json: "0\.6\/1 kV Cu.*lacks 0\.6\/1, 5467/),
        // the listing's name no longer matches the product page's
        expect.stringMatching(
          /^translations\/ar\/product-details\.json: "0\.6\/1 kV Cu.*one Arabic text per English text/,
        ),
        'Arabic edition: data/products.json: oc_cu_xlpe_swa_pvc_cable: productName differs from product-details.json',
      ]),
    );
    expect(warnings).toEqual(['translations/ar/menu.json: unused entry "Old page" (no text of data/menu.json has it)']);
  });

  it('fails on a data file without a dictionary', () => {
    rmSync(join(dir, 'translations', 'ar', 'projects.json'));
    expect(validateContent(dir).errors).toContain(
      'translations/ar/projects.json: file not found (every data file has an Arabic dictionary: English text → Arabic text)',
    );
  });
});
