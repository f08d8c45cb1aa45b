// One webpack configuration for every app (the shell and the four remotes), so that the shared
// singletons, the cache-friendly file names and the TypeScript transpiling are the same everywhere.
const fs = require('node:fs');
const path = require('node:path');
const { moduleRules } = require('./module-rules.cjs');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { PreloadStartupChunksPlugin } = require('./preload-startup-chunks.cjs');
const { CompileHintsPlugin } = require('./compile-hints.cjs');
const { createServerRenderConfig, SERVER_RENDER_OUTPUT } = require('./server-render.cjs');

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

function facadeAliases(appDir) {
  return Object.fromEntries(
    Object.keys(SHARED_FACADES).map((packageName) => [
      `${ORIGINAL_SCOPE}${packageName}$`,
      // The package's folder: webpack picks its browser/ESM entry from package.json as for a normal import.
      path.dirname(require.resolve(`${packageName}/package.json`, { paths: [appDir] })),
    ]),
  );
}

/** A package shared through its facade: the facade's folder has no package version, so give the installed one's. */
function facadeShared(singleton, packageName, appDir) {
  return {
    ...singleton(packageName),
    import: SHARED_FACADES[packageName],
    version: require(require.resolve(`${packageName}/package.json`, { paths: [appDir] })).version,
  };
}

/**
 * Packages that must exist once in the page. Subpaths are listed too: a key without a trailing
 * slash does not cover `react/jsx-runtime` or `react-dom/client`, and a second React breaks hooks.
 *
 * The shell provides them, eagerly: its copies go into main.js, one download instead of ~15 small chunks that queue
 * behind HTTP/1.1's six connections (simulated LCP -0.3 s). Remotes take the shell's copies from the share scope and
 * bring none of their own (`import: false`): a remote runs only inside the shell (it is built without its own federation
 * runtime, too), so a fallback copy would never load, and listing one costs every remoteEntry.js its share
 * registrations (~1 KB gzip each).
 */
function sharedSingletons(appPackageJson, appDir, isHost) {
  const deps = appPackageJson.dependencies;
  const singleton = (packageName) => ({
    singleton: true,
    requiredVersion: deps[packageName] && /^\d/.test(deps[packageName]) ? `^${deps[packageName]}` : deps[packageName],
    strictVersion: false,
    ...(isHost ? { eager: true } : { import: false }),
  });
  const facade = (packageName) => ({ ...facadeShared(singleton, packageName, appDir), ...(isHost ? {} : { import: false }) });
  return {
    react: singleton('react'),
    'react/jsx-runtime': singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-dom/client': singleton('react-dom'),
    'react-router-dom': facade('react-router-dom'),
    '@reduxjs/toolkit': facade('@reduxjs/toolkit'),
    'react-redux': facade('react-redux'),
    'styled-components': facade('styled-components'),
    '@site/shared-ui': versionedSharedUi(appDir, isHost),
    '@site/shared-store': singleton('@site/shared-store'),
  };
}

/**
 * shared-ui is shared by version, not as a singleton, so a remote can ship a newer part of the design system before the
 * shell is released again: each app requires at least the shared-ui it was built with (`^<its version>`). A remote built
 * with the shell's version (or older) takes the shell's copy, as a singleton would; one built with a newer version gets
 * its own copy (its fallback chunk) while the page keeps one React and one styled-components (those stay singletons, so
 * the theme and the style sheet are the shell's). shared-ui holds no React context or module state of its own, so
 * two copies on a page are harmless; a change that adds some must make it a singleton again.
 */
function versionedSharedUi(appDir, isHost) {
  const { version } = require(require.resolve('@site/shared-ui/package.json', { paths: [appDir] }));
  return { singleton: false, requiredVersion: `^${version}`, version, eager: isHost };
}

/**
 * @param {object} options
 * @param {string} options.appDir      the app's folder (its package.json sits there)
 * @param {string} options.name        federation container name (catalogue, company, contact, chat, shell)
 * @param {Record<string,string>} [options.exposes]  remote modules, e.g. { './CategoryListPage': './src/...' }
 * @param {boolean} [options.isHost]   the shell: emits index.html, served from the site root
 */
function createFederatedAppConfig({ appDir, name, exposes = {}, isHost = false }) {
  // Two builds: the browser's (below) and the server-render module (server-render.cjs), into the same dist/.
  return (_env, argv) => [browserConfig({ appDir, name, exposes, isHost }, argv), createServerRenderConfig({ appDir, name, exposes, isHost })];
}

