// `npm run bench`: the site's performance figures, printed as tables. A benchmark, not a test:
// it prints targets next to figures and exits 0 whatever they are (non-zero only if it could not run).
//
//   (a) Lighthouse 12 (mobile, simulated throttling) on /home, /our-products, a listing and a product page, and the
//       Arabic /ar/home and product page, beside a reference build (BENCH_REFERENCE, default b99bfdc) served at the
//       same time, runs interleaved (reference, current, ...): the targets are ratios to the reference
//       (lib/side-by-side.ts); Arabic pages are read beside the reference's English twins. Judged on a quiet machine
//       only (lib/judge.ts): when the reference's own perf median reads >= 95 on every page; otherwise it prints
//       "machine too slow to judge" and the figures are information only
//   (b) JS a visitor downloads for /home and the product page, federated vs. one ordinary bundle; the Arabic twins vs.
//       the English pages (at most 8 KB gzip more), web fonts apart
//   (c) load on loopback: product page HTML and /data/product-details.json (wrk when installed, else autocannon),
//       contact form POSTs (autocannon)
//   (d) interaction latency (INP-style, Event Timing in Chromium with the CPU slowed 4x once the page has started):
//       search modal open/close and typing, the listing's sort and filters, compare (tick, open the page), the search
//       results page's field, the mobile menu, the home carousel, a chat message, an invalid contact form; median and slowest of BENCH_INP_TRIES tries each (lib/interactions.ts)
//   (e) a product page drawn by the server at each size of BENCH_SSR_SIZES (96,100000): an uncached page's time, and
//       req/s of a cached page, of pages each drawn afresh, and of a Fastify hello-world beside them (lib/first-view.ts)
//   (f) product pages (one cached, each drawn afresh) and their stock read, req/s and p95, with no feed and while a
//       stock snapshot arrives over HTTP every BENCH_STOCK_FEED_SECONDS, on PGlite and PostgreSQL (lib/stock-load.ts)
//   (g) time to working: on a phone (4x CPU, Slow 4G from the navigation on), when a tap on each page's main control
//       made as soon as it is drawn has its effect (or is lost), when taps repeated until it works do, and the INP of
//       that first tap (time-to-working.ts; BENCH_WORKING_TRIES, BENCH_WORKING_WIDTHS)
//
// Environment: BENCH_REFERENCE (a git ref, default b99bfdc; "none": the current build alone, absolute bars),
// BENCH_REBUILD_REFERENCE=1 (install and build the reference again), BENCH_PAGES (labels' substrings, comma-separated:
// a subset of the Lighthouse pages), BENCH_LONG_TASKS=1 (list each page's long tasks), BENCH_RUNS (Lighthouse runs
// per page, 5 beside a reference, else 3), BENCH_DURATION (seconds per load row, 10),
// BENCH_CONNECTIONS (10), BENCH_INP_TRIES (tries per interaction, 5), BENCH_INP_SCENARIOS (their names' parts), BENCH_ONLY=lighthouse,js,load,inp,ssr,stock,working (a subset),
// BENCH_SSR_SIZES (catalogue sizes, 96,100000), BENCH_SSR_PAGES (uncached pages timed at each size, 100),
// BENCH_REBUILD=1 (rebuild the monolith even if it looks fresh), BENCH_MONOLITH_LIGHTHOUSE=1 (also run Lighthouse on the monolith),
// BENCH_REPORTS=<folder> (keep every Lighthouse report as JSON there, to see what an audit found; with BENCH_TRACES=1
// also each run's trace and DevTools log, for `npm run bench:lantern`: what set the simulated LCP),
// BENCH_CLIENT=autocannon (the read rows on autocannon even when wrk is installed), WRK_PATH (/usr/bin/wrk),
// BENCH_STOCK_VARIANTS (variant codes added for (f)'s feeds, 10000), BENCH_STOCK_FEED_SECONDS (between (f)'s feeds, 10).
import os from 'node:os';
import { assertChromiumInstalled } from '../../tests/support/chromium';
import { buildIfNeeded } from '../../tests/support/build-if-needed';
import { startSite, type RunningSite } from '../../tests/support/site-server';
import { visitorDownloads, type Downloads } from '../../tests/support/visitor-downloads';
import { printDownloads } from './lib/downloads';
import { runInteractions, type InteractionRun } from './lib/interactions';
import { printInteractions } from './lib/interactions-table';
import { printLighthouse, runLighthouse, type LighthouseFigures } from './lib/lighthouse';
import { printFirstView, runFirstView, type FirstViewFigures } from './lib/first-view';
import { printStockLoad, runStockLoad, type StockLoadFigures } from './lib/stock-load';
import { printLoad, runLoad, type LoadFigures } from './lib/load';
import { buildMonolithIfNeeded, startMonolithSite } from './lib/monolith';
import { downloadOptions, downloadPages, lighthousePages, productPagePath, type BenchPage } from './lib/pages';
import { positiveNumber } from './lib/env';
import { DEFAULT_REFERENCE, prepareReference, startReferenceSite } from './lib/reference';
import { printSideBySide, runSideBySide, type PagePair } from './lib/side-by-side';
import { printTimeToWorking, runTimeToWorking, workingOptionsFromEnv, type WorkingRun } from './time-to-working';

