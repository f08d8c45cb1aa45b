// One webpack configuration for every app (the shell and the four remotes), so that the shared
// singletons, the cache-friendly file names and the TypeScript transpiling are the same everywhere.
const fs = require('node:fs');
const path = require('node:path');
const { moduleRules } = require('./module-rules.cjs');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { PreloadStartupChunksPlugin } = require('./preload-startup-chunks.cjs');
const { CompileHintsPlugin } = require('./compile-hints.cjs');
const { precompressPlugins } = require('./precompress.cjs');
const { PathFreeModuleIdsPlugin } = require('./path-free-ids.cjs');
const { createServerRenderConfig, SERVER_RENDER_OUTPUT } = require('./server-render.cjs');
/** What the apps share and how: the one list, which the server reads too (contracts/src/sharedPackages.ts). */
const sharedPackages = require('@site/contracts/shared-packages.json');

/**
 * Shared packages every app gets through a facade module that names only the API the site uses (see each file).
 * A shared module cannot be tree-shaken (any app may use any export), so without these react-router-dom weighs
 * ~66 KB gzip on every page instead of ~16, @reduxjs/toolkit 15.5 instead of 10, styled-components 13.2 instead of 11.8,
 * and react-redux (with connect()) 2 KB more.
 */
const SHARED_FACADES = {
  'react-router-dom': path.join(__dirname, 'shared', 'react-router-dom.mjs'),
  '@reduxjs/toolkit': path.join(__dirname, 'shared', 'redux-toolkit.mjs'),
  'styled-components': path.join(__dirname, 'shared', 'styled-components.mjs'),
  'react-redux': path.join(__dirname, 'shared', 'react-redux.mjs'),
};

/**
 * The ES module build of the runtime plugin that hands the shell's federation runtime to the remotes. The option
 * `provideExternalRuntime: true` would add its CommonJS build, which bundles a second runtime-core beside the ES one
 * the rest of the runtime uses (+22 KB gzip of main.js for nothing).
 */
const INJECT_EXTERNAL_RUNTIME_ESM = require
  .resolve('@module-federation/inject-external-runtime-core-plugin')
  .replace(/index\.cjs$/, 'index.js');

/**
 * Inside a facade, `from '@original/<package>'` reaches the real package. Importing it by its own name would consume
 * the shared module, i.e. the facade itself, and the page would wait forever for a module that waits for itself.
 */
const ORIGINAL_SCOPE = '@original/';

/** A remote's error messages of the federation runtime's wrapper: the one it can show (remote-error-codes.mjs). */
const REMOTE_ERROR_CODES = path.join(__dirname, 'remote-error-codes.mjs');
/** The bundler runtime's loading of other remotes, which a remote never does (remote-no-remotes.mjs). */
const BUNDLER_RUNTIME_REMOTES = /[\\/]@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/]remotes\.js$/;
const REMOTE_NO_REMOTES = path.join(__dirname, 'remote-no-remotes.mjs');
/** The runtime's snapshot handler, which a host built with `disableSnapshot` never uses (host-no-snapshots.mjs). */
const RUNTIME_SNAPSHOT_HANDLER =
  /[\\/]@module-federation[\\/]runtime-core[\\/]dist[\\/]plugins[\\/]snapshot[\\/]SnapshotHandler\.js$/;
const HOST_NO_SNAPSHOTS = path.join(__dirname, 'host-no-snapshots.mjs');

function facadeAliases(appDir) {
  return Object.fromEntries(
    Object.keys(SHARED_FACADES).map((packageName) => [
      `${ORIGINAL_SCOPE}${packageName}$`,
      // The file a normal import of the package resolves to, by its package.json's exports. Not its folder: a folder is
      // resolved by the old main fields, and @reduxjs/toolkit's and react-redux's `module` is their legacy build, whose
      // transpiled syntax and helpers cost main.js ~410 B brotli more (2026-11-29).
      resolveForBrowser(appDir, packageName),
    ]),
  );
}

/**
 * react-router's build without its warnings to developers. Its package.json exports only its development build
 * (dist/development: `ENABLE_DEV_WARNINGS = true`, console warnings for the developer in every browser);
 * dist/production is the same code with them off: main.js ~480 B brotli less (2026-11-29). For every browser build
 * that bundles the router (the monolith's too, so it stays the same pages' cost).
 */
