// The length rule of every stored text field: characters as a person counts them (grapheme clusters), with a byte
// bound so that one "character" cannot carry kilobytes.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { characterCount, maxBytesOf, textField, utf8Length } from '@site/contracts/text-field';

const name = textField('name', { max: 10 });
const problems = (value: unknown) => {
  const result = name.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('textField: length in characters a person sees, and bytes', () => {
  test('characterCount counts grapheme clusters', () => {
    assert.equal(characterCount('Aisha'), 5);
    assert.equal(characterCount('Re\u0301ne\u0301'), 4, 'accents typed as combining marks');
    assert.equal(characterCount('🇦🇪'), 1, 'a flag: two code points');
    assert.equal(characterCount('👨‍👩‍👧'), 1, 'a family: five code points joined');
    assert.equal(characterCount('مُحَمَّد'), 4, 'Arabic with its vowel marks');
  });

  test('a name of 10 characters is taken however it is encoded; an 11th is refused', () => {
    assert.deepEqual(problems('Re\u0301ne\u0301 Dupo'), []);
    // ten letters each with a combining accent: 20 code points, 20 UTF-16 units, 10 characters
    assert.deepEqual(problems('e\u0301'.repeat(10)), []);
    assert.deepEqual(problems('مُحَمَّد علي'), []);
    assert.deepEqual(problems('🙂'.repeat(10)), [], 'ten emoji (20 UTF-16 units)');
    assert.deepEqual(problems('e\u0301'.repeat(11)), ['name must be at most 10 characters']);
    assert.deepEqual(problems('x'.repeat(11)), ['name must be at most 10 characters']);
  });

  test('one character stacked with combining marks is refused by the byte bound', () => {
    const zalgo = `a${'\u0301'.repeat(50)}`; // one cluster, 101 bytes
    assert.equal(characterCount(zalgo), 1);
    assert.ok(Buffer.byteLength(zalgo) > maxBytesOf(10));
    assert.deepEqual(problems(zalgo), ['name must be at most 10 characters']);
  });

  test('NUL and other controls are refused with the rule\'s words, whatever the length', () => {
    assert.deepEqual(problems('a\u0000b'), ['name contains characters that are not allowed']);
    assert.deepEqual(problems('a\u001bb'), ['name contains characters that are not allowed']);
    assert.deepEqual(problems('a\u202eb'), ['name contains invisible text-direction characters (U+202A–U+202E, U+2066–U+2069), which are not allowed']);
  });
});

describe('utf8Length', () => {
  test('counts as Node does, lone surrogates as U+FFFD', () => {
    for (const value of ['', 'Aisha', 'é', 'مُحَمَّد', '中文', '🇦🇪', '👨‍👩‍👧', '\ud800', 'a\udc00b', '\ud83d']) {
      assert.equal(utf8Length(value), Buffer.byteLength(value, 'utf8'), JSON.stringify(value));
    }
  });
});
