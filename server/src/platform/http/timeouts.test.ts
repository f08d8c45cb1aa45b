// Stalled clients are let go: the attacks are played on a real socket against the listening server (app.inject has no
// socket to stall). The limits are set to about a second so that each test takes a few.
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { ConfigError, loadPlatformConfig } from '../config.js';
import { listenOnLoopback } from '../../test-support/ports.js';
import { createFixture, stubDatabase } from '../../test-support/fixture.js';
import { stopwatch } from '../../test-support/eventually.js';

interface Closed {
  /** Milliseconds from the last byte the client sent to the server closing the socket. */
  afterMs: number;
  /** What the server wrote before closing. */
  answer: string;
}

/** Opens a socket, writes `first`, and reports when the server closes it; fails after `giveUpMs`. */
function openStalled(port: number, first: string, giveUpMs: number): { socket: Socket; closed: Promise<Closed> } {
  const socket = connect(port, '127.0.0.1');
  let sentAt = Date.now();
  let answer = '';
  socket.on('connect', () => {
    if (first !== '') socket.write(first);
    sentAt = Date.now();
  });
  socket.on('data', (chunk) => (answer += chunk.toString()));
  const closed = new Promise<Closed>((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.destroy();
      reject(
        new Error(`the server still held the socket after ${giveUpMs} ms (answer so far: ${JSON.stringify(answer)})`),
      );
    }, giveUpMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ afterMs: Date.now() - sentAt, answer });
    });
    socket.on('error', () => undefined); // a reset is a close too
  });
  return { socket, closed };
}

/** Status 408, or a plain close: never a normal answer, and never nothing for ever. */
function assertTimedOut({ answer }: Closed): void {
  assert.ok(answer === '' || answer.startsWith('HTTP/1.1 408 '), `answer: ${JSON.stringify(answer.slice(0, 80))}`);
}

const SLOW_CHAT =
  'POST /api/chat HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"q';

describe('socket timeouts against stalled clients', () => {
  let app: FastifyInstance;
  let port: number;
  let cleanup: () => Promise<void>;

  before(async () => {
    const fixture = await createFixture({
      env: {
        HTTP_HEADERS_TIMEOUT_SECONDS: '1',
        HTTP_REQUEST_TIMEOUT_SECONDS: '1',
        HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '1',
        HTTP_IDLE_TIMEOUT_SECONDS: '3',
        GEMINI_TIMEOUT_SECONDS: '2',
        CHAT_RATE_LIMIT_MAX: '0', // 40 stalled uploads from one address: the attack here is the stall, not the count
      },
    });
    cleanup = fixture.cleanup;
    app = await buildApp(fixture.config, stubDatabase(), { catalogue: 'files' });
    port = await listenOnLoopback(app);
  });
  after(async () => {
    await app.close();
    await cleanup();
  });

  test('POST /api/chat announcing 100 bytes and sending 3: closed (408) within seconds, while /home stays fast', async () => {
    // Resolves once the server has read the headers of all 40 uploads: they are then stalled mid-body.
    const allStalled = new Promise<void>((resolve) => {
      let heard = 0;
      const onRequest = (request: IncomingMessage) => {
        if (request.url !== '/api/chat' || ++heard < 40) return;
        app.server.off('request', onRequest);
        resolve();
      };
      app.server.on('request', onRequest);
    });
    const stalled = Array.from({ length: 40 }, () => openStalled(port, SLOW_CHAT, 6000));
    await allStalled;
    const elapsed = stopwatch();
    const home = await fetch(`http://127.0.0.1:${port}/home`);
    assert.equal(home.status, 200);
    await home.arrayBuffer();
    const took = elapsed();
    assert.ok(took < 1000, `/home took ${took} ms beside 40 stalled uploads`);
    for (const closed of await Promise.all(stalled.map((s) => s.closed))) {
      assertTimedOut(closed);
      assert.ok(closed.afterMs < 4000, `closed after ${closed.afterMs} ms`);
    }
  });

  test('a body trickled one byte at a time (each within the idle limit) is still cut at the request limit', async () => {
    const { socket, closed } = openStalled(port, SLOW_CHAT, 6000);
    const elapsed = stopwatch();
    const drip = setInterval(() => {
      if (!socket.destroyed) socket.write(' ');
    }, 200);
    try {
      const result = await closed;
      assertTimedOut(result);
      const took = elapsed();
      assert.ok(took < 4000, `closed after ${took} ms`);
    } finally {
      clearInterval(drip);
    }
  });

  test('headers that never end are cut at the headers limit', async () => {
    const closed = await openStalled(port, 'GET /home HTTP/1.1\r\nHost: localhost\r\nX-Slow: ', 6000).closed;
    assertTimedOut(closed);
    assert.ok(closed.afterMs < 4000, `closed after ${closed.afterMs} ms`);
  });

  test('a socket that never says anything is closed', async () => {
    const closed = await openStalled(port, '', 6000).closed;
    assertTimedOut(closed);
    assert.ok(closed.afterMs < 4000, `closed after ${closed.afterMs} ms`);
  });

  test('an idle keep-alive connection is closed after its answer, at the keep-alive limit', async () => {
    const { closed } = openStalled(port, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n', 6000);
    const result = await closed;
    assert.match(result.answer, /^HTTP\/1\.1 200 /);
    assert.ok(result.afterMs >= 900 && result.afterMs < 3000, `closed after ${result.afterMs} ms`);
  });
});

describe('the default timeouts', () => {
  test('are set on the server, in seconds: headers 10, whole request 15, keep-alive 5, idle socket 30', async () => {
    const fixture = await createFixture();
    const app = await buildApp(fixture.config, stubDatabase(), { catalogue: 'files' });
    try {
      assert.equal(app.server.headersTimeout, 10_000);
      assert.equal(app.server.requestTimeout, 15_000);
      assert.equal(app.server.keepAliveTimeout, 5_000);
      assert.equal(app.server.timeout, 30_000);
    } finally {
      await app.close();
      await fixture.cleanup();
    }
  });

  test('HTTP_*_TIMEOUT_SECONDS override them; contradictory values are refused', () => {
    assert.deepEqual(
      loadPlatformConfig({
        HTTP_HEADERS_TIMEOUT_SECONDS: '5',
        HTTP_REQUEST_TIMEOUT_SECONDS: '20',
        HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '65',
        HTTP_IDLE_TIMEOUT_SECONDS: '90',
      }).http.timeouts,
      { headersMs: 5_000, requestMs: 20_000, keepAliveMs: 65_000, idleMs: 90_000 },
    );
    const refused = (env: Record<string, string>, start: string) =>
      assert.throws(
        () => loadPlatformConfig(env),
        (error: unknown) => error instanceof ConfigError && error.problems.some((p) => p.startsWith(start)),
        JSON.stringify(env),
      );
    refused({ HTTP_REQUEST_TIMEOUT_SECONDS: '0' }, 'HTTP_REQUEST_TIMEOUT_SECONDS must be');
    refused({ HTTP_HEADERS_TIMEOUT_SECONDS: 'never' }, 'HTTP_HEADERS_TIMEOUT_SECONDS must be');
    refused(
      { HTTP_HEADERS_TIMEOUT_SECONDS: '20', HTTP_REQUEST_TIMEOUT_SECONDS: '10' },
      'HTTP_HEADERS_TIMEOUT_SECONDS must not be more',
    );
    refused({ HTTP_IDLE_TIMEOUT_SECONDS: '8' }, 'HTTP_IDLE_TIMEOUT_SECONDS must be more than GEMINI_TIMEOUT_SECONDS');
  });
});
