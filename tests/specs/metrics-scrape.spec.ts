// The operator's metrics as Prometheus scrapes them (docs/operations.md, "Metrics"), from the built server in each of its
// two configurations: a listener of their own (METRICS_PORT), and the public port with a bearer token (METRICS_TOKEN).
// Chromium visits pages of both editions first; the scrape is read with a strict parser of the text format
// (support/prometheus-text.ts, unit-tested), not with regular expressions that would accept what Prometheus refuses.
// The request id of an answer is checked against the server's JSON log lines for it (LOG_LEVEL=info).
import type { Page } from '@playwright/test';
import { localizedPath } from '@site/contracts/locale';
import { REMOTE_LOAD_REPORT_PATH } from '@site/contracts/releases-api';
import { test, expect, localOnly } from '../support/fixtures';
import { PRODUCT_PATH } from '../support/drawn-pages';
import { parsePrometheusText, type MetricFamily, type MetricType } from '@site/server/test-support';
import { freePort, startSite, type RunningSite } from '../support/site-server';

localOnly('starts servers of its own with the metrics settings');

// each configuration's server once for its tests: the file's tests in one worker, in order
test.describe.configure({ mode: 'default' });

const PRODUCT_ID = 'hex_cw_brass_cable_gland';
const CATEGORY_ID = 'industrial_cable_glands';
const LISTING_PATH = `/our-products/${CATEGORY_ID}`;
const UNKNOWN_PATH = '/no-such-page-f3a9';
const TOKEN = 'metrics-scrape-token-0123456789abcdef';
const REQUEST_ID_HEADER = 'x-request-id';

/** The scrape, parsed: each family by name. */
type Scrape = Map<string, MetricFamily>;

function family(scrape: Scrape, name: string, type: MetricType): MetricFamily {
  const found = scrape.get(name);
  expect(found, `${name} is scraped`).toBeDefined();
  expect(found?.type, name).toBe(type);
  return found as MetricFamily;
}

/** The sum of a family's samples (a counter or gauge). */
function total(scrape: Scrape, name: string, type: MetricType): number {
  return family(scrape, name, type).samples.reduce((sum, sample) => sum + sample.value, 0);
}

/** site_http_requests_total of one method, route pattern and status (0 when never counted). */
function requestsOf(scrape: Scrape, method: string, route: string, status: number): number {
  const sample = family(scrape, 'site_http_requests_total', 'counter').samples.find(
    ({ labels }) => labels.method === method && labels.route === route && labels.status === String(status),
  );
  return sample?.value ?? 0;
}

/** What the browser saw while visiting: the answers' request ids and the remotes' load reports the server counted. */
interface Visits {
  pageRequestId: string;
  apiRequestId: string;
  /** The load reports the browser read `counted: true` in the answer of, by remote. */
  countedLoads: Map<string, number>;
}

/** Chromium visits home, a listing, a product page and an unknown address, in English and Arabic. */
async function visitPages(page: Page, site: RunningSite): Promise<Visits> {
  const countedLoads = new Map<string, number>();
  let apiRequestId = '';
  // each report's answer is read before the next navigation (an answer's body goes with its page)
  const pending = new Set<Promise<void>>();
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== REMOTE_LOAD_REPORT_PATH) return;
    const read = (async () => {
      const response = await request.response();
      if (response === null) return;
      apiRequestId ||= response.headers()[REQUEST_ID_HEADER] ?? '';
      const answer = (await response.json()) as { counted?: boolean };
      const { remote } = request.postDataJSON() as { remote: string };
      if (answer.counted === true) countedLoads.set(remote, (countedLoads.get(remote) ?? 0) + 1);
    })().catch(() => undefined); // a report cut short by the next navigation: the scrape's own totals still agree
    pending.add(read);
    void read.finally(() => pending.delete(read));
  });
  const settled = async () => {
    while (pending.size > 0) await Promise.all([...pending]);
  };
  let pageRequestId = '';
  for (const path of ['/home', LISTING_PATH, PRODUCT_PATH]) {
    for (const edition of ['en', 'ar'] as const) {
      const address = localizedPath(edition, path);
      // each page view reports its remotes' loads: wait for one, and for every answer under way
      const reported = page.waitForResponse((response) => new URL(response.url()).pathname === REMOTE_LOAD_REPORT_PATH);
      const response = await page.goto(`${site.url}${address}`);
      expect(response?.status(), address).toBe(200);
      pageRequestId ||= response?.headers()[REQUEST_ID_HEADER] ?? '';
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await reported;
      await settled();
    }
  }
  for (const address of [UNKNOWN_PATH, localizedPath('ar', UNKNOWN_PATH)]) {
    const response = await page.goto(`${site.url}${address}`);
    expect(response?.status(), address).toBe(404);
    await settled();
  }
  return { pageRequestId, apiRequestId, countedLoads };
}

