// The operator's metrics through the whole app, on both databases: scraped from their own listener and read by a real
// Prometheus text parser; a request counted under its route pattern (never its URL), the outbox's backlog and age, the
// releases' loads, the page cache and the field vitals; and the public port, which refuses /metrics to whoever lacks
// the token (as an attacker would try: no token, a wrong one, a forged loopback address), or serves none at all.
import assert from 'node:assert/strict';
import { describe, test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { REVIEWS_API_PATTERN } from '@site/contracts/api';
import { REMOTE_LOAD_REPORT_PATH } from '@site/contracts/releases-api';
import { VITALS_PATH } from '@site/contracts/vitals-api';
import { buildApp } from '../app.js';
import type { Database } from './db/index.js';
import { startMetricsListener, type MetricsListener } from './http/metricsRoutes.js';
import { onPostgres, pgliteTarget, type DatabaseTarget, type TestDatabase } from '../test-support/databases.js';
import { createFixture, type Fixture } from '../test-support/fixture.js';
import { parsePrometheusText, sampleValue } from '../test-support/prometheusText.js';
import { promtool } from '../test-support/promtool.js';

const TOKEN = 'metrics-token-0123456789abcdef0123456789abcdef';

async function metricsSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  let fixture: Fixture;
  let database: TestDatabase;
  let db: Database;
  let app: FastifyInstance;
  let listener: MetricsListener;

  t.before(async () => {
    fixture = await createFixture({
      env: {
        SERVER_RENDERING: 'off',
        VITALS_BEACONS_PER_MINUTE: '0',
        RELEASE_REPORTS_PER_MINUTE: '0',
        TRUST_PROXY: 'loopback',
      },
    });
    database = await target.fresh();
    db = database.db;
    app = await buildApp(fixture.config, db, { catalogue: 'files' });
    await app.ready();
    listener = await startMetricsListener(app.siteMetrics, { port: 0, host: '127.0.0.1' });
  });
  t.after(async () => {
    await listener?.close();
    await app?.close();
    await database?.cleanup();
    await fixture?.cleanup();
  });

  const scrape = async () => {
    const answer = await fetch(`http://127.0.0.1:${listener.port}/metrics`);
    assert.equal(answer.status, 200);
    assert.match(answer.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    return parsePrometheusText(await answer.text());
  };

  await t.test(
    'a request is counted under its route pattern and status, with its latency; the raw URL is no label',
    async () => {
      for (const product of ['cable-1', 'cable-2', 'x%22%7D%0Aevil_metric%201']) {
        await app.inject({ method: 'GET', url: `/api/products/${product}/reviews?page=2` });
      }
      await app.inject({ method: 'GET', url: '/no/such/address/at/all' });
      const families = await scrape();
      const counted =
        families
          .get('site_http_requests_total')
          ?.samples.filter((sample) => sample.labels.route === REVIEWS_API_PATTERN) ?? [];
      assert.equal(
        counted.reduce((sum, sample) => sum + sample.value, 0),
        3,
      );
      assert.equal(counted[0]?.labels.method, 'GET');
      assert.match(counted[0]?.labels.status ?? '', /^\d{3}$/);
      assert.equal(sampleValue(families, 'site_http_request_duration_seconds', { route: REVIEWS_API_PATTERN }), 3);
      assert.ok((sampleValue(families, 'site_http_requests_total', { route: 'unmatched', status: '404' }) ?? 0) >= 1);
      const labels = JSON.stringify(
        [...families.values()].flatMap((family) => family.samples.map((sample) => sample.labels)),
      );
      for (const raw of ['cable-1', 'evil', '/no/such/address'])
        assert.equal(labels.includes(raw), false, `${raw} became a label`);
      assert.equal(families.has('evil_metric'), false);
    },
  );

  await t.test(
    "the outbox's backlog and its oldest mail's age, the catalogue's version, the database's query latency",
    async () => {
      await db.query(
        "insert into outbox (kind, recipient, payload, created_at) values ('contact', 'a@example.com', '{}', now() - interval '90 seconds')",
      );
      await db.query(
        "insert into outbox (kind, recipient, payload, attempts) values ('contact', 'b@example.com', '{}', 2)",
      );
      const families = await scrape();
      assert.equal(sampleValue(families, 'site_outbox_pending'), 2);
      assert.equal(sampleValue(families, 'site_outbox_failing'), 1);
      const age = sampleValue(families, 'site_outbox_oldest_pending_age_seconds') ?? 0;
      assert.ok(age >= 89 && age < 600, `oldest ${age} s`);
      assert.equal(typeof sampleValue(families, 'site_catalogue_version'), 'number');
      assert.ok((sampleValue(families, 'site_db_query_duration_seconds', { outcome: 'ok' }) ?? 0) > 0);
      assert.equal(families.get('site_db_pool_connections') !== undefined, db.kind === 'postgres');
    },
  );

  await t.test("each live release's loads and failures, and the vitals counted", async () => {
    const report = (outcome: 'loaded' | 'failed', session: string) =>
      app.inject({
        method: 'POST',
        url: REMOTE_LOAD_REPORT_PATH,
        remoteAddress: '198.51.100.20',
        payload: {
          remote: 'catalogue',
          entry: 'http://localhost:8080/remotes/catalogue/mf-manifest.json',
          outcome,
          ...(outcome === 'failed' ? { kind: 'entry' } : {}),
          session,
        },
      });
    assert.equal((await report('loaded', 'metrics-visitor-1')).statusCode, 202);
    assert.equal((await report('loaded', 'metrics-visitor-2')).statusCode, 202);
    assert.equal((await report('failed', 'metrics-visitor-3')).statusCode, 202);
    const beacon = {
      route: 'about',
      edition: 'ar',
      viewportWidth: 1280,
      session: 'metrics-visitor-1',
      remotes: {},
      metrics: { LCP: 2100, CLS: 0.05 },
    };
    assert.equal(
      (
        await app.inject({
          method: 'POST',
          url: VITALS_PATH,
          remoteAddress: '198.51.100.21',
          headers: { 'content-type': 'text/plain' },
          payload: JSON.stringify(beacon),
        })
      ).statusCode,
      202,
    );
    const families = await scrape();
    assert.equal(sampleValue(families, 'site_remote_loads_total', { remote: 'catalogue', release: 'variables' }), 2);
    assert.equal(
      sampleValue(families, 'site_remote_load_failures_total', { remote: 'catalogue', release: 'variables' }),
      1,
    );
    const lcp = families
      .get('site_vitals_lcp_seconds')
      ?.histograms.find(
        ({ labels }) => labels.route === 'about' && labels.edition === 'ar' && labels.device === 'desktop',
      );
    assert.equal(lcp?.count, 1);
    assert.ok(Math.abs((lcp?.sum ?? 0) - 2.1) < 1e-9);
    assert.equal(lcp?.buckets.find((bucket) => bucket.le === 2.5)?.count, 1, 'a good LCP is under the 2.5 s bucket');
    assert.equal(sampleValue(families, 'site_vitals_beacons_total', { outcome: 'counted' }), 1);
    assert.equal(sampleValue(families, 'site_release_canary_held', { remote: 'catalogue' }), 0);
  });

  await t.test("Prometheus's own checker accepts the whole scrape: names, types and help", async (t) => {
    const answer = await fetch(`http://127.0.0.1:${listener.port}/metrics`);
    const checked = promtool(['check', 'metrics'], await answer.text());
    if ('skipped' in checked) return t.skip(checked.skipped);
    // exit 0 with nothing said: a lint problem (a gauge named `_total`, say) is exit 3 with the metric's name
    assert.deepEqual(checked, { status: 0, output: '' });
  });

  await t.test('the page cache: its misses and hits', async () => {
    const families = await scrape();
    assert.equal(typeof sampleValue(families, 'site_page_cache_hits_total'), 'number');
    assert.equal(typeof sampleValue(families, 'site_page_cache_misses_total'), 'number');
  });

  await t.test('the metrics listener answers /metrics only', async () => {
    assert.equal((await fetch(`http://127.0.0.1:${listener.port}/`)).status, 404);
    assert.equal((await fetch(`http://127.0.0.1:${listener.port}/metrics`, { method: 'POST' })).status, 404);
  });

  await t.test('without METRICS_TOKEN the public port serves no metrics at all', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }, { 'x-forwarded-for': '127.0.0.1' }]) {
      const answer = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.5', headers });
      assert.equal(answer.statusCode, 404);
      assert.equal(answer.body.includes('site_http_requests_total'), false);
    }
  });

  await t.test(
    'with METRICS_TOKEN the public port refuses /metrics to whoever lacks the token, and serves it to the operator',
    async () => {
      const tokened = await buildApp({ ...fixture.config, metrics: { ...fixture.config.metrics, token: TOKEN } }, db, {
        catalogue: 'files',
      });
      try {
        const attempts: Record<string, string>[] = [
          {},
          { authorization: 'Bearer wrong-token-0123456789abcdef0123456789abcdef' },
          { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
          { authorization: `Basic ${Buffer.from(`metrics:${TOKEN}`).toString('base64')}` },
          { authorization: TOKEN },
          // a forged loopback address (TRUST_PROXY believes only a proxy on loopback, and this client is not one)
          { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' },
        ];
        for (const headers of attempts) {
          const answer = await tokened.inject({
            method: 'GET',
            url: '/metrics',
            remoteAddress: '203.0.113.5',
            headers,
          });
          assert.equal(answer.statusCode, 401, JSON.stringify(headers));
          assert.equal(answer.headers['www-authenticate'], 'Bearer realm="metrics"');
          assert.equal(answer.body.includes('site_http_requests_total'), false);
        }
        const served = await tokened.inject({
          method: 'GET',
          url: '/metrics',
          remoteAddress: '203.0.113.5',
          headers: { authorization: `Bearer ${TOKEN}` },
        });
        assert.equal(served.statusCode, 200);
        assert.equal(served.headers['cache-control'], 'no-store');
        assert.ok(parsePrometheusText(served.body).has('site_http_requests_total'));
      } finally {
        await tokened.close();
      }
    },
  );
}

describe('the operator metrics', () => {
  test('on embedded PGlite', async (t) => metricsSuite(t, pgliteTarget));
  test('on PostgreSQL', async (t) => onPostgres(t, (target) => metricsSuite(t, target)));
});
