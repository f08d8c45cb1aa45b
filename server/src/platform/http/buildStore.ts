// Registered builds kept as they were registered, each in its own folder named by its content, so that what a release
// runs can never change under it (a folder overwritten by a later build, a CDN file replaced):
// - a build registered as one of this site's build folders (`/remotes/<name>/canary/mf-manifest.json`) is copied at
//   registration into REMOTE_BUILDS_DIR/<name>/<sha256>/ and served at /remotes/<name>/builds/<sha256>/, the entry
//   its release is registered with: the browser loads that copy, and every process renders from it. That folder is on
//   storage every process sees (a shared volume when there are several machines): a process that did not make the copy
//   serves and renders it too.
// - a build on an allowed origin is read from there; its server-render module is kept by each process in its own cache
//   (ssr/buildCache.ts).
import { randomUUID, createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MANIFEST_FILE } from '@site/contracts/federation';
import { fetchBounded } from './boundedFetch.js';
import { isBrowserFile } from './browserFiles.js';

/** The SHA-256 of `bytes`, in hex. */
export const sha256Hex = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('hex');

/** Where a stored build of `remote` is served, ending in '/'. */
export const storedBuildPath = (remote: string, id: string): string => `/remotes/${remote}/builds/${id}/`;
/** Where `remote`'s stored builds are served: one folder per build below. */
export const storedBuildsPath = (remote: string): string => `/remotes/${remote}/builds/`;

/**
 * Whether a file under a remote's stored builds (`/<sha256>/remoteEntry.js`, relative to /remotes/<name>/builds) is for
 * browsers: within one build's folder, by the rules of any build's files (its server/ folder and server-render.json not).
 */
export function isStoredBuildFile(pathName: string): boolean {
  const inBuild = /^\/[0-9a-f]{64}(\/.+)$/.exec(pathName)?.[1];
  return inBuild !== undefined && isBrowserFile(inBuild);
}

const STORED_ENTRY = /^\/remotes\/([a-z][a-z0-9-]{0,30})\/builds\/([0-9a-f]{64})\/mf-manifest\.json$/;

/** Where a build's files are read from: its base address on an allowed origin, or its folder in the store. */
export type BuildSource = { url: string } | { folder: string };

/** The stored build an entry names (`/remotes/<remote>/builds/<id>/mf-manifest.json`), or undefined. */
export function storedBuildOf(entry: string): { remote: string; id: string } | undefined {
  const stored = STORED_ENTRY.exec(entry);
  return stored === null ? undefined : { remote: stored[1] as string, id: stored[2] as string };
}

/** A stored build's folder in the store. */
export const storedBuildFolder = (buildsDir: string, { remote, id }: { remote: string; id: string }): string =>
  path.join(buildsDir, remote, id);

/** The source of the build whose manifest is `entry`, or undefined when the server has no way to read its files. */
export function buildSourceOf(entry: string, buildsDir: string): BuildSource | undefined {
  const stored = storedBuildOf(entry);
  if (stored !== undefined) return { folder: storedBuildFolder(buildsDir, stored) };
  if (/^https?:\/\//i.test(entry) && entry.endsWith(`/${MANIFEST_FILE}`))
    return { url: entry.slice(0, -MANIFEST_FILE.length) };
  return undefined;
}

/** How long reading one file of a build may take, from another origin. */
export const BUILD_FILE_TIMEOUT_MS = 10_000;

/** A file of a build (`relative`: 'server-render.json'), at most `maxBytes`; or why not (for the log). */
export async function readBuildFile(
  source: BuildSource,
  relative: string,
  maxBytes: number,
): Promise<{ bytes: Buffer } | { error: string }> {
  if ('url' in source) {
    const answer = await fetchBounded(new URL(relative, source.url).href, {
      maxBytes,
      timeoutMs: BUILD_FILE_TIMEOUT_MS,
    });
    if ('error' in answer) return answer;
    return answer.status === 200 ? { bytes: answer.bytes } : { error: `it answered ${answer.status}` };
  }
  const file = path.join(source.folder, relative);
  try {
    if ((await stat(file)).size > maxBytes) return { error: `it is larger than ${Math.round(maxBytes / 1024)} KB` };
    return { bytes: await readFile(file) };
  } catch (error) {
    return { error: `it could not be read (${(error as NodeJS.ErrnoException).code ?? String(error)})` };
  }
}

/** Files a build writes that are not part of what it serves or runs (Module Federation's build information). */
const NOT_STORED = new Set(['mf-stats.json']);
/** The most a build folder copied into the store may hold. */
const STORE_MAX_BYTES = 512 * 1024 * 1024;
const STORE_MAX_FILES = 20_000;

/** A folder that holds no build (no manifest, or missing): what it is registered for is refused by the manifest check. */
export class NotABuildFolder extends Error {}

async function filesOf(root: string, under = ''): Promise<string[]> {
  const entries = await readdir(path.join(root, under), { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    const relative = under === '' ? entry.name : `${under}/${entry.name}`;
    if (entry.isDirectory()) files.push(...(await filesOf(root, relative)));
    else if (entry.isFile() && !NOT_STORED.has(relative)) files.push(relative);
    if (files.length > STORE_MAX_FILES) throw new Error(`more than ${STORE_MAX_FILES} files`);
  }
  return files;
}

/**
 * Copies the build folder `sourceDir` of `remote` into the store, named by the SHA-256 of its files (each file's path and
 * SHA-256, in order), and gives that name. The bytes hashed are the bytes written (read once), into a folder of its own
 * renamed into place when complete: a copy is whole or absent, and is never written again (the same content has the same
 * name: a second registration of it finds it there). Throws NotABuildFolder when it holds no build, and any other error
 * when it cannot be read or copied.
 */
export async function storeBuild(buildsDir: string, remote: string, sourceDir: string): Promise<string> {
  if (!(await exists(path.join(sourceDir, MANIFEST_FILE))))
    throw new NotABuildFolder(`${sourceDir} has no ${MANIFEST_FILE}`);
  const names = (await filesOf(sourceDir)).sort();
  const files: { name: string; bytes: Buffer }[] = [];
  let size = 0;
  for (const name of names) {
    const bytes = await readFile(path.join(sourceDir, name));
    size += bytes.length;
    if (size > STORE_MAX_BYTES) throw new Error(`more than ${STORE_MAX_BYTES / 1024 / 1024} MB`);
    files.push({ name, bytes });
  }
  const id = sha256Hex(files.map(({ name, bytes }) => `${name}\0${sha256Hex(bytes)}\n`).join(''));
  const target = path.join(buildsDir, remote, id);
  if (await exists(path.join(target, MANIFEST_FILE))) return id;
  // outside every served folder while it is written
  const incoming = path.join(buildsDir, '.incoming', randomUUID());
  try {
    for (const { name, bytes } of files) {
      await mkdir(path.dirname(path.join(incoming, name)), { recursive: true });
      await writeFile(path.join(incoming, name), bytes);
    }
    await mkdir(path.dirname(target), { recursive: true });
    await rename(incoming, target).catch(async (error: unknown) => {
      // another process stored the same build meanwhile: theirs is the same bytes
      if (!(await exists(path.join(target, MANIFEST_FILE)))) throw error;
    });
  } finally {
    await rm(incoming, { recursive: true, force: true });
  }
  return id;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
