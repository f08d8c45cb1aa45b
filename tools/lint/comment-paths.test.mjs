// A file a comment names exists: a path from the repo's root (`server/src/…`, `tools/webpack/…`) or its package's
// (`scripts/…` in content/), or from the file's own folder (`./x.ts`, `../y.ts`), in a comment of any tracked source
// file; a quoted `'./…'` is code in the comment (an example), not a reference. Build outputs (`dist/`, generated
// folders, the data folder) are made by a build, so they are not looked for. Run with `node --test tools/lint/`.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const sources = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mts', '*.mjs', '*.cjs', '*.js'], {
  cwd: repoRoot,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file !== '' && !file.includes('node_modules/'));
/** The repo's top folders: a path starting with one of them is read from the root. */
const TOP = new Set(sources.map((file) => file.split('/')[0]).filter((first) => !first.includes('.')));
const PATH =
  /(?<![\w@/.-])((?:\.{1,2}\/)*[\w@-][\w@.-]*(?:\/[\w@.-]+)+\.(?:ts|tsx|mts|mjs|cjs|js|json|md|sh))(?![\w/-])/g;
/** What a build, a run or a test makes: named in comments as outputs, never in the tree. */
const MADE = /(^|\/)(dist|generated|\.data|test-results|node_modules)\//;

/** The comment text of a line: after `//`, or a block comment's line (`/*`, ` *`). Rough, and enough for paths. */
function commentOf(line) {
  const trimmed = line.trimStart();
  if (trimmed.startsWith('*') || trimmed.startsWith('/*')) return trimmed;
  const at = line.indexOf('// ');
  return at === -1 || /https?:$/.test(line.slice(0, at)) ? undefined : line.slice(at);
}

/** Where `named` may point from `file` (the root's or the package's), none when it is no path of the tree (a URL's). */
function targets(file, named) {
  if (named.startsWith('./') || named.startsWith('../')) return [path.resolve(repoRoot, path.dirname(file), named)];
  if (TOP.has(named.split('/')[0]))
    return [path.resolve(repoRoot, named), path.resolve(repoRoot, file.split('/')[0], named)];
  return [];
}

/** A source named by its emitted name (`x.js` for `x.ts`, as imports write it) exists as its source. */
const exists = (where) =>
  existsSync(where) || ['.ts', '.tsx', '.mts'].some((ext) => existsSync(where.replace(/\.m?js$/, ext)));

test('every file a comment names from the root or its own folder exists', () => {
  const missing = [];
  for (const file of sources) {
    readFileSync(path.join(repoRoot, file), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        const comment = commentOf(line);
        if (comment === undefined) return;
        for (const match of comment.matchAll(PATH)) {
          const named = match[1];
          if (comment[match.index - 1] === "'" || MADE.test(named)) continue;
          const where = targets(file, named);
          if (where.length > 0 && !where.some(exists)) missing.push(`${file}:${index + 1}: ${named}`);
        }
      });
  }
  assert.deepEqual(missing, []);
});

test('the check finds a path that is not there, and passes one that is', () => {
  const found = (named) => targets('server/src/app.ts', named).some(exists);
  assert.equal(found('server/src/app.ts'), true);
  assert.equal(found('./server.js'), true, 'an emitted name of a source beside it');
  assert.equal(found('shell/src/remotes/federation.ts'), false);
  assert.equal(found('../no-such-folder/x.ts'), false);
  assert.equal(found('scripts/build.mjs'), true, "the package's own folder");
  assert.deepEqual(
    [...'see server/src/app.ts and shell/dist/x.js'.matchAll(PATH)].map((match) => match[1]),
    ['server/src/app.ts', 'shell/dist/x.js'],
  );
});
