// (e) A product page drawn by the server, by catalogue size (BENCH_SSR_SIZES, 96 and 100,000 by default): the built
// server in its own process on a PGlite folder filled to the size once and kept (ssr-catalogue-folder.ts), then
//   - an uncached page's time: each of BENCH_SSR_PAGES product pages asked for once (its first view drawn, its head
//     made: nothing kept yet), one at a time, request to last byte on loopback;
//   - req/s of one product page asked again and again (the page cache's), of product pages each asked for once
//     (drawn every time; at most UNCACHED_MAX of them), and of a Fastify hello-world in its own process, the same
//     connections and client: what the machine does at best, beside which the two read.
import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { REPO_ROOT, startSite } from '../../../tests/support/site-server';
import { filledFolder } from './ssr-catalogue-folder';
import { printTable } from './format';
import { percentile } from './timed-calls';

export interface FirstViewFigures {
  products: number;
  uncached: { p50: number; p95: number; pages: number };
  cachedPerSecond: number;
  uncachedPerSecond: number;
  uncachedRequests: number;
  helloPerSecond: number;
}

type Options = Parameters<typeof autocannon>[0];

const run = (options: Options): Promise<autocannon.Result> =>
  new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });

/** A Fastify hello-world in its own process (the server's Fastify), on a free port. */
async function startHelloWorld(): Promise<{ url: string; stop: () => void }> {
  const source =
    "import Fastify from 'fastify'; const app = Fastify(); app.get('/', async () => 'hello'); " +
    "await app.listen({ port: 0, host: '127.0.0.1' }); console.log('listening ' + app.server.address().port);";
  const child = spawn(process.execPath, ['--input-type=module', '-e', source], {
    cwd: path.join(REPO_ROOT, 'server'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const found = /listening (\d+)/.exec(chunk.toString());
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the hello-world exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

/** Requests of the uncached req/s run at most (a page each): enough for a figure, not minutes of drawing. */
const UNCACHED_MAX = 500;

/** English product pages spread over the catalogue (each in both editions): warm-ups, timed pages, then req/s. */
const SPREAD = 250;

const html = { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' };

/** A page of the site asked for once, as a browser would (HTML, compressed), read to its last byte: its milliseconds. */
export function timedPageGet(siteUrl: string): (page: string) => Promise<number> {
  return async (page) => {
    const started = performance.now();
    const res = await fetch(siteUrl + page, { headers: html });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${page}: ${res.status}`);
    return performance.now() - started;
  };
}

async function atSize(
  size: number,
  pages: number,
  durationSeconds: number,
  connections: number,
  env: Record<string, string>,
): Promise<FirstViewFigures> {
  // this build's own database at the size, filled once and kept (a fill of 100,000 products takes minutes)
  const filled = filledFolder(REPO_ROOT, size, SPREAD);
  const paths = [...filled.pages, ...filled.pages.map((page) => `/ar${page}`)];
  const site = await startSite(env, { dataDir: filled.dataDir });
  try {
    const get = timedPageGet(site.url);
    // 5 warm-ups (JIT, the remotes' render modules loaded), then pages never asked for
    for (const page of paths.slice(0, 5)) await get(page);
    const timed = paths.slice(5, 5 + pages);
    const times: number[] = [];
    for (const page of timed) times.push(await get(page));
    times.sort((a, b) => a - b);
    const fresh = paths.slice(5 + timed.length);
    // the cached page: one asked for already
    await run({ url: site.url + paths[0]!, headers: html, connections, duration: 2 });
    const cached = await run({ url: site.url + paths[0]!, headers: html, connections, duration: durationSeconds });
    // each request a page not drawn yet, until the time or the pages run out
    let next = 0;
    const uncached = await run({
      url: site.url,
      connections,
      duration: durationSeconds,
      amount: Math.min(fresh.length, UNCACHED_MAX),
      requests: [
        {
          method: 'GET',
          headers: html,
          setupRequest: (request) => ({ ...request, path: fresh[next++ % fresh.length]! }),
        },
      ],
    });
    return {
      products: size,
      uncached: { p50: percentile(times, 50), p95: percentile(times, 95), pages: times.length },
      cachedPerSecond: cached.requests.average,
      uncachedPerSecond: uncached.requests.total / Math.max(uncached.duration, 0.001),
      uncachedRequests: uncached.requests.total,
      helloPerSecond: 0,
    };
  } finally {
    await site.stop();
  }
}

export async function runFirstView(
  sizes: readonly number[],
  pages: number,
  durationSeconds: number,
  connections: number,
  env: Record<string, string>,
): Promise<FirstViewFigures[]> {
  const hello = await startHelloWorld();
  try {
    const figures: FirstViewFigures[] = [];
    for (const size of sizes) {
      process.stdout.write(`  first view at ${size.toLocaleString('en')} products...`);
      const at = await atSize(size, pages, durationSeconds, connections, env);
      // the hello-world right after, on the machine as it is then
      await run({ url: hello.url, connections, duration: 2 });
      at.helloPerSecond = (await run({ url: hello.url, connections, duration: durationSeconds })).requests.average;
      figures.push(at);
      console.log(` uncached p50 ${at.uncached.p50.toFixed(1)} ms`);
    }
    return figures;
  } finally {
    hello.stop();
  }
}

export function printFirstView(
  figures: readonly FirstViewFigures[],
  durationSeconds: number,
  connections: number,
): void {
  const rows = [
    [
      'products',
      'uncached page p50',
      'p95',
      '(pages)',
      'cached page req/s',
      'uncached pages req/s',
      '(requests)',
      'Fastify hello-world req/s',
    ],
  ];
  for (const f of figures) {
    rows.push([
      f.products.toLocaleString('en'),
      `${f.uncached.p50.toFixed(1)} ms`,
      `${f.uncached.p95.toFixed(1)} ms`,
      String(f.uncached.pages),
      String(Math.round(f.cachedPerSecond)),
      String(Math.round(f.uncachedPerSecond)),
      String(f.uncachedRequests),
      String(Math.round(f.helloPerSecond)),
    ]);
  }
  printTable(
    `(e) A product page drawn by the server, by catalogue size (${connections} connections, ${durationSeconds} s per req/s figure, autocannon, one client thread)`,
    rows,
    [
      'Uncached: a page never asked for, one at a time, request to last byte on loopback (its first view drawn and its head made).',
      `Uncached req/s: each request a product page not yet drawn (both editions), ${UNCACHED_MAX} at most.`,
    ],
  );
}
