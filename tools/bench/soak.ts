// `npm run soak`: the real built server under a steady mix of reads, writes and chat for a while (hardening item 7).
// A benchmark, not a test: it prints figures and exits 0 whatever they are (non-zero only if it could not run).
//
// It starts server/dist/main.js (built first if missing) on 127.0.0.1 with a fresh embedded database, rate limits off,
// no AI key (the chat answers from the knowledge base), no SMTP (mail waits in the outbox), no Redis. Then six
// autocannon clients run side by side for SOAK_SECONDS, all on loopback:
//   pages (HTML of six routes) · /data/*.json (four files) · review lists and ratings (/api reads) ·
//   POST contact form · POST review · POST /api/chat
// It prints the server process's RSS (VmRSS in /proc/<pid>/status) and open file descriptors (/proc/<pid>/fd) at the
// start, their peak (sampled every SOAK_SAMPLE_SECONDS), at the end of the load and once it has been idle a few
// seconds; then per kind of request: count, rate, non-2xx by status, 5xx, errors, p50/p99/max latency; the 5xx total
// (must be 0) and whether every accepted review is counted by the ratings.
//
// Environment: SOAK_SECONDS (120), SOAK_CONNECTIONS (connections per kind, 2), SOAK_SAMPLE_SECONDS (5),
// SOAK_DATABASE_URL (soak on this PostgreSQL instead of the embedded database).
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { RATINGS_API_PATH, reviewsApiPath } from '@site/contracts/api';
import { buildIfNeeded } from '../../tests/support/build-if-needed';
import { REPO_ROOT, startSite, type RunningSite } from '../../tests/support/site-server';
import { printTable } from './lib/format';
import { LISTING_CATEGORY, productPagePath } from './lib/pages';
import { positiveNumber } from './lib/env';

const seconds = Math.round(positiveNumber('SOAK_SECONDS', 120));
const connections = Math.round(positiveNumber('SOAK_CONNECTIONS', 2));
const sampleSeconds = positiveNumber('SOAK_SAMPLE_SECONDS', 5);
/** How long the server is left idle after the warm-up and after the load before a reading. */
const SETTLE_MS = 5_000;
const WARM_UP_SECONDS = 5;

// Limits off (the soak posts thousands of forms, reviews and questions from one address), nothing leaves the machine.
const SERVER_ENV: Record<string, string> = {
  SUBMIT_RATE_LIMIT_MAX: '0',
  CHAT_RATE_LIMIT_MAX: '0',
  REVIEWS_PER_PRODUCT_MAX: '0',
  GEMINI_API_KEY: '',
  SMTP_URL: '',
  REDIS_URL: '',
  ALLOWED_HOSTS: '',
  DATABASE_URL: process.env.SOAK_DATABASE_URL ?? '',
  LOG_LEVEL: 'error', // a 5xx is logged: counted below
};

// ---------------------------------------------------------------- the server process: memory and descriptors

interface ProcessReading {
  rssKb: number;
  fds: number;
  sockets: number;
}

function readProcess(pid: number): ProcessReading {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rss = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  const fdDir = `/proc/${pid}/fd`;
  const fds = readdirSync(fdDir);
  let sockets = 0;
  for (const fd of fds) {
    try {
      if (readlinkSync(`${fdDir}/${fd}`).startsWith('socket:')) sockets += 1;
    } catch {
      // closed between the listing and the look
    }
  }
  return { rssKb: rss === null ? Number.NaN : Number(rss[1]), fds: fds.length, sockets };
}

const mb = (kb: number) => `${(kb / 1024).toFixed(1)} MB`;

// ---------------------------------------------------------------- the mix

interface Kind {
  label: string;
  options: autocannon.Options;
}

/** What autocannon 8 returns beyond lib/autocannon.d.ts: counts per status code, latency max. */
type SoakResult = autocannon.Result & {
  statusCodeStats: Record<string, { count: number }>;
  latency: autocannon.Histogram & { max: number };
  '2xx': number;
};

const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
const JSON_POST = { 'content-type': 'application/json', accept: 'application/json' };

