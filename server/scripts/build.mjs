// Bundles the server into dist/server.js, started by dist/main.js (src/main.ts: it sets NODE_ENV before anything
// loads React, so it imports server.js at run time), and the catalogue import's worker thread into
// dist/importWorker.js (src/catalogue/file/importWorker.ts, which importWorkerClient.ts starts from beside server.js).
// npm packages stay external (installed beside it); the workspace packages (@site/content: TypeScript and JSON) are
// bundled in, since Node cannot run them as they are.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { dependencies = {}, devDependencies = {} } = JSON.parse(
  readFileSync(path.join(serverDir, 'package.json'), 'utf8'),
);
const external = Object.keys({ ...dependencies, ...devDependencies }).filter((name) => !name.startsWith('@site/'));

await build({
  entryPoints: [
    { in: path.join(serverDir, 'src/main.ts'), out: 'main' },
    { in: path.join(serverDir, 'src/server.ts'), out: 'server' },
    { in: path.join(serverDir, 'src/catalogue/file/importWorker.ts'), out: 'importWorker' },
  ],
  outdir: path.join(serverDir, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: [...external.flatMap((name) => [name, `${name}/*`]), './server.js'],
  // Bundled CommonJS (if any) may call require(): give ESM output one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
