import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { MANIFEST_FILE, REMOTE_NAMES } from '@site/contracts/federation';
import buildOutputs from '../../scripts/lib/build-outputs.json';
import { REPO_ROOT } from './site-server';

/** The files that must exist for the site to run (the list `npm start` checks too); when one is missing, the whole site is built. */
export const BUILD_OUTPUTS: readonly string[] = buildOutputs.outputs;

// every remote of the contract has its manifest in the list: a remote added there is built before the tests run
for (const name of REMOTE_NAMES) {
  if (!BUILD_OUTPUTS.includes(`mfe-${name}/dist/${MANIFEST_FILE}`))
    throw new Error(`scripts/lib/build-outputs.json lacks mfe-${name}/dist/${MANIFEST_FILE}`);
}

export function buildIfNeeded(): void {
  const missing = BUILD_OUTPUTS.filter((file) => !existsSync(path.join(REPO_ROOT, file)));
  if (missing.length === 0) return;
  console.log(`Building the site (missing: ${missing.join(', ')})...`);
  execSync('npm run build', { cwd: REPO_ROOT, stdio: 'inherit' });
}
