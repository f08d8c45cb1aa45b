// The units' words live twice by necessity: as Lingui messages of shared-ui's catalogs (the browser's plural forms)
// and in @site/content's QUOTE_UNIT_WORDS (the server's mails and PDFs). They must agree.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { QUOTE_UNIT_WORDS, QUOTE_UNITS } from '@site/content/validation';

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
  });
});
