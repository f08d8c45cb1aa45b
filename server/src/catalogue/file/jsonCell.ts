// A file cell holding a JSON object (a product's detail documents, a variant's table rows), parsed and checked one way.
import { documentTextIssue } from '@site/contracts/text-field';
import type { CatalogueColumn, CatalogueFileRow, RowProblem } from './columns.js';

/**
 * The object in the row's `column`, or undefined: for an empty cell (whether that is a problem is the caller's), or
 * with its problem added to `problems`: not JSON, not an object ('<column> must be <mustBe>'), or a text the character
 * rule refuses (JSON's escapes, \u0000, reach the parsed texts: the rule is applied to what would be stored).
 */
export function jsonObjectCell(
  row: CatalogueFileRow,
  column: CatalogueColumn,
  mustBe: string,
  problems: RowProblem[],
): Record<string, unknown> | undefined {
  const text = row[column].trim();
  if (text === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    problems.push({
      path: [column],
      message: `${column} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    });
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problems.push({ path: [column], message: `${column} must be ${mustBe}` });
    return undefined;
  }
  const problem = documentTextIssue(value, [column]);
  if (problem === undefined) return value as Record<string, unknown>;
  problems.push(problem);
  return undefined;
}
