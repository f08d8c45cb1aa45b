// One row of a feed, checked on its own (the checks that need the database, an unknown code and a code-location named
// twice, are feedApply.ts's): its fields read from a CSV cell or a JSON value alike, digits of any Arabic script taken
// as digits, a cell that looks like a formula taken as the text it is (never worked out: '=2+3' is no quantity).
import { STOCK_LOCATIONS, type StockRefusalReason } from '@site/contracts/stock-api';

/** A row's fields as a feed names them (CSV: its header's columns; JSON: the row object's keys). */
export type FeedField = 'code' | 'location' | 'onHand' | 'incoming' | 'incomingDate' | 'leadTimeDays';

/** A row as read: its line and its fields' values (a CSV cell's text, or a JSON value). */
export interface RawRow {
  line: number;
  fields: Partial<Record<FeedField, unknown>>;
  /** Why the row cannot be read as a row at all (an unknown key, cells past the header's). */
  problem?: string;
}

/** A row as staged: its figures when it is good, else its reason (and the words for it). */
export interface CheckedRow {
  line: number;
  code: string;
  location: string;
  onHand: number | null;
  incoming: number;
  incomingDate: string | null;
  leadTimeDays: number | null;
  reason: StockRefusalReason | null;
  message: string | null;
}

/** The longest code a row may carry into the report (a variant's code is 32 characters at most). */
export const CODE_MAX = 64;
/** The largest quantity or lead time: the column is an integer, and no warehouse holds more. */
const NUMBER_MAX = 1_000_000_000;

/** Arabic-Indic (U+0660–0669) and Extended Arabic-Indic (U+06F0–06F9, Persian and Urdu) digits as ASCII ones. */
export function westernDigits(text: string): string {
  return arabicScript(text)
    ? text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) & 0xf))
    : text;
}

/** Whether the text has a character from the Arabic block on (most cells have none: a loop is cheaper than a replace). */
function arabicScript(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) if (text.charCodeAt(index) >= 0x0660) return true;
  return false;
}

/** A cell's or value's text: trimmed, Arabic digits and the Arabic decimal mark (U+066B) made ASCII; '' for none. */
function textOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value !== 'string') return undefined;
  return arabicScript(value)
    ? westernDigits(value)
        .replace(/\u066b/g, '.')
        .trim()
    : value.trim();
}

type Whole = { value: number | null } | { problem: string };

/** A whole number of 0 or more ('' or absent: null). '5.0' is 5; '-3', '2.5', '=2+3', '+5', '5 pcs' are refused. */
export function wholeNumber(value: unknown, what: string): Whole {
  const text = textOf(value);
  if (text === undefined) return { problem: `${what} must be a whole number` };
  if (text === '') return { value: null };
  if (/^\d+(\.0+)?$/.test(text)) {
    const number = Number.parseInt(text, 10);
    return number > NUMBER_MAX ? { problem: `${what} ${text} is too large` } : { value: number };
  }
  if (/^-\s*\d+(\.\d+)?$/.test(text)) return { problem: `${what} must not be negative (${text})` };
  if (/^-?\d*\.\d+$/.test(text)) return { problem: `${what} must be a whole number (${text})` };
  return { problem: `${what} must be a whole number, not "${text.slice(0, 40)}"` };
}

/** A code's letters and digits, lower-cased: how the variants' code_key (migration 029) and stock_levels compare codes. */
export const codeKeyOf = (code: string): string => code.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** Today's date (UTC) as YYYY-MM-DD. */
export const dayOf = (now: Date): string => now.toISOString().slice(0, 10);

/** A date as YYYY-MM-DD that exists ('2026-02-30' does not). */
function calendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  let known = calendarDates.get(text);
  if (known === undefined) {
    const date = new Date(`${text}T00:00:00Z`);
    known = !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
    // a feed's dates are few, told apart once each (a bounded memo: a feed of a million distinct texts stays small)
    if (calendarDates.size < 10_000) calendarDates.set(text, known);
  }
  return known;
}

const calendarDates = new Map<string, boolean>();

/** A character PostgreSQL's text cannot hold: U+0000, or half of a surrogate pair (JSON's "\ud800" alone). */
// eslint-disable-next-line no-control-regex -- U+0000 is the very character looked for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

/** The text with every character PostgreSQL's text cannot hold as U+FFFD (a refused row's code, a message's quote). */
export const storable = (text: string): string =>
  UNSTORABLE.test(text) ? text.replace(UNSTORABLE_ALL, '\ufffd') : text;

/** The first of a row's fields whose text holds a character no text can (a whole row refused for it, not the feed). */
function unstorableField(fields: RawRow['fields']): FeedField | undefined {
  for (const field of Object.keys(fields) as FeedField[]) {
    const value = fields[field];
    if (typeof value === 'string' && UNSTORABLE.test(value)) return field;
  }
  return undefined;
}

