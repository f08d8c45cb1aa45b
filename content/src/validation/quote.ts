// The request-for-quotation rules, shared by the browser (catalogue's "Add to quote", the basket, the
// request page's "Paste a list") and the server's schema. Plain data and functions: no zod, no node modules.
// Like the contact form's rules they answer with codes, never texts: each app words them in the page's language.
import { withWesternDigits } from './digits';
import { isQuoteUnit, QUOTE_LIMITS, type QuoteUnit } from './quantity';
import { BRANCH_CODES, type BranchName } from './rules';

/**
 * Each unit's words, for what cannot read the browser's messages (the server's mails, pages and PDFs): English [one,
 * other]; Arabic as a label (`ar`: a table's unit column, no number agreement) and as Arabic counts it (`arCounted`,
 * chosen by Intl.PluralRules('ar'): 'one' and 'two' are said in words, 'قطعة واحدة', 'قطعتان'; after the figure, 'few'
 * (3–10) is the plural, '3 قطع', and 'many' (11–99) the singular accusative, '40 قطعة', '40 مترًا'; 'other' (100 and
 * over, a fraction) is the label, '100 قطعة'). shared-ui's catalogs hold the same words as `ui.unit.*` and
 * `ui.quantity.*` (shared-ui/src/quantity/unitWords.test.ts keeps them equal).
 */
export const QUOTE_UNIT_WORDS: Readonly<
  Record<
    QuoteUnit,
    {
      en: readonly [string, string];
      ar: string;
      arCounted: Readonly<{ one: string; two: string; few: string; many: string }>;
    }
  >
> = {
  piece: {
    en: ['piece', 'pieces'],
    ar: 'قطعة',
    arCounted: { one: 'قطعة واحدة', two: 'قطعتان', few: 'قطع', many: 'قطعة' },
  },
  metre: {
    en: ['metre', 'metres'],
    ar: 'متر',
    arCounted: { one: 'متر واحد', two: 'متران', few: 'أمتار', many: 'مترًا' },
  },
  pack: {
    en: ['pack', 'packs'],
    ar: 'عبوة',
    arCounted: { one: 'عبوة واحدة', two: 'عبوتان', few: 'عبوات', many: 'عبوة' },
  },
  box: {
    en: ['box', 'boxes'],
    ar: 'صندوق',
    arCounted: { one: 'صندوق واحد', two: 'صندوقان', few: 'صناديق', many: 'صندوقًا' },
  },
  coil: {
    en: ['coil', 'coils'],
    ar: 'لفة',
    arCounted: { one: 'لفة واحدة', two: 'لفتان', few: 'لفات', many: 'لفة' },
  },
  drum: {
    en: ['drum', 'drums'],
    ar: 'بكرة',
    arCounted: { one: 'بكرة واحدة', two: 'بكرتان', few: 'بكرات', many: 'بكرة' },
  },
  roll: {
    en: ['roll', 'rolls'],
    ar: 'لفافة',
    arCounted: { one: 'لفافة واحدة', two: 'لفافتان', few: 'لفافات', many: 'لفافة' },
  },
  set: {
    en: ['set', 'sets'],
    ar: 'طقم',
    arCounted: { one: 'طقم واحد', two: 'طقمان', few: 'أطقم', many: 'طقمًا' },
  },
  kit: {
    en: ['kit', 'kits'],
    ar: 'مجموعة',
    arCounted: { one: 'مجموعة واحدة', two: 'مجموعتان', few: 'مجموعات', many: 'مجموعة' },
  },
  length: {
    en: ['length', 'lengths'],
    ar: 'طول',
    arCounted: { one: 'طول واحد', two: 'طولان', few: 'أطوال', many: 'طولًا' },
  },
  pair: {
    en: ['pair', 'pairs'],
    ar: 'زوج',
    arCounted: { one: 'زوج واحد', two: 'زوجان', few: 'أزواج', many: 'زوجًا' },
  },
};

