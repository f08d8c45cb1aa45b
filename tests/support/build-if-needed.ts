import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { MANIFEST_FILE, REMOTE_NAMES } from '@site/contracts/federation';
import { REPO_ROOT } from './site-server';

/** The files that must exist for the site to run; when one is missing, the whole site is built. */
export const BUILD_OUTPUTS = [
  'shell/dist/index.html',
  ...REMOTE_NAMES.map((name) => `mfe-${name}/dist/${MANIFEST_FILE}`),
  // The staff pages: their remote and their host page.
  `mfe-staff/dist/${MANIFEST_FILE}`,
  'staff-host/dist/index.html',
  'server/dist/main.js',
  'server/dist/server.js',
];

export function buildIfNeeded(): void {
  const missing = BUILD_OUTPUTS.filter((file) => !existsSync(path.join(REPO_ROOT, file)));
  if (missing.length === 0) return;
  console.log(`Building the site (missing: ${missing.join(', ')})...`);
  execSync('npm run build', { cwd: REPO_ROOT, stdio: 'inherit' });
}
