// What a release must expose: every module the shell uses of its remote, and nothing the remotes do not declare (a
// check that asked for more would refuse every real build).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { REMOTE_NAMES } from '@site/contracts/federation';
import { checkRelease, exposesOf, manifestNotLoaded, requiredExposes } from './manifestCheck.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** The expose names a remote declares in its src/exposes.ts (`'./SearchModal': typeof import(...)`), without './'. */
function declaredExposes(remote: string): string[] {
  const source = readFileSync(path.join(repoRoot, `mfe-${remote}`, 'src', 'exposes.ts'), 'utf8');
  return [...source.matchAll(/^\s*'\.\/([^']+)':\s*typeof import\(/gm)].map((match) => match[1]!);
}

describe('the exposes a release must have', () => {
  for (const remote of REMOTE_NAMES) {
    test(`${remote}: each is declared by the remote (or is its messages, which the build adds)`, () => {
      const required = requiredExposes(remote);
      assert.ok(
        required.some((name) => !name.startsWith('messages-')),
        'at least one module besides the messages',
      );
      const declared = new Set(declaredExposes(remote));
      assert.deepEqual(
        required.filter((name) => !name.startsWith('messages-') && !declared.has(name)),
        [],
      );
    });
  }

  test('the catalogue needs its pages and the search modal; the chat its widget', () => {
    assert.ok(requiredExposes('catalogue').includes('SearchModal'));
    assert.ok(requiredExposes('catalogue').includes('ProductDetailsPage'));
    assert.deepEqual(requiredExposes('chat'), ['ChatWidget', 'messages-ar', 'messages-en']);
  });

  test('a manifest is read by its expose names, with or without "./"', () => {
    assert.deepEqual(exposesOf({ exposes: [{ name: 'HomePage' }, { name: './AboutPage' }, { path: 'x' }, null] }), [
      'HomePage',
      'AboutPage',
    ]);
    assert.equal(exposesOf([]), 'it is not a JSON object');
    assert.equal(exposesOf({ exposes: 'HomePage' }), 'it has no "exposes" list');
  });

  test('a build lacking a module is told which; every manifest that cannot be used is told one sentence, its reason logged', async () => {
    const answering = (status: number, body: string) => async () => ({ status, body });
    const full = JSON.stringify({ exposes: requiredExposes('chat').map((name) => ({ name })) });
    assert.equal(await checkRelease('chat', '/x/mf-manifest.json', answering(200, full)), undefined);
    assert.match(
      (await checkRelease('chat', '/x/mf-manifest.json', answering(200, '{"exposes":[]}')))!,
      /missing \.\/ChatWidget, \.\/messages-ar, \.\/messages-en/,
    );
    const reasons: string[] = [];
    for (const read of [
      answering(500, full),
      answering(200, 'not json'),
      answering(200, '[]'),
      answering(200, '{}'),
      async () => ({ error: 'it could not be reached' }),
    ]) {
      assert.equal(
        await checkRelease('chat', '/x/mf-manifest.json', read, (why) => reasons.push(why)),
        manifestNotLoaded('/x/mf-manifest.json'),
      );
    }
    assert.deepEqual(reasons, [
      'it answered 500',
      'it is not JSON',
      'it is not a JSON object',
      'it has no "exposes" list',
      'it could not be reached',
    ]);
  });
});
