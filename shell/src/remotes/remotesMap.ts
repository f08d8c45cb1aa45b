import { REMOTES_MAP_ELEMENT_ID } from '@site/contracts/dom-ids';
import { REMOTE_NAMES, type RemoteName } from '@site/contracts/federation';

export { REMOTE_NAMES, type RemoteName };

export interface RemoteEntry {
  name: RemoteName;
  /** Absolute URL of the remote's mf-manifest.json (or remoteEntry.js). */
  entry: string;
  /**
   * When `entry` is a canary build this visitor was put on: the stable build's URL, used if the canary cannot be
   * loaded (shell/src/remotes/siteRemotesPlugin.ts).
   */
  fallback?: string;
}

const isRemoteName = (value: unknown): value is RemoteName =>
  typeof value === 'string' && (REMOTE_NAMES as readonly string[]).includes(value);

/**
 * Reads the server's remotes map ({ remotes: [{ name, entry }] }), keeping only well-formed entries
 * for remotes this shell knows, with relative URLs resolved against the page's origin.
 */
export function parseRemotesMap(body: unknown, baseUrl: string): RemoteEntry[] {
  const list = (body as { remotes?: unknown } | null)?.remotes;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    const { name, entry, fallback } = (item ?? {}) as { name?: unknown; entry?: unknown; fallback?: unknown };
    if (!isRemoteName(name) || typeof entry !== 'string' || entry === '') return [];
    try {
      const remote: RemoteEntry = { name, entry: new URL(entry, baseUrl).href };
      // A malformed fallback is dropped: the canary is still used, only without a way back.
      if (typeof fallback === 'string' && fallback !== '') remote.fallback = new URL(fallback, baseUrl).href;
      return [remote];
    } catch {
      return [];
    }
  });
}

/** The map the page's HTML carries, or undefined when there is none (a static host serving index.html as is). */
export function readInlineRemotesMap(doc: Document, baseUrl: string): RemoteEntry[] | undefined {
  const element = doc.getElementById(REMOTES_MAP_ELEMENT_ID);
  if (element === null || element.getAttribute('type') !== 'application/json') return undefined;
  try {
    return parseRemotesMap(JSON.parse(element.textContent ?? ''), baseUrl);
  } catch (error) {
    console.warn('The remotes map in the page is not JSON; fetching /remotes.json instead.', error);
    return undefined;
  }
}

/**
 * The remotes map: the one in the page if the server put it there, else /remotes.json. A failure leaves the map
 * empty: the frame still renders, remote routes show the error screen.
 */
export async function loadRemotesMap(): Promise<RemoteEntry[]> {
  const inline = readInlineRemotesMap(document, window.location.href);
  if (inline !== undefined) return inline;
  try {
    const response = await fetch('/remotes.json', { cache: 'no-cache' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return parseRemotesMap(await response.json(), window.location.href);
  } catch (error) {
    console.warn('The remotes map could not be loaded; remote pages will show an error.', error);
    return [];
  }
}
