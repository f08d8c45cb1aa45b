import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { setupI18n, type Messages } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { messageText } from './messageText';

const REPO = path.resolve(__dirname, '../../..');

/** Every app's catalog of one language, compiled as tools/webpack/messages-loader.cjs compiles it. */
function catalogs(locale: string): Array<[string, Messages]> {
  return readdirSync(REPO)
    .map((app) => path.join(REPO, app, 'src', 'i18n', `${locale}.json`))
    .filter((file) => existsSync(file))
    .map((file) => {
      const source = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(source).map(([id, text]) => [id, compileMessageOrThrow(text)]),
      );
      return [path.relative(REPO, file), compiled];
    });
}

type Token = string | [string, string?, Record<string, unknown>?];

/** The arguments of a compiled message: name → its format ('' for a plain one) and its cases. */
function argumentsOf(tokens: unknown, found = new Map<string, { type: string; cases: string[] }>()) {
  if (!Array.isArray(tokens)) return found;
  for (const token of tokens as Token[]) {
    if (typeof token === 'string') continue;
    const [name, type = '', cases = {}] = token;
    found.set(name, { type, cases: Object.keys(cases) });
    for (const inner of Object.values(cases)) argumentsOf(inner, found);
  }
  return found;
}

const COUNTS = [0, 1, 2, 3, 4, 5, 10, 11, 12, 21, 22, 99, 100, 101, 102, 111, 1000, 1234, 12345, 1234567];

/** Value sets for a message: each count for its plurals, each case for its selects, text for the rest. */
function valueSets(tokens: unknown): Array<Record<string, unknown>> {
  const args = [...argumentsOf(tokens)];
  const plural = args.filter(([, arg]) => arg.type === 'plural' || arg.type === 'selectordinal');
  const select = args.find(([, arg]) => arg.type === 'select');
  const base = Object.fromEntries(args.filter(([, arg]) => arg.type === '').map(([name]) => [name, `‹${name}›`]));
  const sets: Array<Record<string, unknown>> = [];
  for (const count of plural.length > 0 ? COUNTS : [undefined]) {
    const withCounts = { ...base, ...Object.fromEntries(plural.map(([name]) => [name, count])) };
    if (select === undefined) sets.push(withCounts);
    else for (const key of [...select[1].cases, 'not-a-case']) sets.push({ ...withCounts, [select[0]]: key });
  }
  return sets;
}

describe.each(['en', 'ar'])('every %s message reads as Lingui writes it', (locale) => {
  for (const [file, messages] of catalogs(locale)) {
    test(file, () => {
      const i18n = setupI18n();
      i18n.load(locale, messages);
      i18n.activate(locale);
      const text = messageText(i18n);
      let plurals = 0;
      for (const [id, tokens] of Object.entries(messages)) {
        if (JSON.stringify(tokens).match(/"(plural|selectordinal)"/)) plurals += 1;
        for (const values of valueSets(tokens))
          expect([id, values, text(id, values)]).toEqual([id, values, i18n._(id, values)]);
      }
      // the catalogs that have plurals: the test must have met them
      if (/(shell|mfe-company|shared-ui)\/src\/i18n\/en/.test(file)) expect(plurals).toBeGreaterThan(0);
    });
  }
});

describe('a plural without the locale’s number formatter', () => {
  const i18n = setupI18n();
  i18n.load('en', {
    basket: compileMessageOrThrow(
      '{count, plural, =0 {Quote basket, empty} one {Quote basket, # product} other {Quote basket, # products}}',
    ),
    rank: compileMessageOrThrow('{rank, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}'),
    nested: compileMessageOrThrow(
      '{n, plural, offset:1 =0 {nobody} one {you} other {you and # others ({kind, select, a {#} other {none}})}}',
    ),
  });
  i18n.activate('en');
  const text = messageText(i18n);

  test('writes counts, ranks and offsets without making an Intl.NumberFormat', () => {
    const made = jest.spyOn(Intl, 'NumberFormat');
    expect(text('basket', { count: 0 })).toBe('Quote basket, empty');
    expect(text('basket', { count: 1 })).toBe('Quote basket, 1 product');
    expect(text('basket', { count: 1234 })).toBe('Quote basket, 1,234 products');
    expect(text('rank', { rank: 2 })).toBe('2nd');
    expect(text('rank', { rank: 13 })).toBe('13th');
    expect(text('nested', { n: 3, kind: 'a' })).toBe('you and 2 others (#)');
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
  });

  test('leaves what it does not write (a fraction, a negative, a count given as text) to Lingui', () => {
    for (const count of [1.5, -2, '3']) expect(text('basket', { count })).toBe(i18n._('basket', { count }));
    expect(text('basket', { count: 2.5 })).toBe('Quote basket, 2.5 products');
  });

  test('an id with no message reads as Lingui reads it', () => {
    expect(text('no.such.message')).toBe(i18n._('no.such.message'));
  });
});
