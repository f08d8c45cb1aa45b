// Before a release is accepted: its manifest must load and expose every module the shell uses of that remote (the
// route table's pages, the widgets the shell frame renders, the messages of each language), else the release is refused
// with what is missing. The shell checks the same use against each remote's declared exposes at compile time
// (shell/src/remotes/remoteExposes.ts); this is that check against a build, before visitors load it.
import { LOCALES } from '@site/contracts/locale';
import { messagesModule, type ReleasedRemote, type RemoteName } from '@site/contracts/federation';
import { STAFF_APP_MODULE, STAFF_REMOTE } from '@site/contracts/staff-api';
import { siteRoutes } from '@site/contracts/routes';

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
    ...siteRoutes.filter((route) => route.remote === remote).map((route) => route.modulePath),
    ...(WIDGETS[remote] ?? []),
    ...LOCALES.map((locale) => messagesModule(locale)),
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

/** Reads a manifest's text: JSON at a URL (absolute) or at a path of this server. */
export type ManifestReader = (entry: string) => Promise<{ status: number; body: string } | { error: string }>;

/** The most of a manifest read (a real one is a few KB). */
export const MANIFEST_MAX_BYTES = 1024 * 1024;
const FETCH_TIMEOUT_MS = 5000;

/** Reads an absolute http(s) URL with a time and size limit. */
export async function fetchManifest(url: string): Promise<{ status: number; body: string } | { error: string }> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > MANIFEST_MAX_BYTES) return { error: `it is larger than ${MANIFEST_MAX_BYTES / 1024} KB` };
    const body = await response.text();
    if (body.length > MANIFEST_MAX_BYTES) return { error: `it is larger than ${MANIFEST_MAX_BYTES / 1024} KB` };
    return { status: response.status, body };
  } catch (error) {
    return { error: error instanceof Error && error.name === 'TimeoutError' ? `it did not answer within ${FETCH_TIMEOUT_MS / 1000} s` : 'it could not be reached' };
  }
}

/** Undefined when the release at `entry` may be accepted for `remote`, else the refusal's sentence. */
export async function checkRelease(remote: ReleasedRemote, entry: string, read: ManifestReader): Promise<string | undefined> {
  const answer = await read(entry);
  if ('error' in answer) return `The manifest at ${entry} could not be loaded: ${answer.error}`;
  if (answer.status !== 200) return `The manifest at ${entry} could not be loaded: it answered ${answer.status}`;
  let manifest: unknown;
  try {
    manifest = JSON.parse(answer.body);
  } catch {
    return `The manifest at ${entry} is not JSON`;
  }
  const exposes = exposesOf(manifest);
  if (typeof exposes === 'string') return `The manifest at ${entry} is not a federation manifest: ${exposes}`;
  const missing = requiredExposes(remote).filter((name) => !exposes.includes(name));
  const user = remote === STAFF_REMOTE ? 'the staff host' : 'the shell';
  if (missing.length > 0) return `The ${remote} release does not expose what ${user} uses: missing ${missing.map((name) => `./${name}`).join(', ')}`;
  return undefined;
}
