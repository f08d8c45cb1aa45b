// The units' words live twice by necessity: as Lingui messages of the shell's catalogs (the browser's plural forms) and
// in @site/content's QUOTE_UNIT_WORDS (the server's mails and PDFs, shared-ui's English fallback). They must agree.
import { QUOTE_UNIT_WORDS, QUOTE_UNITS } from '@site/content/validation';
import en from './en.json';
import ar from './ar.json';

const catalogs: Record<string, Record<string, string>> = { en, ar };

describe('unit words', () => {
  it.each(QUOTE_UNITS)('%s: the shell names it as the mails and PDFs do', (unit) => {
    expect(catalogs.en![`ui.unit.${unit}`]).toBe(QUOTE_UNIT_WORDS[unit].en[1]);
    expect(catalogs.ar![`ui.unit.${unit}`]).toBe(QUOTE_UNIT_WORDS[unit].ar);
    const [one, other] = QUOTE_UNIT_WORDS[unit].en;
    expect(catalogs.en![`ui.quantity.${unit}`]).toBe(`{count, plural, one {{count} ${one}} other {{count} ${other}}}`);
  });
});
