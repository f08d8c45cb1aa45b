import { loadExposedModule } from './remoteContainers';
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

/** The remotes of the map, by name: the URL each one is loaded from. */
let remoteEntries = new Map<RemoteName, string>();

export function setKnownRemotes(remotes: RemoteEntry[]): void {
  remoteEntries = new Map(remotes.map((remote) => [remote.name, remote.entry]));
}

/** Loads an exposed module of a remote, e.g. loadRemoteModule('catalogue', './CategoryListPage'). */
export async function loadRemoteModule<T>(remote: RemoteName, modulePath: string): Promise<T> {
  const entry = remoteEntries.get(remote);
  if (entry === undefined) {
    throw new RemoteUnavailableError(remote, modulePath, new Error('It is not in the remotes map.'));
  }
  try {
    const loaded = await loadExposedModule<T>(remote, entry, modulePath);
    if (loaded == null) throw new Error('The remote returned nothing.');
    return loaded;
  } catch (error) {
    throw new RemoteUnavailableError(remote, modulePath, error);
  }
}
