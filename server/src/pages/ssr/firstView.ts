// The first view of a page, rendered on the server from the shell's and the page's remote's server-render modules
// (built by tools/webpack/server-render.cjs into each dist/server/, named by dist/server-render.json): the visitor sees
// the page as soon as the HTML arrives, and the browser hydrates it once the scripts have run, instead of drawing it
// only then.
//
// Which pages: every page of a remote this server serves from its own disk (localBuilds.ts, as for the preload hints: a
// remote on another origin is not on this disk), in the build the visitor is on: a visitor on a remote's canary
// (canary.ts) gets the page drawn by the canary's module from REMOTE_<NAME>_CANARY_DIR, the code the browser then
// hydrates it with. A remote this server serves itself whose stable pointer names a build on no folder of its own (a
// promoted canary, a release on another origin) is drawn by its own dist folder meanwhile (`standIns`, warned). A page
// that starts by fetching the site's data exports `loadFirstView` (shared-store): the server runs it with a fetch that reads the data files (/data/*.json) and the catalogue API's
// answers (/api/catalogue/…: the routes' own functions, called directly, their answers handed over as objects) from this server, and sends the store's state with the page
// so the browser starts from it. Visitors' data (reviews, ratings: /api) is not
// fetched here: the HTML is cached per page and release (and data file version), and it loads in the browser.
//
// Registry releases (a build registered, canaried, promoted through the registry) are rendered from the module recorded
// at their registration, by its SHA-256, from this process's cache (buildCache.ts): never from a folder that a later
// build may have overwritten. A page whose build's module is not cached yet waits for it at most REGISTERED_BUILD_WAIT_MS,
// else it is sent for the browser to draw (and rendered by the next request once the module is here).
//
// Builds on this disk as configured (the remote's folder, REMOTE_<NAME>_CANARY_DIR): a build's server-render.json is read again when its mf-manifest.json changes (the canary's as the stable's), the file a release writes
// last (the switch: tests/support/release.ts), so the HTML comes from the release the browser will load; a rollback
// restores both. The shell's is read again when it changes, and then every remote's module is reloaded too (they hold
// the shell's shared packages).
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CATALOGUE_API_PREFIX } from '@site/contracts/api';
import { MANIFEST_FILE, messagesModule } from '@site/contracts/federation';
import { splitLocale, type Locale } from '@site/contracts/locale';
import { matchSiteRoute, startDataPaths } from '@site/contracts/routes';
import { SERVER_RENDER_POINTER } from '@site/contracts/shared-packages';
import { DATA_CONTENT_TYPE, isDataFileName, isStreamed, type DataFiles } from '../../platform/http/dataFiles.js';
import type { Variant } from '../canary.js';
import { buildId, localBuilds, type ServedRemote } from '../localBuilds.js';
import { renderModuleOf, type BuildCache, type RegisteredBuild } from './buildCache.js';
import { provideShared, serverProvidedPackages } from '../../platform/http/sharedModules.js';

const DEFAULT_RECHECK_MS = 1000;
/** How long a page waits for its registered build's module to be fetched before it is sent without its first view. */
export const REGISTERED_BUILD_WAIT_MS = 3000;

/** A page module as a remote exposes it (see ServerPageModule in shell/src/server-render). */
interface PageModule {
  default: unknown;
  loadFirstView?: unknown;
}

/** The shell's server-render module (shell/src/server-render/index.ts). */
interface ShellRenderModule {
  renderPage(input: {
    url: string;
    params: Record<string, string>;
    modules: ReadonlyMap<string, PageModule>;
    fetch: typeof fetch;
    locale: Locale;
    catalogs: readonly unknown[];
  }): Promise<RenderedFirstView>;
  sharedUi: unknown;
  sharedStore: unknown;
}

/** A remote's server-render module: its exposed modules by expose name ('./HomePage'). */
interface RemoteRenderModule {
  exposes: Record<string, PageModule>;
}

export interface RenderedFirstView {
  /** Inside <div id="root">. */
  html: string;
  /** For the head: the page's styled-components <style> elements and React's preload links. */
  head: string;
  /** The store's state the page was drawn from. */
  state: Record<string, unknown>;
}

/** A page that can be rendered: `key` names the module versions (part of the page cache key), `render` does it. */
export interface FirstViewSource {
  key: string;
  /** The view, or undefined when a component or a data load failed (logged; the page is then sent without it). */
  render(): Promise<RenderedFirstView | undefined>;
}

