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

/**
 * The first text of a parsed JSON document (a product's detail record) that breaks the rule, as a sentence naming its
 * place ('details.description.2 contains…'), or undefined. Its texts may hold line breaks and direction marks (HTML and
 * lists, Arabic among them); its keys are one-line names.
 */
export function documentTextProblem(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return textProblemMessage(path, value, 'multiline') ?? undefined;
  const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : typeof value === 'object' && value !== null ? Object.entries(value) : [];
  for (const [key, item] of entries) {
    const problem = textProblemMessage(`${path} key`, key, 'line') ?? documentTextProblem(item, `${path}.${key}`);
    if (problem !== undefined) return problem;
  }
  return undefined;
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