/** Products of the listing's category (content/data/products.json): pages, reviews and ratings. */
function listingProducts(count: number): string[] {
  const products = JSON.parse(readFileSync(`${REPO_ROOT}/content/data/products.json`, 'utf8')) as {
    id: string;
    productCategoryId: string;
  }[];
  const ids = products.filter((product) => product.productCategoryId === LISTING_CATEGORY).map((product) => product.id);
  if (ids.length === 0) throw new Error(`No product in category ${LISTING_CATEGORY} in content/data/products.json`);
  return ids.slice(0, count);
}

const QUESTIONS = [
  'Do you stock brass cable glands?',
  'Where is your office in Muscat?',
  'What are your opening hours in Dubai?',
  'Do you sell heat shrink terminations for 33 kV?',
  'How can I get a quotation?',
  'Which brands do you carry?',
];

function mix(siteUrl: string, products: string[]): Kind[] {
  let contact = 0;
  let reviews = 0;
  let questions = 0;
  const get = (paths: string[], headers: Record<string, string>) =>
    paths.map((path) => ({ method: 'GET', path, headers }));
  return [
    {
      label: 'GET pages (HTML, 6 routes)',
      options: {
        url: siteUrl,
        requests: get(
          ['/home', '/our-products', `/our-products/${LISTING_CATEGORY}`, productPagePath(), '/contact-us', '/about'],
          { ...BROWSER, accept: 'text/html' },
        ),
      },
    },
    {
      label: 'GET /data/*.json (4 files)',
      options: {
        url: siteUrl,
        requests: get(
          ['/data/product-details.json', '/data/products.json', '/data/products-category.json', '/data/branches.json'],
          { ...BROWSER, accept: 'application/json' },
        ),
      },
    },
    {
      label: 'GET reviews + ratings (/api)',
      options: {
        url: siteUrl,
        requests: get([...products.map(reviewsApiPath), RATINGS_API_PATH], { accept: 'application/json' }),
      },
    },
    {
      label: 'POST /api/send-contact-form',
      options: {
        url: siteUrl,
        requests: [
          {
            method: 'POST',
            path: '/api/send-contact-form',
            headers: JSON_POST,
            setupRequest: (request) => {
              contact += 1;
              const body = {
                name: 'Soak Test',
                email: `soak+${contact}@example.com`,
                phone: '+971 50 000 0000',
                message: `Soak message ${contact}: please quote 200 cable glands, size 20S.`,
                country: ['Dubai', 'Oman', 'Bahrain', 'Saudi Arabia'][contact % 4]!,
                companyName: 'Soak LLC',
                companyLocation: 'Dubai',
              };
              return { ...request, body: JSON.stringify(body) };
            },
          },
        ],
      },
    },
    {
      label: 'POST /api/products/:id/reviews',
      options: {
        url: siteUrl,
        requests: [
          {
            method: 'POST',
            headers: JSON_POST,
            setupRequest: (request) => {
              reviews += 1;
              const body = {
                customerName: `Soak ${reviews}`,
                emailId: `soak+${reviews}@example.com`,
                comment: `Soak review ${reviews}: fitted first time.`,
                stars: (reviews % 5) + 1,
              };
              return {
                ...request,
                path: reviewsApiPath(products[reviews % products.length]!),
                body: JSON.stringify(body),
              };
            },
          },
        ],
      },
    },
    {
      label: 'POST /api/chat (knowledge base)',
      options: {
        url: siteUrl,
        requests: [
          {
            method: 'POST',
            path: '/api/chat',
            headers: JSON_POST,
            setupRequest: (request) => {
              questions += 1;
              const history =
                questions % 3 === 0
                  ? [
                      { role: 'user', parts: [{ text: QUESTIONS[(questions + 1) % QUESTIONS.length]! }] },
                      { role: 'model', parts: [{ text: 'We do.' }] },
                    ]
                  : [];
              return {
                ...request,
                body: JSON.stringify({ question: QUESTIONS[questions % QUESTIONS.length]!, history }),
              };
            },
          },
        ],
      },
    },
  ];
}