function reactRouterProduction(appDir) {
  const folder = path.dirname(require.resolve('react-router/package.json', { paths: [appDir] }));
  return { 'react-router$': path.join(folder, 'dist', 'production', 'index.mjs') };
}

/** A package shared through its facade: the facade's folder has no package version, so give the installed one's. */
function facadeShared(singleton, packageName, appDir) {
  return {
    ...singleton(packageName),
    import: SHARED_FACADES[packageName],
    version: require(require.resolve(`${packageName}/package.json`, { paths: [appDir] })).version,
  };
}

/** 'react' for 'react/jsx-runtime', '@scope/name' for '@scope/name/sub': the package whose version a shared name has. */
const packageOf = (name) =>
  name
    .split('/')
    .slice(0, name.startsWith('@') ? 2 : 1)
    .join('/');

/** webpack's resolution of a bare import in a browser build (its defaults for target 'web'), for a host's provides. */
const resolveForBrowser = require('enhanced-resolve').create.sync({
  conditionNames: ['import', 'module', 'webpack', 'production', 'browser'],
  mainFields: ['browser', 'module', 'main'],
  aliasFields: ['browser'],
  extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
});

/**
 * What a host provides of a shared package: the file its own import resolves to, named by its absolute path and
 * version. A provide named by package only enters the share scope if the host's own code imports it; by file it always
 * does (the federation plugin includes it), so a host offers every shared package a remote may take (the staff host
 * uses neither the store nor Lingui, which the catalogue's preview takes from it). A host that imports the package
 * itself (the shell imports them all) bundles the same file as before.
 */
function hostProvided(name, appDir) {
  const { version } = require(require.resolve(`${packageOf(name)}/package.json`, { paths: [appDir] }));
  return { import: resolveForBrowser(appDir, name), version };
}

/**
 * Packages that must exist once in the page (shared-packages.json's browser: 'singleton'), and shared-ui, shared by
 * version. Subpaths are listed too: a key without a trailing slash does not cover `react/jsx-runtime` or
 * `react-dom/client`, and a second React breaks hooks.
 *
 * The shell provides them, eagerly: its copies go into main.js, one download instead of ~15 small chunks that queue
 * behind HTTP/1.1's six connections (simulated LCP -0.3 s). Remotes take the shell's copies from the share scope and
 * bring none of their own (`import: false`): a remote runs only inside the shell (it is built without its own federation
 * runtime, too), so a fallback copy would never load, and listing one costs every remoteEntry.js its share
 * registrations (~1 KB gzip each).
 */
function sharedSingletons(appPackageJson, appDir, isHost, wholeShared = []) {
  const deps = appPackageJson.dependencies;
  const singleton = (packageName) => ({
    singleton: true,
    requiredVersion: deps[packageName] && /^\d/.test(deps[packageName]) ? `^${deps[packageName]}` : deps[packageName],
    strictVersion: false,
    ...(isHost ? { eager: true } : { import: false }),
  });
  const facade = (packageName) => ({
    ...facadeShared(singleton, packageName, appDir),
    ...(isHost ? {} : { import: false }),
  });
  const shared = ({ name, browser }) => {
    if (browser === 'by-version') return versionedShared(name, appDir, isHost);
    if (name in SHARED_FACADES && !wholeShared.includes(name)) return facade(name);
    // a host provides the file (a subpath such as react-dom/client is a file of its own), at its package's version
    return isHost ? { ...singleton(packageOf(name)), ...hostProvided(name, appDir) } : singleton(packageOf(name));
  };
  return Object.fromEntries(
    sharedPackages.packages.filter((entry) => entry.browser !== undefined).map((entry) => [entry.name, shared(entry)]),
  );
}

/**
 * shared-ui is shared by version, not as a singleton, so a remote can ship a newer part of the design system before the
 * shell is released again: each app requires at least the shared-ui it was built with (`^<its version>`). A remote built
 * with the shell's version (or older) takes the shell's copy, as a singleton would; one built with a newer version gets
 * its own copy (its fallback chunk) while the page keeps one React and one styled-components (those stay singletons, so
 * the theme and the style sheet are the shell's). shared-ui holds no React context or module state of its own, so
 * two copies on a page are harmless; a change that adds some must make it a singleton again.
 */
