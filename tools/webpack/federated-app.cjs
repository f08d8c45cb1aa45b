// One webpack configuration for every app (the shell and the four remotes), so that the shared
// singletons, the cache-friendly file names and the TypeScript transpiling are the same everywhere.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

/**
 * Packages that must exist once in the page. Subpaths are listed too: a key without a trailing
 * slash does not cover `react/jsx-runtime` or `react-dom/client`, and a second React breaks hooks.
 */
function sharedSingletons(appPackageJson) {
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
    'react-router-dom': singleton('react-router-dom'),
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
    return {
      mode: production ? 'production' : 'development',
      context: appDir,
      // A remote is only ever started through its remoteEntry.js, so it has no page entry of its own.
      entry: isHost ? { main: './src/index.ts' } : {},
      devtool: production ? false : 'eval-cheap-module-source-map',
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
      module: {
        rules: [
          {
            test: /\.[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2020',
                },
              },
            },
          },
          { test: /\.(png|jpe?g|webp|svg|pdf)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          remotes: {},
          shared: sharedSingletons(appPackageJson),
          // Load each remote's entry only when one of its modules is first needed: with the default
          // 'version-first', every remote entry is fetched at start-up and a dead one blanks the page.
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
          dev: false,
          // One federation runtime per page: the shell provides it, remotes use it (saves ~27 KB gzip per remote).
          experiments: isHost ? { provideExternalRuntime: true } : { externalRuntime: true },
        }),
        ...(isHost
          ? [
              new HtmlWebpackPlugin({
                template: path.join(appDir, 'src', 'index.html'),
                scriptLoading: 'defer',
                minify: production,
              }),
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

module.exports = { createFederatedAppConfig };