/** The plural rules quantityInUnit asks, made once on its first use (not when a bundle merely imports this module). */
let pluralRules: { en: Intl.PluralRules; ar: Intl.PluralRules } | undefined;

/**
 * A quantity in its unit's words, as the site's messages say it (shared-ui's ui.quantity.*): '1 piece', '100 pieces',
 * '12.5 metres'; 'قطعة واحدة', 'قطعتان', '5 قطع', '40 قطعة', '100 قطعة'. `written` is the figure as shown (grouped:
 * '1,000'); a unit the site has no words for follows the figure as it is ('' none: the figure alone).
 */
export function quantityInUnit(count: number, unit: string, locale: 'en' | 'ar', written = String(count)): string {
  const words = isQuoteUnit(unit) ? QUOTE_UNIT_WORDS[unit] : undefined;
  if (words === undefined) return unit.trim() === '' ? written : `${written} ${unit.trim()}`;
  pluralRules ??= { en: new Intl.PluralRules('en'), ar: new Intl.PluralRules('ar') };
  const form = pluralRules[locale].select(count);
  if (locale === 'en') return `${written} ${words.en[form === 'one' ? 0 : 1]}`;
  if (form === 'one' || form === 'two') return words.arCounted[form];
  return `${written} ${form === 'few' || form === 'many' ? words.arCounted[form] : words.ar}`;
}

/** One line of a pasted list, read: the product's code or id as written, and the quantity text after it. */
export interface PastedEntry {
  /** 1-based line number in the pasted text. */
  line: number;
  code: string;
  quantity: string;
  /** The line as pasted (trimmed), to show back when it is not recognised. */
  text: string;
}

/** A pasted line that could not be read as "code quantity". */
export interface PastedProblem {
  line: number;
  text: string;
}

/**
 * Reads a list pasted from a spreadsheet or typed: one product per line, its code (or id) then its quantity,
 * separated by a tab, spaces, a comma or a semicolon ("OC-SWA-416  200", "MCB-C16;40"). A unit written after the
 * quantity ("200 m", "40 pcs") is ignored, so is a header row ("Code  Qty") or an empty line. At most
 * QUOTE_LIMITS.pasteLines lines are read.
 */
export function readPastedList(pasted: string): { entries: PastedEntry[]; unreadable: PastedProblem[] } {
  const entries: PastedEntry[] = [];
  const unreadable: PastedProblem[] = [];
  const lines = pasted
    .slice(0, QUOTE_LIMITS.pasteCharacters)
    .split(/\r\n|\r|\n/)
    .slice(0, QUOTE_LIMITS.pasteLines);
  const firstLine = lines.findIndex((raw) => raw.trim() !== '');
  lines.forEach((raw, index) => {
    const text = raw.trim();
    if (text === '') return;
    const cells = withWesternDigits(text)
      // thousands marks inside a number standing alone ('\t1,000', ' 2,500'); a comma after a code ('OC-SWA-416,200')
      // stays a separator
      .replace(/(?<=(?:^|[\s;])\d{1,3}(?:,\d{3})*),(?=\d{3}(?!\d))/g, '')
      .split(/[\t;,]|\s{1,}/)
      .map((cell) => cell.trim())
      .filter((cell) => cell !== '');
    // the quantity: the last cell that is a number (a unit may follow it)
    const quantityAt = cells.findLastIndex((cell) => /^\+?\d+([.٫]\d+)?$/.test(cell));
    if (quantityAt < 1) {
      // a header row ("Code Qty"): the first line, without a digit (a code without its quantity has some), is not a
      // problem worth reporting
      if (index === firstLine && !/\d/.test(cells.join(''))) return;
      unreadable.push({ line: index + 1, text });
      return;
    }
    entries.push({ line: index + 1, code: cells.slice(0, quantityAt).join(' '), quantity: cells[quantityAt]!, text });
  });
  return { entries, unreadable };
}

