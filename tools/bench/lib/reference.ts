// The reference build the Lighthouse figures are read beside: an older commit (BENCH_REFERENCE, default b99bfdc, the
// site before enhanced's return, the Arabic edition and the basket) checked out in a git worktree outside the source
// tree, installed from its own lockfile and built once; later runs reuse it. Machines vary up to 3x from day to day,
// so an absolute bar hides drift; a build measured in the same run, on the same machine, does not.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, startSite, type RunningSite } from '../../../tests/support/site-server';

export const DEFAULT_REFERENCE = 'b99bfdc';

/**
 * Where reference builds live, kept between runs: outside the source tree, and not under any node_modules folder (the
 * webpack configs leave files under node_modules to the packages' own builds, so nothing of the reference would compile).
 */
const CACHE_DIR =
  process.env.BENCH_REFERENCE_DIR ||
  path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'site-bench-reference');

/** Written once the reference is installed and built: a half-built worktree is built again. */
const BUILT_MARK = '.bench-reference-built';

export interface ReferenceBuild {
  ref: string;
  sha: string;
  root: string;
}

function git(args: string[], cwd = REPO_ROOT): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
}

/** The reference's checkout, installed and built (BENCH_REBUILD_REFERENCE=1 builds it again). */
export function prepareReference(ref = process.env.BENCH_REFERENCE || DEFAULT_REFERENCE): ReferenceBuild {
  const sha = git(['rev-parse', '--verify', `${ref}^{commit}`]);
  const root = path.join(CACHE_DIR, sha);
  if (!existsSync(path.join(root, 'package.json'))) {
    mkdirSync(CACHE_DIR, { recursive: true });
    console.log(`Checking out the reference ${ref} (${sha.slice(0, 7)}) in ${root}...`);
    // --force: the folder may have been deleted while git still lists it as a worktree.
    git(['worktree', 'add', '--force', '--detach', root, sha]);
  }
  if (!existsSync(path.join(root, BUILT_MARK)) || process.env.BENCH_REBUILD_REFERENCE === '1') {
    const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
    console.log(`Installing the reference's packages (its own lockfile)...`);
    execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, env, stdio: 'inherit' });
    console.log(`Building the reference...`);
    execFileSync('npm', ['run', 'build'], { cwd: root, env, stdio: 'inherit' });
    writeFileSync(path.join(root, BUILT_MARK), `${new Date().toISOString()}\n`);
  }
  return { ref, sha, root };
}

/** The reference's own built server, on its own port with its own data folder (its embedded database). */
export function startReferenceSite(reference: ReferenceBuild, env: Record<string, string> = {}): Promise<RunningSite> {
  return startSite({ ...env, REPO_ROOT: reference.root }, { root: reference.root });
}
