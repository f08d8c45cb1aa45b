import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { FORMULA_LIKE_TEXTS, formulasOpened } from '../../test-support/spreadsheet.js';
import { csvRows, CsvSyntaxError, readCsv, writeCsv } from './csv.js';
import { guardFormula, unguardFormula } from './formulaGuard.js';

/** One cell as written (its row's CRLF taken off). */
const cell = (value: string | number | null) => csvRows([[value]]).slice(0, -2);

describe('the formula guard', () => {
  test('formula starts get an apostrophe: = + - @ tab CR ;, and one after a separator of any locale', () => {
    assert.equal(cell('=1+1'), "'=1+1");
    assert.equal(cell('+1'), "'+1");
    assert.equal(cell('-1'), "'-1");
    assert.equal(cell('@A1'), "'@A1");
    assert.equal(cell('\t=1'), '"\'\t\'=1"');
    assert.equal(cell('\r=1'), '"\'\r\'=1"');
    assert.equal(cell(';x'), `"';x"`);
    assert.equal(cell('a=1'), 'a=1');
    // a space first: no formula (but quoted, as an edge space is)
    assert.equal(cell(' =1'), '" =1"');
    // ... and a formula start after one gets the apostrophe: quotes alone do not hold in another locale (below)
    assert.equal(cell('semi;=1+1'), `"semi;'=1+1"`);
    assert.equal(cell('two\n@SUM(A1)'), `"two\n'@SUM(A1)"`);
  });

  test('quoting only where needed: a quote, a line break, any locale’s separator, an edge space', () => {
    assert.equal(cell('a,b'), '"a,b"');
    assert.equal(cell('say "hi"'), '"say ""hi"""');
    assert.equal(cell('two\nlines'), '"two\nlines"');
    // with ';' or tab as the separator, 'semi;x' would split in two
    assert.equal(cell('semi;x'), '"semi;x"');
    assert.equal(cell('tab\tx'), '"tab\tx"');
    assert.equal(cell('trailing '), '"trailing "');
    assert.equal(cell('plain'), 'plain');
    assert.equal(cell(null), '');
    assert.equal(cell(42), '42');
    assert.equal(csvRows([['a', null, '=x']]), "a,,'=x\r\n");
  });

  test('the file opened by a spreadsheet that splits on , ; tab (or a line break inside a cell): no field starts a formula', () => {
    const file = csvRows([['Aisha', ...FORMULA_LIKE_TEXTS, 'comma, -1+1']]);
    assert.deepEqual(formulasOpened(file), []);
    // what the guard is for: unguarded, the same cells would
    const bare = `Aisha,${FORMULA_LIKE_TEXTS.map((text) => `"${text.replace(/"/g, '""')}"`).join(',')}\r\n`;
    assert.ok(formulasOpened(bare).length > 0);
  });

  test('reading takes off exactly the guard: a value’s own apostrophes come back as they were', () => {
    const texts = [
      ...FORMULA_LIKE_TEXTS,
      "'=1+1",
      "''-5 mm",
      "'quoted",
      "it's",
      "a;'=b",
      "a\n'- b",
      "\t'=x",
      ' =1',
      '',
      'plain',
    ];
    for (const text of texts) assert.equal(unguardFormula(guardFormula(text)), text, JSON.stringify(text));
    assert.deepEqual(
      readCsv(
        writeCsv(
          ['text'],
          texts.map((text) => [text]),
        ),
      )
        .slice(1)
        .map((record) => record.cells[0]),
      texts.filter((text) => text !== ''),
    );
    // a spreadsheet shows a guarded cell without its first apostrophe: the file holds one more than the value
    assert.equal(
      writeCsv(['text'], [['=1+1'], ["'-5 mm gland"], ["'quoted"]]),
      "\uFEFFtext\r\n'=1+1\r\n''-5 mm gland\r\n'quoted\r\n",
    );
  });
});

describe('reading CSV', () => {
  test('each record with the line it starts on; blank lines skipped; any line end', () => {
    assert.deepEqual(readCsv('\uFEFFa,b\r\n\r\n"x\ny",z\n,,\n""\rlast'), [
      { line: 1, cells: ['a', 'b'] },
      { line: 3, cells: ['x\ny', 'z'] },
      { line: 5, cells: ['', '', ''] },
      { line: 7, cells: ['last'] },
    ]);
  });

  test('what is not CSV is refused with its line', () => {
    assert.throws(
      () => readCsv('a\nb,c"d\n'),
      new CsvSyntaxError('line 2: a quote in the middle of an unquoted cell (write it as "" inside a quoted cell)'),
    );
    assert.throws(() => readCsv('a\nb\nc,"d\ne\n'), new CsvSyntaxError('line 3: a quoted cell is never closed'));
    assert.throws(
      () => readCsv('a\n"b"c\n'),
      new CsvSyntaxError(`line 2: text after a quoted cell's closing quote (write a quote inside a quoted cell as "")`),
    );
  });
});
