// `<file>.br` and `<file>.gz` beside each compressible file the server sends from content/ (public/, data/, generated/),
// by the rules of the apps' builds (tools/webpack/precompress.cjs). Run by `npm run build` after the content's build,
// and alone after a content change: `node scripts/precompress-content.mjs`. Copies whose file is gone are removed, and
// every copy is made again, so none is older than its file. The copies are gitignored.
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { repoRoot } from './lib/ensure-ready.mjs';

const { COMPRESSIBLE_FILE, MIN_BYTES, MIN_RATIO, BROTLI_OPTIONS, GZIP_OPTIONS } = createRequire(import.meta.url)(
  '../tools/webpack/precompress.cjs',
);
const ENCODINGS = [
  { extension: '.br', compress: promisify(zlib.brotliCompress), options: BROTLI_OPTIONS },
  { extension: '.gz', compress: promisify(zlib.gzip), options: GZIP_OPTIONS },
];
const FOLDERS = ['public', 'data', 'generated'].map((folder) => path.join(repoRoot, 'content', folder));

async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch((error) => {
    if (error.code === 'ENOENT') return []; // content/generated exists only after the content's build
    throw error;
  });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

async function precompress(file) {
  const body = await readFile(file);
  let written = 0;
  for (const { extension, compress, options } of ENCODINGS) {
    const copy = file + extension;
    const compressed = body.length >= MIN_BYTES ? await compress(body, options) : undefined;
    if (compressed !== undefined && compressed.length <= body.length * MIN_RATIO) {
      await writeFile(copy, compressed);
      written += 1;
    } else {
      await rm(copy, { force: true }); // a copy from when the file compressed better must not outlive it
    }
  }
  return written;
}

const started = Date.now();
let copies = 0;
for (const folder of FOLDERS) {
  const files = await filesUnder(folder);
  const originals = new Set(files.filter((file) => !ENCODINGS.some(({ extension }) => file.endsWith(extension))));
  for (const file of files) {
    const extension = ENCODINGS.find((encoding) => file.endsWith(encoding.extension))?.extension;
    if (extension !== undefined && !originals.has(file.slice(0, -extension.length))) await rm(file, { force: true });
  }
  for (const file of originals)
    if (COMPRESSIBLE_FILE.test(file) && (await stat(file)).isFile()) copies += await precompress(file);
}
console.log(`Wrote ${copies} brotli/gzip copies of the content's files (${Date.now() - started} ms)`);
