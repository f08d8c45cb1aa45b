// `npx tsx tools/bench/ssr-cpu.ts [build root …]`: the server's CPU time per uncached product page, of this checkout's
// build and of each other checkout's build given (a git worktree of an earlier commit, built), side by side. CPU time
// (user + system of the server process, from /proc) is what a page costs the machine, and unlike wall time it barely
// moves when other work shares the cores: the figure to compare builds on a machine that is not quiet.
//
// Each build serves its own seeded catalogue (a fresh PGlite folder: the site's 96 products); every product page is
// asked for once in each edition (192 pages never drawn before), one at a time, after 5 warm-up pages; the builds take
// turns, SSR_CPU_ROUNDS rounds (3), a fresh server each round. Linux only (/proc/<pid>/stat). Figures only.
//
// SSR_CPU_PRODUCTS=100000: each build on its own database filled to that many products instead (made once per commit
// and size by that build's own import, kept in ~/.cache/site-bench-ssr: ssr-catalogue-folder.ts), SSR_CPU_PAGES (250)
// product pages spread over the catalogue, each in both editions.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, startSite, type RunningSite } from '../../tests/support/site-server';
import { positiveNumber } from './lib/env';
import { filledFolder, type FilledFolder } from './lib/ssr-catalogue-folder';
import { timedPageGet } from './lib/first-view';
import { printTable } from './lib/format';
import { percentile } from './lib/timed-calls';

const ROUNDS = Math.round(positiveNumber('SSR_CPU_ROUNDS', 3));
/** The seed's 96 products unless set: then each build's own database at this size. */
const PRODUCTS = process.env.SSR_CPU_PRODUCTS ? Math.round(positiveNumber('SSR_CPU_PRODUCTS', 96)) : undefined;
const SPREAD = Math.round(positiveNumber('SSR_CPU_PAGES', 250));
const WARM_UP = 5;
/** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** The process's CPU time so far, in milliseconds. */
function cpuMs(site: RunningSite): number {
  const stat = readFileSync(`/proc/${site.process.pid}/stat`, 'utf8');
  // the fields after the command's name, which may hold spaces: utime and stime are the 12th and 13th of them
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

interface ProductRef {
  id: string;
  productCategoryId: string;
}

async function productPages(site: RunningSite): Promise<string[]> {
  const response = await fetch(`${site.url}/data/products.json`);
  if (!response.ok) throw new Error(`/data/products.json: ${response.status}`);
  const products = (await response.json()) as ProductRef[];
  const english = products.map((product) => `/our-products/${product.productCategoryId}/${product.id}`);
  return [...english, ...english.map((page) => `/ar${page}`)];
}

interface Round {
  cpuPerPage: number;
  wallP50: number;
  pages: number;
}

async function measure(root: string, filled: FilledFolder | undefined): Promise<Round> {
  const site = await startSite({}, { root, dataDir: filled?.dataDir });
  try {
    const pages = filled ? [...filled.pages, ...filled.pages.map((page) => `/ar${page}`)] : await productPages(site);
    const get = timedPageGet(site.url);
    for (const page of pages.slice(0, WARM_UP)) await get(page);
    const timed = pages.slice(WARM_UP);
    const before = cpuMs(site);
    const times: number[] = [];
    for (const page of timed) times.push(await get(page));
    const spent = cpuMs(site) - before;
    times.sort((a, b) => a - b);
    return { cpuPerPage: spent / timed.length, wallP50: percentile(times, 50), pages: timed.length };
  } finally {
    await site.stop();
  }
}

async function main(): Promise<void> {
  const roots = [REPO_ROOT, ...process.argv.slice(2).map((root) => path.resolve(root))];
  const results = new Map<string, Round[]>(roots.map((root) => [root, []]));
  const folders = new Map(
    roots.map((root) => [root, PRODUCTS === undefined ? undefined : filledFolder(root, PRODUCTS, SPREAD)]),
  );
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const root of roots) {
      process.stdout.write(`  round ${round}/${ROUNDS}, ${root}... `);
      const figures = await measure(root, folders.get(root));
      results.get(root)!.push(figures);
      console.log(`${figures.cpuPerPage.toFixed(2)} ms CPU a page, wall p50 ${figures.wallP50.toFixed(1)} ms`);
    }
  }

  const median = (values: number[]) =>
    percentile(
      [...values].sort((a, b) => a - b),
      50,
    );
  const rows = [
    [
      'build',
      'server CPU per uncached page (median of rounds)',
      'rounds',
      'wall p50 (median of rounds)',
      'pages a round',
    ],
  ];
  for (const [root, rounds] of results) {
    rows.push([
      root,
      `${median(rounds.map((r) => r.cpuPerPage)).toFixed(2)} ms`,
      rounds.map((r) => r.cpuPerPage.toFixed(2)).join(', '),
      `${median(rounds.map((r) => r.wallP50)).toFixed(1)} ms`,
      String(rounds[0]?.pages ?? 0),
    ]);
  }
  const catalogue =
    PRODUCTS === undefined
      ? 'the seeded catalogue'
      : `${PRODUCTS.toLocaleString('en')} products, each build's own database`;
  printTable(`Server CPU per uncached product page (${catalogue}, both editions)`, rows, [
    "CPU: user + system time of the server process over the pages, from /proc; wall time moves with the machine's load, CPU time little.",
  ]);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
