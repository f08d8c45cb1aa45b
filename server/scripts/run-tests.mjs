// Runs every src/**/*.test.ts with node:test through tsx, one file at a time.
// (Node 20's `node --test` does not expand glob patterns itself, and sh has no recursive **.)
// Extra arguments are passed on, e.g. `npm test -w server -- --test-name-pattern=healthz`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function findTests(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : findTests(full);
    return entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const files = findTests(path.join(serverDir, 'src')).sort();
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=1', ...process.argv.slice(2), ...files],
  { cwd: serverDir, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
