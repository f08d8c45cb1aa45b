// Writes a remote's mf-manifest.json: where its remoteEntry.js is, the global it defines, and the files of each exposed
// module. The shell registers a remote by this file's URL (shell/src/remotes/remoteContainers.ts reads
// metaData.remoteEntry and metaData.globalName); the server reads the exposes' files to preload the current page's
// remote (server/src/http/remoteHints.ts) and watches the file for new releases (it is written last in a release).
// The fields are the subset of @module-federation's manifest format that those two read, so either kind of remote
// build can be registered.
const PLUGIN_NAME = 'RemoteManifestPlugin';
const MANIFEST_FILE = 'mf-manifest.json';

/** './ProductDetailsPage' -> 'ProductDetailsPage': the expose's name in the manifest (and in the server's hints). */
const exposeName = (exposeKey) => exposeKey.replace(/^\.\//, '');

/** The chunk an exposed module goes into: './ProductDetailsPage' -> '__federation_expose_ProductDetailsPage'. */
function exposeChunkName(exposeKey) {
  return `__federation_expose_${exposeName(exposeKey).replace(/[^\w-]/g, '_')}`;
}

class RemoteManifestPlugin {
  /** @param {{ name: string, exposes: Record<string, unknown> }} options  the container name (also its global variable) and its exposes */
  constructor({ name, exposes }) {
    this.name = name;
    this.exposeKeys = Object.keys(exposes);
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PLUGIN_NAME, (compilation) => {
      compilation.hooks.processAssets.tap({ name: PLUGIN_NAME, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const manifest = {
          id: this.name,
          name: this.name,
          metaData: {
            name: this.name,
            globalName: this.name,
            remoteEntry: { name: remoteEntryFile(compilation), path: '', type: 'var' },
            publicPath: 'auto',
          },
          exposes: this.exposeKeys.map((key) => exposeOf(compilation, key)),
        };
        compilation.emitAsset(MANIFEST_FILE, new sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`));
      });
    });
  }
}

function remoteEntryFile(compilation) {
  const entry = compilation.entrypoints.get(compilation.outputOptions.uniqueName) ?? [...compilation.entrypoints.values()][0];
  const file = [...(entry?.getEntrypointChunk().files ?? [])].find((name) => name.endsWith('.js'));
  if (!file) throw new Error(`${PLUGIN_NAME}: the build has no remoteEntry.js`);
  return file;
}

/** An exposed module with the JS files its chunk group loads (its own chunk and the split-off chunks it needs). */
function exposeOf(compilation, exposeKey) {
  const group = compilation.namedChunkGroups.get(exposeChunkName(exposeKey));
  if (!group) throw new Error(`${PLUGIN_NAME}: no chunk for the exposed module ${exposeKey}`);
  const files = group.chunks.flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')));
  return { name: exposeName(exposeKey), path: exposeKey, assets: { js: { sync: files, async: [] }, css: { sync: [], async: [] } } };
}

module.exports = { RemoteManifestPlugin, exposeChunkName };