export interface FirstViewOptions {
  /** How long a file's stat is trusted before it is checked again, in milliseconds (0: on every page). */
  recheckMs?: number;
  /** Where a module that fails to load or render is reported. */
  warn?: (message: string, error: unknown) => void;
  /** Told of each failed render of a remote's page, by its build (counted per release: releases/releaseHealth.ts). */
  onRenderError?: ((remote: string, variant: Variant) => void) | undefined;
  /** The site's data files (/data/*.json), which pages may load as they render. None: pages that load data are not rendered. */
  dataFiles?: DataFiles;
  /** The catalogue API (/api/catalogue/…), which pages may read as they render. None: pages that start from it are not rendered. */
  catalogueApi?: CatalogueApiReader;
  /**
   * By remote: the folder of the build this server renders it from when the stable build visitors load is not on this
   * disk (a promoted canary, a release on another origin): its own dist folder (app.ts), the build it drew the pages
   * with until then. Its pages keep their first view, with a warning, instead of being sent for the browser to draw.
   */
  standIns?: ReadonlyMap<string, string>;
  /** Where registry releases' modules are kept (one per process). None: registry releases are not rendered. */
  buildCache?: BuildCache | undefined;
  /** How long a page waits for a registered build's module (REGISTERED_BUILD_WAIT_MS). */
  registeredBuildWaitMs?: number;
}

/**
 * The catalogue API as a page rendered here reads it: the answer to a GET of `href` as the route makes it (app.ts: the
 * same functions, catalogue/catalogueAnswers.ts, over the page's own reads), its body the contract's type, never
 * serialised; and the version of what an answer is made from, which names the data a page was drawn from in its cache
 * key: the catalogue's, and for an answer that also shows stock (a listing's counts and badges) the stock's too, so a
 * stock feed draws those pages again and leaves the others kept.
 */
export interface CatalogueApiReader {
  get(href: string): Promise<{ status: number; body: unknown }>;
  version(href: string): number | string;
}

/**
 * A page outside the route table drawn for one visitor only (the buyer's quotation: contracts/src/quotationRoute.ts):
 * its remote's module, its params, and that visitor's data. Its render is never kept (shellResponder.ts: no page cache) and its
 * fetch reads nothing of the server's but `answer`: no data file, no catalogue API.
 */
export interface PrivatePage {
  remote: string;
  modulePath: string;
  params: Record<string, string>;
  /** The route's pattern, for the logs: the address itself may hold a secret (a link's token). */
  logPath: string;
  /** The page's fetch of `href` answered (the body the contract's type, never serialised); undefined: a 404. */
  answer(href: string): Promise<{ status: number; body: unknown } | undefined>;
}

/**
 * An answer of the catalogue API as the page's fetch gives it: json() is the answer's own object (the page reads the
 * contract's type, as from the network), text() its JSON for a reader that asks for bytes.
 */
class AnswerResponse extends Response {
  // The body as Response.json() types it (any: the standard's own type, for the page to read as its contract says).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override readonly json: () => Promise<any>;
  override readonly text: () => Promise<string>;

  constructor(answer: unknown, status: number) {
    super(null, { status, headers: { 'content-type': DATA_CONTENT_TYPE } });
    this.json = () => Promise.resolve(answer);
    this.text = () => Promise.resolve(JSON.stringify(answer));
  }
}

interface LoadedModule<T> {
  /** The version of the files the module was loaded for ('missing': none). */
  version: string;
  module: T | undefined;
}

const requireModule = createRequire(import.meta.url);

/**
 * Loads a CommonJS file afresh: what earlier releases left in require's cache from the same folder is dropped (memory;
 * and a file rewritten under the same name, which a release does not do, is read again).
 */
function loadFresh(file: string): unknown {
  const folder = path.dirname(file) + path.sep;
  for (const cached of Object.keys(requireModule.cache))
    if (cached.startsWith(folder)) delete requireModule.cache[cached];
  return requireModule(file);
}

async function fileVersion(file: string): Promise<string> {
  const info = await stat(file).catch(() => undefined);
  return info === undefined ? 'missing' : `${info.mtimeMs}:${info.size}`;
}

