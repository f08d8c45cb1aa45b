// Helpers of the independent-release and shared-ui-ahead specs: a throw-away copy of the built site (a REPO_ROOT for the
// server), a throw-away copy of one remote's sources (a hidden sibling of the real one; with a changed copy of shared-ui
// if need be), the remote's real webpack build into a temp folder, and the release
// itself (new files copied next to the old ones, remoteEntry.js and mf-manifest.json last).
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';
import { MANIFEST_FILE } from '@site/contracts/federation';
import { REMOTE_LOAD_REPORT_PATH } from '@site/contracts/releases-api';
import { SERVER_RENDER_POINTER } from '@site/contracts/shared-packages';
import { REPO_ROOT } from './site-server';

export const APPS = ['shell', 'mfe-catalogue', 'mfe-company', 'mfe-contact', 'mfe-chat'] as const;
export type App = (typeof APPS)[number];

/**
 * The files whose names carry no content hash: replaced in place by a release, so they go last, the manifest
 * (what the shell loads first) very last. mf-stats.json is build information nothing loads at run time.
 */
export const ENTRY_FILES = ['mf-stats.json', 'remoteEntry.js', SERVER_RENDER_POINTER, MANIFEST_FILE] as const;

/**
 * An entry file with the brotli/gzip copies the build writes beside it (tools/webpack/precompress.cjs), the file last:
 * browsers get the copies, so they switch (and roll back) together with it.
 */
const withCopies = (file: string): string[] => [`${file}.gz`, `${file}.br`, file];

/**
 * Writes `text` to a built file and to the brotli/gzip copies beside it (where the build wrote them): browsers are sent
 * the copies, so an edited build file without them would still be the old one to a browser.
 */
export function writeBuiltFile(file: string, text: string): void {
  const body = Buffer.from(text);
  writeFileSync(file, body);
  if (existsSync(`${file}.br`)) writeFileSync(`${file}.br`, brotliCompressSync(body));
  if (existsSync(`${file}.gz`)) writeFileSync(`${file}.gz`, gzipSync(body));
}

/**
 * Copies what the server serves into `siteRoot`: every app's dist and content/{public,data,generated}.
 * Run the server with REPO_ROOT=siteRoot; the real dist folders are never touched.
 */
export function copyBuiltSite(siteRoot: string): void {
  for (const app of APPS)
    cpSync(path.join(REPO_ROOT, app, 'dist'), path.join(siteRoot, app, 'dist'), { recursive: true });
  for (const folder of ['public', 'data', 'generated']) {
    const from = path.join(REPO_ROOT, 'content', folder);
    try {
      statSync(from);
    } catch {
      continue; // content/generated is optional
    }
    cpSync(from, path.join(siteRoot, 'content', folder), { recursive: true });
  }
}

/** sha256 of every file under `dir`, by path relative to it. */
export function hashTree(dir: string): Map<string, string> {
  const hashes = new Map<string, string>();
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else hashes.set(path.relative(dir, full), createHash('sha256').update(readFileSync(full)).digest('hex'));
    }
  };
  walk(dir);
  return hashes;
}

/** The bytes of every app's dist in `siteRoot`: app → file → sha256. */
export function hashBundles(siteRoot: string): Record<App, Record<string, string>> {
  return Object.fromEntries(
    APPS.map((app) => [app, Object.fromEntries(hashTree(path.join(siteRoot, app, 'dist')))]),
  ) as Record<App, Record<string, string>>;
}

/**
 * A copy of one remote's sources (package.json, webpack config, tsconfig, src/ without its tests) in a hidden folder
 * next to the real one, `<repo>/.release-test-<remote>-<random>`; the caller deletes it. Next to the real one because
 * webpack's deterministic chunk ids and content hashes come from module paths relative to the app folder: built from
 * the same depth (`../node_modules`, `../tools`, `../shared-ui`), the unchanged chunks come out byte-identical, as
 * they do in a real release from a checkout; built from /tmp, every chunk of the remote would get a new name.
 */
