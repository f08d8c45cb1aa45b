// The request-for-quotation rules as a buyer meets them: the quantity typed on "Add to quote" and the
// request page, a list pasted from a spreadsheet, the code a pasted line names, and the reference after sending.
import { checkQuantity, isQuoteUnit, parseQuantity, QUOTE_LIMITS, QUOTE_UNITS, unitAllowsDecimals } from './quantity';
import {
  normalizedProductCode,
  QUOTE_PDF_FILE_PATTERN,
  QUOTE_REFERENCE_PATTERN,
  quoteReference,
  readPastedList,
} from './quote';

describe('parseQuantity', () => {
  it('takes whole numbers of a counted unit and refuses a fraction of one', () => {
    expect(parseQuantity('40', 'piece')).toEqual({ ok: true, quantity: 40 });
    expect(parseQuantity(' 12 ', 'box')).toEqual({ ok: true, quantity: 12 });
    expect(parseQuantity('+3', 'kit')).toEqual({ ok: true, quantity: 3 });
    expect(parseQuantity('2.5', 'piece')).toEqual({ ok: false, problem: 'notWhole' });
    expect(parseQuantity('2.0', 'coil')).toEqual({ ok: true, quantity: 2 });
  });

  it('takes metres to two decimals and refuses a third', () => {
    expect(parseQuantity('12.25', 'metre')).toEqual({ ok: true, quantity: 12.25 });
    expect(parseQuantity('1.13', 'metre')).toEqual({ ok: true, quantity: 1.13 });
    expect(parseQuantity('200', 'metre')).toEqual({ ok: true, quantity: 200 });
    expect(parseQuantity('12.255', 'metre')).toEqual({ ok: false, problem: 'tooPrecise' });
    expect(parseQuantity('0.001', 'metre')).toEqual({ ok: false, problem: 'tooPrecise' });
  });

  it('refuses zero and negative quantities as not positive', () => {
    expect(parseQuantity('0', 'piece')).toEqual({ ok: false, problem: 'notPositive' });
    expect(parseQuantity('0.00', 'metre')).toEqual({ ok: false, problem: 'notPositive' });
    expect(parseQuantity('-3', 'piece')).toEqual({ ok: false, problem: 'notPositive' });
    expect(parseQuantity('-2.5', 'metre')).toEqual({ ok: false, problem: 'notPositive' });
  });

  it('refuses what is not a number: empty, words, a thousands comma, exponents, a lone point', () => {
    for (const typed of ['', '   ', 'abc', '1,000', '12,5', '1e3', '.5', '5.', '12 m', '0x10', 'NaN', 'Infinity']) {
      expect({ typed, check: parseQuantity(typed, 'metre') }).toEqual({
        typed,
        check: { ok: false, problem: 'invalid' },
      });
    }
  });

  it('reads Arabic-Indic digits and the Arabic decimal separator', () => {
    expect(parseQuantity('٢٠٠', 'piece')).toEqual({ ok: true, quantity: 200 });
    expect(parseQuantity('١٢٫٥', 'metre')).toEqual({ ok: true, quantity: 12.5 });
    expect(parseQuantity('۴۰', 'pack')).toEqual({ ok: true, quantity: 40 });
    expect(parseQuantity('١٢٫٥', 'piece')).toEqual({ ok: false, problem: 'notWhole' });
  });

  it(`refuses more than ${QUOTE_LIMITS.maxQuantity} of a unit`, () => {
    expect(parseQuantity('100000', 'metre')).toEqual({ ok: true, quantity: 100_000 });
    expect(parseQuantity('100001', 'piece')).toEqual({ ok: false, problem: 'tooLarge' });
    expect(parseQuantity('100000.01', 'metre')).toEqual({ ok: false, problem: 'tooLarge' });
  });
});

describe('checkQuantity', () => {
  it('applies the same rules to a number (the server, and a line added to twice)', () => {
    expect(checkQuantity(40, 'piece')).toEqual({ ok: true, quantity: 40 });
    expect(checkQuantity(0.1 + 0.2, 'metre')).toEqual({ ok: true, quantity: 0.3 });
    expect(checkQuantity(2.5, 'pair')).toEqual({ ok: false, problem: 'notWhole' });
    expect(checkQuantity(1.005, 'metre')).toEqual({ ok: false, problem: 'tooPrecise' });
    expect(checkQuantity(0, 'roll')).toEqual({ ok: false, problem: 'notPositive' });
    expect(checkQuantity(-1, 'metre')).toEqual({ ok: false, problem: 'notPositive' });
    expect(checkQuantity(60_000 + 60_000, 'metre')).toEqual({ ok: false, problem: 'tooLarge' });
  });

  it('a quantity that rounds to 0 at two decimals is refused, never accepted as 0', () => {
    for (const tiny of [1e-9, 0.000001, 4e-7, Number.MIN_VALUE]) {
      expect(checkQuantity(tiny, 'metre')).toEqual({ ok: false, problem: 'tooPrecise' });
      expect(checkQuantity(tiny, 'piece')).toEqual({ ok: false, problem: 'notWhole' });
    }
    expect(parseQuantity('0.000000001', 'metre')).toEqual({ ok: false, problem: 'tooPrecise' });
    expect(checkQuantity(0.01, 'metre')).toEqual({ ok: true, quantity: 0.01 });
    expect(checkQuantity(100_000.000000001, 'metre')).toEqual({ ok: false, problem: 'tooLarge' });
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(checkQuantity(value, 'piece')).toEqual({ ok: false, problem: 'invalid' });
    }
  });
});

