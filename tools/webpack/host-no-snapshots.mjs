// A host's stand-in for @module-federation/runtime-core's SnapshotHandler (federated-app.cjs puts it in the shell's and
// the staff host's builds). `disableSnapshot` (decision 001) leaves out the snapshot plugin, the runtime's only code
// that stores or reads remote snapshots (a host reads each remote's manifest itself: shell/src/remotes/siteRemotesPlugin.ts);
// yet every instance still made the full handler, so it stayed in main.js with the sdk's generateSnapshotFromManifest
// it uses: 1,296 B brotli (2026-11-29). This is the runtime's own DisabledSnapshotHandler (hooks no plugin can join),
// plus what the rest of the runtime still touches: the manifest cache and getGlobalRemoteInfo, which removeRemote asks
// when a remote is registered again (registerRemotes with force: a canary's fallback). No snapshot is ever stored, so
// it finds none, as the full handler would. preloadRemote, which the site never calls, fails.

/** The hooks of a handler that has none (the runtime applies every plugin to them). */
class NoHooks {
  constructor() {
    this.registerPlugins = {};
    this.lifecycle = {};
    this.lifecycleKeys = [];
  }
  applyPlugin(plugin) {
    this.registerPlugins[plugin.name] = plugin;
  }
  removePlugin(pluginName) {
    delete this.registerPlugins[pluginName];
  }
}

export class SnapshotHandler {
  constructor() {
    this.hooks = new NoHooks();
    this.manifestCache = new Map();
  }

  loadRemoteSnapshotInfo() {
    return Promise.reject(
      new Error('This build has no remote snapshots (disableSnapshot): preloadRemote is not available.'),
    );
  }
}

export function getGlobalRemoteInfo() {
  return { hostGlobalSnapshot: undefined, globalSnapshot: undefined, remoteSnapshot: undefined };
}
