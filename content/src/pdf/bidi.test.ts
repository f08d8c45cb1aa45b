// The display order of the PDF's mixed Arabic and Latin text (the examples are the catalogue's own names).
import assert from 'node:assert/strict';
import { displayOrder, paragraphLevel, resolveLevels, visualLine } from './bidi';

/** Arabic written in display order (left to right) for the expectations: the letters reversed. */
const shown = (arabic: string): string => [...arabic].reverse().join('');

describe('bidi display order', () => {
  test('left-to-right text is left as it is, brackets and numbers too', () => {
    assert.equal(
      displayOrder('0.6/1 kV Cu/XLPE/SWA/PVC Armoured Power Cable (BS 5467)'),
      '0.6/1 kV Cu/XLPE/SWA/PVC Armoured Power Cable (BS 5467)',
    );
  });

  test('Arabic alone reads right to left', () => {
    assert.equal(displayOrder('كابل مدرع'), `${shown('مدرع')} ${shown('كابل')}`);
  });

  test('Latin words, numbers and a bracketed standard inside Arabic keep their own order, the brackets theirs', () => {
    const name = 'كابل قدرة مدرّع 0.6/1 kV من نوع Cu/XLPE/SWA/PVC (BS 5467)';
    assert.equal(
      displayOrder(name),
      `Cu/XLPE/SWA/PVC (BS 5467) ${shown('نوع')} ${shown('من')} kV 0.6/1 ${shown('مدرّع')} ${shown('قدرة')} ${shown('كابل')}`,
    );
  });

  test('brackets around Arabic are mirrored, so they still open towards the text', () => {
    assert.equal(displayOrder('عُمان (مكتب مسقط)'), `(${shown('مسقط')} ${shown('مكتب')}) ${shown('عُمان')}`);
  });

  test('an Arabic word in an English line stays a right-to-left piece', () => {
    assert.equal(displayOrder('Delivery to دبي today'), `Delivery to ${shown('دبي')} today`);
  });

  test('numbers after Arabic read left to right, with their separators and percent', () => {
    assert.equal(displayOrder('الكمية 12.5 م'), `${shown('م')} 12.5 ${shown('الكمية')}`);
    // UAX #9: digits after Arabic letters are Arabic numbers, which a percent sign does not join (W5): it reads first
    assert.equal(displayOrder('خصم 15%'), `%15 ${shown('خصم')}`);
    assert.equal(
      displayOrder('مقاس 2.5 مم²'),
      `${shown('مم²')} 2.5 ${shown('مقاس')}`.replace(`${shown('مم²')}`, `²${shown('مم')}`),
    );
  });

  test("the paragraph's direction is its first strong character's, else the document's", () => {
    const cps = (text: string) => [...text].map((c) => c.codePointAt(0)!);
    assert.equal(paragraphLevel(cps('Gulf Build ذ.م.م'), 1), 0);
    assert.equal(paragraphLevel(cps('شركة Gulf Build'), 0), 1);
    assert.equal(paragraphLevel(cps('+971 50 123 4567'), 1), 1);
    assert.equal(paragraphLevel(cps('+971 50 123 4567'), 0), 0);
  });

  test('a phone number in a right-to-left paragraph has its groups reversed: the PDF writes such fields left to right', () => {
    assert.equal(displayOrder('+971 50 123 4567', 1), '4567 123 50 971+');
    assert.equal(displayOrder('+971 50 123 4567', 0), '+971 50 123 4567');
  });

  test('a wrapped line is reordered on its own, trailing space at the paragraph level', () => {
    const text = 'طلب عرض سعر for cables';
    const cps = [...text].map((c) => c.codePointAt(0)!);
    const levels = resolveLevels(cps, 1);
    const firstLine = visualLine(cps, levels, 0, 12, 1)
      .map((c) => c.char)
      .join('');
    assert.equal(firstLine, ` ${shown('سعر')} ${shown('عرض')} ${shown('طلب')}`);
  });
});
