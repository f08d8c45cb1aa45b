import { use, type ComponentType } from 'react';
import { loadRemoteModule } from './loadRemoteModule';
import type { RemoteName } from './remotesMap';

/** An exposed module whose default export is a component (a page, the chat widget, the search modal). */
type RemoteComponentModule = { default: ComponentType<object> };

interface CacheEntry {
  promise: Promise<RemoteComponentModule>;
  failed: boolean;
  navigation: number;
}

const cache = new Map<string, CacheEntry>();
let navigationCount = 0;

/** Called by the frame on every navigation: a remote that failed before is tried again on the next visit. */
export function noteNavigation(): void {
  navigationCount += 1;
}

function loadOnce(remote: RemoteName, modulePath: string): Promise<RemoteComponentModule> {
  const key = `${remote}/${modulePath}`;
  const cached = cache.get(key);
  // A failed load is kept (React would otherwise retry it in a loop) until the visitor navigates.
  if (cached && !(cached.failed && cached.navigation < navigationCount)) return cached.promise;
  const entry: CacheEntry = { promise: loadRemoteModule<RemoteComponentModule>(remote, modulePath), failed: false, navigation: navigationCount };
  entry.promise.catch(() => {
    entry.failed = true;
  });
  cache.set(key, entry);
  return entry.promise;
}

/** Starts fetching a remote page before it renders (e.g. the current route during start-up). */
export function preloadRemotePage(remote: RemoteName, modulePath: string): void {
  loadOnce(remote, modulePath).catch(() => undefined);
}

export interface RemotePageProps<P extends object = object> {
  remote: RemoteName;
  modulePath: string;
  /** Props for the remote component (a page takes none; the search modal takes open/onClose). */
  componentProps?: P;
}

/**
 * Renders the default export of a remote module. It suspends while loading; a failure is thrown
 * to the route's error boundary, so only this route shows the error screen.
 */
export function RemotePage<P extends object = object>({ remote, modulePath, componentProps }: RemotePageProps<P>) {
  const { default: Component } = use(loadOnce(remote, modulePath));
  // The remote's contract (its exposes) says which props it takes; the shell passes them through.
  const Typed = Component as ComponentType<P>;
  return <Typed {...(componentProps ?? ({} as P))} />;
}
