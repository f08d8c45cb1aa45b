// `npm run bench:rtk-query`: what RTK Query would add to every page, against the data-loading code it would replace
// (shared-store's loadCases/loadJson/firstView). The figures behind docs/decisions/003-no-rtk-query-on-public-pages.md.
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { build } from 'esbuild';
import { kb, printTable } from './lib/format';

const sharedStoreDir = path.resolve(__dirname, '..', '..', 'shared-store');

/** The RTK every page already gets: the shell's facade (its names; it imports the package as '@original/...'). */
const FACADE = `export * from ${JSON.stringify(path.resolve(__dirname, '..', 'webpack', 'shared', 'redux-toolkit.mjs'))};`;

/** Minified, gzipped bytes of an ES module bundled from `source` (resolved from shared-store), with React left out. */
async function gzipBytes(source: string, external: string[] = []): Promise<number> {
  const result = await build({
    stdin: { contents: source, resolveDir: sharedStoreDir, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    external: ['react', 'react-dom', 'react-redux', ...external],
    define: { 'process.env.NODE_ENV': '"production"' },
    alias: { '@original/@reduxjs/toolkit': '@reduxjs/toolkit' },
    logLevel: 'error',
  });
  return gzipSync(result.outputFiles[0]!.contents, { level: 9 }).length;
}

async function main() {
  const facade = await gzipBytes(FACADE);
  const withQuery = await gzipBytes(
    `${FACADE}\nexport { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';`,
  );
  const ownLoading = await gzipBytes(
    "export { addLoadCases } from './src/loadCases';\nexport { loadJson } from './src/loadJson';\n" +
      "export { PendingServerState, fetchOf, serverStateArrived, takeLoadedByServer } from './src/firstView';",
    ['@reduxjs/toolkit'],
  );
  printTable('Data loading: shared RTK chunk with and without RTK Query (gzip, every page pays it)', [
    ['code', 'gzip'],
    ['RTK facade today', kb(facade)],
    ['RTK facade + createApi/fetchBaseQuery (react)', kb(withQuery)],
    ['RTK Query adds', kb(withQuery - facade)],
    ["shared-store's loadCases + loadJson + firstView", kb(ownLoading)],
  ]);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
