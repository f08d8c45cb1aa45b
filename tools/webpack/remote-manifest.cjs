// Writes a remote's mf-manifest.json: where its remoteEntry.js is, the global it defines, and the files of each exposed
// module. The shell registers a remote by this file's URL (shell/src/remotes/remoteContainers.ts reads
// metaData.remoteEntry and metaData.globalName); the server reads the exposes' files to preload the current page's
// remote (server/src/http/remoteHints.ts) and watches the file for new releases (it is written last in a release).
// The fields are the subset of @module-federation's manifest format that those two read, so either kind of remote
// build can be registered.
const PLUGIN_NAME = 'RemoteManifestPlugin';
const MANIFEST_FILE = 'mf-manifest.json';

/** The chunk an exposed module goes into: './ProductDetailsPage' -> '__federation_expose_ProductDetailsPage'. */
function exposeChunkName(exposeKey) {
  return `__federation_expose_${exposeKey.replace(/^\.\//, '').replace(/[^\w-]/g, '_')}`;
}

class RemoteManifestPlugin {
  /** @param {{ name: string }} options  the container name (also its global variable) */
  constructor({ name }) {
    this.name = name;
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
          exposes: exposesOf(compilation),
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

/** Each exposed module with the JS files its chunk group loads (its own chunk and the split-off chunks it needs). */
function exposesOf(compilation) {
  const exposes = [];
  for (const [chunkName, group] of compilation.namedChunkGroups) {
    if (!chunkName.startsWith('__federation_expose_')) continue;
    const name = chunkName.slice('__federation_expose_'.length);
    const files = group.chunks.flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')));
    exposes.push({ name, path: `./${name}`, assets: { js: { sync: files, async: [] }, css: { sync: [], async: [] } } });
  }
  return exposes.sort((a, b) => a.name.localeCompare(b.name));
}

module.exports = { RemoteManifestPlugin, exposeChunkName, MANIFEST_FILE };
