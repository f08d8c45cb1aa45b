// The text fields of every request schema (forms, reviews, chat, staff): one character rule, shared with the browser
// (textProblem in content/src/validation), and the same messages everywhere. Zod: the server's, never a bundle's.
import { z } from 'zod';
import { characterCount, isWithinCharacters, textProblem, type TextKind } from '@site/content/validation';

export { characterCount };

export interface TextFieldOptions {
  /** Longest value; undefined for none (the body limit bounds it, e.g. the chat history, which is trimmed instead). */
  max: number | undefined;
  /** 'line' (default): no line breaks, no text-direction controls; 'multiline': tab and line breaks allowed. */
  kind?: TextKind;
  /** Trim surrounding white space before the length check (default true). */
  trim?: boolean;
}

/** "{field} is required" when left out, "{field} must be text" for any other non-string. */
export const typeError = (field: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? `${field} is required` : `${field} must be text`;

/** The message of a value that breaks the character rule. */
export function textProblemMessage(field: string, value: string, kind: TextKind): string | null {
  switch (textProblem(value, kind)) {
    case 'control':
      return `${field} contains characters that are not allowed`;
    case 'direction':
      return `${field} contains invisible text-direction characters (U+202A–U+202E, U+2066–U+2069), which are not allowed`;
    default:
      return null;
  }
}

/** A value's place in a request or a document: object keys and list indexes (apiProblemSchema's path). */
export type TextPath = readonly (string | number)[];

/**
 * The first text of a parsed JSON document (a product's detail record) at `path` that breaks the rule: its place (a
 * bad key's place ends with that key) and a sentence naming it ('details.description.2 contains…'), or undefined. Its
 * texts may hold line breaks and direction marks (HTML and lists, Arabic among them); its keys are one-line names.
 */
export function documentTextIssue(
  value: unknown,
  path: TextPath,
): { path: (string | number)[]; message: string } | undefined {
  const place = path.join('.');
  if (typeof value === 'string') {
    const message = textProblemMessage(place, value, 'multiline');
    return message === null ? undefined : { path: [...path], message };
  }
  const entries: (readonly [string | number, unknown])[] = Array.isArray(value)
    ? value.map((item, index) => [index, item] as const)
    : typeof value === 'object' && value !== null
      ? Object.entries(value)
      : [];
  for (const [key, item] of entries) {
    const keyMessage = typeof key === 'string' ? textProblemMessage(`${place} key`, key, 'line') : null;
    const problem =
      keyMessage !== null ? { path: [...path, key], message: keyMessage } : documentTextIssue(item, [...path, key]);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** documentTextIssue's sentence alone, the document's place given as text ('details'). */
export function documentTextProblem(value: unknown, path: string): string | undefined {
  return documentTextIssue(value, [path])?.message;
}

/**
 * Text up to `max` characters as a person counts them (grapheme clusters, the browser's cutToCharacters counting the
 * same), none of them a letter stacked with more than CHARACTER_MAX_UNITS of marks, passing the character rule. May be
 * empty.
 */
export function textField(field: string, { max, kind = 'line', trim = true }: TextFieldOptions) {
  const base = z.string({ error: typeError(field) });
  const trimmed = trim ? base.trim() : base;
  return trimmed.superRefine((value, context) => {
    if (max !== undefined) {
      if (!isWithinCharacters(value, max)) {
        context.addIssue({ code: 'custom', message: `${field} must be at most ${max} characters`, input: value });
        return;
      }
    }
    const message = textProblemMessage(field, value, kind);
    if (message !== null) context.addIssue({ code: 'custom', message, input: value });
  });
}

/**
 * Characters a name never needs and that show nothing: format characters (Unicode's Cf: soft hyphen, zero-width
 * characters and joiners, direction marks, the tag characters U+E0000–U+E007F…), controls, line and paragraph
 * separators, the Hangul fillers and the combining grapheme joiner. In a name staff read (a release token's) they
 * would make two names that look the same differ, or hide text inside one.
 */
const INVISIBLE_IN_NAME = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u034f\u115f\u1160\u3164\uffa0\u2060-\u206f\u{e0000}-\u{e007f}]/u;

/**
 * A line of text as a store keeps what a file or a form gave it: the invisible characters above (global) become spaces,
 * runs of space one, trimmed, and cut at `max` characters (a BOM's cell, a list's or a company's name).
 */
const INVISIBLE_IN_LINE = new RegExp(INVISIBLE_IN_NAME.source, 'gu');
export const visibleLine = (text: string, max: number): string =>
  text.replace(INVISIBLE_IN_LINE, ' ').replace(/\s+/g, ' ').trim().slice(0, max);

/** textField for a name staff read: the same rule, and no invisible character (INVISIBLE_IN_NAME), said by its code. */
export function nameField(field: string, options: TextFieldOptions) {
  return textField(field, options).superRefine((value, context) => {
    const invisible = INVISIBLE_IN_NAME.exec(value)?.[0];
    if (invisible === undefined) return;
    const code = (invisible.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
    context.addIssue({
      code: 'custom',
      message: `${field} contains an invisible character (U+${code}), which a name may not hold`,
      input: value,
    });
  });
}
