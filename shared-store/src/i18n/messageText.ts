// Messages with plurals, formatted without Intl.NumberFormat.
//
// Lingui formats every plural's `#` with Intl.NumberFormat, even a case without `#`, and the page's first
// Intl.NumberFormat loads the locale's number data: 30-120 ms of one task on the main thread (130-470 ms at
// Lighthouse's 4x CPU) in the middle of the start-up, for the header's basket label ("Quote basket, empty") and the
// carousel's "1st". Intl.PluralRules, which picks the case, costs a few ms. So a message is formatted here as Lingui
// would (the same compiled tokens, the same rules), its counts written as Intl.NumberFormat writes whole numbers in
// both editions ('1,234'; ICU 74+ gives 'ar' Western digits too, as the Gulf writes them). Anything else (a fraction,
// a negative, a date or number argument) goes to Lingui. messageText.test.ts holds every message of every catalog to
// Lingui's own output.
import type { I18n } from '@lingui/core';

/** Lingui's compiled message: text, `[name]`, or `[name, format, cases]` (tools/webpack/messages-loader.cjs). */
type Token = string | [string] | [string, string, Record<string, unknown>?];
type Values = Record<string, unknown>;

/** Not formatted here: the message goes to Lingui. */
const LINGUI = Symbol('lingui');

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCase(locale: string, type: Intl.PluralRuleType, value: number): string {
  const key = `${locale}:${type}`;
  let rules = pluralRules.get(key);
  if (rules === undefined) {
    rules = new Intl.PluralRules(locale, { type });
    pluralRules.set(key, rules);
  }
  return rules.select(value);
}

/** A count as Intl.NumberFormat(locale) writes it, for the whole numbers it writes alike in 'en' and 'ar'. */
function countText(value: number): string | typeof LINGUI {
  if (!Number.isSafeInteger(value) || value < 0) return LINGUI;
  return String(value).replace(/\B(?=(\d{3})+$)/g, ',');
}

function format(tokens: unknown, values: Values, locale: string, count: string | undefined): string | typeof LINGUI {
  if (!Array.isArray(tokens)) return typeof tokens === 'string' ? tokens : LINGUI;
  let text = '';
  for (const token of tokens as Token[]) {
    if (typeof token === 'string') {
      text += token === '#' && count !== undefined ? count : token;
      continue;
    }
    const [name, type, cases = {}] = token;
    const value = values[name];
    let part: unknown;
    if (type === undefined) part = value;
    else if (type === 'select') part = format(cases[String(value)] ?? cases.other, values, locale, undefined);
    else if (type === 'plural' || type === 'selectordinal') {
      if (typeof value !== 'number') return LINGUI;
      const offset = typeof cases.offset === 'number' ? cases.offset : 0;
      const written = countText(value - offset);
      if (written === LINGUI) return LINGUI;
      const chosen =
        cases[String(value)] ??
        cases[pluralCase(locale, type === 'plural' ? 'cardinal' : 'ordinal', value - offset)] ??
        cases.other;
      part = format(chosen, values, locale, written);
    } else return LINGUI;
    if (part === LINGUI) return LINGUI;
    // as Lingui: an argument without a value leaves nothing; one with a value is joined as `+` joins it
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- values are texts, numbers and dates, as Lingui takes them
    if (part !== undefined && part !== null) text += String(part);
  }
  return text;
}

/** `_(id, values)` of the page's Lingui instance, plurals formatted without Intl.NumberFormat where they can be. */
export function messageText(i18n: I18n): (id: string, values?: Values) => string {
  return (id, values = {}) => {
    const compiled: unknown = i18n.messages[id];
    if (Array.isArray(compiled)) {
      const text = format(compiled, values, i18n.locale, undefined);
      if (text !== LINGUI) return text;
    }
    return i18n._(id, values);
  };
}