function run(options: autocannon.Options): Promise<SoakResult> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result as SoakResult)));
  });
}

/** Stored reviews per product as the ratings count them (seed reviews included). */
async function ratingCounts(siteUrl: string, products: string[]): Promise<number> {
  const response = await fetch(`${siteUrl}${RATINGS_API_PATH}`);
  if (!response.ok) throw new Error(`GET /api/products/ratings: ${response.status}`);
  const { ratings } = (await response.json()) as { ratings: Record<string, { count: number } | undefined> };
  return products.reduce((sum, id) => sum + (ratings[id]?.count ?? 0), 0);
}

/** Lines the server logged at level error or above (Fastify's JSON logs): each 5xx is one. */
function loggedErrors(output: string): string[] {
  return output.split('\n').filter((line) => {
    try {
      const entry = JSON.parse(line) as { level?: number };
      return typeof entry.level === 'number' && entry.level >= 50;
    } catch {
      return false; // the start-up line and other plain text
    }
  });
}

async function main() {
  const started = Date.now();
  console.log(
    `npm run soak: ${new Date().toISOString()}, node ${process.version}, ${os.cpus().length} cores, load average ` +
      `${os
        .loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')}; ${seconds} s, ${connections} connections per kind of request`,
  );
  if (os.loadavg()[0]! > os.cpus().length)
    console.log('  Note: the machine is busy (load above the core count): latencies will be noisy.');
  buildIfNeeded();

  let site: RunningSite | undefined;
  for (let attempt = 1; site === undefined; attempt += 1) {
    try {
      site = await startSite(SERVER_ENV);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`  The server did not start (${(error as Error).message.split('\n')[0]}); trying again...`);
    }
  }
  const pid = site.process.pid;
  if (pid === undefined) throw new Error('The server process has no pid');
  console.log(
    `Server (pid ${pid}) at ${site.url}, ${SERVER_ENV.DATABASE_URL ? 'PostgreSQL' : 'embedded database'} in ${site.dataDir}`,
  );

  const readings: [string, ProcessReading][] = [];
  let peak: ProcessReading = { rssKb: 0, fds: 0, sockets: 0 };
  const sample = () => {
    const reading = readProcess(pid);
    peak = {
      rssKb: Math.max(peak.rssKb, reading.rssKb),
      fds: Math.max(peak.fds, reading.fds),
      sockets: Math.max(peak.sockets, reading.sockets),
    };
    return reading;
  };
  let sampler: NodeJS.Timeout | undefined;

  try {
    const products = listingProducts(4);
    const kinds = mix(site.url, products);
    readings.push(['start (healthy, no request yet)', sample()]);
    console.log(
      `  start: RSS ${mb(readings[0]![1].rssKb)}, ${readings[0]![1].fds} open file descriptors (${readings[0]![1].sockets} sockets)`,
    );
    // A short run of the same mix first: the first render of each page, lazily loaded modules, the JIT. The figures
    // after it are the baseline a leak would grow from (the start reading also holds what the database's start-up left).
    process.stdout.write(`  warm-up: the mix for ${WARM_UP_SECONDS} s...`);
    await Promise.all(kinds.map((kind) => run({ ...kind.options, connections, duration: WARM_UP_SECONDS })));
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    readings.push([`after the warm-up, idle ${SETTLE_MS / 1000} s`, sample()]);
    console.log(` RSS ${mb(readings[1]![1].rssKb)}, ${readings[1]![1].fds} open file descriptors`);
    peak = { rssKb: 0, fds: 0, sockets: 0 };
    const reviewsBefore = await ratingCounts(site.url, products);

    sampler = setInterval(() => {
      try {
        sample();
      } catch {
        // the process is gone: the end reading says so
      }
    }, sampleSeconds * 1000);
    process.stdout.write(`  ${kinds.length} kinds of request side by side for ${seconds} s...`);
    const results = await Promise.all(kinds.map((kind) => run({ ...kind.options, connections, duration: seconds })));
    clearInterval(sampler);
    sampler = undefined;
    console.log(' done');
    readings.push(['end of the load', sample()]);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    readings.push([`idle ${SETTLE_MS / 1000} s later`, sample()]);
    const health = await fetch(`${site.url}/healthz`).then(
      (response) => response.status,
      (error: Error) => `no answer (${error.message})`,
    );
    const reviewsAfter = await ratingCounts(site.url, products);

    // ---- the process
    const baseline = readings[1]![1];
    const rows = [['when', 'RSS', 'vs warm-up', 'open fds', 'of which sockets']];
    for (const [when, reading] of [
      ...readings.slice(0, 2),
      [`peak during the ${seconds} s load (sampled)`, peak] as [string, ProcessReading],
      ...readings.slice(2),
    ]) {
      const delta = reading.rssKb - baseline.rssKb;
      rows.push([
        when,
        mb(reading.rssKb),
        `${delta >= 0 ? '+' : ''}${mb(delta)}`,
        String(reading.fds),
        String(reading.sockets),
      ]);
    }
    printTable(`Server process ${pid} (node server/dist/main.js): memory and descriptors`, rows, [
      `RSS from /proc/${pid}/status (VmRSS), descriptors from /proc/${pid}/fd; peak sampled every ${sampleSeconds} s. /healthz after the run: ${health}.`,
    ]);

    // ---- the requests
    const table = [['request', 'requests', 'req/s', 'non-2xx by status', '5xx', 'errors', 'p50', 'p99', 'max']];
    let fiveHundreds = 0;
    for (const [index, result] of results.entries()) {
      const statuses = Object.entries(result.statusCodeStats)
        .filter(([status]) => !status.startsWith('2'))
        .map(([status, { count }]) => `${status}: ${count}`);
      const serverErrors = Object.entries(result.statusCodeStats)
        .filter(([status]) => status.startsWith('5'))
        .reduce((sum, [, { count }]) => sum + count, 0);
      fiveHundreds += serverErrors;
      table.push([
        kinds[index]!.label,
        String(result.requests.total),
        String(Math.round(result.requests.average)),
        statuses.length === 0 ? 'none' : statuses.join(', '),
        String(serverErrors),
        String(result.errors + result.timeouts),
        `${result.latency.p50} ms`,
        `${result.latency.p99} ms`,
        `${result.latency.max} ms`,
      ]);
    }
    const total = results.reduce((sum, result) => sum + result.requests.total, 0);
    printTable(
      `Requests (${seconds} s, ${connections} connections per row, all rows at once on 127.0.0.1; ${total} requests in all)`,
      table,
      [
        "errors: connection errors and timeouts (10 s). Latencies are autocannon's, per row; client and server share the cores.",
      ],
    );

    // autocannon stops counting when the time is up: up to one request per connection was still on its way then.
    const reviewsAccepted =
      results[kinds.findIndex((kind) => kind.label.startsWith('POST /api/products'))]?.['2xx'] ?? 0;
    const reviewsCounted = reviewsAfter - reviewsBefore;
    const consistent = reviewsCounted >= reviewsAccepted && reviewsCounted <= reviewsAccepted + connections;
    console.log(
      `\nReviews: ${reviewsAccepted} answered 2xx in time, ${reviewsCounted} more counted by /api/products/ratings afterwards ` +
        `(${consistent ? `consistent: the difference is at most the ${connections} in flight when the clock stopped` : 'MISMATCH: lost or stored twice'})`,
    );
    const errors = loggedErrors(site.output());
    console.log(
      `Server error log lines: ${errors.length}${errors.length > 0 ? `, first: ${errors[0]!.slice(0, 300)}` : ''}`,
    );
    const banner =
      fiveHundreds === 0 ? `5xx responses: 0 (must be 0): ok` : `5xx responses: ${fiveHundreds} (must be 0): FAILED`;
    console.log(`\n${'='.repeat(banner.length + 8)}\n==  ${banner}  ==\n${'='.repeat(banner.length + 8)}`);
  } finally {
    if (sampler !== undefined) clearInterval(sampler);
    await site.stop();
  }
  console.log(
    `\nDone in ${Math.round((Date.now() - started) / 1000)} s. Figures only: the soak does not fail on them.`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
