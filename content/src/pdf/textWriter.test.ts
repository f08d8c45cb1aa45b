// The PDF's lines as drawn, left to right: what a reader of a quote PDF sees of mixed Arabic, Latin, numbers and
// brackets (pdftotext reads a PDF back in its own guess of reading order, so the runs are checked here instead).
import assert from 'node:assert/strict';
import PDFDocument from 'pdfkit';
import { PdfTextWriter, registerFonts, type TextStyle } from '.';

const STYLE: TextStyle = { size: 10, weight: 'regular', color: '#000000' };
const RTL_SCRIPT = /\p{Script=Arabic}/u;

/** The line as drawn, left to right (fontkit shows an Arabic run reversed: reversed back here). */
function shown(text: string, documentLevel: 0 | 1): string {
  const doc = new PDFDocument({ size: 'A4' });
  registerFonts(doc);
  const { lines } = new PdfTextWriter(doc, documentLevel).layout(text, 500, STYLE);
  assert.equal(lines.length, 1, 'one line');
  return lines[0]!.runs
    .map((run) => (RTL_SCRIPT.test(run.text) ? [...run.text].reverse().join('') : run.text))
    .join('');
}

/** Arabic written in display order (left to right) for the expectations: the letters reversed. */
const ar = (arabic: string): string => [...arabic].reverse().join('');

test('a name set apart (U+2068…U+2069) keeps its brackets and numbers to itself: the quantity after it stays after it', () => {
  // Without the isolate's rules the 12 would join "(BS 5467)" as one left-to-right piece: "BS 5467) 12".
  assert.equal(
    shown('الكمية من ⁨Armoured Cable (BS 5467)⁩ 12 متر', 1),
    `${ar('متر')} 12 Armoured Cable (BS 5467) ${ar('من')} ${ar('الكمية')}`,
  );
  // an Arabic name in an English line: the quantity is not drawn inside the name
  assert.equal(
    shown('Order ⁨كابل مدرع (٤ قلوب)⁩ 12 pcs', 0),
    `Order (${ar('قلوب')} ٤) ${ar('مدرع')} ${ar('كابل')} 12 pcs`,
  );
});

test('brackets pair up (N0): a bracketed standard after Arabic stays one piece with its brackets, around Arabic they are mirrored', () => {
  assert.equal(
    shown('كابل مدرع Cu/XLPE (BS 5467) بطول 100 م', 1),
    `${ar('م')} 100 ${ar('بطول')} Cu/XLPE (BS 5467) ${ar('مدرع')} ${ar('كابل')}`,
  );
  assert.equal(shown('Gland for كابل (مدرع) size M20', 0), `Gland for (${ar('مدرع')}) ${ar('كابل')} size M20`);
});
