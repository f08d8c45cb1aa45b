// Server load on loopback: bounded runs (BENCH_DURATION seconds each, 10 by default, BENCH_CONNECTIONS connections,
// 10 by default) that stop by themselves. Reads run on wrk when it is installed (wrk.ts says why), else autocannon;
// the writes always on autocannon (each request's body is made by a function).
import os from 'node:os';
import autocannon from 'autocannon';
import { printTable } from './format';
import { runWrk, wrkAvailable } from './wrk';

export const LOAD_TARGETS = { readsPerSecond: 5000, writesPerSecond: 1000, p99: 50 };

export interface LoadFigures {
  label: string;
  kind: 'read' | 'write';
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  errors: number;
  non2xx: number;
  bytesPerRequest: number;
  /** The load generator that measured the row. */
  client: 'autocannon' | 'wrk';
}

// A browser's Accept-Encoding: the figures include the server's compression (or its cache of it).
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

function contactBody(n: number) {
  return JSON.stringify({
    name: 'Load Test',
    email: `load.test+${n}@example.com`,
    phone: '+971 50 000 0000',
    message: `Benchmark message ${n}: please quote 200 cable glands, size 20S.`,
    country: 'Dubai',
    companyName: 'Bench LLC',
    companyLocation: 'Dubai',
  });
}

type Options = Parameters<typeof autocannon>[0];

/** Client threads for the read rows: one per core (the server shares them). */
const READ_CLIENT_WORKERS = Math.max(1, Math.min(4, os.cpus().length));

function run(options: Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

export async function runLoad(
  siteUrl: string,
  productPath: string,
  durationSeconds: number,
  connections: number,
): Promise<LoadFigures[]> {
  let counter = 0;
  const cases: { label: string; kind: 'read' | 'write'; options: Options }[] = [
    {
      label: `GET ${productPath} (HTML)`,
      kind: 'read',
      options: { url: siteUrl + productPath, headers: { ...BROWSER_HEADERS, accept: 'text/html' } },
    },
    {
      label: 'GET /data/product-details.json',
      kind: 'read',
      options: {
        url: `${siteUrl}/data/product-details.json`,
        headers: { ...BROWSER_HEADERS, accept: 'application/json' },
      },
    },
    {
      label: 'POST /api/send-contact-form (durable)',
      kind: 'write',
      options: {
        url: siteUrl,
        requests: [
          {
            method: 'POST',
            path: '/api/send-contact-form',
            headers: { 'content-type': 'application/json' },
            setupRequest: (request) => ({ ...request, body: contactBody((counter += 1)) }),
          },
        ],
      },
    },
  ];
  const figures: LoadFigures[] = [];
  const readsOnWrk = wrkAvailable();
  for (const { label, kind, options } of cases) {
    if (kind === 'read' && readsOnWrk) {
      const headers = options.headers as Record<string, string>;
      const url = String(options.url);
      const threads = READ_CLIENT_WORKERS;
      process.stdout.write(
        `  wrk ${label}: ${connections} connections over ${threads} client threads, ${durationSeconds} s...`,
      );
      await runWrk(url, headers, { connections, threads, durationSeconds: 2 }); // warm-up (JIT, caches), not counted
      const result = await runWrk(url, headers, { connections, threads, durationSeconds });
      figures.push({ label, kind, ...result, client: 'wrk' });
      console.log(` ${Math.round(result.requestsPerSecond)} req/s`);
      continue;
    }
    // One autocannon thread cannot keep up with the reads: it decodes every body into a string, ~80% of a core
    // for the 21 KB brotli JSON while the server idles at ~20%. Reads get a client thread per core (the writes'
    // per-request body function cannot cross into worker threads, and the server is their limit anyway).
    const workers = kind === 'read' ? READ_CLIENT_WORKERS : undefined;
    process.stdout.write(
      `  autocannon ${label}: ${connections} connections${workers ? ` over ${workers} client threads` : ''}, ${durationSeconds} s...`,
    );
    await run({ ...options, connections, workers, duration: 2 }); // warm-up (JIT, caches), not counted
    const result = await run({ ...options, connections, workers, duration: durationSeconds });
    const total = result.requests.total;
    figures.push({
      label,
      kind,
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      total,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      bytesPerRequest: total > 0 ? result.throughput.total / total : 0,
      client: 'autocannon',
    });
    console.log(` ${Math.round(result.requests.average)} req/s`);
  }
  return figures;
}

export function printLoad(figures: LoadFigures[], durationSeconds: number, connections: number) {
  const t = LOAD_TARGETS;
  const rows = [
    ['request', 'client', 'req/s', 'target', 'p50', 'p99', 'target', 'requests', 'errors', 'non-2xx', 'bytes/resp.'],
  ];
  for (const f of figures) {
    const rateTarget = f.kind === 'read' ? t.readsPerSecond : t.writesPerSecond;
    rows.push([
      f.label,
      f.client,
      String(Math.round(f.requestsPerSecond)),
      `>= ${rateTarget} ${f.requestsPerSecond >= rateTarget ? 'ok' : 'MISSED'}`,
      `${Math.round(f.p50 * 10) / 10} ms`,
      `${Math.round(f.p99 * 10) / 10} ms`,
      `<= ${t.p99} ms ${f.p99 <= t.p99 ? 'ok' : 'MISSED'}`,
      String(f.total),
      String(f.errors),
      String(f.non2xx),
      String(Math.round(f.bytesPerRequest)),
    ]);
  }
  printTable(
    `(c) Server load on loopback (${connections} connections, ${durationSeconds} s per row after a 2 s warm-up)`,
    rows,
    [
      'Reads send a browser Accept-Encoding (gzip, deflate, br). Writes are valid contact forms, each stored before the answer;',
      'the submit rate limit is off for this run (SUBMIT_RATE_LIMIT_MAX=0). Client and server share the same cores. Reads run',
      'on wrk when installed (apt-get install wrk; BENCH_CLIENT=autocannon to compare), whose client leaves the server more CPU.',
    ],
  );
}
