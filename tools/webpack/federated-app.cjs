// One webpack configuration for every app (the shell and the four remotes), so that the shared
// singletons, the cache-friendly file names and the TypeScript transpiling are the same everywhere.
const fs = require('node:fs');
const path = require('node:path');
const { moduleRules } = require('./module-rules.cjs');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { PreloadStartupChunksPlugin } = require('./preload-startup-chunks.cjs');

/**
 * The module every app gets for 'react-router-dom': its client-side API only (see the file). Shared whole,
 * react-router-dom weighs ~66 KB gzip on every page; this cuts it to ~37 KB.
 */
const REACT_ROUTER_FACADE = path.join(__dirname, 'shared', 'react-router-dom.mjs');

/**
 * Packages that must exist once in the page. Subpaths are listed too: a key without a trailing
 * slash does not cover `react/jsx-runtime` or `react-dom/client`, and a second React breaks hooks.
 */
function sharedSingletons(appPackageJson, appDir) {
  const deps = appPackageJson.dependencies;
  const singleton = (packageName) => ({
    singleton: true,
    requiredVersion: deps[packageName] && /^\d/.test(deps[packageName]) ? `^${deps[packageName]}` : deps[packageName],
    strictVersion: false,
  });
  return {
    react: singleton('react'),
    'react/jsx-runtime': singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-dom/client': singleton('react-dom'),
    'react-router-dom': {
      ...singleton('react-router-dom'),
      import: REACT_ROUTER_FACADE,
      // The facade's own folder has no package version: give the installed react-router-dom's.
      version: require(require.resolve('react-router-dom/package.json', { paths: [appDir] })).version,
    },
    '@reduxjs/toolkit': singleton('@reduxjs/toolkit'),
    '@reduxjs/toolkit/query/react': singleton('@reduxjs/toolkit'),
    'react-redux': singleton('react-redux'),
    'styled-components': singleton('styled-components'),
    '@site/shared-ui': singleton('@site/shared-ui'),
    '@site/shared-store': singleton('@site/shared-store'),
  };
}

/**
 * @param {object} options
 * @param {string} options.appDir      the app's folder (its package.json sits there)
 * @param {string} options.name        federation container name (catalogue, company, contact, chat, shell)
 * @param {Record<string,string>} [options.exposes]  remote modules, e.g. { './CategoryListPage': './src/...' }
 * @param {boolean} [options.isHost]   the shell: emits index.html, served from the site root
 */
function createFederatedAppConfig({ appDir, name, exposes = {}, isHost = false }) {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    const appPackageJson = require(path.join(appDir, 'package.json'));
    checkRouterImports([path.join(appDir, 'src'), ...SHARED_SOURCE_DIRS]);
    return {
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
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.json'],
      },
      module: { rules: moduleRules(production) },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          remotes: {},
          shared: sharedSingletons(appPackageJson, appDir),
          // Load each remote's entry only when one of its modules is first needed: with the default
          // 'version-first', every remote entry is fetched at start-up and a dead one blanks the page.
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
          dev: false,
          // One federation runtime per page: the shell provides it, remotes use it (saves ~27 KB gzip per remote).
          // target 'web' leaves the runtime's Node.js code out (~4 KB gzip off the shell's main.js).
          experiments: {
            ...(isHost ? { provideExternalRuntime: true } : { externalRuntime: true }),
            optimization: { target: 'web' },
          },
        }),
        ...(isHost
          ? [
              new HtmlWebpackPlugin({
                template: path.join(appDir, 'src', 'index.html'),
                scriptLoading: 'defer',
                minify: production,
              }),
              // Start-up chunks (react-dom, the router, the store...) and the remotes map download while main.js
              // (the federation runtime) does, not after it ran: LCP -0.35 s at 150 ms RTT / 1.6 Mbps.
              new PreloadStartupChunksPlugin({ extraPreloads: [{ href: '/remotes.json', as: 'fetch', crossorigin: 'anonymous' }] }),
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
  };
}

/** Workspace packages bundled into every app (as shared modules): their imports are checked too. */
const SHARED_SOURCE_DIRS = ['shared-ui', 'shared-store'].map((name) => path.resolve(__dirname, '..', '..', name, 'src'));

/** The names the react-router-dom facade exports. */
function facadeExports() {
  const source = fs.readFileSync(REACT_ROUTER_FACADE, 'utf8').replace(/\/\/.*$/gm, '');
  return new Set([...source.matchAll(/export\s*\{([^}]*)\}/g)].flatMap((match) => match[1].split(',').map((name) => name.trim()).filter(Boolean)));
}

function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.[cm]?[jt]sx?$/.test(entry.name) && !/\.test\.[jt]sx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * Fails the build when bundled code imports a react-router-dom name the shared facade lacks (it would be undefined
 * at run time), or imports 'react-router' directly (a second router copy, whose contexts the shared one cannot see).
 */
function checkRouterImports(dirs) {
  const available = facadeExports();
  const problems = [];
  for (const file of dirs.flatMap(sourceFiles)) {
    const source = fs.readFileSync(file, 'utf8');
    for (const match of source.matchAll(/(?:import|export)\s+(type\s+)?\{([^}]*)\}\s*from\s*['"](react-router(?:-dom)?)(\/[^'"]*)?['"]/g)) {
      const [, typeOnly, names, pkg, subpath] = match;
      if (typeOnly) continue;
      if (pkg === 'react-router' || subpath) {
        problems.push(`${path.relative(process.cwd(), file)}: import from 'react-router-dom' instead of '${pkg}${subpath ?? ''}'`);
        continue;
      }
      for (const raw of names.split(',')) {
        const name = raw.trim().replace(/\s+as\s+.*$/, '');
        if (!name || name.startsWith('type ')) continue;
        if (!available.has(name)) problems.push(`${path.relative(process.cwd(), file)}: '${name}' is not in ${path.relative(process.cwd(), REACT_ROUTER_FACADE)}`);
      }
    }
  }
  if (problems.length > 0) {
    throw new Error(
      `react-router-dom imports the shared facade does not provide:\n  ${problems.join('\n  ')}\n` +
        'Add the name to tools/webpack/shared/react-router-dom.mjs (and release the shell before the remote that uses it).',
    );
  }
}

module.exports = { createFederatedAppConfig };
