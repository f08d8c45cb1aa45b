import { createContext, use, useContext, type ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { loadRemoteModule } from './loadRemoteModule';
import { loadRemoteMessages } from '../i18n/remoteMessages';
import { nextTask } from '../app/nextTask';
import type { RemoteName } from './remotesMap';
import type { RemoteComponentProps, UncheckedRemoteComponentProps } from './remoteExposes';

/** An exposed module whose default export is a component (a page, the chat widget, the search modal). */
export type RemoteComponentModule = { default: ComponentType<object> };

/**
 * Remote modules already loaded, by `<remote>/<module path>`: on the server, the page's module from the remote's
 * server-render build (server-render/renderPage.tsx), so the page renders at once instead of suspending.
 */
export const LoadedRemoteModules = createContext<ReadonlyMap<string, RemoteComponentModule> | undefined>(undefined);

export function remoteModuleKey(remote: RemoteName, modulePath: string): string {
  return `${remote}/${modulePath}`;
}

interface CacheEntry {
  promise: Promise<RemoteComponentModule>;
  failed: boolean;
  /** The address (router location key) the load was made for. */
  attemptKey: string;
  /** The module once it has loaded (and its slices have their state): drawn at once, without suspending. */
  module?: RemoteComponentModule;
}

const cache = new Map<string, CacheEntry>();

let afterModuleLoaded: () => void = () => undefined;

/**
 * Runs `listener` each time a remote module has loaded (its slices injected), before the page that waited for it
 * renders: the shell gives a slice its server state then (bootstrap.tsx), so the page hydrates with it.
 */
export function onRemoteModuleLoaded(listener: () => void): void {
  afterModuleLoaded = listener;
}

/** React Router's key of the address a page starts at. */
const FIRST_ADDRESS_KEY = 'default';

function loadOnce(remote: RemoteName, modulePath: string, attemptKey: string): Promise<RemoteComponentModule> {
  const key = remoteModuleKey(remote, modulePath);
  const cached = cache.get(key);
  // A failed load is kept while the visitor stays at the same address (React would otherwise retry it in a loop);
  // at any other address it is tried again.
  if (cached && !(cached.failed && cached.attemptKey !== attemptKey)) return cached.promise;
  // The remote's messages with its module: its page draws in the page's language from its first render.
  const promise = Promise.all([
    loadRemoteModule<RemoteComponentModule>(remote, modulePath),
    loadRemoteMessages(remote, modulePath),
  ])
    // The module's evaluation and the render that uses it in separate tasks (each a long task otherwise: TBT).
    .then(async ([module]) => {
      await nextTask();
      afterModuleLoaded();
      entry.module = module;
      return module;
    });
  const entry: CacheEntry = { promise, failed: false, attemptKey };
  entry.promise.catch(() => {
    entry.failed = true;
  });
  cache.set(key, entry);
  return entry.promise;
}

/** Starts fetching a remote page before it renders (e.g. the current route during start-up). */
export function preloadRemotePage(remote: RemoteName, modulePath: string): void {
  loadOnce(remote, modulePath, FIRST_ADDRESS_KEY).catch(() => undefined);
}

/** Starts fetching a remote module if needed; resolves once it has loaded or failed (never rejects). */
export function remoteModuleSettled(remote: RemoteName, modulePath: string): Promise<void> {
  return loadOnce(remote, modulePath, FIRST_ADDRESS_KEY).then(
    () => undefined,
    () => undefined,
  );
}

/** Whether a remote module has loaded or its load has failed (RemotePage then draws it, or throws, at once). */
export function isRemoteModuleSettled(remote: RemoteName, modulePath: string): boolean {
  const entry = cache.get(remoteModuleKey(remote, modulePath));
  return entry !== undefined && (entry.module !== undefined || entry.failed);
}

/**
 * `remote`, `modulePath` and `componentProps`, checked against the remote's own declaration of its exposes
 * (remoteExposes.ts): the module must be one the remote exposes, and `componentProps` what its component takes
 * (required when it has required props; a page takes none).
 */
export type RemotePageProps = RemoteComponentProps;

/**
 * Renders the default export of a remote module. It suspends while loading; a failure is thrown
 * to the route's error boundary, so only this route shows the error screen.
 */
export function RemotePage(props: RemotePageProps) {
  // Checked at the call site; from here on the module is only known at run time.
  const { remote, modulePath, componentProps }: UncheckedRemoteComponentProps = props;
  const loaded = useContext(LoadedRemoteModules)?.get(remoteModuleKey(remote, modulePath));
  const attemptKey = useLocation().key;
  // A module already loaded (e.g. preloaded) is drawn at once: use() would suspend on its promise once more.
  const ready = loaded ?? cache.get(remoteModuleKey(remote, modulePath))?.module;
  const { default: Component } = ready ?? use(loadOnce(remote, modulePath, attemptKey));
  return <Component {...componentProps} />;
}
