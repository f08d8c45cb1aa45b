// The shell's runtime plugin for @module-federation/enhanced: how the site's remotes are registered, retried and
// replaced, as hooks of the federation runtime (loadRemote runs them; loadRemoteModule.ts only calls loadRemote).
//
// - beforeRequest: a remote is registered on first use, from the remotes map: its manifest is fetched and the
//   remoteEntry.js it names is registered (the runtime's own manifest reader is not in the build).
// - loadEntryError: a remoteEntry.js that failed to load is tried once more; a canary build's that fails again is
//   replaced by the stable build for this visitor (and the server is told so through a cookie: canaryCookie.ts). A
//   canary whose manifest cannot be fetched is replaced the same way in beforeRequest.
// - errorLoadRemote: any other failed load (the manifest, a chunk of the module) is tried once more, then reported as
//   RemoteUnavailableError, which the route's error boundary shows as the error screen. A canary's failure there (its
//   remoteEntry.js downloaded but threw as it ran, its init or get threw) is not tried again: the stable build is.
// - Every remote's first load on the page, and its failure, is reported to the server (one small POST each, as the
//   staff host reports its remotes: @site/contracts/remote-load-reports).
// The second tries are not only for flaky networks: when a remote was down as the page loaded, the browser keeps the
// page's failed preloads of its files (server/src/pages/remoteHints.ts) and answers the next request for each with that
// failure, without asking the network; the second request goes to the network, so a remote that is back is used.
// A module's second try starts once the first try's chunk loads have all ended (chunkLoadsSettled.ts): webpack hands a
// request for a chunk still loading that load, so a second try started at the first try's first failed chunk would get
// the first try's failure of its other chunks (a page of two chunks, both preloaded, then never recovered).
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { withRetryQuery } from '@site/contracts/federation';
import type { RemoteLoadReport } from '@site/contracts/releases-api-schemas';
import { loadFailureKind, remoteLoadReporter, type SendLoadReport } from '@site/contracts/remote-load-reports';
import { rememberCanaryFailure } from './canaryCookie';
import { chunkLoadsSettled } from './chunkLoadsSettled';
import { resolveRemoteSource, type RemoteSource } from './remoteSource';
import type { RemoteEntry } from './remotesMap';

/** Thrown when a remote's files cannot be fetched or its module fails; the route shows the error screen. */
export class RemoteUnavailableError extends Error {
  constructor(
    /** A RemoteName, or any other name the remotes map gave. */
    readonly remote: string,
    readonly modulePath: string,
    cause: unknown,
  ) {
    super(
      `The ${remote} module "${modulePath}" could not be loaded. ${cause instanceof Error ? cause.message : String(cause)}`,
    );
    this.name = 'RemoteUnavailableError';
  }
}

/** 'catalogue/ProductDetailsPage' → the remote's name and the module path as the remote exposes it. */
export function splitRequestId(id: string): { remote: string; modulePath: string } {
  const slash = id.indexOf('/');
  return slash < 0
    ? { remote: id, modulePath: '.' }
    : { remote: id.slice(0, slash), modulePath: `./${id.slice(slash + 1)}` };
}

export interface SiteRemotesPluginOptions {
  /** Records that a canary could not be loaded (the cookie; a test passes its own). */
  onCanaryFailed?: (remote: string, error: unknown) => void;
  /** Sends a load report (a POST to the server; a test passes its own). */
  onReport?: SendLoadReport;
}

/** The build each remote loaded on this page came from (its manifest address): what the vitals beacon names. */
export const loadedBuilds = new Map<string, string>();

