// The comparison build: the whole site as one ordinary webpack bundle (tools/webpack/monolith.cjs),
// served by the real server with REPO_ROOT pointed at a folder holding that build and the content.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, startSite, type RunningSite } from '../../../tests/support/site-server';

export const MONOLITH_ROOT = path.join(REPO_ROOT, 'tools', 'bench', 'dist', 'monolith');
const MONOLITH_INDEX = path.join(MONOLITH_ROOT, 'shell', 'dist', 'index.html');
const SOURCES = [
  'shell/src',
  'mfe-catalogue/src',
  'mfe-company/src',
  'mfe-contact/src',
  'mfe-chat/src',
  'shared-ui/src',
  'shared-store/src',
  'content/src',
  'tools/webpack',
];

function newestMtime(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds the monolith when it is missing or older than any source (BENCH_REBUILD=1 forces it). */
export function buildMonolithIfNeeded(): void {
  const builtAt = existsSync(MONOLITH_INDEX) ? statSync(MONOLITH_INDEX).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map((dir) => newestMtime(path.join(REPO_ROOT, dir))));
  if (builtAt > sourcesAt && process.env.BENCH_REBUILD !== '1') return;
  console.log('Building the site without federation (tools/webpack/monolith.cjs)...');
  execFileSync(
    process.execPath,
    [
      path.join(REPO_ROOT, 'node_modules', 'webpack-cli', 'bin', 'cli.js'),
      '--config',
      'tools/webpack/monolith.cjs',
      '--mode',
      'production',
    ],
    { cwd: REPO_ROOT, stdio: 'inherit' },
  );
}

/** The real server (server/dist/main.js) serving the monolith build; remotes are absent (nothing asks for them). */
export async function startMonolithSite(env: Record<string, string> = {}): Promise<RunningSite> {
  const content = path.join(MONOLITH_ROOT, 'content');
  if (!existsSync(content)) symlinkSync(path.join(REPO_ROOT, 'content'), content, 'dir');
  return startSite({ ...env, REPO_ROOT: MONOLITH_ROOT });
}
