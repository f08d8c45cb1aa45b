// No "session N" or "issue N" in the repo's code and docs: history lives in git, and a figure carries its date and
// commit. Every tracked source, doc and config file is read (the lockfile and data excepted). Run with
// `node --test tools/lint/`.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const files = execFileSync(
  'git',
  ['ls-files', '*.ts', '*.tsx', '*.mts', '*.mjs', '*.cjs', '*.js', '*.md', '*.json', '*.yml', '*.sh', '.ci/*'],
  {
    cwd: repoRoot,
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter((file) => file !== '' && !file.includes('node_modules/') && !file.endsWith('package-lock.json'));

/** A word of the tracker's history (session, issue; any case, either plural) and a number after it. */
const HISTORY = /\b(?:session|issue)s?\s+\d+\b/gi;

/** Each line of `text` that names a session or an issue by number, as `file:line: words`. */
function historyWords(file, text) {
  return text
    .split('\n')
    .flatMap((line, index) => [...line.matchAll(HISTORY)].map((match) => `${file}:${index + 1}: ${match[0]}`));
}

test('no code or doc names a session or an issue by its number', () => {
  const found = files.flatMap((file) => historyWords(file, readFileSync(path.join(repoRoot, file), 'utf8')));
  assert.deepEqual(found, []);
});

test('the check finds the wording in any case and plural, and leaves other numbers alone', () => {
  // the numbers are put in at run time, so this file does not hold what it looks for
  const [n, m] = [12, 35];
  assert.deepEqual(historyWords('a.ts', `// fixed in Session ${n}\n// see issue ${m}\n`), [
    `a.ts:1: Session ${n}`,
    `a.ts:2: issue ${m}`,
  ]);
  assert.deepEqual(historyWords('b.md', `sessions ${n} and ${m} ran`), [`b.md:1: sessions ${n}`]);
  assert.deepEqual(historyWords('c.ts', 'const sessionId = 12; // tissue 4, issue-free, a session of 10 minutes'), []);
});