export function siteRemotesPlugin(
  remotes: readonly RemoteEntry[],
  options: SiteRemotesPluginOptions = {},
): ModuleFederationRuntimePlugin {
  const byName = new Map<string, RemoteEntry>(remotes.map((remote) => [remote.name, remote]));
  /** Remotes whose canary failed on this page: the stable build is used from then on. */
  const onStable = new Set<string>();
  /** Each remote's registration (manifest read, remoteEntry.js registered), made once; a failed one is forgotten. */
  const registrations = new Map<string, Promise<RemoteSource>>();
  /** Requests being tried the second time (the retry's own failure goes to the first call's handler). */
  const retrying = new Set<string>();
  const canaryFailed =
    options.onCanaryFailed ??
    ((remote: string, error: unknown) => {
      rememberCanaryFailure(remote);
      console.warn(`The canary build of "${remote}" could not be loaded; the stable build is used.`, error);
    });

  const isOnCanary = (remote: RemoteEntry): remote is RemoteEntry & { fallback: string } =>
    remote.fallback !== undefined && !onStable.has(remote.name);
  /** The manifest of the build this page uses: the canary's, or the stable one's once the canary failed. */
  const buildInUse = (remote: RemoteEntry): string =>
    isOnCanary(remote) ? remote.entry : (remote.fallback ?? remote.entry);

  /** One report per build and outcome on this page. */
  const send = remoteLoadReporter(options.onReport);
  function report(name: string, kind?: RemoteLoadReport['kind']): void {
    const remote = byName.get(name);
    if (remote === undefined) return;
    send(name, buildInUse(remote), kind);
    if (kind === undefined) loadedBuilds.set(name, buildInUse(remote));
  }

  function leaveCanary(remote: RemoteEntry, error: unknown, kind: NonNullable<RemoteLoadReport['kind']>): void {
    report(remote.name, kind);
    onStable.add(remote.name);
    canaryFailed(remote.name, error);
  }

  function useStable(
    remote: RemoteEntry & { fallback: string },
    error: unknown,
    kind: NonNullable<RemoteLoadReport['kind']>,
  ): Promise<RemoteSource> {
    leaveCanary(remote, error, kind);
    return resolveRemoteSource(remote.name, remote.fallback);
  }

  async function register(
    origin: Parameters<NonNullable<ModuleFederationRuntimePlugin['beforeRequest']>>[0]['origin'],
    remote: RemoteEntry,
  ) {
    let source: RemoteSource;
    try {
      source = await resolveRemoteSource(remote.name, buildInUse(remote));
    } catch (error) {
      if (!isOnCanary(remote)) throw error;
      source = await useStable(remote, error, 'manifest');
    }
    const known = origin.options.remotes.some((registered) => registered.name === remote.name);
    origin.registerRemotes([{ name: remote.name, ...source }], { force: known });
    return source;
  }

  return {
    name: 'site-remotes',

    async beforeRequest(args) {
      const { remote: name } = splitRequestId(args.id);
      const remote = byName.get(name);
      if (remote === undefined) throw new Error(`"${name}" is not in the remotes map.`);
      let registration = registrations.get(name);
      if (registration === undefined) {
        registration = register(args.origin, remote);
        registrations.set(name, registration);
        registration.catch(() => registrations.delete(name));
      }
      await registration;
      return args;
    },

    onLoad({ id }) {
      report(splitRequestId(id).remote);
    },

    async errorLoadRemote({ id, error, lifecycle, origin }) {
      // Every failure ends in the 'onLoad' call (an earlier lifecycle's error is rethrown into it): handled once there.
      if (lifecycle !== 'onLoad') return undefined;
      if (retrying.has(id)) throw error;
      retrying.add(id);
      const { remote, modulePath } = splitRequestId(id);
      const kind = loadFailureKind(error);
      try {
        const entry = byName.get(remote);
        if (entry !== undefined && isOnCanary(entry)) {
          // A canary that downloaded and then failed: the stable build, registered anew by beforeRequest (forced: the
          // canary's global and loading are dropped).
          leaveCanary(entry, error, kind);
          registrations.delete(remote);
        }
        // Not while a chunk of the failed try is still loading: this try would be given that load and its failure.
        await chunkLoadsSettled();
        return await origin.loadRemote(id);
      } catch (secondError) {
        report(remote, kind);
        throw new RemoteUnavailableError(remote, modulePath, secondError);
      } finally {
        retrying.delete(id);
      }
    },

    loadEntryError({ getRemoteEntry, origin, remoteInfo }) {
      const retried = (async () => {
        try {
          // Once more, by another URL: the browser may answer the same URL with the page's failed preload of it.
          return (
            (await getRemoteEntry({
              origin,
              remoteInfo: { ...remoteInfo, entry: withRetryQuery(remoteInfo.entry) },
            })) || undefined
          );
        } catch (error) {
          const remote = byName.get(remoteInfo.name);
          if (remote === undefined || !isOnCanary(remote)) return undefined; // the runtime reports the first failure
          try {
            const stable = await useStable(remote, error, 'entry');
            return (await getRemoteEntry({ origin, remoteInfo: { ...remoteInfo, ...stable } })) || undefined;
          } catch (stableError) {
            // The runtime's remote is still the canary (registered by beforeRequest): forget that registration, so that
            // the next try (errorLoadRemote's, the next navigation's) registers the stable build instead of asking for
            // the canary again.
            registrations.delete(remote.name);
            throw stableError;
          }
        }
      })();
      // The hook's declared type is a promise of a promise; the runtime awaits whatever it gets (a promise of the
      // container, as its own retry plugin returns).
      return retried as unknown as Promise<typeof retried>;
    },
  };
}
