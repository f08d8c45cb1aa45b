// Bundles the server into dist/main.js. npm packages stay external (installed beside it);
// the workspace packages (@site/content: TypeScript and JSON) are bundled in, since Node cannot run them as they are.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { dependencies = {}, devDependencies = {} } = JSON.parse(readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
const external = Object.keys({ ...dependencies, ...devDependencies }).filter((name) => !name.startsWith('@site/'));

await build({
  entryPoints: [path.join(serverDir, 'src/main.ts')],
  outfile: path.join(serverDir, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: external.flatMap((name) => [name, `${name}/*`]),
  // Bundled CommonJS (if any) may call require(): give ESM output one.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
