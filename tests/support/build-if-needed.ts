import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './site-server';

/** The files that must exist for the site to run; when one is missing, the whole site is built. */
export const BUILD_OUTPUTS = [
  'shell/dist/index.html',
  'mfe-catalogue/dist/mf-manifest.json',
  'mfe-company/dist/mf-manifest.json',
  'mfe-contact/dist/mf-manifest.json',
  'mfe-chat/dist/mf-manifest.json',
  'server/dist/main.js',
];

export function buildIfNeeded(): void {
  const missing = BUILD_OUTPUTS.filter((file) => !existsSync(path.join(REPO_ROOT, file)));
  if (missing.length === 0) return;
  console.log(`Building the site (missing: ${missing.join(', ')})...`);
  execSync('npm run build', { cwd: REPO_ROOT, stdio: 'inherit' });
}