/** The module file server-render.json in `distDir` names, or undefined (none, unreadable, or not a safe name). */
async function pointedModule(distDir: string): Promise<string | undefined> {
  try {
    const module = renderModuleOf(await readFile(path.join(distDir, SERVER_RENDER_POINTER), 'utf8'));
    return module === undefined ? undefined : path.join(distDir, module);
  } catch {
    return undefined;
  }
}

function isShellModule(value: unknown): value is ShellRenderModule {
  return typeof value === 'object' && value !== null && typeof (value as ShellRenderModule).renderPage === 'function';
}

function isRemoteModule(value: unknown): value is RemoteRenderModule {
  const exposes = typeof value === 'object' && value !== null ? (value as RemoteRenderModule).exposes : undefined;
  return typeof exposes === 'object' && exposes !== null;
}

export class FirstViewRenderer {
  private readonly shellDist: string;
  /** Build id ('catalogue', 'catalogue/canary': localBuilds.ts) → its folder and manifest; a stand-in names the entry it stands in for. */
  private readonly builds = new Map<string, { distDir: string; manifest: string; standsInFor?: string }>();
  /** The stand-ins already warned about (once per state of the remotes: a renderer is made per state). */
  private readonly standInsWarned = new Set<string>();
  /** Build id → a registry release's recorded module, rendered from the cache. */
  private readonly registered = new Map<string, RegisteredBuild>();
  private readonly buildCache: BuildCache | undefined;
  private readonly registeredBuildWaitMs: number;
  private readonly recheckMs: number;
  private readonly warn: (message: string, error: unknown) => void;
  private readonly dataFiles: DataFiles | undefined;
  private readonly catalogueApi: CatalogueApiReader | undefined;
  private shell: LoadedModule<ShellRenderModule> = { version: '', module: undefined };
  /** By build id. */
  private readonly remoteModules = new Map<string, LoadedModule<RemoteRenderModule>>();
  private checkedAt = Number.NEGATIVE_INFINITY;
  private checking: Promise<void> | undefined;
  private readonly onRenderError: FirstViewOptions['onRenderError'];

  constructor(shellDist: string, remotes: readonly ServedRemote[], options: FirstViewOptions = {}) {
    this.shellDist = shellDist;
    this.buildCache = options.buildCache;
    this.registeredBuildWaitMs = options.registeredBuildWaitMs ?? REGISTERED_BUILD_WAIT_MS;
    if (this.buildCache !== undefined) {
      for (const remote of remotes) {
        if (remote.build !== undefined) this.registered.set(buildId(remote.name, 'stable'), remote.build);
        if (remote.canary?.build !== undefined)
          this.registered.set(buildId(remote.name, 'canary'), remote.canary.build);
      }
    }
    for (const build of localBuilds(remotes)) {
      const id = buildId(build.remote, build.variant);
      if (!this.registered.has(id))
        this.builds.set(id, { distDir: build.distDir, manifest: path.join(build.distDir, MANIFEST_FILE) });
    }
    for (const { name, entry } of remotes) {
      const standIn = options.standIns?.get(name);
      const id = buildId(name, 'stable');
      if (standIn !== undefined && !this.builds.has(id) && !this.registered.has(id))
        this.builds.set(id, { distDir: standIn, manifest: path.join(standIn, MANIFEST_FILE), standsInFor: entry });
    }
    this.recheckMs = options.recheckMs ?? DEFAULT_RECHECK_MS;
    this.warn =
      options.warn ??
      ((message, error) => (error === undefined ? console.warn(message) : console.warn(message, error)));
    this.dataFiles = options.dataFiles;
    this.catalogueApi = options.catalogueApi;
    this.onRenderError = options.onRenderError;
  }