/** A code as compared: case, spaces, dashes (typographic ones too: a spreadsheet may turn '-' into '–'), dots and underscores ignored ('oc-swa 416' = 'OC_SWA_416'). */
export const normalizedProductCode = (code: string): string =>
  code.toLowerCase().replace(/[\s\-_.\u2010-\u2015\u2212]+/g, '');

/**
 * The reference of a stored request: RFQ-<its branch's code>-<year>-<id, six digits at least> ('RFQ-OM-2026-000123').
 * The id is the group's one sequence, so a reference is unique across the branches; the code says whose it is.
 */
export function quoteReference(id: number, createdAt: Date, branch: BranchName): string {
  return `RFQ-${BRANCH_CODES[branch]}-${createdAt.getUTCFullYear()}-${String(id).padStart(6, '0')}`;
}

const REFERENCE_TEXT = referenceText();

/** A reference as text, unanchored: with a branch's code, or without one (RFQ-2026-000123: stored before the codes, kept). */
function referenceText(): string {
  return `RFQ-(?:(?:${Object.values(BRANCH_CODES).join('|')})-)?\\d{4}-\\d{6,12}`;
}

/** Any request's reference, as stored: new (RFQ-AE-2026-000123) and old (RFQ-2026-000123) alike. */
export const QUOTE_REFERENCE_PATTERN = new RegExp(`^${REFERENCE_TEXT}$`);

/** A request's PDF by its file name, the reference captured ('RFQ-AE-2026-000123.pdf'). */
export const QUOTE_PDF_FILE_PATTERN = new RegExp(`^(${REFERENCE_TEXT})\\.pdf$`);

const DATE_TEXT = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;
const utcDay = (date: Date, yearsAhead = 0): number =>
  Date.UTC(date.getUTCFullYear() + yearsAhead, date.getUTCMonth(), date.getUTCDate());
const dateText = (time: number): string => new Date(time).toISOString().slice(0, 10);

/**
 * Why `value` is not a calendar day: not written 'YYYY-MM-DD' ('format'), or no such day ('noSuchDay': 2026-02-30).
 * The date fields' rule (the needed-by date, the staff inbox's from and to), in the browser and on the server.
 */
export function calendarDayProblem(value: string): 'format' | 'noSuchDay' | null {
  if (!DATE_TEXT.test(value)) return 'format';
  // Date.parse takes 2026-02-30 as 2 March: the day must come back as written
  const time = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(time) || dateText(time) !== value ? 'noSuchDay' : null;
}

/** Why a needed-by date is refused: not written 'YYYY-MM-DD', no such day, before today, more than two years ahead. */
export type NeededByProblem = 'format' | 'noSuchDay' | 'past' | 'tooFar';

/** How far ahead a needed-by date may be. */
export const NEEDED_BY_MAX_YEARS = 2;

/**
 * The needed-by date's rule, for the form and the server alike: a real 'YYYY-MM-DD' date, not before today and at most
 * two years ahead. Today is UTC's, less a day: the buyer's today may still be yesterday in UTC (or already tomorrow).
 */
export function neededByProblem(value: string, now: Date): NeededByProblem | null {
  const problem = calendarDayProblem(value);
  if (problem !== null) return problem;
  const date = Date.parse(`${value}T00:00:00Z`);
  if (date < utcDay(now) - DAY_MS) return 'past';
  if (date > utcDay(now, NEEDED_BY_MAX_YEARS)) return 'tooFar';
  return null;
}

/** The date field's min and max ('YYYY-MM-DD'): from the buyer's own today (local), within what neededByProblem takes. */
export function neededByRange(now: Date): { min: string; max: string } {
  const localToday = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return {
    min: dateText(localToday),
    max: dateText(
      Math.min(
        utcDay(now, NEEDED_BY_MAX_YEARS),
        Date.UTC(now.getFullYear() + NEEDED_BY_MAX_YEARS, now.getMonth(), now.getDate()),
      ),
    ),
  };
}