/** The server's JSON log lines (pino) of request `id`. */
function logLinesOf(
  site: RunningSite,
  id: string,
): { reqId: string; msg?: string; req?: { url?: string }; res?: { statusCode?: number } }[] {
  return site
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes(id))
    .map((line) => JSON.parse(line) as { reqId: string })
    .filter((line) => line.reqId === id);
}

interface Configuration {
  name: string;
  env: (metricsPort: number) => Record<string, string>;
  scrape: (site: RunningSite, metricsPort: number) => Promise<Response>;
}

const CONFIGURATIONS: readonly Configuration[] = [
  {
    name: 'METRICS_PORT (a loopback listener of their own)',
    env: (metricsPort) => ({ METRICS_PORT: String(metricsPort) }),
    scrape: (_site, metricsPort) => fetch(`http://127.0.0.1:${metricsPort}/metrics`),
  },
  {
    name: 'METRICS_TOKEN (the public port, with the bearer token)',
    env: () => ({ METRICS_TOKEN: TOKEN }),
    scrape: (site) => fetch(`${site.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } }),
  },
];

for (const configuration of CONFIGURATIONS) {
  test.describe(`the metrics with ${configuration.name}`, { tag: ['@local', '@shell', '@catalogue'] }, () => {
    let site: RunningSite;
    let metricsPort = 0;

    test.beforeAll(async () => {
      test.setTimeout(120_000);
      metricsPort = await freePort();
      site = await startSite({ ...configuration.env(metricsPort), LOG_LEVEL: 'info' });
    });

    test.afterAll(async () => {
      await site?.stop();
    });

    const scrape = async (): Promise<Scrape> => {
      const response = await configuration.scrape(site, metricsPort);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      return parsePrometheusText(await response.text());
    };

    test("a visitor's pages are counted by route pattern and status, timed, cached, and their remotes' loads by release", async ({
      page,
      consoleProblems,
    }) => {
      // six first visits to a server of its own, each drawn uncached, then the scrapes: 18-21 s of the default 30 on a
      // slow 2-core machine (2026-11-29), too close to its limit for a journey this long
      test.setTimeout(60_000);
      const visits = await visitPages(page, site);
      const first = await scrape();

      // requests by route pattern and status: no address in any label, the unknown addresses' 404s counted
      for (const [name, { samples }] of first) {
        for (const { labels } of samples) {
          for (const labelValue of Object.values(labels)) {
            for (const address of [PRODUCT_ID, CATEGORY_ID, UNKNOWN_PATH.slice(1)])
              expect(labelValue, `a label of ${name}`).not.toContain(address);
          }
        }
      }
      for (const route of [
        '/home',
        '/our-products/:productCategoryId',
        '/our-products/:productCategoryId/:productId',
      ]) {
        for (const pattern of [route, localizedPath('ar', route)])
          expect(requestsOf(first, 'GET', pattern, 200), `GET ${pattern} 200`).toBeGreaterThanOrEqual(1);
      }
      expect(requestsOf(first, 'GET', 'unmatched', 404), 'GET unmatched 404').toBeGreaterThanOrEqual(2);
      const reports = requestsOf(first, 'POST', REMOTE_LOAD_REPORT_PATH, 202);
      expect(reports, `POST ${REMOTE_LOAD_REPORT_PATH} 202`).toBeGreaterThan(0);

      // the latency histogram: cumulative buckets of increasing bounds, +Inf = count, timed as often as counted
      const durations = family(first, 'site_http_request_duration_seconds', 'histogram');
      expect(durations.histograms.length).toBeGreaterThan(0);
      const requests = family(first, 'site_http_requests_total', 'counter');
      for (const series of durations.histograms) {
        const what = `${series.labels.method} ${series.labels.route}`;
        const { buckets } = series;
        expect(buckets.length, what).toBeGreaterThan(1);
        buckets.forEach((bucket, index) => {
          const previous = buckets[index - 1];
          if (previous === undefined) return;
          expect(bucket.le, `${what}: bounds increase`).toBeGreaterThan(previous.le);
          expect(bucket.count, `${what}: buckets are cumulative`).toBeGreaterThanOrEqual(previous.count);
        });
        expect(buckets.at(-1)?.le, what).toBe(Infinity);
        expect(buckets.at(-1)?.count, `${what}: +Inf = count`).toBe(series.count);
        expect(series.sum, what).toBeGreaterThanOrEqual(0);
        const counted = requests.samples
          .filter(({ labels }) => labels.method === series.labels.method && labels.route === series.labels.route)
          .reduce((sum, sample) => sum + sample.value, 0);
        expect(series.count, `${what}: timed as often as counted`).toBe(counted);
      }

      // the catalogue's version, the outbox's backlog (a fresh server has no mail waiting)
      const catalogueVersion = total(first, 'site_catalogue_version', 'gauge');
      expect(Number.isInteger(catalogueVersion) && catalogueVersion >= 1, `catalogue version ${catalogueVersion}`).toBe(
        true,
      );
      expect(family(first, 'site_outbox_pending', 'gauge').samples).toHaveLength(1);
      expect(total(first, 'site_outbox_pending', 'gauge')).toBe(0);

      // each remote's loads, by its live release: every report the server took (202) counted once, each remote's at
      // least as often as the browser read "counted" (a report the next navigation cut short is the server's only)
      expect(visits.countedLoads.size, 'the pages reported loads the server counted').toBeGreaterThan(0);
      const loads = family(first, 'site_remote_loads_total', 'counter');
      expect(total(first, 'site_remote_loads_total', 'counter'), 'loads = load reports taken').toBe(reports);
      for (const [remote, counted] of visits.countedLoads) {
        const ofRemote = loads.samples.filter(({ labels }) => labels.remote === remote);
        expect(ofRemote.length, `${remote}'s live releases`).toBeGreaterThan(0);
        for (const { labels } of ofRemote) expect(labels.release, remote).toMatch(/\S/);
        expect(
          ofRemote.reduce((sum, sample) => sum + sample.value, 0),
          `${remote}'s loads`,
        ).toBeGreaterThanOrEqual(counted);
      }

      // the page cache: the same page again is a hit
      const hits = total(first, 'site_page_cache_hits_total', 'counter');
      const misses = total(first, 'site_page_cache_misses_total', 'counter');
      expect(misses).toBeGreaterThan(0);
      await page.goto(`${site.url}${PRODUCT_PATH}`);
      const second = await scrape();
      expect(total(second, 'site_page_cache_hits_total', 'counter'), 'page cache hits').toBeGreaterThan(hits);
      expect(total(second, 'site_catalogue_version', 'gauge')).toBe(catalogueVersion);
      // the browser reports the two unknown addresses' 404s, and nothing else
      const notFoundMessage = 'Failed to load resource: the server responded with a status of 404 (Not Found)';
      expect(consoleProblems.messages.filter((message) => message !== notFoundMessage)).toEqual([]);
      expect(consoleProblems.messages).toHaveLength(2);

      // the request ids of a page's answer and of an API's, each on the server's log lines of that request
      for (const [what, id] of [
        ['page', visits.pageRequestId],
        ['API', visits.apiRequestId],
      ] as const) {
        expect(id, `the ${what} answer's ${REQUEST_ID_HEADER}`).toMatch(/^[0-9a-f-]{36}$/);
        await expect
          .poll(() => logLinesOf(site, id).some((line) => line.msg === 'request completed'), {
            message: `the log's line of the ${what} request ${id}`,
          })
          .toBe(true);
      }
      const pageLines = logLinesOf(site, visits.pageRequestId);
      expect(pageLines.find((line) => line.msg === 'incoming request')?.req?.url).toBe('/home');
      expect(pageLines.find((line) => line.msg === 'request completed')?.res?.statusCode).toBe(200);
      const apiLines = logLinesOf(site, visits.apiRequestId);
      expect(apiLines.find((line) => line.msg === 'incoming request')?.req?.url).toBe(REMOTE_LOAD_REPORT_PATH);
    });

    if (configuration.env(0).METRICS_PORT !== undefined) {
      test('the metrics listener answers /metrics and nothing else; the public port has no /metrics', async () => {
        for (const address of ['/', '/home', '/healthz', '/metrics/', '/metrics.txt', '/api/catalogue/products']) {
          expect((await fetch(`http://127.0.0.1:${metricsPort}${address}`)).status, address).toBe(404);
        }
        expect(
          (await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { method: 'POST', body: '' })).status,
          'POST /metrics',
        ).toBe(404);
        expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics?format=text`)).status, 'with a query').toBe(200);
        // an attacker on the public port: no metrics, with or without a guessed token
        expect((await fetch(`${site.url}/metrics`)).status).toBe(404);
        expect((await fetch(`${site.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(
          404,
        );
      });
    } else {
      test('the public port serves /metrics only with the token: none, a wrong one and a near miss are refused', async () => {
        for (const authorization of [
          undefined,
          'Bearer wrong-token-0123456789abcdef0123456789',
          `Bearer ${TOKEN}x`,
          `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`,
          TOKEN,
        ]) {
          const response = await fetch(`${site.url}/metrics`, {
            headers: authorization === undefined ? {} : { authorization },
          });
          expect([401, 403], String(authorization)).toContain(response.status);
          const body = await response.text();
          expect(body, 'no metric is told').not.toContain('site_http_requests_total');
        }
        expect((await fetch(`${site.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(
          200,
        );
      });
    }
  });
}