const referenceRef = process.env.BENCH_REFERENCE || DEFAULT_REFERENCE;
const withReference = referenceRef !== 'none';
const runs = Math.round(positiveNumber('BENCH_RUNS', withReference ? 5 : 3));
const duration = positiveNumber('BENCH_DURATION', 10);
const connections = Math.round(positiveNumber('BENCH_CONNECTIONS', 10));
const inpTries = Math.round(positiveNumber('BENCH_INP_TRIES', 5));
const only = new Set(
  (process.env.BENCH_ONLY ?? 'lighthouse,js,load,inp,ssr,stock,working').split(',').map((part) => part.trim()),
);
const ssrSizes = (process.env.BENCH_SSR_SIZES ?? '96,100000').split(',').map((size) => Math.round(Number(size)));
const ssrPages = Math.round(positiveNumber('BENCH_SSR_PAGES', 100));
const stockVariants = Math.round(positiveNumber('BENCH_STOCK_VARIANTS', 10_000));
const stockFeedSeconds = positiveNumber('BENCH_STOCK_FEED_SECONDS', 10);
// The load run posts thousands of forms: the per-client rate limit would answer 429 after ten. The interaction run
// asks the chat one question per try: more than 20 tries a minute would meet the chat's limit.
const SERVER_ENV = { SUBMIT_RATE_LIMIT_MAX: '0', CHAT_RATE_LIMIT_MAX: '0' };

/** startSite waits 30 s for /healthz; on a machine busy with builds and browsers, try up to 3 times. */
async function start(starter: () => Promise<RunningSite>): Promise<RunningSite> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await starter();
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`  The server did not start (${(error as Error).message.split('\n')[0]}); trying again...`);
    }
  }
}