  /**
   * The first view of the page at `pathname` drawn by the `variant` build of its remote, when this server can render
   * it, in the view `viewSearch` names (contracts' viewSearchOf: a listing's order and page). Never throws.
   * `catalogueApi` replaces the server's for this one view (the staff preview's, which answers a product's draft).
   */
  async viewFor(
    pathname: string,
    variant: Variant = 'stable',
    viewSearch = '',
    catalogueApi = this.catalogueApi,
  ): Promise<FirstViewSource | undefined> {
    const match = matchSiteRoute(pathname);
    const id = match === undefined ? undefined : buildId(match.route.remote, variant);
    if (match === undefined || id === undefined || (!this.builds.has(id) && !this.registered.has(id))) return undefined;
    const { route, params, locale } = match;
    const { shell, remote } = await this.modulesOf(id);
    const page = remote?.module?.exposes[route.modulePath];
    if (shell === undefined || remote === undefined || page === undefined) return undefined;
    const loadsData = typeof page.loadFirstView === 'function';
    if (loadsData && this.dataFiles === undefined) return undefined;
    const startData = startDataPaths(match, viewSearch);
    const readsCatalogueApi = startData.some((href) => href.startsWith(CATALOGUE_API_PREFIX));
    if (loadsData && readsCatalogueApi && catalogueApi === undefined) return undefined;
    const modules = new Map([[`${route.remote}/${route.modulePath}`, page]]);
    // The remote's messages in the page's language (a build without them draws its own fallback texts).
    const catalog = remote.module?.exposes[messagesModule(locale, route.remote, route.modulePath)]?.default;
    const catalogs = catalog === undefined ? [] : [catalog];
    // The data files it reads are part of the key: new content, new HTML.
    const dataVersions = loadsData ? await this.dataVersions(startData, catalogueApi) : '';
    return {
      key: `ssr:${locale} ${this.shell.version} ${id}@${remote.version}${dataVersions}${viewSearch}`,
      render: async () => {
        try {
          return await shell.renderPage({
            url: pathname + viewSearch,
            params,
            modules,
            fetch: this.fetchDataFile(catalogueApi),
            locale,
            catalogs,
          });
        } catch (error) {
          this.warn(`Server rendering of ${pathname} failed; the page is sent for the browser to draw.`, error);
          this.onRenderError?.(route.remote, variant);
          return undefined;
        }
      },
    };
  }

