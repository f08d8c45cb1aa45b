// Preload hints for the remote that renders the requested page: its mf-manifest.json (the shell fetch()es
// it), its remoteEntry.js and the exposed module's start-up chunks, written into the page's head so the browser
// fetches them while the shell's own scripts download, instead of one after the other once the shell has started.
//
// Only for a build this server serves from its disk (localBuilds.ts: /remotes/<name>/mf-manifest.json, a canary's
// /remotes/<name>/canary/mf-manifest.json, or a registered build's copy at /remotes/<name>/builds/<sha256>/): the server reads that manifest to know the chunk names. A remote on another
// origin (REMOTE_*_URL = https://...) gets no hints: its manifest is not on this disk. A chat-like remote loaded after
// the page gets none either: only the page's own remote is asked for (shellResponder.ts), in the build the visitor is on.
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { MANIFEST_FILE, remoteEntryFileOf } from '@site/contracts/federation';
import type { Variant } from './canary.js';
import { buildId, localBuilds, type ServedRemote } from './localBuilds.js';
import { escapeHtml } from '../platform/http/escape.js';

/** A remote as the hints need it (a RemoteConfig fits). */
export type HintedRemote = ServedRemote;

export interface PreloadHints {
  /** The <link rel="preload"> tags, or '' when there are none. */
  html: string;
  /** Names the manifest version the tags come from: part of the page cache key (a new release gives new tags). */
  key: string;
}

export interface RemoteHintsOptions {
  /** How long a manifest's stat is trusted before it is checked again, in milliseconds (0: on every page). */
  recheckMs?: number;
  /** The clock the re-check interval is measured with (tests). */
  now?: () => number;
  /** REMOTE_BUILDS_DIR: registry releases stored there are hinted from their copies (buildStore.ts). */
  storeDir?: string | undefined;
}

export const NO_HINTS: PreloadHints = { html: '', key: '' };
const DEFAULT_RECHECK_MS = 1000;

/** The parts of a manifest the hints need: file names relative to /remotes/<name>/. */
interface ManifestHints {
  remoteEntry: string;
  /** Expose name (e.g. 'HomePage') → its synchronous JS files. */
  exposes: Map<string, string[]>;
}

interface ManifestState {
  /** The URL path the build is served at ('/remotes/catalogue/' or '/remotes/catalogue/canary/'). */
  servedAt: string;
  manifestPath: string;
  /** `${mtimeMs}:${size}` of the file read last, or 'missing'. */
  version: string | undefined;
  hints: ManifestHints | undefined;
  /** Rendered tags per list of expose names, made once per manifest version. */
  tags: Map<string, string>;
  checkedAt: number;
  checking?: Promise<void>;
}

/** Reads each local build's manifest (cached; re-read when its mtime or size changes) and writes the hint tags. */
export class RemotePreloadHints {
  /** By build id (localBuilds.ts). */
  private readonly builds = new Map<string, ManifestState>();
  private readonly recheckMs: number;
  private readonly now: () => number;

  constructor(remotes: readonly HintedRemote[], options: RemoteHintsOptions = {}) {
    this.recheckMs = options.recheckMs ?? DEFAULT_RECHECK_MS;
    this.now = options.now ?? Date.now;
    for (const build of localBuilds(remotes, options.storeDir)) {
      this.builds.set(buildId(build.remote, build.variant), {
        servedAt: build.servedAt,
        manifestPath: path.join(build.distDir, MANIFEST_FILE),
        version: undefined,
        hints: undefined,
        tags: new Map(),
        checkedAt: Number.NEGATIVE_INFINITY,
      });
    }
  }

