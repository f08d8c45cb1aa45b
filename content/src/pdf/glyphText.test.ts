// Arabic drawn into a PDF reads back as written (pdftotext: what copy, search and screen readers get), although the
// font draws several letters with one glyph: the initial and medial beh, teh, theh, noon, yeh and yeh with hamza.
import assert from 'node:assert/strict';
import PDFDocument from 'pdfkit';
import { PdfTextWriter, registerFonts } from '.';
import { pdfText, pdfWords } from './testing/pdftotext';

async function arabicPdf(lines: readonly string[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 40 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  registerFonts(doc);
  const writer = new PdfTextWriter(doc, 1);
  let top = 40;
  for (const line of lines)
    top += writer.write(line, 40, top, 500, { size: 11, weight: 'regular', color: '#000000' }, { align: 'start' });
  doc.end();
  return ended;
}

test('Arabic words whose letters share one shape read back letter for letter, in a line with a code and numbers', async () => {
  // each word has two or more of the letters of one dotless shape, or such a letter after one drawn before
  const lines = [
    'منتجات التجارة الكهربائية',
    'الإجمالي شامل الضريبة',
    'الكمية: 100 قطعة',
    'شروط التسليم والأحكام',
    'رمز المنتج HEX-CW-25 مقاس 25',
    'بيئة ثابتة نيئة تنتهي بنية بينية',
  ];
  const read = pdfText(await arabicPdf(lines));
  if (!('text' in read)) {
    console.warn(read.skipped);
    return;
  }
  const words = pdfWords(read.text);
  for (const line of lines)
    for (const word of pdfWords(line)) assert.ok(words.includes(word), `"${word}" of "${line}" in: ${words.join(' ')}`);
});

test('a word with marks (shadda, tanween) reads back whole, its letters in order: a mark is read with its letter', async () => {
  const lines = ['كابل قدرة مدرّع من نوع', 'التوفر: يؤكده الفرع لاحقاً'];
  const read = pdfText(await arabicPdf(lines));
  if (!('text' in read)) {
    console.warn(read.skipped);
    return;
  }
  // poppler puts a mark read with its letter one letter early ("مدّرع"): the letters are compared, and no mark stands
  // apart as a word of its own (it did, splitting its word: "مد ّرع", "لاحقا ً")
  const letters = (word: string) => word.replace(/\p{M}/gu, '');
  const words = pdfWords(read.text);
  for (const line of lines)
    for (const word of pdfWords(line))
      assert.ok(words.map(letters).includes(letters(word)), `"${word}" of "${line}" in: ${words.join(' ')}`);
  assert.deepEqual(
    words.filter((word) => letters(word) === ''),
    [],
    'a mark apart from its word',
  );
});