export function copyRemoteSources(remote: App): string {
  const appDir = path.join(REPO_ROOT, `.release-test-${remote}-${randomBytes(4).toString('hex')}`);
  const isTest = (name: string) => /\.test\.[jt]sx?$/.test(name) || name === 'testing';
  mkdirSync(appDir);
  for (const entry of readdirSync(path.join(REPO_ROOT, remote), { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules') continue;
    cpSync(path.join(REPO_ROOT, remote, entry.name), path.join(appDir, entry.name), {
      recursive: true,
      filter: (source) => !isTest(path.basename(source)),
    });
  }
  return appDir;
}

/**
 * A copy of a workspace package's sources (e.g. 'shared-ui': package.json, src/ without its tests) in a hidden folder next
 * to the real one, `<repo>/.release-test-<package>-<random>`, that `appDir` (a copyRemoteSources copy) then resolves
 * instead of the workspace's: `<appDir>/node_modules/@site/<package>` links to it. Node and webpack find that link
 * first from the copy's sources and follow it to the copy's real path, outside any node_modules (the swc rule skips
 * node_modules). The caller deletes the copy; deleting `appDir` removes only the link.
 */
export function copyPackageSourcesFor(appDir: string, workspacePackage: 'shared-ui'): string {
  const packageDir = path.join(REPO_ROOT, `.release-test-${workspacePackage}-${randomBytes(4).toString('hex')}`);
  const isTest = (name: string) => /\.test\.[jt]sx?$/.test(name) || name === 'testing';
  mkdirSync(packageDir);
  for (const entry of readdirSync(path.join(REPO_ROOT, workspacePackage), { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules') continue;
    cpSync(path.join(REPO_ROOT, workspacePackage, entry.name), path.join(packageDir, entry.name), {
      recursive: true,
      filter: (source) => !isTest(path.basename(source)),
    });
  }
  const link = path.join(appDir, 'node_modules', '@site', workspacePackage);
  mkdirSync(path.dirname(link), { recursive: true });
  symlinkSync(packageDir, link, 'dir');
  return packageDir;
}

/** Replaces `from` with `to` in a source file of the copy; throws when `from` is not there exactly once. */
export function editSource(file: string, from: string, to: string): void {
  const text = readFileSync(file, 'utf8');
  const count = text.split(from).length - 1;
  if (count !== 1) throw new Error(`Expected "${from}" once in ${file}, found it ${count} times`);
  writeFileSync(file, text.replace(from, to));
}

/** The remote's own production build (its webpack config, `npm run build`'s mode) into `outputPath`. */
export async function buildRemote(appDir: string, outputPath: string, timeoutMs = 300_000): Promise<string> {
  const cli = path.join(REPO_ROOT, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
  const args = [
    cli,
    '--config',
    path.join(appDir, 'webpack.config.cjs'),
    '--mode',
    'production',
    '--output-path',
    outputPath,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: appDir,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`webpack ${args.slice(1).join(' ')} failed (${signal ?? code}):\n${output}`));
    });
  });
}

/**
 * Releases a build into a served dist folder the way a static host or CDN should get it: first the new
 * content-hashed files (nothing refers to them yet), then remoteEntry.js, then mf-manifest.json (the switch).
 * Old hashed files stay: pages already running the old release keep loading their chunks, and a rollback is
 * just the old two entry files. Returns the names of the files added or replaced.
 */
export function releaseInto(buildDir: string, servedDir: string): string[] {
  const files = [...hashTree(buildDir).keys()];
  const before = hashTree(servedDir);
  const after = hashTree(buildDir);
  const changed = files.filter((file) => before.get(file) !== after.get(file));
  const entries = ENTRY_FILES.flatMap(withCopies);
  const order = [
    ...changed.filter((file) => !entries.includes(file)),
    ...entries.filter((file) => changed.includes(file)),
  ];
  for (const file of order) {
    mkdirSync(path.dirname(path.join(servedDir, file)), { recursive: true });
    copyFileSync(path.join(buildDir, file), path.join(servedDir, file));
  }
  return order;
}

/** Keeps a copy of the unhashed entry files of a served dist (what a rollback puts back). */
export function saveEntryFiles(servedDir: string, backupDir: string): void {
  mkdirSync(backupDir, { recursive: true });
  for (const file of ENTRY_FILES.flatMap(withCopies)) {
    if (existsSync(path.join(servedDir, file))) copyFileSync(path.join(servedDir, file), path.join(backupDir, file));
  }
}

