// The operator's metrics as Prometheus scrapes them (docs/operations.md, "Metrics"), from the built server in each of its
// two configurations: a listener of their own (METRICS_PORT), and the public port with a bearer token (METRICS_TOKEN).
// Chromium visits pages of both editions first; the scrape is read with a real parser of the text format
// (parse-prometheus-text-format), not with regular expressions that would accept what Prometheus refuses. The request
// id of an answer is checked against the server's JSON log line for it (LOG_LEVEL=info).
import parsePrometheusTextFormat, { type PrometheusFamily, type PrometheusSample } from 'parse-prometheus-text-format';
import type { Page } from '@playwright/test';
import { localizedPath } from '@site/contracts/locale';
import { REMOTE_LOAD_REPORT_PATH } from '@site/contracts/releases-api';
import { test, expect, localOnly } from '../support/fixtures';
import { PRODUCT_PATH } from '../support/drawn-pages';
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

/** The scrape, parsed: each family by name (a name written twice is an error Prometheus refuses too). */
type Scrape = Map<string, PrometheusFamily>;

function parseScrape(text: string): Scrape {
  const families = new Map<string, PrometheusFamily>();
  for (const family of parsePrometheusTextFormat(text)) {
    expect(families.has(family.name), `${family.name} is written once`).toBe(false);
    families.set(family.name, family);
  }
  return families;
}

function family(scrape: Scrape, name: string, type: PrometheusFamily['type']): PrometheusFamily {
  const found = scrape.get(name);
  expect(found, `${name} is scraped`).toBeDefined();
  expect(found?.type).toBe(type);
  return found as PrometheusFamily;
}

/** A text of the exposition as a number; a sample that is not one fails the test. */
function number(text: string | undefined, what: string): number {
  const value = text === '+Inf' ? Infinity : text === undefined || text.trim() === '' ? NaN : Number(text);
  expect(Number.isNaN(value), `${what} is a number (${String(text)})`).toBe(false);
  return value;
}

function value(sample: PrometheusSample, what: string): number {
  return number(sample.value, what);
}

function total(scrape: Scrape, name: string, type: PrometheusFamily['type']): number {
  return family(scrape, name, type).metrics.reduce((sum, sample) => sum + value(sample, name), 0);
}

/** What the browser saw while visiting: the answers' request ids and the remotes' load reports the server counted. */
interface Visits {
  pageRequestId: string;
  apiRequestId: string;
  /** The load reports the server answered `counted: true`, by remote. */
  countedLoads: Map<string, number>;
}

/** Chromium visits home, a listing, a product page and an unknown address, in English and Arabic. */
async function visitPages(page: Page, site: RunningSite): Promise<Visits> {
  const countedLoads = new Map<string, number>();
  const answered: Promise<void>[] = [];
  let apiRequestId = '';
  page.on('response', (response) => {
    if (new URL(response.url()).pathname !== REMOTE_LOAD_REPORT_PATH) return;
    apiRequestId ||= response.headers()[REQUEST_ID_HEADER] ?? '';
    answered.push(
      response.json().then((answer: { counted?: boolean }) => {
        const remote = (response.request().postDataJSON() as { remote: string }).remote;
        if (answer.counted === true) countedLoads.set(remote, (countedLoads.get(remote) ?? 0) + 1);
      }),
    );
  });
  let pageRequestId = '';
  for (const path of ['/home', LISTING_PATH, PRODUCT_PATH]) {
    for (const edition of ['en', 'ar'] as const) {
      const address = localizedPath(edition, path);
      // each page view reports its remotes' loads: wait for one, so none is still on its way when scraped
      const reported = page.waitForResponse((response) => new URL(response.url()).pathname === REMOTE_LOAD_REPORT_PATH);
      const response = await page.goto(`${site.url}${address}`);
      expect(response?.status(), address).toBe(200);
      pageRequestId ||= response?.headers()[REQUEST_ID_HEADER] ?? '';
      await reported;
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    }
  }
  for (const address of [UNKNOWN_PATH, localizedPath('ar', UNKNOWN_PATH)]) {
    const response = await page.goto(`${site.url}${address}`);
    expect(response?.status(), address).toBe(404);
  }
  await page.goto('about:blank');
  await Promise.all(answered);
  return { pageRequestId, apiRequestId, countedLoads };
}

