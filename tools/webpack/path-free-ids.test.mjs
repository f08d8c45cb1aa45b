// The same sources built from two folders give the same bytes: a federated app with a runtime plugin (the federation
// runtime's entry is then named by a hash over its absolute path) and a shared package beside it (its provider's name
// holds the absolute path), built with our ids and without them.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';

const require = createRequire(import.meta.url);
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { PathFreeModuleIdsPlugin } = require('./path-free-ids.cjs');

const scratch = mkdtempSync(path.join(tmpdir(), 'path-free-ids-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** A checkout holding an app and the package it shares, at `folder`. */
function writeCheckout(folder) {
  const files = {
    'app/src/index.js': "import('./bootstrap');\n",
    'app/src/federationPlugin.js': "export default () => ({ name: 'fixture-plugin' });\n",
    'app/src/bootstrap.js': "import { greet } from 'fixture-lib';\ndocument.title = greet('Crescent');\n",
    'lib/package.json': JSON.stringify({ name: 'fixture-lib', version: '1.0.0', main: 'index.js' }),
    'lib/index.js': 'export const greet = (name) => `Welcome to ${name}`;\n',
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    writeFileSync(path.join(folder, file), text);
  }
}

/** Builds the checkout at `folder` and returns its scripts, file by file. */
function build(folder, { pathFree }) {
  const appDir = path.join(folder, 'app');
  const config = {
    mode: 'production',
    context: appDir,
    entry: { main: './src/index.js' },
    output: { path: path.join(appDir, 'dist'), publicPath: '/', uniqueName: 'fixture' },
    plugins: [
      new ModuleFederationPlugin({
        name: 'fixture',
        shared: { 'fixture-lib': { import: path.join(folder, 'lib', 'index.js'), version: '1.0.0', singleton: true } },
        runtimePlugins: [path.join(appDir, 'src', 'federationPlugin.js')],
        manifest: false,
        dts: false,
        dev: false,
      }),
      ...(pathFree ? [new PathFreeModuleIdsPlugin({ checkout: folder })] : []),
    ],
    optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
  };
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error || stats?.hasErrors()) return reject(error ?? new Error(stats?.toString('errors-only')));
      const dist = path.join(appDir, 'dist');
      resolve(
        Object.fromEntries(
          readdirSync(dist)
            .filter((file) => file.endsWith('.js'))
            .sort()
            .map((file) => [file, readFileSync(path.join(dist, file), 'utf8')]),
        ),
      );
    });
  });
}

// four small webpack builds: 60 s ran out on a 2-core machine loaded six times over (jest, lint and other work)
test('a checkout built in another folder gives byte-identical scripts', { timeout: 180_000 }, async () => {
  const first = path.join(scratch, 'one', 'site');
  const second = path.join(scratch, 'another-folder', 'site');
  writeCheckout(first);
  cpSync(first, second, { recursive: true });

  assert.deepEqual(await build(second, { pathFree: true }), await build(first, { pathFree: true }));
  // without the plugin the runtime entry's id follows the folder: the case above would fail
  assert.notDeepEqual(await build(second, { pathFree: false }), await build(first, { pathFree: false }));
});
