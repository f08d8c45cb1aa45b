// Before a release is accepted: its manifest must load and expose every module the shell uses of that remote (the
// route table's pages, the widgets the shell frame renders, the messages of each language), else the release is refused
// with what is missing. The shell checks the same use against each remote's declared exposes at compile time
// (shell/src/remotes/remoteExposes.ts); this is that check against a build, before visitors load it.
import { LOCALES } from '@site/contracts/locale';
import { messagesModules, type ReleasedRemote, type RemoteName } from '@site/contracts/federation';
import { STAFF_APP_MODULE, STAFF_REMOTE } from '@site/contracts/staff-api';
import { quotationRoute } from '@site/contracts/quotation-route';
import { siteRoutes } from '@site/contracts/routes';
import { fetchBounded } from '../platform/http/boundedFetch.js';

/**
 * Modules the shell loads outside the route table: the header's search and the frame's chat. The catalogue's
 * ./ProductPreview is not required: only the staff editor loads it, and a build without it (an older release) leaves
 * the editor its server-drawn preview (it says so), while refusing the release would hold back the public pages.
 */
const WIDGETS: Partial<Record<RemoteName, readonly string[]>> = {
  catalogue: ['./SearchModal'],
  chat: ['./ChatWidget'],
};

/** The exposes (without './', as a manifest names them) the shell needs of `remote` (the staff host of the staff remote). */
export function requiredExposes(remote: ReleasedRemote): string[] {
  // the staff host renders one module of it, and its screens are English only (no messages modules)
  if (remote === STAFF_REMOTE) return [STAFF_APP_MODULE.replace(/^\.\//, '')];
  const modules = [
    // the buyer's quotation's route is the shell's too, learned at its address (contracts/src/quotationRoute.ts)
    ...[...siteRoutes, quotationRoute].filter((route) => route.remote === remote).map((route) => route.modulePath),
    ...(WIDGETS[remote] ?? []),
    ...LOCALES.flatMap((locale) => messagesModules(remote, locale)),
  ];
  return [...new Set(modules.map((module) => module.replace(/^\.\//, '')))].sort();
}

/** The expose names of a manifest ('HomePage'), or a sentence saying why it is not one. */
export function exposesOf(manifest: unknown): string[] | string {
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest)) return 'it is not a JSON object';
  const { exposes } = manifest as { exposes?: unknown };
  if (!Array.isArray(exposes)) return 'it has no "exposes" list';
  return exposes.flatMap((expose: unknown) => {
    const name = (expose as { name?: unknown } | null)?.name;
    return typeof name === 'string' ? [name.replace(/^\.\//, '')] : [];
  });
}

/**
 * Reads a manifest's text: JSON at a URL (absolute) or at a path of this server. A failure's `error` says what went
 * wrong for the server's log only: the caller is told one sentence whatever it was (`checkRelease`).
 */
export type ManifestReader = (entry: string) => Promise<{ status: number; body: string } | { error: string }>;

/** The most of a manifest read (a real one is a few KB). */
export const MANIFEST_MAX_BYTES = 1024 * 1024;
const FETCH_TIMEOUT_MS = 5000;

/**
 * Reads an absolute http(s) URL (the caller has checked its origin is allowed: allowedOrigins.ts) with a time limit,
 * no redirect followed and no more than MANIFEST_MAX_BYTES read (http/boundedFetch.ts).
 */
export async function fetchManifest(url: string): Promise<{ status: number; body: string } | { error: string }> {
  const answer = await fetchBounded(url, { maxBytes: MANIFEST_MAX_BYTES, timeoutMs: FETCH_TIMEOUT_MS });
  return 'error' in answer ? answer : { status: answer.status, body: answer.bytes.toString('utf8') };
}

/**
 * What every manifest that cannot be used as one is told, whatever the reason (unreachable, slow, a redirect, another
 * status, too large, not JSON, no exposes): the refusal must not tell a caller what answers where.
 */
export const manifestNotLoaded = (entry: string): string =>
  `The manifest at ${entry} could not be loaded: it must answer 200 within ${FETCH_TIMEOUT_MS / 1000} s, with no redirect, a federation manifest (JSON with an "exposes" list) of at most ${MANIFEST_MAX_BYTES / 1024} KB`;

/**
 * Undefined when the release at `entry` may be accepted for `remote`, else the refusal's sentence. `onFailure` hears
 * why a manifest could not be used (for the server's log; the refusal says the same words for every reason).
 */
export async function checkRelease(
  remote: ReleasedRemote,
  entry: string,
  read: ManifestReader,
  onFailure: (why: string) => void = () => undefined,
): Promise<string | undefined> {
  const answer = await read(entry);
  const failed = (why: string) => {
    onFailure(why);
    return manifestNotLoaded(entry);
  };
  if ('error' in answer) return failed(answer.error);
  if (answer.status !== 200) return failed(`it answered ${answer.status}`);
  let manifest: unknown;
  try {
    manifest = JSON.parse(answer.body);
  } catch {
    return failed('it is not JSON');
  }
  const exposes = exposesOf(manifest);
  if (typeof exposes === 'string') return failed(exposes);
  const missing = requiredExposes(remote).filter((name) => !exposes.includes(name));
  const user = remote === STAFF_REMOTE ? 'the staff host' : 'the shell';
  if (missing.length > 0)
    return `The ${remote} release does not expose what ${user} uses: missing ${missing.map((name) => `./${name}`).join(', ')}`;
  return undefined;
}
