// The AI provider's key stays on the server: no browser bundle may carry it, nor the provider's address.
// The chat remote is rebuilt here (into a temporary folder) with the key in the environment, so a build setting
// that inlined environment variables would be caught; every bundle the site serves is then searched.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect, localOnly } from '../support/fixtures';
import { REPO_ROOT } from '../support/site-server';

localOnly('rebuilds the chat remote with a key in the environment');

/** The key the server tests use (server/src/assistant/chat.test.ts). */
const TEST_KEY = 'test-gemini-key-7f3a9c';
const FORBIDDEN = [TEST_KEY, 'generativelanguage.googleapis.com', 'GEMINI_API_KEY'];
const SITE_BUNDLES = ['shell', 'mfe-catalogue', 'mfe-company', 'mfe-contact', 'mfe-chat'].map((app) =>
  path.join(REPO_ROOT, app, 'dist'),
);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

test('no browser bundle holds the AI key or the provider address, even when built with the key in the environment', {
  tag: ['@local', '@chat'],
}, async () => {
  test.setTimeout(240_000);
  const out = mkdtempSync(path.join(tmpdir(), 'chat-bundle-'));
  try {
    execFileSync(
      path.join(REPO_ROOT, 'node_modules', '.bin', 'webpack'),
      ['--config', 'webpack.config.cjs', '--mode', 'production', '--output-path', out],
      { cwd: path.join(REPO_ROOT, 'mfe-chat'), env: { ...process.env, GEMINI_API_KEY: TEST_KEY }, stdio: 'pipe' },
    );
    const dirs = [out, ...SITE_BUNDLES];
    for (const dir of dirs) expect(existsSync(dir), `${dir} is built`).toBe(true);
    const files = dirs.flatMap(filesUnder).filter((file) => /\.(js|json|html|css|map|txt)$/.test(file));
    expect(files.some((file) => file.startsWith(out) && file.includes('__federation_expose_ChatWidget'))).toBe(true);
    const leaks = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return FORBIDDEN.filter((secret) => text.includes(secret)).map(
        (secret) => `${path.relative(REPO_ROOT, file)}: ${secret}`,
      );
    });
    expect(leaks).toEqual([]);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