/** The server's JSON log lines (pino) of request `id`. */
function logLinesOf(site: RunningSite, id: string): { reqId: string; msg?: string; req?: { url?: string }; res?: { statusCode?: number } }[] {
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
      return parseScrape(await response.text());
    };

    test('a visitor\'s pages are counted by route pattern and status, timed, cached, and their remotes\' loads by release', async ({ page, consoleProblems }) => {
      const visits = await visitPages(page, site);
      const first = await scrape();

      // requests by route pattern and status: no address in any label, the 404s counted
      const requests = family(first, 'site_http_requests_total', 'COUNTER');
      for (const [name, { metrics }] of first) {
        for (const sample of metrics) {
          for (const labelValue of Object.values(sample.labels ?? {})) {
            expect(labelValue, `a label of ${name}`).not.toContain(PRODUCT_ID);
            expect(labelValue, `a label of ${name}`).not.toContain(CATEGORY_ID);
            expect(labelValue, `a label of ${name}`).not.toContain(UNKNOWN_PATH.slice(1));
          }
        }
      }
      const pageRequests = requests.metrics.filter((sample) => sample.labels?.method === 'GET' && sample.labels.status === '200');
      expect(pageRequests.reduce((sum, sample) => sum + value(sample, 'GET 200'), 0)).toBeGreaterThanOrEqual(6);
      const notFound = requests.metrics.filter((sample) => sample.labels?.method === 'GET' && sample.labels.status === '404');
      expect(notFound.reduce((sum, sample) => sum + value(sample, 'GET 404'), 0)).toBeGreaterThanOrEqual(2);
      const reports = requests.metrics.find((sample) => sample.labels?.method === 'POST' && sample.labels.route === REMOTE_LOAD_REPORT_PATH && sample.labels.status === '202');
      expect(reports, `POST ${REMOTE_LOAD_REPORT_PATH} 202 is counted under its route`).toBeDefined();

      // the latency histogram: cumulative buckets in increasing order, +Inf = count, a count for every request counted
      const durations = family(first, 'site_http_request_duration_seconds', 'HISTOGRAM');
      expect(durations.metrics.length).toBeGreaterThan(0);
      for (const sample of durations.metrics) {
        const what = `${sample.labels?.method} ${sample.labels?.route}`;
        const buckets = Object.entries(sample.buckets ?? {}).map(([le, count]) => ({ le: number(le, `${what} le`), count: number(count, `${what} bucket ${le}`) }));
        expect(buckets.length, what).toBeGreaterThan(1);
        for (let index = 1; index < buckets.length; index += 1) {
          const [previous, current] = [buckets[index - 1], buckets[index]] as [{ le: number; count: number }, { le: number; count: number }];
          expect(current.le, `${what}: bounds increase`).toBeGreaterThan(previous.le);
          expect(current.count, `${what}: buckets are cumulative`).toBeGreaterThanOrEqual(previous.count);
        }
        const last = buckets.at(-1);
        expect(last?.le, what).toBe(Infinity);
        expect(last?.count, `${what}: +Inf = count`).toBe(number(sample.count, `${what} count`));
        expect(number(sample.sum, `${what} sum`), what).toBeGreaterThanOrEqual(0);
        const counted = requests.metrics
          .filter((request) => request.labels?.method === sample.labels?.method && request.labels?.route === sample.labels?.route)
          .reduce((sum, request) => sum + value(request, what), 0);
        expect(number(sample.count, what), `${what}: timed as often as counted`).toBe(counted);
      }

      // the catalogue's version, the outbox's backlog (a fresh server has sent no mail, and has none waiting)
      expect(Number.isInteger(total(first, 'site_catalogue_version', 'GAUGE'))).toBe(true);
      expect(total(first, 'site_catalogue_version', 'GAUGE')).toBeGreaterThanOrEqual(0);
      expect(family(first, 'site_outbox_pending', 'GAUGE').metrics).toHaveLength(1);
      expect(total(first, 'site_outbox_pending', 'GAUGE')).toBe(0);

      // each remote's loads, by its live release: as many as the load reports the server counted
      expect(visits.countedLoads.size, 'the pages reported loads the server counted').toBeGreaterThan(0);
      const loads = family(first, 'site_remote_loads_total', 'COUNTER');
      for (const [remote, counted] of visits.countedLoads) {
        const ofRemote = loads.metrics.filter((sample) => sample.labels?.remote === remote);
        expect(ofRemote.length, `${remote}'s live releases`).toBeGreaterThan(0);
        for (const sample of ofRemote) expect(sample.labels?.release, remote).toMatch(/\S/);
        expect(ofRemote.reduce((sum, sample) => sum + value(sample, remote), 0), `${remote}'s loads`).toBe(counted);
      }

      // the page cache: the same page again is a hit
      const hits = total(first, 'site_page_cache_hits_total', 'COUNTER');
      const misses = total(first, 'site_page_cache_misses_total', 'COUNTER');
      expect(misses).toBeGreaterThan(0);
      await page.goto(`${site.url}${PRODUCT_PATH}`);
      const second = await scrape();
      expect(total(second, 'site_page_cache_hits_total', 'COUNTER')).toBeGreaterThan(hits);
      expect(total(second, 'site_catalogue_version', 'GAUGE')).toBe(total(first, 'site_catalogue_version', 'GAUGE'));
      expect(consoleProblems.messages).toEqual([]);

      // the request ids of a page's answer and of an API's, each on the server's log lines of that request
      for (const [what, id] of [['page', visits.pageRequestId], ['API', visits.apiRequestId]] as const) {
        expect(id, `the ${what} answer's ${REQUEST_ID_HEADER}`).toMatch(/^[0-9a-f-]{36}$/);
        await expect.poll(() => logLinesOf(site, id).some((line) => line.msg === 'request completed'), { message: `the log's line of the ${what} request ${id}` }).toBe(true);
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
        expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { method: 'POST', body: '' })).status, 'POST /metrics').toBe(404);
        expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics?format=text`)).status, 'with a query').toBe(200);
        // an attacker on the public port: no metrics, with or without a guessed token
        expect((await fetch(`${site.url}/metrics`)).status).toBe(404);
        expect((await fetch(`${site.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
      });
    } else {
      test('the public port serves /metrics only with the token: none, a wrong one and a near miss are refused', async () => {
        for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef0123456789', `Bearer ${TOKEN}x`, `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}`, TOKEN]) {
          const response = await fetch(`${site.url}/metrics`, { headers: authorization === undefined ? {} : { authorization } });
          expect([401, 403], String(authorization)).toContain(response.status);
          const body = await response.text();
          expect(body, 'no metric is told').not.toContain('site_http_requests_total');
        }
        expect((await fetch(`${site.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
      });
    }
  });
}
