// The shell's door to its remotes: @module-federation/enhanced's runtime (the instance its build plugin made), with the
// site's runtime plugin (siteRemotesPlugin.ts) registering, retrying and replacing remotes from the remotes map.
import { getInstance } from '@module-federation/enhanced/runtime';
import { RemoteUnavailableError, siteRemotesPlugin } from './siteRemotesPlugin';
import type { RemoteEntry, RemoteName } from './remotesMap';

export { RemoteUnavailableError };

/** Hands the remotes map to the federation runtime (once, at start-up). */
export function setKnownRemotes(remotes: RemoteEntry[]): void {
  const federation = getInstance();
  if (!federation) throw new Error('The Module Federation runtime is missing from the shell build.');
  federation.registerPlugins([siteRemotesPlugin(remotes)]);
}

/** Loads an exposed module of a remote, e.g. loadRemoteModule('catalogue', './CategoryListPage'). */
export async function loadRemoteModule<T>(remote: RemoteName, modulePath: string): Promise<T> {
  const federation = getInstance();
  const request = `${remote}/${modulePath.replace(/^\.\//, '')}`;
  try {
    if (!federation) throw new Error('The Module Federation runtime is missing from the shell build.');
    const loaded = await federation.loadRemote<T>(request);
    if (loaded == null) throw new Error('The remote returned nothing.');
    return loaded;
  } catch (error) {
    throw error instanceof RemoteUnavailableError ? error : new RemoteUnavailableError(remote, modulePath, error);
  }
}
