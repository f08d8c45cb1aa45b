import { getInstance } from '@module-federation/enhanced/runtime';
import type { RemoteEntry, RemoteName } from './remotesMap';

/** Thrown when a remote's files cannot be fetched or its module fails; the route shows the error screen. */
export class RemoteUnavailableError extends Error {
  constructor(
    readonly remote: RemoteName,
    readonly modulePath: string,
    cause: unknown,
  ) {
    super(`The ${remote} module "${modulePath}" could not be loaded. ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'RemoteUnavailableError';
  }
}

/** Registers the remotes of the map on the federation instance the build plugin created. */
export function registerRemoteEntries(remotes: RemoteEntry[]): void {
  const federation = getInstance();
  if (!federation) throw new Error('Module Federation runtime is missing from the shell build');
  federation.registerRemotes(remotes.map(({ name, entry }) => ({ name, entry })), { force: true });
}

let knownRemotes = new Set<RemoteName>();

export function setKnownRemotes(remotes: RemoteEntry[]): void {
  knownRemotes = new Set(remotes.map((remote) => remote.name));
}

/** Loads an exposed module of a remote, e.g. loadRemoteModule('catalogue', './CategoryListPage'). */
export async function loadRemoteModule<T>(remote: RemoteName, modulePath: string): Promise<T> {
  if (!knownRemotes.has(remote)) {
    throw new RemoteUnavailableError(remote, modulePath, new Error('It is not in the remotes map.'));
  }
  const load = async () => {
    const loaded = await getInstance()?.loadRemote<T>(`${remote}/${modulePath.replace(/^\.\//, '')}`);
    if (loaded == null) throw new Error('The remote returned nothing.');
    return loaded;
  };
  try {
    return await load();
  } catch {
    // Once more at once: when the remote was down as the page loaded, the browser keeps the page's failed preload of
    // its remoteEntry.js (server/src/http/remoteHints.ts) and answers the next request for it with that failure,
    // without asking the network. The retry goes to the network, so a remote that is back is used.
    try {
      return await load();
    } catch (error) {
      throw new RemoteUnavailableError(remote, modulePath, error);
    }
  }
}
