// Installs dependencies and builds the site when (and only when) something is missing.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { npmCommand, run } from './run.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** What `npm run build` produces (one list for `npm start` and the browser tests); if any is missing the site is built. */
export const buildOutputs = JSON.parse(
  readFileSync(path.join(repoRoot, 'scripts', 'lib', 'build-outputs.json'), 'utf8'),
).outputs;

function installIsCurrent() {
  const marker = path.join(repoRoot, 'node_modules', '.package-lock.json');
  if (!existsSync(marker)) return false;
  // A lockfile changed by a pull (newer than the last install) means new dependencies.
  return statSync(marker).mtimeMs >= statSync(path.join(repoRoot, 'package-lock.json')).mtimeMs;
}

export async function ensureInstalled() {
  if (installIsCurrent()) return;
  console.log('Installing dependencies (npm install)...');
  // `npm ci` rejects lockfiles made on machines whose registry lacks other platforms' optional builds.
  const { code } = await run(npmCommand, ['install', '--no-audit', '--no-fund'], {
    cwd: repoRoot,
    env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  if (code !== 0) throw new Error(`npm install failed (exit ${code}).`);
}

export function missingBuildOutputs() {
  return buildOutputs.filter((file) => !existsSync(path.join(repoRoot, file)));
}

export async function build() {
  const { code } = await run(npmCommand, ['run', 'build'], { cwd: repoRoot });
  if (code !== 0) throw new Error(`The build failed (exit ${code}).`);
}

export async function ensureBuilt() {
  const missing = missingBuildOutputs();
  if (missing.length === 0) return;
  console.log(`Building the site (missing: ${missing.join(', ')})...`);
  await build();
}