  /**
   * The hints for a page rendered by `modulePaths` (e.g. './HomePage', or the page's module and its catalog
   * './messages-ar') of `remote`'s `variant` build: each file once, in the modules' order. Never throws.
   */
  async forModule(
    remote: string,
    modulePaths: string | readonly string[],
    variant: Variant = 'stable',
  ): Promise<PreloadHints> {
    const id = buildId(remote, variant);
    const state = this.builds.get(id);
    if (state === undefined) return NO_HINTS;
    if (this.now() - state.checkedAt >= this.recheckMs) {
      state.checking ??= this.check(state).finally(() => {
        state.checking = undefined;
      });
      await state.checking;
    }
    if (state.hints === undefined) return NO_HINTS;
    const exposeNames = (typeof modulePaths === 'string' ? [modulePaths] : modulePaths).map((modulePath) =>
      modulePath.replace(/^\.\//, ''),
    );
    const tagsKey = exposeNames.join(' ');
    let html = state.tags.get(tagsKey);
    if (html === undefined) {
      html = renderHints(state.servedAt, state.hints, exposeNames);
      state.tags.set(tagsKey, html);
    }
    return { html, key: `${id}@${state.version ?? ''}` };
  }

  private async check(state: ManifestState): Promise<void> {
    const startedAt = this.now();
    const info = await stat(state.manifestPath).catch(() => undefined);
    if (info === undefined) {
      // Not built, or being replaced: no hints (never a failed page) until it is back.
      state.hints = undefined;
      state.tags = new Map();
      state.version = 'missing';
    } else if (`${info.mtimeMs}:${info.size}` !== state.version) {
      let hints: ManifestHints | undefined;
      try {
        hints = parseManifest(JSON.parse(await readFile(state.manifestPath, 'utf8')) as unknown);
      } catch {
        hints = undefined; // unreadable or not JSON: no hints for this version of the file
      }
      state.hints = hints;
      state.tags = new Map();
      // Written while being read (a release in progress): read it again at the next check.
      const after = await stat(state.manifestPath).catch(() => undefined);
      const unchanged = after !== undefined && after.mtimeMs === info.mtimeMs && after.size === info.size;
      state.version = unchanged ? `${info.mtimeMs}:${info.size}` : undefined;
    }
    state.checkedAt = startedAt;
  }
}

/** A path relative to the remote's folder: plain segments only (no '..', no absolute path or URL, nothing to escape). */
const SAFE_FILE = /^[\w-][\w.-]*(?:\/[\w-][\w.-]*)*$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The hints of a manifest, or undefined when it is not one this server can use. */
export function parseManifest(manifest: unknown): ManifestHints | undefined {
  if (!isRecord(manifest) || !isRecord(manifest.metaData)) return undefined;
  const { publicPath } = manifest.metaData;
  // Chunks load from publicPath: 'auto' means next to the manifest, i.e. /remotes/<name>/ (or .../canary/). Any other
  // value puts them elsewhere, where preloading files from the manifest's folder would download them twice.
  if (publicPath !== undefined && publicPath !== 'auto') return undefined;
  const entryFile = remoteEntryFileOf(manifest);
  if (entryFile === undefined || !SAFE_FILE.test(entryFile)) return undefined;

  const exposes = new Map<string, string[]>();
  for (const expose of Array.isArray(manifest.exposes) ? manifest.exposes : []) {
    if (!isRecord(expose) || typeof expose.name !== 'string') continue;
    const js = isRecord(expose.assets) && isRecord(expose.assets.js) ? expose.assets.js.sync : undefined;
    const files = Array.isArray(js)
      ? js.filter((file): file is string => typeof file === 'string' && SAFE_FILE.test(file))
      : [];
    exposes.set(expose.name, files);
  }
  return { remoteEntry: entryFile, exposes };
}

function renderHints(base: string, hints: ManifestHints, exposeNames: readonly string[]): string {
  const href = (file: string) => escapeHtml(base + file);
  // Exposes share chunks (a page and another page's code): each file is preloaded once.
  const files = new Set(exposeNames.flatMap((name) => hints.exposes.get(name) ?? []));
  const tags = [
    // The shell fetch()es the manifest (CORS mode, same-origin credentials): the preload must match, or the
    // browser downloads it twice.
    `<link rel="preload" href="${href(MANIFEST_FILE)}" as="fetch" crossorigin="anonymous">`,
    // A plain <script> without crossorigin (the runtime's and webpack's script loading set none).
    `<link rel="preload" href="${href(hints.remoteEntry)}" as="script">`,
    ...[...files].map((file) => `<link rel="preload" as="script" href="${href(file)}">`),
  ];
  return tags.join('');
}