describe('units', () => {
  it('allows decimals for metres only, and knows the units of the catalogue', () => {
    expect(QUOTE_UNITS.filter(unitAllowsDecimals)).toEqual(['metre']);
    expect(isQuoteUnit('drum')).toBe(true);
    for (const value of ['metres', 'Metre', '', 3, null, undefined]) expect(isQuoteUnit(value)).toBe(false);
  });
});

describe('readPastedList', () => {
  it('reads cells copied from a spreadsheet (tabs) and skips its header row and empty lines', () => {
    const pasted = 'Code\tQty\r\nOC-SWA-416\t200\r\n\r\nHEX-CW-20S\t40\r\n';
    expect(readPastedList(pasted)).toEqual({
      entries: [
        { line: 2, code: 'OC-SWA-416', quantity: '200', text: 'OC-SWA-416\t200' },
        { line: 4, code: 'HEX-CW-20S', quantity: '40', text: 'HEX-CW-20S\t40' },
      ],
      unreadable: [],
    });
  });

  it('reads "code;qty", "code,qty" and "code qty unit" lines, the unit after the quantity ignored', () => {
    const { entries, unreadable } = readPastedList(
      'ABB-S201-C16;12\nELT-CT-370-48N, 5\nOC-SWA-416 12.5 m\n3M-33P-19-20   30 rolls',
    );
    expect(entries.map(({ line, code, quantity }) => ({ line, code, quantity }))).toEqual([
      { line: 1, code: 'ABB-S201-C16', quantity: '12' },
      { line: 2, code: 'ELT-CT-370-48N', quantity: '5' },
      { line: 3, code: 'OC-SWA-416', quantity: '12.5' },
      { line: 4, code: '3M-33P-19-20', quantity: '30' },
    ]);
    expect(unreadable).toEqual([]);
  });

  it('keeps a code written with spaces whole, and takes the last number as the quantity', () => {
    expect(readPastedList('OC SWA 416   200 m').entries).toEqual([
      { line: 1, code: 'OC SWA 416', quantity: '200', text: 'OC SWA 416   200 m' },
    ]);
    expect(readPastedList('hex cw 20S\t40').entries[0]).toMatchObject({ code: 'hex cw 20S', quantity: '40' });
  });

  it('reads Arabic-Indic quantities (the line shown back as pasted)', () => {
    expect(readPastedList('OC-SWA-416 ١٢٫٥').entries).toEqual([
      { line: 1, code: 'OC-SWA-416', quantity: '12٫5', text: 'OC-SWA-416 ١٢٫٥' },
    ]);
    expect(parseQuantity('12٫5', 'metre')).toEqual({ ok: true, quantity: 12.5 });
  });

  it('reports a line without a quantity, or with only a number, by its line number', () => {
    const pasted = 'Code Qty\nOC-SWA-416 200\nHEX-CW-20S\n40\n  \nMK-K2747-WHI 6';
    const { entries, unreadable } = readPastedList(pasted);
    expect(entries.map((e) => e.line)).toEqual([2, 6]);
    expect(unreadable).toEqual([
      { line: 3, text: 'HEX-CW-20S' },
      { line: 4, text: '40' },
    ]);
  });

  it('reports a first line that names a code without its quantity (only a header row, with no digit, is skipped)', () => {
    expect(readPastedList('HEX-CW-20S 40pcs\nOC-SWA-416 200')).toEqual({
      entries: [{ line: 2, code: 'OC-SWA-416', quantity: '200', text: 'OC-SWA-416 200' }],
      unreadable: [{ line: 1, text: 'HEX-CW-20S 40pcs' }],
    });
    expect(readPastedList('\n\nProduct code\tQuantity\nHEX-CW-20S\t40')).toEqual({
      entries: [{ line: 4, code: 'HEX-CW-20S', quantity: '40', text: 'HEX-CW-20S\t40' }],
      unreadable: [],
    });
  });

  it(`reads at most ${QUOTE_LIMITS.pasteLines} lines and ${QUOTE_LIMITS.pasteCharacters} characters`, () => {
    const lines = Array.from({ length: QUOTE_LIMITS.pasteLines + 50 }, (_, i) => `CODE-${i} 1`).join('\n');
    const { entries } = readPastedList(lines);
    expect(entries).toHaveLength(QUOTE_LIMITS.pasteLines);
    expect(entries.at(-1)?.line).toBe(QUOTE_LIMITS.pasteLines);
    const long = `A 1\n${'x'.repeat(QUOTE_LIMITS.pasteCharacters)}\nB 2`;
    expect(readPastedList(long).entries.map((e) => e.code)).toEqual(['A']);
  });

  it('answers an empty paste with nothing', () => {
    expect(readPastedList('')).toEqual({ entries: [], unreadable: [] });
    expect(readPastedList('\n \r\n\t')).toEqual({ entries: [], unreadable: [] });
  });
});

