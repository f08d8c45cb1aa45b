import { use } from 'react';
import { loadRemoteModule, type RemotePageModule } from './loadRemoteModule';
import type { RemoteName } from './remotesMap';

interface CacheEntry {
  promise: Promise<RemotePageModule>;
  failed: boolean;
  navigation: number;
}

const cache = new Map<string, CacheEntry>();
let navigationCount = 0;

/** Called by the frame on every navigation: a remote that failed before is tried again on the next visit. */
export function noteNavigation(): void {
  navigationCount += 1;
}

function loadOnce(remote: RemoteName, modulePath: string): Promise<RemotePageModule> {
  const key = `${remote}/${modulePath}`;
  const cached = cache.get(key);
  // A failed load is kept (React would otherwise retry it in a loop) until the visitor navigates.
  if (cached && !(cached.failed && cached.navigation < navigationCount)) return cached.promise;
  const entry: CacheEntry = { promise: loadRemoteModule(remote, modulePath), failed: false, navigation: navigationCount };
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

export interface RemotePageProps {
  remote: RemoteName;
  modulePath: string;
}

/**
 * Renders the default export of a remote module. It suspends while loading; a failure is thrown
 * to the route's error boundary, so only this route shows the error screen.
 */
export function RemotePage({ remote, modulePath }: RemotePageProps) {
  const { default: Page } = use(loadOnce(remote, modulePath));
  return <Page />;
}
