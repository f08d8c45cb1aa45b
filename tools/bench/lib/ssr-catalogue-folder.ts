// A build's own embedded database filled to a catalogue size, made once and kept: for comparing two builds' server
// rendering at a size their seed does not have. Each build fills its folder with its own migrations, seed and import
// (tools/bench/lib/catalogue-at-size.ts of that checkout, run there), so an older build reads a database it made itself.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where the filled folders stay between runs (a fill of 100,000 products takes minutes). */
const CACHE_DIR =
  process.env.SSR_CPU_CACHE_DIR ||
  path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'site-bench-ssr');

/** Runs in the build's checkout: fills DATA_DIR to SIZE products and writes PAGES_FILE, product pages spread over it. */
const FILL_SCRIPT = `
import { writeFileSync } from 'node:fs';
// tools/ compiles as CommonJS: its exports sit on the module's default when imported from here
const named = async (specifier) => { const module = await import(specifier); return module.default ?? module; };
const { openDatabase } = await named('@site/server/test-support/server');
const { fillCatalogue } = await named('./tools/bench/lib/catalogue-at-size.ts');
const size = Number(process.env.SIZE);
const spreadOf = Number(process.env.SPREAD);
const db = await openDatabase({ dataDir: process.env.DATA_DIR, databaseUrl: undefined });
try {
  const started = process.cpuUsage();
  const { added, importMs } = await fillCatalogue(db, size);
  const cpu = process.cpuUsage(started);
  console.log('filled: ' + added + ' products added in ' + Math.round(importMs / 1000) + ' s (' + Math.round((cpu.user + cpu.system) / 1e6) + ' s of CPU)');
  const rows = await db.kysely.selectFrom('catalogue_products').select(['id', 'category_id']).orderBy('position').execute();
  const step = Math.max(1, Math.floor(rows.length / spreadOf));
  const pages = rows.filter((_, index) => index % step === 0).slice(0, spreadOf).map((row) => '/our-products/' + row.category_id + '/' + row.id);
  writeFileSync(process.env.PAGES_FILE, JSON.stringify(pages));
} finally {
  await db.close();
}
`;

export interface FilledFolder {
  /** The PGlite folder the build's server is started on. */
  dataDir: string;
  /** English product pages spread over the catalogue, in its order. */
  pages: string[];
}

/** `root`'s build's database at `size` products, filled now or kept from an earlier run of the same commit. */
export function filledFolder(root: string, size: number, spread: number): FilledFolder {
  // keyed by the last commit of the server's code: what makes the database a build fills (not its tools or pages)
  const commit = execFileSync('git', ['log', '-1', '--format=%h', '--', 'server/src'], {
    cwd: root,
    encoding: 'utf8',
  }).trim();
  const folder = path.join(CACHE_DIR, `${commit}-${size}`);
  const dataDir = path.join(folder, 'data');
  const pagesFile = path.join(folder, 'pages.json');
  if (!existsSync(pagesFile)) {
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    console.log(`  filling ${root} (${commit}) to ${size} products in ${folder}...`);
    const fill = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', FILL_SCRIPT], {
      cwd: root,
      env: { ...process.env, SIZE: String(size), SPREAD: String(spread), DATA_DIR: dataDir, PAGES_FILE: pagesFile },
      stdio: 'inherit',
    });
    if (fill.status !== 0 || !existsSync(pagesFile)) {
      rmSync(folder, { recursive: true, force: true });
      throw new Error(`filling ${root} to ${size} products failed (exit ${fill.status})`);
    }
  }
  return { dataDir, pages: JSON.parse(readFileSync(pagesFile, 'utf8')) as string[] };
}