function browserConfig({ appDir, name, exposes, isHost }, argv) {
  const production = argv.mode !== 'development';
  const appPackageJson = require(path.join(appDir, 'package.json'));
  checkFacadeImports([path.join(appDir, 'src'), ...SHARED_SOURCE_DIRS]);
  return {
    name,
    mode: production ? 'production' : 'development',
    context: appDir,
    // A remote is only ever started through its remoteEntry.js, so it has no page entry of its own.
    entry: isHost ? { main: './src/index.ts' } : {},
    // No eval-based source maps: the site's CSP has no 'unsafe-eval', in development too.
    devtool: production ? false : 'cheap-module-source-map',
    target: 'web',
    output: {
      path: path.join(appDir, 'dist'),
      // The shell lives at the site root; a remote resolves its chunks against wherever its
      // manifest was loaded from, so it can be deployed on any origin or path.
      publicPath: isHost ? '/' : 'auto',
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      uniqueName: name,
      // dist/server/ and server-render.json are the server-render build's (same run, other compiler).
      clean: { keep: SERVER_RENDER_OUTPUT },
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.json'],
      alias: facadeAliases(appDir),
    },
    module: { rules: moduleRules(production) },
    plugins: [
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes,
        // Remotes are registered at run time from the server's remotes map (shell/src/remotes/federation.ts).
        remotes: {},
        shared: sharedSingletons(appPackageJson, appDir, isHost),
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
            // runtime plugin, and registers the remoteEntry.js it names (shell/src/remotes/federation.ts).
            disableSnapshot: true,
            // Remotes load no other remote: the remote-loading half of the runtime is left out of theirs.
            ...(isHost ? {} : { disableRemote: true }),
          },
        },
      }),
      ...(production ? [new CompileHintsPlugin()] : []),
      ...(isHost
        ? [
            new HtmlWebpackPlugin({
              template: path.join(appDir, 'src', 'index.html'),
              scriptLoading: 'defer',
              minify: production,
            }),
            // Start-up chunks (react-dom, the router, the store...) download while main.js (the federation
            // runtime) does, not after it ran: LCP -0.35 s at 150 ms RTT / 1.6 Mbps. The remotes map needs no
            // preload: the server puts it into the page (server/src/http/spa.ts).
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

/** Workspace packages bundled into every app (as shared modules): their imports are checked too. */
const SHARED_SOURCE_DIRS = ['shared-ui', 'shared-store'].map((name) => path.resolve(__dirname, '..', '..', name, 'src'));

/** The names a facade module exports ('default' for `export { default }`). */
function facadeExports(facadeFile) {
  const source = fs.readFileSync(facadeFile, 'utf8').replace(/\/\/.*$/gm, '');
  return new Set([...source.matchAll(/export\s*\{([^}]*)\}/g)].flatMap((match) => match[1].split(',').map((name) => name.trim()).filter(Boolean)));
}

const SERVER_RENDER_DIR = 'server-render';

function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    // The server-render entry runs on the server against the real packages, not the facades.
    if (entry.isDirectory()) return entry.name === SERVER_RENDER_DIR ? [] : sourceFiles(full);
    return /\.[cm]?[jt]sx?$/.test(entry.name) && !/\.test\.[jt]sx?$/.test(entry.name) ? [full] : [];
  });
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The value names a source imports from `packageName`: `import a, { b, c as d, type E } from 'pkg'` gives
 * default, b, c. Type-only imports are left out (they do not exist at run time). Subpath imports are listed as
 * `subpath:<path>`.
 */
function importedNames(source, packageName) {
  const names = [];
  const pattern = new RegExp(`(import|export)\\s+(type\\s+)?([\\w$]+\\s*,?\\s*)?(\\{[^}]*\\})?\\s*from\\s*['"]${escapeRegExp(packageName)}(/[^'"]*)?['"]`, 'g');
  for (const [, keyword, typeOnly, defaultName, braces, subpath] of source.matchAll(pattern)) {
    if (typeOnly) continue;
    if (subpath) names.push(`subpath:${subpath}`);
    if (keyword === 'import' && defaultName) names.push('default');
    for (const raw of (braces ?? '').replace(/[{}]/g, '').split(',')) {
      const name = raw.trim().replace(/\s+as\s+.*$/, '');
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

/**
 * Fails the build when bundled code imports a name a shared facade lacks (it would be undefined at run time), a
 * subpath of a facaded package, or 'react-router' directly (a second router copy, whose contexts the shared one
 * cannot see).
 */
function checkFacadeImports(dirs) {
  const problems = [];
  const files = dirs.flatMap(sourceFiles);
  for (const [packageName, facadeFile] of Object.entries(SHARED_FACADES)) {
    const available = facadeExports(facadeFile);
    for (const file of files) {
      const source = fs.readFileSync(file, 'utf8');
      const where = path.relative(process.cwd(), file);
      for (const name of importedNames(source, packageName)) {
        if (name.startsWith('subpath:')) problems.push(`${where}: import from '${packageName}', not '${packageName}${name.slice(8)}'`);
        else if (!available.has(name)) problems.push(`${where}: '${name}' from '${packageName}' is not in ${path.relative(process.cwd(), facadeFile)}`);
      }
      if (packageName === 'react-router-dom' && importedNames(source, 'react-router').length > 0) {
        problems.push(`${where}: import from 'react-router-dom' instead of 'react-router'`);
      }
    }
  }
  if (problems.length > 0) {
    throw new Error(
      `Imports the shared facades (tools/webpack/shared) do not provide:\n  ${problems.join('\n  ')}\n` +
        'Add the name to the facade (and release the shell before the remote that uses it).',
    );
  }
}

module.exports = { createFederatedAppConfig, importedNames };
