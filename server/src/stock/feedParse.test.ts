// A feed's rows as read from its file, without a database: CSV's separators and line ends, JSON read an element at a
// time (strings holding brackets and quotes, elements across the reader's chunks), each field's checks.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { csvFeedRows, FeedFormatError, fieldNamed, jsonFeedRows, separatorOf } from './feedParse.js';
import { checkRow, westernDigits, wholeNumber, type RawRow } from './feedRows.js';
import { SeenSet } from './feedSeen.js';

async function rowsOf(read: (file: string) => AsyncGenerator<RawRow[]>, text: string): Promise<RawRow[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stock-parse-'));
  try {
    const file = path.join(dir, 'feed');
    await writeFile(file, text);
    const rows: RawRow[] = [];
    for await (const batch of read(file)) rows.push(...batch);
    return rows;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('reading a feed', () => {
  test('the separator is the header’s: comma, semicolon or tab, not one inside quotes', () => {
    assert.equal(separatorOf('code,location,on_hand'), ',');
    assert.equal(separatorOf('code;location;on_hand'), ';');
    assert.equal(separatorOf('code\tlocation\ton_hand'), '\t');
    assert.equal(separatorOf('"a,b,c";location;on_hand'), ';');
    assert.equal(separatorOf('code'), ',');
  });

  test('column and key names: spelled as an ERP or a spreadsheet does', () => {
    for (const name of ['on_hand', 'On hand', 'onHand', 'ON-HAND', 'Quantity on hand'])
      assert.equal(fieldNamed(name), 'onHand', name);
    assert.equal(fieldNamed('Lead time (days)'), 'leadTimeDays');
    assert.equal(fieldNamed('SKU'), 'code');
    assert.equal(fieldNamed('colour'), undefined);
  });

  test('CSV: each row with its line; blank lines skipped; cells past the header refuse the row', async () => {
    const rows = await rowsOf(
      csvFeedRows,
      '\uFEFFcode;location;on_hand\r\nA-1;dubai;3\r\n\r\n"B;2";muscat;"4"\rC;bahrain;5;extra\n',
    );
    assert.deepEqual(rows, [
      { line: 2, fields: { code: 'A-1', location: 'dubai', onHand: '3' } },
      { line: 4, fields: { code: 'B;2', location: 'muscat', onHand: '4' } },
      {
        line: 5,
        fields: { code: 'C', location: 'bahrain', onHand: '5' },
        problem: 'The row has more cells than the header names (3)',
      },
    ]);
    await assert.rejects(rowsOf(csvFeedRows, 'code,location\nA,dubai,1\n'), FeedFormatError);
    await assert.rejects(rowsOf(csvFeedRows, ''), /empty/);
  });

  test('CSV without a quote (read line by line): the same rows, a CRLF across the reader\u2019s chunks, too long a line refused', async () => {
    const rows = await rowsOf(
      csvFeedRows,
      '\uFEFFcode;location;on_hand\r\nA-1;dubai;3\r\n\r\n  \rB;muscat;\u0664\rC;bahrain;5;extra\n;;\n',
    );
    assert.deepEqual(rows, [
      { line: 2, fields: { code: 'A-1', location: 'dubai', onHand: '3' } },
      { line: 5, fields: { code: 'B', location: 'muscat', onHand: '\u0664' } },
      {
        line: 6,
        fields: { code: 'C', location: 'bahrain', onHand: '5' },
        problem: 'The row has more cells than the header names (3)',
      },
      { line: 7, fields: { code: '', location: '', onHand: '' } },
    ]);
    // the reader's chunks are 1 MiB: a line end split across two of them is one line end
    // the lines are kept in a list and their bytes counted as they are added (measuring the whole text each time
    // took this test a minute and a half)
    const lines = ['code,location,on_hand\r\n'];
    let bytes = Buffer.byteLength(lines[0]!);
    let count = 0;
    while (bytes < 1024 * 1024 - 40) {
      const line = `X-${count},dubai,\u0661\r\n`;
      lines.push(line);
      bytes += Buffer.byteLength(line);
      count += 1;
    }
    const text = lines.join('') + 'Y,dubai,'.padEnd(1024 * 1024 - 1 - bytes, '7') + '\r\nZ,dubai,1';
    const long = await rowsOf(csvFeedRows, text);
    assert.equal(long.length, count + 2);
    assert.deepEqual(long.at(-1), { line: count + 3, fields: { code: 'Z', location: 'dubai', onHand: '1' } });
    await assert.rejects(
      rowsOf(csvFeedRows, `code,location,on_hand\nA,dubai,${'1'.repeat(70_000)}\n`),
      /Line 2 is longer than 64 KB/,
    );
    await assert.rejects(
      rowsOf(csvFeedRows, `code,location,on_hand\n"A",dubai,${'1'.repeat(70_000)}\n`),
      /Line 2 is longer than 64 KB/,
    );
  });

  test('JSON: an array read an element at a time, whatever its strings hold and wherever the chunks end', async () => {
    const long = 'x'.repeat(70_000);
    const text = ` \uFEFF[ {"code": "A]}\\"[{", "location": "dubai", "onHand": 1},\n{"code":"B","location":"muscat","onHand":"٢"} , 7, "s", {"code": "${long.slice(0, 60_000)}", "onHand": 0}]  `;
    const rows = await rowsOf(jsonFeedRows, text);
    assert.deepEqual(rows.slice(0, 4), [
      { line: 1, fields: { code: 'A]}"[{', location: 'dubai', onHand: 1 } },
      { line: 2, fields: { code: 'B', location: 'muscat', onHand: '٢' } },
      { line: 3, fields: {}, problem: 'A row must be an object: {"code", "location", "onHand", …}' },
      { line: 4, fields: {}, problem: 'A row must be an object: {"code", "location", "onHand", …}' },
    ]);
    assert.equal(rows.length, 5);
    assert.deepEqual(await rowsOf(jsonFeedRows, '[]'), []);
    await assert.rejects(rowsOf(jsonFeedRows, `[{"code": "${long}"}]`), /longer than 64 KB/);
    for (const bad of ['', '{}', '[', '[1 2]', '[,1]', '[1,]', '[] x', '[{"a":}]'])
      await assert.rejects(rowsOf(jsonFeedRows, bad), FeedFormatError, bad);
  });
});

describe('checking a row', () => {
  const today = '2030-06-15';
  const row = (fields: RawRow['fields']) => checkRow({ line: 2, fields }, today);

  test('digits of Arabic scripts are digits', () => {
    assert.equal(westernDigits('\u0661\u0662\u0663 \u06f4\u06f5'), '123 45');
    assert.deepEqual(wholeNumber('\u0661\u0660', 'q'), { value: 10 });
    assert.deepEqual(wholeNumber('5.0', 'q'), { value: 5 });
    assert.deepEqual(wholeNumber('', 'q'), { value: null });
    assert.deepEqual(wholeNumber(7, 'q'), { value: 7 });
    for (const bad of [
      '-3',
      '2.5',
      '\u0662\u066b\u0665',
      '=2+3',
      '+5',
      '5 pcs',
      'NaN',
      '1e3',
      true,
      {},
      2.5,
      -1,
      '99999999999',
    ]) {
      assert.ok('problem' in wholeNumber(bad, 'q'), JSON.stringify(bad));
    }
  });

  test('a good row; each problem with its reason', () => {
    assert.deepEqual(
      row({
        code: ' HEX-25 ',
        location: 'Dubai',
        onHand: '3',
        incoming: '5',
        incomingDate: '2030-06-15',
        leadTimeDays: '',
      }),
      {
        line: 2,
        code: 'HEX-25',
        location: 'dubai',
        onHand: 3,
        incoming: 5,
        incomingDate: '2030-06-15',
        leadTimeDays: null,
        reason: null,
        message: null,
      },
    );
    const reasons: [RawRow['fields'], string][] = [
      [{ location: 'dubai', onHand: 1 }, 'missing-code'],
      [{ code: { x: 1 }, location: 'dubai', onHand: 1 }, 'missing-code'],
      [{ code: 'A', location: 'jeddah', onHand: 1 }, 'unknown-location'],
      [{ code: 'A', onHand: 1 }, 'unknown-location'],
      [{ code: 'A', location: 'dubai' }, 'bad-quantity'],
      [{ code: 'A', location: 'dubai', onHand: 1, incoming: -1 }, 'bad-quantity'],
      [{ code: 'A', location: 'dubai', onHand: 1, leadTimeDays: 'soon' }, 'bad-lead-time'],
      [{ code: 'A', location: 'dubai', onHand: 1, incoming: 2 }, 'bad-date'],
      [{ code: 'A', location: 'dubai', onHand: 1, incoming: 2, incomingDate: '2030-02-30' }, 'bad-date'],
      [{ code: 'A', location: 'dubai', onHand: 1, incoming: 2, incomingDate: '2030-06-14' }, 'past-date'],
      [{ code: 'x'.repeat(65), location: 'dubai', onHand: 1 }, 'unknown-code'],
    ];
    for (const [fields, reason] of reasons) assert.equal(row(fields).reason, reason, JSON.stringify(fields));
    assert.match(row({ code: 'A', location: 'KSA', onHand: 1 }).message ?? '', /Saudi associate holds no stock/);
    // a date without incoming stock: not judged, not kept
    assert.deepEqual(
      [
        row({ code: 'A', location: 'dubai', onHand: 1, incomingDate: '2001-01-01' }).reason,
        row({ code: 'A', location: 'dubai', onHand: 1, incomingDate: '2001-01-01' }).incomingDate,
      ],
      [null, null],
    );
  });
});

test('the code-locations seen: a million apart are none seen before; each again is', () => {
  const seen = new SeenSet();
  let before = 0;
  for (let index = 0; index < 1_000_000; index += 1) if (seen.seenBefore(`bench${index}`, 'dubai')) before += 1;
  assert.equal(before, 0);
  assert.ok(seen.seenBefore('bench999999', 'dubai'));
  assert.ok(!seen.seenBefore('bench999999', 'muscat'));
  assert.ok(!seen.seenBefore('bench99999', '9dubai'));
});
