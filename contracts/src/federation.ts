// Module Federation between the shell, the remotes and the server: the remotes' container names, the manifest file a
// remote's build writes and how it names the remoteEntry.js, the cookie the shell (and the staff host) report a failed
// canary in, and the props the shell passes to the catalogue's search modal. Plain data, types and small functions:
// browser bundles import it.

/** The remotes, by federation container name (each remote's webpack.config.cjs `name`), in the order the shell lists them. */
export const REMOTE_NAMES = ['catalogue', 'company', 'contact', 'chat'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * The remotes the remotes registry releases (register, canary, promote, roll back): the public ones and the staff app's
 * remote (STAFF_REMOTE of staff-api, which only the staff pages load and never a public page's map).
 */
export const RELEASED_REMOTES = [...REMOTE_NAMES, 'staff'] as const;
export type ReleasedRemote = (typeof RELEASED_REMOTES)[number];

/** The manifest @module-federation/enhanced's build plugin writes beside a remote's files; what the remotes map names. */
export const MANIFEST_FILE = 'mf-manifest.json';

/**
 * The manifest's remoteEntry.js, relative to the manifest's folder ('remoteEntry.js', 'entry/remoteEntry.js'), or
 * undefined: the one reading of it, by the shell (which loads it) and the server (which preloads it).
 */
export function remoteEntryFileOf(manifest: unknown): string | undefined {
  const remoteEntry = (manifest as { metaData?: { remoteEntry?: { name?: unknown; path?: unknown } } } | null)?.metaData
    ?.remoteEntry;
  if (typeof remoteEntry?.name !== 'string' || remoteEntry.name === '') return undefined;
  const dir = typeof remoteEntry.path === 'string' ? remoteEntry.path.replace(/^\/+|\/+$/g, '') : '';
  return dir === '' ? remoteEntry.name : `${dir}/${remoteEntry.name}`;
}

/**
 * The cookie in which the shell's runtime lists the remotes whose canary build it could not load (comma-separated,
 * URI-encoded): the server then sends that visitor their stable build (server/src/pages/canary.ts).
 */
export const CANARY_FAILED_COOKIE = 'site_canary_failed';

/** The failed-canaries cookie's lifetime: a day, after which the visitor is offered the canary again (it may be fixed). */
const CANARY_FAILED_MAX_AGE_SECONDS = 24 * 60 * 60;

/** The remote names the failed-canaries cookie holds, read from a Cookie header or `document.cookie`. */
export function canaryFailures(cookieHeader: string): string[] {
  const pair = cookieHeader.split(/;\s*/).find((part) => part.startsWith(`${CANARY_FAILED_COOKIE}=`));
  if (pair === undefined) return [];
  return decodeURIComponent(pair.slice(CANARY_FAILED_COOKIE.length + 1))
    .split(',')
    .filter(Boolean);
}

/** What of a page's `document` the cookie needs (structural: the server, which imports this module, has no DOM types). */
export interface CookieDocument {
  cookie: string;
  readonly location?: { readonly protocol: string } | null;
}

/**
 * Adds `remote` to the failed-canaries cookie (kept with the others already in it): the browser of the shell or of the
 * staff host tells the server it could not load that remote's canary, so the server sends the stable build from now on.
 */
export function rememberCanaryFailure(remote: string, doc: CookieDocument): void {
  const names = new Set(canaryFailures(doc.cookie));
  names.add(remote);
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${CANARY_FAILED_COOKIE}=${encodeURIComponent([...names].join(','))}; Path=/; Max-Age=${CANARY_FAILED_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}

/** The props of the catalogue's './SearchModal' expose, which the shell's header renders while the search is open. */
export interface SearchModalProps {
  open: boolean;
  onClose: () => void;
  /**
   * What the visitor typed in the header's own field while the search was opening (shell/src/frame/Header.tsx), read
   * once as the modal opens and takes the focus: the search goes on from it. Optional: a shell without it opens empty.
   */
  typedText?: () => string;
}

/**
 * The pages whose messages carry shared-ui's quantity words too (Add to quote's field and its outcome): their remote
 * exposes `./messages-<locale>-with-quantities`, its catalog and the words in one language (federated-app.cjs
 * `pageCatalogs`), so the other pages of the remote download neither the words nor both languages of them.
 */
const PAGES_WITH_QUANTITIES: Readonly<Record<string, readonly string[] | undefined>> = {
  catalogue: ['./ProductListingPage', './ProductDetailsPage', './ComparePage'],
};

/** The messages modules a remote exposes in one language: its catalog, and with the quantity words where it has some. */
export function messagesModules(remote: string, locale: string): `./messages-${string}`[] {
  return PAGES_WITH_QUANTITIES[remote] === undefined
    ? [`./messages-${locale}`]
    : [`./messages-${locale}`, `./messages-${locale}-with-quantities`];
}

/**
 * The module through which a remote exposes its messages in one language for a page (tools/webpack/federated-app.cjs
 * adds it from the remote's src/i18n/<locale>.json): its default export is the compiled catalog. `modulePath`: the
 * page's module, when it is one (a widget's messages are its remote's catalog).
 */
export function messagesModule(locale: string, remote?: string, modulePath?: string): `./messages-${string}` {
  const withQuantities =
    remote !== undefined && modulePath !== undefined && PAGES_WITH_QUANTITIES[remote]?.includes(modulePath) === true;
  return withQuantities ? `./messages-${locale}-with-quantities` : `./messages-${locale}`;
}

/**
 * The URL with a query that makes it another request for the same file: a retry of a remote's file, which the browser
 * could otherwise answer with the page's failed preload of that URL.
 */
export function withRetryQuery(url: string): string {
  const retry = new URL(url);
  retry.searchParams.set('retry', '1');
  return retry.href;
}
