// The character rule of every stored text (validation/textField.ts) over a product's content: no NUL or other control
// character anywhere; the one-line fields (names, code, unit...) also no tab, line break or direction control. The
// detail documents' texts are HTML and lists, where line breaks and Arabic's direction marks belong. A publish goes
// through the import's row check, which applies the same rule; a draft is checked here, before it is stored.
import type { ApiProblem } from '@site/contracts/forms-api';
import type { EditableProduct } from '@site/contracts/staff-catalogue-api';
import { documentTextIssue, textProblemMessage } from '@site/contracts/text-field';

type TextPath = (string | number)[];

/** The first text of `value` (a string, or the texts and keys of an object or list, nested) breaking the one-line rule. */
function lineTextIssue(value: unknown, path: TextPath): ApiProblem | undefined {
  if (typeof value === 'string') {
    const message = textProblemMessage(path.join('.'), value, 'line');
    return message === null ? undefined : { path, message };
  }
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    const problem =
      (typeof key === 'string' ? lineTextIssue(key, [...path, key]) : undefined) ?? lineTextIssue(item, [...path, key]);
    if (problem !== undefined) return problem;
  }
  return undefined;
}

/** The first text of `content` that breaks the rule, at its path in the request (['content', …]) with a sentence naming it, or undefined. */
export function contentTextProblem(content: EditableProduct): ApiProblem | undefined {
  for (const [field, value] of Object.entries(content)) {
    // a variant's texts are one-line fields, its table row's cells too (a cell is a line of the specification table)
    if (field === 'variants') {
      const problem = lineTextIssue(value, ['content', field]);
      if (problem !== undefined) return problem;
      continue;
    }
    const message = typeof value === 'string' ? textProblemMessage(`content.${field}`, value, 'line') : null;
    const problem =
      message !== null
        ? { path: ['content', field], message }
        : typeof value === 'string'
          ? undefined
          : documentTextIssue(value, ['content', field]);
    if (problem !== undefined) return problem;
  }
  return undefined;
}