describe('normalizedProductCode', () => {
  it('ignores case, spaces, dashes, dots and underscores', () => {
    const forms = [
      'OC-SWA-416',
      'oc swa 416',
      'OC_SWA_416',
      'oc.swa.416',
      'OCSWA416',
      ' Oc-Swa 416 ',
      'OC\u00a0SWA\t416',
    ];
    expect(new Set(forms.map(normalizedProductCode))).toEqual(new Set(['ocswa416']));
    expect(normalizedProductCode('oc_cu_xlpe_swa_pvc_cable')).toBe('occuxlpeswapvccable');
  });

  it('keeps codes that differ in a letter or a digit apart', () => {
    expect(normalizedProductCode('OC-SWA-416')).not.toBe(normalizedProductCode('OC-SWA-410'));
    expect(normalizedProductCode('HEX-CW-20S')).not.toBe(normalizedProductCode('HEX-CW-20'));
  });
});

describe('quoteReference', () => {
  it("is RFQ-<the branch's code>-<year>-<id on six digits at least>, matched by QUOTE_REFERENCE_PATTERN", () => {
    expect(quoteReference(123, new Date('2026-03-05T10:00:00Z'), 'Dubai')).toBe('RFQ-AE-2026-000123');
    expect(quoteReference(124, new Date('2026-03-05T10:00:00Z'), 'Oman')).toBe('RFQ-OM-2026-000124');
    expect(quoteReference(1, new Date('2027-01-01T00:00:00Z'), 'Bahrain')).toBe('RFQ-BH-2027-000001');
    expect(quoteReference(1_234_567, new Date('2026-06-30T12:00:00Z'), 'Saudi Arabia')).toBe('RFQ-SA-2026-1234567');
    for (const reference of ['RFQ-AE-2026-000123', 'RFQ-SA-2026-1234567'])
      expect(reference).toMatch(QUOTE_REFERENCE_PATTERN);
  });

  it('still matches the references stored before the branch codes, and nothing else', () => {
    for (const reference of ['RFQ-2026-000123', 'RFQ-2026-1234567']) expect(reference).toMatch(QUOTE_REFERENCE_PATTERN);
    for (const reference of [
      'RFQ-2026-123',
      'rfq-2026-000123',
      'RFQ-26-000123',
      'RFQ-2026-000123x',
      'RFQ-ae-2026-000123',
      'RFQ-QA-2026-000123',
      'RFQ-AE-2026',
      'RFQ-AE-AE-2026-000123',
      'RFQ-AE-2026-0000000000001',
    ])
      expect(reference).not.toMatch(QUOTE_REFERENCE_PATTERN);
  });

  it("finds the reference in a PDF's file name, old or new", () => {
    expect(QUOTE_PDF_FILE_PATTERN.exec('RFQ-OM-2026-000124.pdf')?.[1]).toBe('RFQ-OM-2026-000124');
    expect(QUOTE_PDF_FILE_PATTERN.exec('RFQ-2026-000124.pdf')?.[1]).toBe('RFQ-2026-000124');
    for (const file of ['RFQ-OM-2026-000124', 'RFQ-OM-2026-000124.pdf.exe', '../RFQ-OM-2026-000124.pdf'])
      expect(QUOTE_PDF_FILE_PATTERN.exec(file)).toBeNull();
  });
});

describe('pasted lists as spreadsheets write them', () => {
  it('reads a thousands mark inside a quantity, and a comma between code and quantity as a separator', () => {
    const { entries, unreadable } = readPastedList(
      'OC-SWA-416\t1,000\nHEX-CW-20S,40\nABB-S201-C16, 2,500 pcs\nOC-SWA-416,200\nHEX-CW-20S\t1,250,000',
    );
    expect(unreadable).toEqual([]);
    expect(entries.map(({ code, quantity }) => [code, quantity])).toEqual([
      ['OC-SWA-416', '1000'],
      ['HEX-CW-20S', '40'],
      ['ABB-S201-C16', '2500'],
      ['OC-SWA-416', '200'],
      ['HEX-CW-20S', '1250000'],
    ]);
  });

  it('matches a code whose dashes a spreadsheet turned typographic', () => {
    expect(normalizedProductCode('OC–SWA—416')).toBe(normalizedProductCode('OC-SWA-416'));
  });
});