/** Rollback: the previous release's entry files back, mf-manifest.json last (its hashed chunks never left). */
export function restoreEntryFiles(backupDir: string, servedDir: string): void {
  for (const file of ENTRY_FILES.flatMap(withCopies)) {
    if (existsSync(path.join(backupDir, file))) copyFileSync(path.join(backupDir, file), path.join(servedDir, file));
  }
}

/** A change of one message of the built catalogue: `key`'s text in `locale`, from `from` to `to`. */
export interface MessageEdit {
  locale: 'en' | 'ar';
  key: string;
  from: string;
  to: string;
}

/**
 * A copy of the built catalogue in `dir` with messages changed, in the browser (that locale's messages chunks: the
 * catalog, and the catalog with the quantity words its product, listing and compare pages load) and on the server (its
 * server-render module, which holds both): a second build that draws and hydrates its pages with other texts, without
 * a second webpack build. Throws when a message is not found once in each chunk, or not at all in the render module.
 */
export function copyCatalogueWithMessages(dir: string, edits: readonly MessageEdit[]): void {
  cpSync(path.join(REPO_ROOT, 'mfe-catalogue', 'dist'), dir, { recursive: true });
  const render = JSON.parse(readFileSync(path.join(dir, SERVER_RENDER_POINTER), 'utf8')) as { module: string };
  for (const { locale, key, from, to } of edits) {
    const chunks = readdirSync(dir).filter((file) =>
      new RegExp(`^__federation_expose_messages_${locale}(_with_quantities)?\\.[0-9a-f]+\\.js$`).test(file),
    );
    if (chunks.length !== 2)
      throw new Error(`no ${locale} messages chunks (with and without the quantity words) in ${dir}`);
    const before = `${JSON.stringify(key)}:[${JSON.stringify(from)}]`;
    const after = `${JSON.stringify(key)}:[${JSON.stringify(to)}]`;
    for (const file of chunks.map((chunk) => path.join(dir, chunk))) {
      const text = readFileSync(file, 'utf8');
      if (text.split(before).length !== 2) throw new Error(`expected ${before} once in ${file}`);
      writeBuiltFile(file, text.replace(before, after));
    }
    const renderFile = path.join(dir, render.module);
    const text = readFileSync(renderFile, 'utf8');
    if (!text.includes(before)) throw new Error(`expected ${before} in ${renderFile}`);
    writeBuiltFile(renderFile, text.replaceAll(before, after));
  }
}

/**
 * Makes the built remote in `dir` a broken build: its remoteEntry.js (and the brotli/gzip copies browsers get) throws
 * `message` as it runs, after downloading. Its server-render module is left as it was.
 */
export function breakRemoteEntry(dir: string, message: string): void {
  const entryFile = path.join(dir, 'remoteEntry.js');
  writeBuiltFile(entryFile, `throw new Error(${JSON.stringify(message)});\n${readFileSync(entryFile, 'utf8')}`);
}

/** The answer to the first report of a failed remote load `page` sends (the shell's, when a canary would not load). */
export function failedLoadReport(page: Page): Promise<Response> {
  return page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === REMOTE_LOAD_REPORT_PATH &&
      (response.request().postDataJSON() as { outcome?: string }).outcome === 'failed',
  );
}

/**
 * Makes the built remote in `dir` a slow build: the chunk of its module `expose` (e.g. './CategoryListPage'), once run,
 * holds the main thread for `ms` at every click on the page (a busy loop, as a costly handler would), so each
 * interaction of its visitors takes at least that long (their INP). Its brotli/gzip copies are written too.
 */
export function slowDownClicks(dir: string, expose: string, ms: number): void {
  const chunk = readdirSync(dir).find((file) =>
    new RegExp(`^__federation_expose_${expose.replace(/^\.\//, '')}\\.[0-9a-f]+\\.js$`).test(file),
  );
  if (chunk === undefined) throw new Error(`no chunk of ${expose} in ${dir}`);
  const file = path.join(dir, chunk);
  const [hints, ...rest] = readFileSync(file, 'utf8').split('\n');
  const busy = `document.addEventListener("click",()=>{for(const until=performance.now()+${ms};performance.now()<until;);});`;
  // after the compile hints' comment, which must stay the file's first line
  writeBuiltFile(file, [hints, busy, ...rest].join('\n'));
}
