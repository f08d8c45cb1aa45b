// The rich-text cleaning on its own: the committed catalogue's HTML passes through unchanged (else the allow-list is
// wrong), and each attack is left with nothing active.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { mapProductDetailHtml } from '@site/content/rich-text';
import { RICH_TEXT_ATTACKS } from '../test-support/richTextAttacks.js';
import { cleanDetailDocument, cleanRichText } from './richText.js';

const details = JSON.parse(
  readFileSync(new URL('../../../content/data/product-details.json', import.meta.url), 'utf8'),
) as Record<string, unknown>[];

test('every HTML fragment of the committed catalogue is kept exactly as it is', () => {
  let fragments = 0;
  for (const detail of details) {
    mapProductDetailHtml(detail, (html) => {
      fragments += 1;
      assert.equal(cleanRichText(html), html, `product ${String(detail.id)}`);
      return html;
    });
    assert.deepEqual(cleanDetailDocument(detail), detail);
  }
  assert.ok(fragments > 100, `${fragments} fragments checked`);
});

test('each attack is left with its text and nothing active', () => {
  for (const { html, banned } of RICH_TEXT_ATTACKS) {
    const clean = cleanRichText(html);
    assert.doesNotMatch(clean, banned, html);
    assert.match(clean, /Safe/, html);
  }
});

test('links keep http(s), mailto, tel and relative addresses; tables keep their spans', () => {
  const links =
    '<p><a href="https://example.com/a">a</a> <a href="/our-products">b</a> <a href="mailto:x@example.com">c</a> <a href="tel:+97140000000">d</a> <a href="#top">e</a></p>';
  assert.equal(cleanRichText(links), links);
  assert.equal(cleanRichText('<a href="data:text/html,x">x</a>'), '<a>x</a>');
  const table =
    '<table><thead><tr><th colspan="2">Size</th></tr></thead><tbody><tr><td rowspan="2">M20</td><td>3/4"</td></tr></tbody></table>';
  assert.equal(cleanRichText(table), table);
});

test('only the HTML fields of a detail document are cleaned; plain fields and key order stay', () => {
  const doc = {
    productName: 'A <b> name',
    detail: ['<p style="x">One</p>'],
    description: [
      { key: 'Size', value: '<b>plain</b>' },
      { key: '^note', value: '<p onclick="x()">Note</p>' },
      { key: '*Application', value: '<p>App<script>x</script></p>' },
      { key: '*Construction', value: [{ key: 'Core', value: '<em style="x">Cu</em>' }] },
    ],
    detailDescription: [
      {
        title: '<h3 class="c">T</h3>',
        table: [['<b>', 'b']],
        content: ['<p>c<iframe></iframe></p>'],
        DataAfterTable: ['<p>d</p>'],
      },
    ],
  };
  const clean = cleanDetailDocument(doc);
  assert.deepEqual(clean, {
    productName: 'A <b> name',
    detail: ['<p>One</p>'],
    description: [
      { key: 'Size', value: '<b>plain</b>' },
      { key: '^note', value: '<p>Note</p>' },
      { key: '*Application', value: '<p>App</p>' },
      { key: '*Construction', value: [{ key: 'Core', value: '<em>Cu</em>' }] },
    ],
    detailDescription: [
      { title: '<h3>T</h3>', table: [['<b>', 'b']], content: ['<p>c</p>'], DataAfterTable: ['<p>d</p>'] },
    ],
  });
  assert.deepEqual(Object.keys(clean.detailDescription && (clean.detailDescription as object[])[0]!), [
    'title',
    'table',
    'content',
    'DataAfterTable',
  ]);
});