function versionedShared(packageName, appDir, isHost) {
  const { version } = require(require.resolve(`${packageName}/package.json`, { paths: [appDir] }));
  return {
    singleton: false,
    requiredVersion: `^${version}`,
    version,
    eager: isHost,
    ...(isHost ? hostProvided(packageName, appDir) : {}),
  };
}

/**
 * @param {object} options
 * @param {string} options.appDir      the app's folder (its package.json sits there)
 * @param {string} options.name        federation container name (catalogue, company, contact, chat, shell)
 * @param {Record<string,string>} [options.exposes]  remote modules, e.g. { './CategoryListPage': './src/...' }
 * @param {boolean} [options.isHost]   a host page: emits index.html (the shell, served from the site root; the staff host)
 * @param {string} [options.publicPath] a host's address of its files ('/' by default: the shell's, at the site root)
 * @param {boolean} [options.serverRender] also build the server-render module (default true); false for the staff
 *   pages, which the server never renders (staff-host, mfe-staff)
 * @param {string[]} [options.browserOnlyExposes] exposes left out of the server-render module: modules the server never
 *   renders (the catalogue's staff preview, which draws in a React root of its own with react-dom/client)
 * @param {string[]} [options.wholeShared] a host's packages of SHARED_FACADES provided whole instead of through their
 *   facade: the staff host's @reduxjs/toolkit, whose remote bundles RTK Query (its imports of the toolkit reach names
 *   no facade lists); the public shell keeps its facades, so the public pages' bytes do not change
 * @param {boolean} [options.quantityWords] also expose './messages-<locale>-with-quantities': the app's catalog and
 *   shared-ui's quantity words in that language (messages-loader.cjs), for its pages that show quantities
 *   (contracts/src/federation.ts, messagesModule), so a page downloads the words in its own language only
 */
function createFederatedAppConfig({
  appDir,
  name,
  exposes: pages = {},
  isHost = false,
  publicPath = '/',
  serverRender = true,
  browserOnlyExposes = [],
  wholeShared = [],
  quantityWords = false,
}) {
  // Every remote also exposes its message catalogs, one module per language ('./messages-ar': src/i18n/ar.json): the
  // shell loads the page's language with the remote's first module, so a remote's strings ship with its code and a
  // page downloads only its own language (contracts/src/federation.ts, messagesModule).
  const exposes = isHost ? pages : { ...pages, ...messageExposes(appDir, quantityWords) };
  const browser = (argv) => browserConfig({ appDir, name, exposes, isHost, publicPath, wholeShared }, argv);
  if (!serverRender) return (_env, argv) => browser(argv);
  // Two builds: the browser's (below) and the server-render module (server-render.cjs), into the same dist/.
  const serverExposes = Object.fromEntries(
    Object.entries(exposes).filter(([key]) => !browserOnlyExposes.includes(key)),
  );
  return (_env, argv) => [browser(argv), createServerRenderConfig({ appDir, name, exposes: serverExposes, isHost })];
}

/** shared-ui's quantity words (its catalogs, <locale>.json), repo-relative as messages-loader.cjs reads `?with=`. */
const QUANTITY_WORDS = 'shared-ui/src/i18n';

/**
 * './messages-en': './src/i18n/en.json', … for each catalog the app has (content tests check every app has each
 * language). None for an app without src/i18n/: the staff app is English only and never shares the public pages' catalogs.
 */
function messageExposes(appDir, quantityWords) {
  const dir = path.join(appDir, 'src', 'i18n');
  if (!fs.existsSync(dir)) return {};
  const catalogs = fs.readdirSync(dir).filter((file) => /^[a-z]{2}\.json$/.test(file));
  return Object.fromEntries(
    catalogs.flatMap((file) => [
      [`./messages-${file.slice(0, 2)}`, `./src/i18n/${file}`],
      ...(quantityWords
        ? [[`./messages-${file.slice(0, 2)}-with-quantities`, `./src/i18n/${file}?with=${QUANTITY_WORDS}`]]
        : []),
    ]),
  );
}

