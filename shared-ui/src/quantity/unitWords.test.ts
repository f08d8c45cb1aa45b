// The units' words live twice by necessity: as Lingui messages of shared-ui's catalogs (the browser's plural forms)
// and in @site/content's QUOTE_UNIT_WORDS (the server's mails, pages and PDFs). They must agree.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { quantityInUnit, QUOTE_UNIT_WORDS, QUOTE_UNITS } from '@site/content/validation';

/** The catalog's ICU source, as written (an import would hand over the compiled form). */
const source = (locale: 'en' | 'ar') =>
  JSON.parse(readFileSync(path.join(__dirname, '..', 'i18n', `${locale}.json`), 'utf8')) as Record<string, string>;
const catalogs = { en: source('en'), ar: source('ar') };

describe('unit words', () => {
  it.each(QUOTE_UNITS)('%s: shared-ui names it as the mails and PDFs do', (unit) => {
    expect(catalogs.en[`ui.unit.${unit}`]).toBe(QUOTE_UNIT_WORDS[unit].en[1]);
    expect(catalogs.ar[`ui.unit.${unit}`]).toBe(QUOTE_UNIT_WORDS[unit].ar);
    const [one, other] = QUOTE_UNIT_WORDS[unit].en;
    expect(catalogs.en[`ui.quantity.${unit}`]).toBe(`{count, plural, one {{count} ${one}} other {{count} ${other}}}`);
    const counted = QUOTE_UNIT_WORDS[unit].arCounted;
    expect(catalogs.ar[`ui.quantity.${unit}`]).toBe(
      `{count, plural, one {${counted.one}} two {${counted.two}} few {{count} ${counted.few}} many {{count} ${counted.many}} other {{count} ${QUOTE_UNIT_WORDS[unit].ar}}}`,
    );
  });

  it('a quantity in words: each plural form, a fraction, a grouped figure, a unit the site has no words for', () => {
    expect([1, 2, 100, 12.5].map((count) => quantityInUnit(count, 'piece', 'en'))).toEqual([
      '1 piece',
      '2 pieces',
      '100 pieces',
      '12.5 pieces',
    ]);
    expect([1, 2, 3, 10, 11, 40, 99, 100, 103, 12.5].map((count) => quantityInUnit(count, 'piece', 'ar'))).toEqual([
      'قطعة واحدة',
      'قطعتان',
      '3 قطع',
      '10 قطع',
      '11 قطعة',
      '40 قطعة',
      '99 قطعة',
      '100 قطعة',
      '103 قطع',
      '12.5 قطعة',
    ]);
    expect(quantityInUnit(15, 'metre', 'ar')).toBe('15 مترًا');
    expect(quantityInUnit(1000, 'box', 'en', '1,000')).toBe('1,000 boxes');
    expect(quantityInUnit(3, 'pcs', 'en')).toBe('3 pcs');
    expect(quantityInUnit(3, '', 'ar')).toBe('3');
  });
});
