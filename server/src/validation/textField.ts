// The text fields of every request schema (forms, reviews, chat): one character rule, shared with the browser
// (textProblem in content/src/validation), and the same messages everywhere.
import { z } from 'zod';
import { textProblem, type TextKind } from '@site/content/validation';

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

/** Text up to `max` characters (UTF-16 code units, as the browser's maxLength counts), passing the character rule. May be empty. */
export function textField(field: string, { max, kind = 'line', trim = true }: TextFieldOptions) {
  const base = z.string({ error: typeError(field) });
  const trimmed = trim ? base.trim() : base;
  return (max === undefined ? trimmed : trimmed.max(max, { error: `${field} must be at most ${max} characters` })).superRefine((value, context) => {
    const message = textProblemMessage(field, value, kind);
    if (message !== null) context.addIssue({ code: 'custom', message, input: value });
  });
}