const FIELD_WORDS: Record<FeedField, string> = {
  code: 'code',
  location: 'location',
  onHand: 'quantity on hand',
  incoming: 'incoming quantity',
  incomingDate: 'incoming date',
  leadTimeDays: 'lead time',
};

const SAUDI = /^(saudi|ksa|riyadh|jeddah|dammam|sa|saudi-?arabia)$/;

/** A row checked on its own; `today` (YYYY-MM-DD) is the first date incoming stock may be expected on. */
export function checkRow(row: RawRow, today: string): CheckedRow {
  const { line } = row;
  let { fields } = row;
  const unstorable = unstorableField(fields);
  if (unstorable !== undefined) {
    // the code and location kept as far as they can be (a snapshot then leaves that stock as it was), the rest unread
    const field = FIELD_WORDS[unstorable];
    fields = {
      code: typeof fields.code === 'string' ? storable(fields.code) : fields.code,
      location: typeof fields.location === 'string' ? storable(fields.location) : fields.location,
    };
    row = {
      line,
      fields,
      problem: `The ${field} holds a character a text cannot (U+0000, or half of a surrogate pair): the row cannot be read`,
    };
  }
  const codeText =
    typeof fields.code === 'string' || typeof fields.code === 'number' ? westernDigits(String(fields.code)).trim() : '';
  const code = codeText.slice(0, CODE_MAX);
  const locationText = typeof fields.location === 'string' ? fields.location.trim().toLowerCase() : '';
  const checked: CheckedRow = {
    line,
    code,
    location: locationText.slice(0, 32),
    onHand: null,
    incoming: 0,
    incomingDate: null,
    leadTimeDays: null,
    reason: null,
    message: null,
  };

  if (row.problem !== undefined) return refused(checked, 'bad-row', row.problem);
  if (fields.code !== undefined && typeof fields.code !== 'string' && typeof fields.code !== 'number')
    return refused(checked, 'missing-code', 'The code must be a text');
  if (code === '') return refused(checked, 'missing-code', 'The row has no code');
  if (codeText.length > CODE_MAX)
    return refused(checked, 'unknown-code', `The code is longer than ${CODE_MAX} characters: no variant has it`);
  if (!(STOCK_LOCATIONS as readonly string[]).includes(locationText)) {
    if (locationText === '')
      return refused(
        checked,
        'unknown-location',
        `The row has no location: it must be one of ${STOCK_LOCATIONS.join(', ')}`,
      );
    const saudi = SAUDI.test(locationText) ? 'the Saudi associate holds no stock; ' : '';
    return refused(
      checked,
      'unknown-location',
      `Unknown location "${locationText.slice(0, 32)}": ${saudi}the locations are ${STOCK_LOCATIONS.join(', ')}`,
    );
  }
  const onHand = wholeNumber(fields.onHand, 'The quantity on hand');
  if ('problem' in onHand) return refused(checked, 'bad-quantity', onHand.problem);
  if (onHand.value === null) return refused(checked, 'bad-quantity', 'The row has no quantity on hand');
  const incoming = wholeNumber(fields.incoming, 'The incoming quantity');
  if ('problem' in incoming) return refused(checked, 'bad-quantity', incoming.problem);
  const leadTime = wholeNumber(fields.leadTimeDays, 'The lead time in days');
  if ('problem' in leadTime) return refused(checked, 'bad-lead-time', leadTime.problem);

  const dateText = textOf(fields.incomingDate);
  if (dateText === undefined || (dateText !== '' && !calendarDate(dateText))) {
    return refused(
      checked,
      'bad-date',
      `The incoming date must be a date written YYYY-MM-DD, not "${String(fields.incomingDate).slice(0, 40)}"`,
    );
  }
  const incomingQuantity = incoming.value ?? 0;
  if (incomingQuantity > 0 && dateText === '')
    return refused(checked, 'bad-date', 'Incoming stock needs its expected date (YYYY-MM-DD)');
  if (incomingQuantity > 0 && dateText < today)
    return refused(checked, 'past-date', `The incoming stock's date ${dateText} is in the past`);
  // the row is this call's own: filled in rather than copied (a snapshot has a million)
  checked.location = locationText;
  checked.onHand = onHand.value;
  checked.incoming = incomingQuantity;
  // a date without incoming stock says nothing: not kept
  checked.incomingDate = incomingQuantity > 0 ? dateText : null;
  checked.leadTimeDays = leadTime.value;
  return checked;
}

function refused(row: CheckedRow, reason: StockRefusalReason, message: string): CheckedRow {
  row.reason = reason;
  row.message = message;
  return row;
}