function browserConfig({ appDir, name, exposes, isHost, publicPath, wholeShared }, argv) {
  const production = argv.mode !== 'development';
  const appPackageJson = require(path.join(appDir, 'package.json'));
  return {
    name,
    mode: production ? 'production' : 'development',
    context: appDir,
    // A remote is only ever started through its remoteEntry.js, so it has no page entry of its own.
    entry: isHost ? { main: './src/index.ts' } : {},
    // No eval-based source maps: the site's CSP has no 'unsafe-eval', in development too. BUILD_SOURCE_MAPS=1 writes
    // whole maps beside a production build, for reading a start-up's profile by package (`npm run bench:start-calls`);
    // never for a build that is deployed (the maps would be served with it).
    devtool: production ? (process.env.BUILD_SOURCE_MAPS === '1' ? 'source-map' : false) : 'cheap-module-source-map',
    target: 'web',
    output: {
      path: path.join(appDir, 'dist'),
      // The shell lives at the site root (the staff host under its own path); a remote resolves its chunks against
      // wherever its manifest was loaded from, so it can be deployed on any origin or path.
      publicPath: isHost ? publicPath : 'auto',
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      uniqueName: name,
      // dist/server/ and server-render.json are the server-render build's (same run, other compiler).
      clean: { keep: SERVER_RENDER_OUTPUT },
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.json'],
      alias: {
        ...facadeAliases(appDir),
        ...reactRouterProduction(appDir),
        ...(isHost ? {} : { '@module-federation/error-codes$': REMOTE_ERROR_CODES }),
      },
    },
    module: { rules: moduleRules(production) },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes,
        // Remotes are registered at run time from the server's remotes map (shell/src/remotes/siteRemotesPlugin.ts).
        remotes: {},
        shared: sharedSingletons(appPackageJson, appDir, isHost, wholeShared),
        // A remote's entry is fetched when one of its modules is first needed: with the default 'version-first'
        // every remote entry is fetched at start-up, and one dead remote would blank the page.
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
        dev: false,
        // One federation runtime per page: the shell bundles it and hands it to the remotes (its runtime plugin, by
        // the ES module file), remotes are built without their own copy (externalRuntime; ~19 KB gzip less per
        // remoteEntry.js). A remote therefore cannot run without a host, which it never does here.
        ...(isHost ? { runtimePlugins: [INJECT_EXTERNAL_RUNTIME_ESM] } : {}),
        experiments: {
          ...(isHost ? {} : { externalRuntime: true }),
          optimization: {
            // target 'web': the runtime's Node.js code is left out (~3 KB gzip).
            target: 'web',
            // No snapshot handler (~3 KB): it is what reads a manifest URL. The shell reads the manifest itself, in a
            // runtime plugin, and registers the remoteEntry.js it names (shell/src/remotes/siteRemotesPlugin.ts).
            disableSnapshot: true,
            // Remotes load no other remote: the remote-loading half of the runtime is left out of theirs.
            ...(isHost ? {} : { disableRemote: true }),
          },
        },
      }),
      new webpack.NormalModuleReplacementPlugin(
        ...(isHost ? [RUNTIME_SNAPSHOT_HANDLER, HOST_NO_SNAPSHOTS] : [BUNDLER_RUNTIME_REMOTES, REMOTE_NO_REMOTES]),
      ),
      // The same bytes from any checkout folder (the first-view budgets are exact to the byte).
      new PathFreeModuleIdsPlugin(),
      ...(production ? [new CompileHintsPlugin()] : []),
      // <file>.br and <file>.gz beside each text asset: the server sends them as they are (a release copies them too).
      ...(production ? precompressPlugins() : []),
      ...(isHost
        ? [
            new HtmlWebpackPlugin({
              template: path.join(appDir, 'src', 'index.html'),
              scriptLoading: 'defer',
              minify: production,
            }),
            // Start-up chunks (react-dom, the router, the store...) download while main.js (the federation
            // runtime) does, not after it ran: LCP -0.35 s at 150 ms RTT / 1.6 Mbps. The remotes map needs no
            // preload: the server puts it into the page (server/src/pages/shellResponder.ts).
            new PreloadStartupChunksPlugin(),
          ]
        : []),
    ],
    optimization: {
      // Stable ids keep unchanged chunks byte-identical between releases (long-term caching).
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

// The lint (eslint.config.mjs, tools/lint/shared-facades.mjs) checks that bundled code imports only what the facades export.
module.exports = { createFederatedAppConfig, SHARED_FACADES, reactRouterProduction };
