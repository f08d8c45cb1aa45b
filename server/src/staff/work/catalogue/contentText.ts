// The character rule of every stored text (validation/textField.ts) over a product's content: no NUL or other control
// character anywhere; the one-line fields (names, code, unit...) also no tab, line break or direction control. The
// detail documents' texts are HTML and lists, where line breaks and Arabic's direction marks belong. A publish goes
// through the import's row check, which applies the same rule; a draft is checked here, before it is stored.
import type { ApiProblem } from '@site/contracts/forms-api';
import type { EditableProduct } from '@site/contracts/staff-catalogue-api';
import { documentTextIssue, textProblemMessage } from '@site/contracts/text-field';

/** The first text of `content` that breaks the rule, at its path in the request (['content', …]) with a sentence naming it, or undefined. */
export function contentTextProblem(content: EditableProduct): ApiProblem | undefined {
  for (const [field, value] of Object.entries(content)) {
    const message = typeof value === 'string' ? textProblemMessage(`content.${field}`, value, 'line') : null;
    const problem = message !== null ? { path: ['content', field], message } : typeof value === 'string' ? undefined : documentTextIssue(value, ['content', field]);
    if (problem !== undefined) return problem;
  }
  return undefined;
}