/** The Lighthouse pages, or those whose label contains one of BENCH_PAGES' comma-separated parts. */
function benchedPages(): BenchPage[] {
  const wanted = (process.env.BENCH_PAGES ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return lighthousePages().filter((page) => wanted.length === 0 || wanted.some((part) => page.label.includes(part)));
}

/** The reference's address for a page: an Arabic page's English twin (the reference has no Arabic edition). */
function referencePath(page: BenchPage): string {
  if (!page.englishTwin) return page.path;
  const twin = lighthousePages().find((item) => item.label === page.englishTwin);
  if (!twin) throw new Error(`No page labelled ${page.englishTwin} (the English twin of ${page.label})`);
  return twin.path;
}

async function main() {
  const started = Date.now();
  console.log(
    `npm run bench: ${new Date().toISOString()}, node ${process.version}, ${os.cpus().length} cores, ` +
      `load average ${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')}`,
  );
  if (os.loadavg()[0]! > os.cpus().length) {
    console.log('  Note: the machine is busy (load above the core count): timing figures will be noisy.');
  }
  assertChromiumInstalled();
  buildIfNeeded();
  if (only.has('js') || process.env.BENCH_MONOLITH_LIGHTHOUSE === '1') buildMonolithIfNeeded();

  // Built (once, cached) before any server starts: a first build takes minutes.
  const reference = only.has('lighthouse') && withReference ? prepareReference(referenceRef) : undefined;

  let lighthouse: Map<string, LighthouseFigures> | undefined;
  let sideBySide: PagePair[] | undefined;
  let monolithLighthouse: Map<string, LighthouseFigures> | undefined;
  const federated = new Map<string, Downloads>();
  const monolith = new Map<string, Downloads>();
  let load: LoadFigures[] | undefined;
  let interactions: InteractionRun | undefined;
  let firstView: FirstViewFigures[] | undefined;
  let stockLoad: StockLoadFigures[] | undefined;
  let working: WorkingRun | undefined;

  // its own servers, one per catalogue size, before any other (and before the reference's build is served)
  if (only.has('ssr')) firstView = await runFirstView(ssrSizes, ssrPages, duration, connections, SERVER_ENV);
  // its own servers too, on each database
  if (only.has('stock'))
    stockLoad = await runStockLoad({
      durationSeconds: duration,
      connections,
      variants: stockVariants,
      feedSeconds: stockFeedSeconds,
      env: SERVER_ENV,
    });
  const needsSite = ['js', 'lighthouse', 'inp', 'load', 'working'].some((part) => only.has(part));
  const site = needsSite ? await start(() => startSite(SERVER_ENV)) : undefined;
  if (site) console.log(`Site (federated build) at ${site.url}`);
  if (site) {
    try {
      if (only.has('js')) {
        for (const page of downloadPages())
          federated.set(page.label, await visitorDownloads(site.url, page.path, downloadOptions(page)));
      }
      if (only.has('lighthouse') && reference) {
        const referenceSite = await start(() => startReferenceSite(reference, SERVER_ENV));
        console.log(`Reference build (${reference.ref}, ${reference.sha.slice(0, 7)}) at ${referenceSite.url}`);
        try {
          sideBySide = await runSideBySide(site.url, referenceSite.url, benchedPages(), runs, referencePath);
        } finally {
          await referenceSite.stop();
        }
      } else if (only.has('lighthouse')) lighthouse = await runLighthouse(site.url, benchedPages(), runs);
      if (only.has('inp')) interactions = await runInteractions(site.url, inpTries);
      if (only.has('working')) working = await runTimeToWorking(site.url, workingOptionsFromEnv());
      if (only.has('load')) load = await runLoad(site.url, productPagePath(), duration, connections);
    } finally {
      await site.stop();
    }
  }

  if (only.has('js') || process.env.BENCH_MONOLITH_LIGHTHOUSE === '1') {
    const monolithSite = await start(() => startMonolithSite(SERVER_ENV));
    console.log(`Site (monolith build) at ${monolithSite.url}`);
    try {
      if (only.has('js')) {
        // The monolith is the comparison for the English pages (the federation cost ratio); the Arabic ones compare with their twins.
        for (const page of downloadPages().filter((item) => !item.englishTwin))
          monolith.set(page.label, await visitorDownloads(monolithSite.url, page.path));
      }
      if (process.env.BENCH_MONOLITH_LIGHTHOUSE === '1')
        monolithLighthouse = await runLighthouse(
          monolithSite.url,
          lighthousePages().filter((page) => !page.englishTwin),
          runs,
        );
    } finally {
      await monolithSite.stop();
    }
  }

  if (sideBySide && reference) printSideBySide(sideBySide, runs, `${reference.ref} (${reference.sha.slice(0, 7)})`);
  if (lighthouse) printLighthouse(lighthouse, runs);
  if (monolithLighthouse) {
    console.log('\nThe same, for the monolith build (no federation):');
    printLighthouse(monolithLighthouse, runs);
  }
  if (federated.size > 0) printDownloads(federated, monolith, downloadPages());
  if (load) printLoad(load, duration, connections);
  if (interactions) printInteractions(interactions, inpTries);
  if (working) printTimeToWorking(working);
  if (firstView) printFirstView(firstView, duration, connections);
  if (stockLoad) printStockLoad(stockLoad, { durationSeconds: duration, connections, feedSeconds: stockFeedSeconds });
  console.log(
    `\nDone in ${Math.round((Date.now() - started) / 1000)} s. Figures only: missed targets do not fail the bench.`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
