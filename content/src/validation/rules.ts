// Field rules shared by the browser forms and the server's schemas (server/src/platform/validation).
// Plain data and functions only: no zod, no node modules, so browser bundles can import them.
/**
 * The e-mail check of every form (spec "Validation rules"): text, @, text, dot, text, no spaces.
 * The text parts also exclude the few characters that would let one field hold several mail
 * addresses or a display name (, ; : < > ( ) [ ] \ "), because the server uses it as Reply-To.
 */
export const EMAIL_PATTERN = /^[^\s@,;:<>()[\]\\"]+@[^\s@,;:<>()[\]\\"]+\.[^\s@,;:<>()[\]\\"]+$/;

export const isValidEmail = (value: string): boolean => EMAIL_PATTERN.test(value.trim());

/**
 * Branch names, the one list of them: the `name` of each record of data/branches.json (its schema checks it), the only
 * values a form's country / region field may hold, and the branches staff work for (the staff contract, and the check
 * on staff_accounts.branch that the server's database test holds to this list).
 */
export const BRANCH_NAMES = ['Dubai', 'Oman', 'Bahrain', 'Saudi Arabia'] as const;
export type BranchName = (typeof BRANCH_NAMES)[number];

export const isBranchName = (value: string): value is BranchName => (BRANCH_NAMES as readonly string[]).includes(value);

/**
 * Each branch's country (ISO 3166-1 alpha-2): the code its request and quotation numbers carry ('RFQ-OM-2026-000123',
 * 'QT-OM-2026-000001'), so a number is unique across the group, and the country whose VAT its quotations charge.
 */
export const BRANCH_CODES = {
  Dubai: 'AE',
  Oman: 'OM',
  Bahrain: 'BH',
  'Saudi Arabia': 'SA',
} as const satisfies Readonly<Record<BranchName, string>>;
export type BranchCode = (typeof BRANCH_CODES)[BranchName];

/** The branch a form goes to when the visitor picks none. */
export const DEFAULT_BRANCH_NAME = 'Dubai';

/**
 * Longest accepted value of each text field, in characters as a person counts them (characterCount: grapheme
 * clusters, so 'مُحَمَّد' is 4). The browser cuts what is typed to them (cutToCharacters), the server rejects anything
 * longer (contracts' textField). A full request stays under the server's 16 KB body limit.
 */
export const FIELD_MAX_LENGTH = {
  name: 100,
  email: 254,
  phone: 40,
  message: 4000,
  companyName: 150,
  companyLocation: 150,
} as const;

/**
 * The hidden anti-spam field: a person never sees or fills it, simple bots fill every input.
 * The server accepts the submission but flags it as spam and sends no e-mail.
 */
export const HONEYPOT_FIELD = 'website';

/**
 * What kind of text a field holds. A 'line' (names, e-mails, phones, companies: they end up in mail headers and
 * subjects and are shown inline) takes no line breaks and no text-direction controls; 'multiline' (messages,
 * reviews, chat) takes tab and line breaks.
 */
export type TextKind = 'line' | 'multiline';

/** Why a value is not accepted text: 'control' (control characters, broken surrogate pairs) or 'direction'. */
export type TextProblem = 'control' | 'direction';

/** C0 controls, DEL and C1 controls, other than tab, LF and CR: never typed by a person (and NUL breaks PostgreSQL). */
const CONTROL_IN_TEXT = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f';
/** Every control character: one-line text takes no tab or line break (CR/LF could reach a mail header). */
const CONTROL_IN_LINE = '\\u0000-\\u001f\\u007f-\\u009f';
/** Half of a surrogate pair on its own: not text (JSON allows it, UTF-8 and so PostgreSQL cannot hold it). */
const LONE_SURROGATE = '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
/**
 * The bidirectional embedding, override and isolate controls, U+202A–U+202E and U+2066–U+2069: invisible, they
 * reorder the text around them ("\u202Egpj.exe" shows as "exe.jpg"). Arabic or Hebrew text, alone or mixed with
 * Latin, needs none of them (the Unicode bidi algorithm orders it); the marks U+200E, U+200F and U+061C stay allowed.
 */
const DIRECTION_CONTROL = '\\u202A-\\u202E\\u2066-\\u2069';

const NOT_TEXT: Record<TextKind, string> = {
  line: `[${CONTROL_IN_LINE}]|${LONE_SURROGATE}`,
  multiline: `[${CONTROL_IN_TEXT}]|${LONE_SURROGATE}`,
};
const NOT_TEXT_TEST: Record<TextKind, RegExp> = {
  line: new RegExp(NOT_TEXT.line),
  multiline: new RegExp(NOT_TEXT.multiline),
};
const DIRECTION_TEST = new RegExp(`[${DIRECTION_CONTROL}]`);
const DISALLOWED: Record<TextKind, RegExp> = {
  line: new RegExp(`${NOT_TEXT.line}|[${DIRECTION_CONTROL}]`, 'g'),
  multiline: new RegExp(NOT_TEXT.multiline, 'g'),
};

/**
 * The one character rule of every text field, browser and server: null when `value` is acceptable text of that
 * kind, else what is wrong with it. Length, trimming and required-ness are the caller's.
 */
export function textProblem(value: string, kind: TextKind): TextProblem | null {
  if (NOT_TEXT_TEST[kind].test(value)) return 'control';
  if (kind === 'line' && DIRECTION_TEST.test(value)) return 'direction';
  return null;
}

/** `value` without the characters textProblem refuses in text of that kind (for text we did not check: an AI's answer, older rows). */
export const withoutDisallowedCharacters = (value: string, kind: TextKind): string =>
  value.replace(DISALLOWED[kind], '');

/**
 * At most `max` characters of `value` (UTF-16 code units, as maxLength and the server's limits count), cut between
 * code points: an emoji or other character outside the BMP is kept whole or left out, never halved (half of one is
 * not text, and a server refuses it).
 */
export function cutText(value: string, max: number): string {
  if (value.length <= max) return value;
  if (max <= 0) return '';
  const last = value.charCodeAt(max - 1);
  return value.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/**
 * UTF-16 units one character may take (CHARACTER_MAX_UNITS): a letter with its vowel marks, an accent typed apart, a
 * family emoji or a flag with its tags fit (up to 14); a letter stacked with dozens of combining marks does not.
 */
export const CHARACTER_MAX_UNITS = 32;

/**
 * Made at its first use, not as the module loads: the first Intl.Segmenter loads the browser's break-iteration data,
 * 50-110 ms of one task at Lighthouse's 4x CPU (2026-11-28), and the pages that import these rules (a product page's
 * review form, the contact page, the chat) start without segmenting anything (a value within its limit never is).
 */
let graphemes: Intl.Segmenter | undefined;

/** `value`'s characters as a person sees them: grapheme clusters ('é' typed as e + accent, a flag, a family emoji: one each). */
function charactersOf(value: string): string[] {
  if ('Segmenter' in Intl) graphemes ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  // without Intl.Segmenter (older browsers), code points: never fewer than the clusters, so never looser
  return graphemes === undefined ? Array.from(value) : Array.from(graphemes.segment(value), (part) => part.segment);
}

/** The characters a person sees in `value` (grapheme clusters): the one count of every length limit, browser and server. */
export function characterCount(value: string): number {
  return charactersOf(value).length;
}

/**
 * Whether `value` is at most `max` characters (characterCount), none of them over CHARACTER_MAX_UNITS. The UTF-16
 * length is checked first, so a huge value costs no segmenting.
 */
export function isWithinCharacters(value: string, max: number): boolean {
  if (value.length <= max) return true; // a cluster is at least one unit
  if (value.length > max * CHARACTER_MAX_UNITS) return false;
  const characters = charactersOf(value);
  return characters.length <= max && characters.every((character) => character.length <= CHARACTER_MAX_UNITS);
}

/** The first `max` characters of `value` (whole grapheme clusters): what a form field keeps of what is typed or pasted. */
export function cutToCharacters(value: string, max: number): string {
  if (value.length <= max) return value;
  return charactersOf(value).slice(0, max).join('');
}
