// The column each of the import's problems names, for the staff app's table of bad rows.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { problemColumn } from './columns.js';

test('each kind of problem is put in the column it is about', () => {
  const cases: [string, string | null][] = [
    ['bad price "1,200": a number of AED with at most two decimals (no currency or separators), or empty', 'price'],
    ['unknown category "foo"', 'productCategoryId'],
    ['popularity "x" must be a whole number from 0 to 100', 'popularity'],
    ['missing Arabic: productName_ar has no Arabic letter', 'productName_ar'],
    ['missing Arabic: details_ar is empty', 'details_ar'],
    ['details_ar: description.3.key: unknown description section key', 'details_ar'],
    ['details is not valid JSON: Unexpected token', 'details'],
    ['details.description.2 contains characters that are not allowed', 'details'],
    ['productName contains characters that are not allowed', 'productName'],
    ['code: must be at most 32 characters', 'code'],
    ['duplicate id: line 3 has the same id', 'id'],
    ['duplicate code "HX-1": product hx in the catalogue has it', 'code'],
    ['this product is archived (withdrawn): restore it in the catalogue editor, or give the row another id', 'id'],
    ['something about the row as a whole', null],
  ];
  for (const [problem, column] of cases) assert.equal(problemColumn(problem), column, problem);
});
