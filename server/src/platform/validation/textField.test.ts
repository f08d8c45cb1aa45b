// The length rule of every stored text field: characters as a person counts them (grapheme clusters), the browser's
// count too, and no one "character" carrying dozens of stacked marks.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CHARACTER_MAX_UNITS, cutToCharacters } from '@site/content/validation';
import { characterCount, textField } from '@site/contracts/text-field';

const name = textField('name', { max: 10 });
const problems = (value: unknown) => {
  const result = name.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

/** `letters` Arabic letters, each with a shadda and a vowel mark: vocalised text as a person writes it (3 UTF-16 units, 6 bytes each). */
const vocalisedArabic = (letters: number) =>
  Array.from(
    { length: letters },
    (_, i) => `${'بتثجحخدذرزسشصضطظعغفقكلمنهوي'[i % 27]}\u0651${i % 2 === 0 ? '\u064E' : '\u0650'}`,
  ).join('');

describe('textField: length in characters a person sees', () => {
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

  test('seventy vocalised Arabic letters are seventy characters: taken by a field of 100, as the browser keeps them', () => {
    const seventy = vocalisedArabic(70);
    assert.equal(characterCount(seventy), 70);
    assert.ok(Buffer.byteLength(seventy) > 400, 'over four bytes a character');
    const field = textField('customerName', { max: 100 });
    assert.equal(field.safeParse(seventy).success, true);
    assert.equal(cutToCharacters(seventy, 100), seventy, 'the browser keeps all of it');
    assert.equal(field.safeParse(vocalisedArabic(101)).success, false);
    assert.equal(
      cutToCharacters(vocalisedArabic(101), 100),
      vocalisedArabic(100),
      'cut between letters, marks kept with theirs',
    );
    assert.deepEqual(problems('👨‍👩‍👧‍👦'.repeat(10)), [], 'ten family emoji, 11 units each');
  });

  test('one character stacked with dozens of combining marks is refused', () => {
    const zalgo = `a${'\u0301'.repeat(CHARACTER_MAX_UNITS)}`; // one cluster
    assert.equal(characterCount(zalgo), 1);
    assert.deepEqual(problems(zalgo), ['name must be at most 10 characters']);
    assert.deepEqual(problems(`a${'\u0301'.repeat(CHARACTER_MAX_UNITS - 1)}`), [], 'up to the bound');
  });

  test("NUL and other controls are refused with the rule's words, whatever the length", () => {
    assert.deepEqual(problems('a\u0000b'), ['name contains characters that are not allowed']);
    assert.deepEqual(problems('a\u001bb'), ['name contains characters that are not allowed']);
    assert.deepEqual(problems('a\u202eb'), [
      'name contains invisible text-direction characters (U+202A–U+202E, U+2066–U+2069), which are not allowed',
    ]);
  });
});
