// Request ids through the whole app: every answer names its request's id (X-Request-Id), every JSON log line of a
// request carries it, and an incoming X-Request-Id is taken only from a trusted proxy and only when it is a short safe
// token (a client's own, or a proxy's that would write a line break into the logs, is replaced by ours).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { createFixture, stubDatabase, type Fixture } from '../../test-support/fixture.js';
import { REQUEST_ID_HEADER } from './requestIds.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids and JSON logs', () => {
  let fixture: Fixture;
  let app: FastifyInstance;
  const lines: string[] = [];

  before(async () => {
    // a proxy on loopback is trusted; the clients below come from elsewhere unless said
    fixture = await createFixture({ env: { LOG_LEVEL: 'info', TRUST_PROXY: '127.0.0.1', SERVER_RENDERING: 'off' } });
    app = await buildApp(fixture.config, stubDatabase(), {
      catalogue: 'files',
      logStream: { write: (line) => void lines.push(line) },
    });
  });
  after(async () => {
    await app?.close();
    await fixture?.cleanup();
  });

  /** The JSON log lines written for request `id`. */
  const linesOf = (id: string) =>
    lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.reqId === id);

  test('every answer names its own id, and every log line of the request carries it, as JSON', async () => {
    const first = await app.inject({ method: 'GET', url: '/healthz', remoteAddress: '198.51.100.1' });
    const second = await app.inject({
      method: 'POST',
      url: '/api/vitals',
      remoteAddress: '198.51.100.1',
      headers: { 'content-type': 'text/plain' },
      payload: '{',
    });
    const [firstId, secondId] = [first.headers[REQUEST_ID_HEADER], second.headers[REQUEST_ID_HEADER]];
    assert.match(String(firstId), UUID);
    assert.match(String(secondId), UUID);
    assert.notEqual(firstId, secondId);
    // every line is JSON (JSON.parse would throw), and the request's own lines name it: its start and its answer
    const own = linesOf(String(firstId));
    assert.ok(own.length >= 2, `${own.length} lines for the request`);
    assert.ok(
      own.some((line) => line.msg === 'incoming request') && own.some((line) => line.msg === 'request completed'),
    );
    const requestLines = lines.filter((line) => line.includes('"req"') || line.includes('"res"'));
    for (const line of requestLines)
      assert.ok(typeof (JSON.parse(line) as { reqId?: unknown }).reqId === 'string', line);
  });

  test("a refused request's answer names its id too", async () => {
    const refused = await app.inject({
      method: 'POST',
      url: '/api/vitals',
      remoteAddress: '198.51.100.1',
      headers: { 'content-type': 'application/json' },
      payload: '{"x":1}',
    });
    assert.equal(refused.statusCode, 400);
    assert.match(String(refused.headers[REQUEST_ID_HEADER]), UUID);
  });

  test("a client's own X-Request-Id is not believed: it could pass itself off as another request in the logs", async () => {
    const answer = await app.inject({
      method: 'GET',
      url: '/healthz',
      remoteAddress: '203.0.113.9',
      headers: { [REQUEST_ID_HEADER]: 'chosen-by-attacker', 'x-forwarded-for': '127.0.0.1' },
    });
    assert.notEqual(answer.headers[REQUEST_ID_HEADER], 'chosen-by-attacker');
    assert.match(String(answer.headers[REQUEST_ID_HEADER]), UUID);
    assert.equal(
      lines.some((line) => line.includes('chosen-by-attacker')),
      false,
    );
  });

  test("a trusted proxy's id is kept when it is a short safe token, and replaced when it is not", async () => {
    const fromProxy = (id: string) =>
      app.inject({
        method: 'GET',
        url: '/healthz',
        remoteAddress: '127.0.0.1',
        headers: { [REQUEST_ID_HEADER]: id, 'x-forwarded-for': '198.51.100.7' },
      });
    const kept = await fromProxy('edge-7f3a9c.42');
    assert.equal(kept.headers[REQUEST_ID_HEADER], 'edge-7f3a9c.42');
    assert.ok(linesOf('edge-7f3a9c.42').length >= 2);
    for (const unsafe of ['a'.repeat(65), 'two words', 'x\\n{"level":60,"msg":"forged"}', '<script>', 'id;drop']) {
      const answer = await fromProxy(unsafe);
      assert.match(String(answer.headers[REQUEST_ID_HEADER]), UUID, unsafe);
    }
  });
});