  /**
   * The first view of a page outside the route table at `url` (its path and query), for one visitor (PrivatePage): drawn
   * by the `variant` build of its remote when this server can render it, with the data `page.answer` gives. No cache
   * key (the answer is never kept). Never throws.
   */
  async privateViewFor(
    url: string,
    page: PrivatePage,
    variant: Variant = 'stable',
  ): Promise<FirstViewSource | undefined> {
    const id = buildId(page.remote, variant);
    if (!this.builds.has(id) && !this.registered.has(id)) return undefined;
    const { shell, remote } = await this.modulesOf(id);
    const module = remote?.module?.exposes[page.modulePath];
    if (shell === undefined || remote === undefined || module === undefined) return undefined;
    const { locale } = splitLocale(url.replace(/[?#].*$/, ''));
    const catalog = remote.module?.exposes[messagesModule(locale, page.remote, page.modulePath)]?.default;
    const modules = new Map([[`${page.remote}/${page.modulePath}`, module]]);
    const fetchAnswer: typeof fetch = async (input) => {
      const href = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
      const answer = await page.answer(href);
      return answer === undefined
        ? new Response('Not found', { status: 404 })
        : new AnswerResponse(answer.body, answer.status);
    };
    return {
      key: '',
      render: async () => {
        try {
          return await shell.renderPage({
            url,
            params: page.params,
            modules,
            fetch: fetchAnswer,
            locale,
            catalogs: catalog === undefined ? [] : [catalog],
          });
        } catch (error) {
          this.warn(`Server rendering of ${page.logPath} failed; the page is sent for the browser to draw.`, error);
          this.onRenderError?.(page.remote, variant);
          return undefined;
        }
      },
    };
  }

  /** The shell's module and the build `id`'s, as they are now (checked again after recheckMs). */
  private async modulesOf(
    id: string,
  ): Promise<{ shell: ShellRenderModule | undefined; remote: LoadedModule<RemoteRenderModule> | undefined }> {
    if (Date.now() - this.checkedAt >= this.recheckMs) {
      this.checking ??= this.refresh().finally(() => {
        this.checking = undefined;
      });
      await this.checking;
    }
    return {
      shell: this.shell.module,
      remote: this.registered.has(id) ? await this.registeredModule(id) : this.remoteModules.get(id),
    };
  }

  /**
   * A registry release's module, loaded from its verified copy (buildCache.ts) once per renderer; undefined while it is
   * not here (after the bounded wait) or when its bytes were refused: the page is then drawn in the browser.
   */
  private async registeredModule(id: string): Promise<LoadedModule<RemoteRenderModule> | undefined> {
    const build = this.registered.get(id);
    const version = `sha256:${build?.renderSha256 ?? ''}`;
    const current = this.remoteModules.get(id);
    if (current?.version === version) return current;
    if (build === undefined || this.buildCache === undefined || this.shell.module === undefined) return undefined;
    const file = await this.buildCache.fileWithin(build, this.registeredBuildWaitMs);
    if (file === undefined) return undefined;
    const loaded = { version, module: this.load(file, isRemoteModule) };
    this.remoteModules.set(id, loaded);
    return loaded;
  }

  private async dataVersions(paths: readonly string[], catalogueApi: CatalogueApiReader | undefined): Promise<string> {
    const tags = await Promise.all(
      paths.map(async (href) => {
        if (href.startsWith(CATALOGUE_API_PREFIX)) return `catalogue@${catalogueApi?.version(href) ?? 'none'}`;
        return href.startsWith('/data/') ? ((await this.dataFile(href))?.etag ?? 'none') : undefined;
      }),
    );
    return tags.map((tag) => (tag === undefined ? '' : ` ${tag}`)).join('');
  }

  private async dataFile(href: string) {
    const name = href.slice('/data/'.length);
    return href.startsWith('/data/') && isDataFileName(name) ? this.dataFiles?.get(name) : undefined;
  }

  /** The fetch a page's data thunks get on the server: the data files and the catalogue API only (never another address). */
  private fetchDataFile(catalogueApi: CatalogueApiReader | undefined): typeof fetch {
    return async (input) => {
      const href = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
      if (href.startsWith(CATALOGUE_API_PREFIX) && catalogueApi !== undefined) {
        const { status, body } = await catalogueApi.get(href);
        return new AnswerResponse(body, status);
      }
      const file = await this.dataFile(href);
      if (file === undefined) return new Response('Not found', { status: 404 });
      // a streamed file is read as the page reads it (only the category grid is a page's start data, but any may be)
      const body = isStreamed(file)
        ? (Readable.toWeb((await file.open()).body) as ReadableStream<Uint8Array>)
        : new Uint8Array(file.body);
      return new Response(body, { status: 200, headers: { 'content-type': DATA_CONTENT_TYPE } });
    };
  }

  private async refresh(): Promise<void> {
    const startedAt = Date.now();
    const shellFile = await pointedModule(this.shellDist);
    const shellVersion = shellFile ?? 'missing';
    const shellChanged = shellVersion !== this.shell.version;
    if (shellChanged) {
      this.shell = { version: shellVersion, module: this.load(shellFile, isShellModule) };
      if (this.shell.module !== undefined) {
        // Remotes take the shell's shared-store; shared-ui only those built before they bundled their own (server-render.cjs).
        provideShared({
          '@site/shared-ui': this.shell.module.sharedUi,
          '@site/shared-store': this.shell.module.sharedStore,
        });
      }
    }
    // the remotes' modules hold the shell's shared packages: a new shell, their modules loaded again
    if (shellChanged) for (const id of this.registered.keys()) this.remoteModules.delete(id);
    for (const [id, { distDir, manifest, standsInFor }] of this.builds) {
      const manifestVersion = await fileVersion(manifest);
      const current = this.remoteModules.get(id);
      if (!shellChanged && current?.version.startsWith(`${manifestVersion} `)) continue;
      const file = manifestVersion === 'missing' ? undefined : await pointedModule(distDir);
      const module = this.shell.module === undefined ? undefined : this.load(file, isRemoteModule);
      this.remoteModules.set(id, { version: `${manifestVersion} ${file ?? 'missing'}`, module });
      if (module !== undefined && standsInFor !== undefined && !this.standInsWarned.has(id)) {
        this.standInsWarned.add(id);
        this.warn(
          `The ${id} build visitors load (${standsInFor}) is not on this server's disk: its pages are drawn by the build in ${distDir} ` +
            'until one is, and the browser then takes them over with its own.',
          undefined,
        );
      }
    }
    this.checkedAt = startedAt;
  }

  private load<T>(file: string | undefined, isValid: (value: unknown) => value is T): T | undefined {
    if (file === undefined) return undefined;
    try {
      provideShared(serverProvidedPackages());
      const loaded = loadFresh(file);
      if (isValid(loaded)) return loaded;
      this.warn(`${file} is not a server-render module; its pages are drawn in the browser.`, undefined);
    } catch (error) {
      // Not built (an older release without server rendering), or broken: the pages still work, drawn in the browser.
      if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND')
        this.warn(`${file} could not be loaded.`, error);
    }
    return undefined;
  }
}
