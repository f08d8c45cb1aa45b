// The server-render build of an app: the same sources as its browser build, compiled for Node so the site's server can
// render a page's first view into its HTML (server/src/pages/ssr). It goes into the app's dist/server/, beside the
// browser files, and is released with them. Its file name carries its content hash, like the browser's chunks, and
// dist/server-render.json names it: one more entry file, written before mf-manifest.json in a release and restored with
// it in a rollback, so the HTML the server writes always comes from the release the browser then hydrates it with.
//
// The packages that are shared singletons in the browser are not bundled here either: the server hands every
// server-render module the same copies (globalThis.__siteServerShared, filled by server/src/platform/http/sharedModules.ts),
// so the shell's store, router and theme are the ones the remote's page sees, as in the browser. shared-ui is the
// exception: it is shared by version in the browser (versionedShared in federated-app.cjs), so a remote built with a
// newer shared-ui than the shell's draws with its own copy there, and each remote's module here bundles the shared-ui
// it was built with (its newer components exist on the server too; same sources and paths as its browser build, so
// the same styled-components ids and class names).
const path = require('node:path');
const webpack = require('webpack');
const { moduleRules } = require('./module-rules.cjs');
// What is shared and how (contracts/src/sharedPackages.ts says what each `server` value means). DOMPurify is
// among the server's: the catalogue sanitizes HTML from data with it, which needs a DOM (the server gives it jsdom's).
// Not '@site/shared-ui': a remote bundles its own (see the top of the file; it holds no React context or module state,
// so a second copy is harmless). The shell still exports its shared-ui for remote releases built before that.
const sharedPackages = require('@site/contracts/shared-packages.json');

/** Where a server-render module reads the shared packages from (the contract with server/src/pages/ssr). */
const SHARED_GLOBAL = sharedPackages.serverRender.global;

const serverShared = (sharing) =>
  sharedPackages.packages.filter((entry) => entry.server === sharing).map((entry) => entry.name);
/** npm packages the server provides (from its own node_modules). */
const SERVER_PROVIDED = serverShared('server');
/** Workspace packages the shell's server-render module bundles and exports, and every remote's takes from it: the one store. */
const SHELL_PROVIDED = serverShared('shell');

/** The entry file naming the server-render module, relative to the app's dist folder: `{ "module": "server/render.<hash>.js" }`. */
const SERVER_RENDER_POINTER = sharedPackages.serverRender.pointerFile;
/** The app's dist files this build writes (the browser build's `clean` keeps them, and this one cleans only them). */
const SERVER_RENDER_OUTPUT = (file) => file.startsWith('server/') || file === SERVER_RENDER_POINTER;

/**
 * Writes server-render.json, naming the entry's hashed file; and fails the build when that file is not the only
 * script: a release carries only the file server-render.json names, so a second one would be missing on a canary.
 */
class ServerRenderPointerPlugin {
  apply(compiler) {
    const { Compilation, sources, WebpackError } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('ServerRenderPointerPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ServerRenderPointerPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const entryChunk = compilation.entrypoints.get('render').getEntrypointChunk();
          const file = [...entryChunk.files].find((name) => name.endsWith('.js'));
          const others = Object.keys(compilation.assets).filter((name) => name.endsWith('.js') && name !== file);
          if (others.length > 0) {
            compilation.errors.push(
              new WebpackError(
                `The server-render build must be one file (${file}), but also wrote ${others.join(', ')}: a release would lack them.`,
              ),
            );
          }
          compilation.emitAsset(SERVER_RENDER_POINTER, new sources.RawSource(`${JSON.stringify({ module: file })}\n`));
        },
      );
    });
  }
}

function sharedExternals(isHost) {
  const names = isHost ? SERVER_PROVIDED : [...SERVER_PROVIDED, ...SHELL_PROVIDED];
  return Object.fromEntries(names.map((name) => [name, `globalThis.${SHARED_GLOBAL}[${JSON.stringify(name)}]`]));
}

/**
 * A remote's entry: its exposed modules by expose name, the same map the browser's remoteEntry.js serves
 * (a data: module, so no generated file sits in the sources).
 */
function exposesEntry(appDir, exposes) {
  const lines = Object.entries(exposes).map(([key, request], index) => {
    const file = path.resolve(appDir, typeof request === 'string' ? request : request.import);
    return {
      importLine: `import * as m${index} from ${JSON.stringify(file)};`,
      entryLine: `  ${JSON.stringify(key)}: m${index},`,
    };
  });
  const source = [
    ...lines.map((line) => line.importLine),
    'export const exposes = {',
    ...lines.map((line) => line.entryLine),
    '};',
  ].join('\n');
  return `data:text/javascript,${encodeURIComponent(source)}`;
}

/**
 * @param {object} options
 * @param {string} options.appDir  the app's folder
 * @param {string} options.name    federation container name
 * @param {Record<string,string>} options.exposes  the remote's exposes (ignored for the host)
 * @param {boolean} options.isHost the shell: its entry is src/server-render/index.ts
 */
function createServerRenderConfig({ appDir, name, exposes, isHost }) {
  return {
    name: `${name}-server-render`,
    mode: 'production',
    context: appDir,
    target: 'node20',
    entry: { render: isHost ? './src/server-render/index.ts' : exposesEntry(appDir, exposes) },
    devtool: false,
    output: {
      path: path.join(appDir, 'dist'),
      filename: 'server/render.[contenthash:8].js',
      chunkFilename: 'server/[name].[contenthash:8].js',
      // Pictures and fonts under the browser build's names (federated-app.cjs), so the HTML the server writes names
      // the files the browser loads.
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      library: { type: 'commonjs2' },
      // Asset URLs as the browser build gives them: the shell at the site root, a remote where the server serves it.
      publicPath: isHost ? '/' : `/remotes/${name}/`,
      // The browser build (same folder) cleans dist/ but keeps these files; this one cleans only its own.
      clean: { keep: (file) => !SERVER_RENDER_OUTPUT(file) },
    },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.json'] },
    externals: sharedExternals(isHost),
    externalsType: 'var',
    // One file: a release's server rendering is pinned to the one module server-render.json names (its SHA-256 kept
    // with the release, the bytes copied and cached by that hash), so a lazy import must not become a chunk beside it.
    plugins: [new ServerRenderPointerPlugin(), new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
    module: { rules: moduleRules(true) },
    // Readable stack traces in the server log; the file is read once per release.
    optimization: { minimize: false, moduleIds: 'deterministic', chunkIds: 'deterministic' },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

module.exports = { createServerRenderConfig, SERVER_RENDER_OUTPUT, SERVER_RENDER_POINTER, SHARED_GLOBAL };
