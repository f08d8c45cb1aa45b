// Each process's own copy of the server-render modules of registered builds (REMOTE_BUILD_CACHE_DIR), by content:
// <dir>/<sha256 of the module>/ holds server-render.json and the module it names, exactly the bytes whose SHA-256 the
// registry recorded when the build was registered (releases/buildContent.ts). A release's pages are rendered only
// from there: a build's files replaced after its registration (on a CDN, in the shared store) are refused, never run.
//
// Keyed by the module's hash, not the manifest's: the manifest does not name the server-render module, so two builds
// with one manifest may render differently; the module's own hash names exactly what is run.
//
// Filled in the background as soon as a release is live (liveRemotes hears of it by NOTIFY: `prefetch`), and on
// demand by the first page that needs it, which waits for it a bounded time (`fileWithin`), else is sent for the
// browser to draw and rendered once the module is here (the page cache's key names the module).
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SERVER_RENDER_POINTER } from '@site/contracts/shared-packages';
import { buildSourceOf, readBuildFile, sha256Hex } from '../../platform/http/buildStore.js';

/** What server-render.json may name: a .js file under server/, nothing outside the build's folder. */
export const RENDER_MODULE_FILE = /^server\/[\w-][\w.-]*\.js$/;

/** The module a server-render.json names, or undefined (not JSON, no name, or not a safe name). */
export function renderModuleOf(pointer: string): string | undefined {
  try {
    const { module } = JSON.parse(pointer) as { module?: unknown };
    return typeof module === 'string' && RENDER_MODULE_FILE.test(module) ? module : undefined;
  } catch {
    return undefined;
  }
}

/** The most a server-render module may weigh (a real one is 0.4 to a few MB). */
export const RENDER_MODULE_MAX_BYTES = 16 * 1024 * 1024;
/** The most a server-render.json may weigh. */
export const RENDER_POINTER_MAX_BYTES = 16 * 1024;

/** A registry release the server renders: its manifest's address and the module recorded at its registration. */
export interface RegisteredBuild {
  entry: string;
  renderModule: string;
  renderSha256: string;
}

/** How long after a failed fetch (or refused bytes) the same module is tried again. */
const RETRY_AFTER_MS = 30_000;

export interface BuildCacheOptions {
  /** REMOTE_BUILD_CACHE_DIR: this process's own. */
  dir: string;
  /** REMOTE_BUILDS_DIR: the shared store of builds registered from this site's folders (buildStore.ts). */
  buildsDir: string;
  warn?: (message: string) => void;
}

export class BuildCache {
  private readonly dir: string;
  private readonly buildsDir: string;
  private readonly warn: (message: string) => void;
  /** Module SHA-256 → its verified file. */
  private readonly ready = new Map<string, string>();
  private readonly pending = new Map<string, Promise<string | undefined>>();
  private readonly failedAt = new Map<string, number>();

  constructor(options: BuildCacheOptions) {
    this.dir = options.dir;
    this.buildsDir = options.buildsDir;
    this.warn = options.warn ?? ((message) => console.warn(message));
  }

  /** Starts fetching what `builds` need and this process does not have (a registry change: before any page asks). */
  prefetch(builds: readonly RegisteredBuild[]): void {
    for (const build of builds) void this.fileOf(build);
  }

  /** The module's verified file, waiting for it at most `waitMs`; undefined when it is not here by then (or refused). */
  async fileWithin(build: RegisteredBuild, waitMs: number): Promise<string | undefined> {
    const ready = this.ready.get(build.renderSha256);
    if (ready !== undefined) return ready;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), waitMs);
      timer.unref();
    });
    try {
      return await Promise.race([this.fileOf(build), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The module's verified file, fetched once (concurrent callers share the fetch); undefined when it cannot be had. */
  fileOf(build: RegisteredBuild): Promise<string | undefined> {
    const { renderSha256: sha } = build;
    const ready = this.ready.get(sha);
    if (ready !== undefined) return Promise.resolve(ready);
    if (Date.now() - (this.failedAt.get(sha) ?? Number.NEGATIVE_INFINITY) < RETRY_AFTER_MS)
      return Promise.resolve(undefined);
    let pending = this.pending.get(sha);
    if (pending === undefined) {
      pending = this.obtain(build)
        .catch((error: unknown) => {
          this.warn(`The server-render module of ${build.entry} could not be cached: ${String(error)}`);
          return undefined;
        })
        .then((file) => {
          if (file === undefined) {
            this.failedAt.set(sha, Date.now());
          } else {
            this.ready.set(sha, file);
            this.failedAt.delete(sha);
          }
          return file;
        })
        .finally(() => this.pending.delete(sha));
      this.pending.set(sha, pending);
    }
    return pending;
  }

  private async obtain(build: RegisteredBuild): Promise<string | undefined> {
    if (!RENDER_MODULE_FILE.test(build.renderModule) || !/^[0-9a-f]{64}$/.test(build.renderSha256)) return undefined;
    const folder = path.join(this.dir, build.renderSha256);
    const file = path.join(folder, build.renderModule);
    // already here (this process cached it before a restart): still checked, the folder is only a name
    const kept = await readFile(file).catch(() => undefined);
    if (kept !== undefined && sha256Hex(kept) === build.renderSha256) return file;
    if (kept !== undefined) await rm(folder, { recursive: true, force: true });
    const source = buildSourceOf(build.entry, this.buildsDir);
    if (source === undefined) return undefined;
    const read = await readBuildFile(source, build.renderModule, RENDER_MODULE_MAX_BYTES);
    if ('error' in read) {
      this.warn(
        `The server-render module of ${build.entry} could not be read (${read.error}); its pages are drawn in the browser until it can.`,
      );
      return undefined;
    }
    if (sha256Hex(read.bytes) !== build.renderSha256) {
      // someone else's bytes: never run them
      this.warn(
        `The server-render module of ${build.entry} is not the one registered (its SHA-256 differs from ${build.renderSha256}): it is not run, and its pages are drawn in the browser.`,
      );
      return undefined;
    }
    const incoming = path.join(this.dir, '.incoming', randomUUID());
    try {
      await mkdir(path.dirname(path.join(incoming, build.renderModule)), { recursive: true });
      await writeFile(path.join(incoming, build.renderModule), read.bytes);
      await writeFile(path.join(incoming, SERVER_RENDER_POINTER), JSON.stringify({ module: build.renderModule }));
      await rename(incoming, folder).catch(async (error: unknown) => {
        // written meanwhile (two renderers of this process, or a restart's leftover): it is taken if it is the same
        const there = await readFile(file).catch(() => undefined);
        if (there === undefined || sha256Hex(there) !== build.renderSha256) throw error;
      });
    } finally {
      await rm(incoming, { recursive: true, force: true });
    }
    return file;
  }
}
