// The character rule of every stored text (validation/textField.ts) over a product's content: no NUL or other control
// character anywhere; the one-line fields (names, code, unit...) also no tab, line break or direction control. The
// detail documents' texts are HTML and lists, where line breaks and Arabic's direction marks belong.
import type { EditableProduct } from '@site/contracts/staff-catalogue-api';
import { textProblemMessage } from '../../../validation/textField.js';

function documentProblem(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return textProblemMessage(path, value, 'multiline') ?? undefined;
  const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : typeof value === 'object' && value !== null ? Object.entries(value) : [];
  for (const [key, item] of entries) {
    const problem = textProblemMessage(`${path} key`, key, 'line') ?? documentProblem(item, `${path}.${key}`);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** The first text of `content` that breaks the rule, as a sentence naming its field, or undefined. */
export function contentTextProblem(content: EditableProduct): string | undefined {
  for (const [field, value] of Object.entries(content)) {
    const problem = typeof value === 'string' ? (textProblemMessage(`content.${field}`, value, 'line') ?? undefined) : documentProblem(value, `content.${field}`);
    if (problem !== undefined) return problem;
  }
  return undefined;
}
