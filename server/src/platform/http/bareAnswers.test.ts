// What a prober sends that Node's HTTP parser refuses before any route runs, played on a real socket (app.inject has
// no parser): an unknown method, Transfer-Encoding with Content-Length (request smuggling's opening), no Host, headers
// too large, an Expect Node does not know, headers that never finish. Each answer must carry the site's security headers and say what was wrong.
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { listenOnLoopback } from '../../test-support/ports.js';
import { createFixture, stubDatabase, type Fixture } from '../../test-support/fixture.js';
import { BARE_ANSWER_HEADERS } from './securityHeaders.js';

interface RawAnswer {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/** Writes `request` on a fresh socket and reads all the server sends until it closes (or `giveUpMs`). */
function sendRaw(port: number, request: string, giveUpMs = 8_000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no close after ${giveUpMs} ms; got ${JSON.stringify(text.slice(0, 200))}`));
    }, giveUpMs);
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', () => undefined); // a reset after the answer is a close too
    socket.on('close', () => {
      clearTimeout(timer);
      const [head = '', body = ''] = text.split('\r\n\r\n', 2);
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = new Map(
        lines.map(
          (line) =>
            [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()] as [
              string,
              string,
            ],
        ),
      );
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3}) /.exec(statusLine)?.[1] ?? 0), headers, body });
    });
  });
}

describe('answers made before routing carry the security headers', () => {
  let fixture: Fixture;
  let app: FastifyInstance;
  let port: number;

  before(async () => {
    fixture = await createFixture({ env: { HTTP_HEADERS_TIMEOUT_SECONDS: '1', HTTP_REQUEST_TIMEOUT_SECONDS: '1' } });
    app = await buildApp(fixture.config, stubDatabase(), { catalogue: 'files' });
    port = await listenOnLoopback(app);
  });
  after(async () => {
    await app?.close();
    await fixture?.cleanup();
  });

  const cases: { what: string; request: string; status: number; error: RegExp }[] = [
    {
      what: 'an unknown method',
      request: 'BREW /home HTTP/1.1\r\nHost: localhost\r\n\r\n',
      status: 400,
      error: /^The request is not valid HTTP$/,
    },
    {
      what: 'Transfer-Encoding with Content-Length',
      request:
        'POST /api/send-contact-form HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nContent-Length: 4\r\n\r\n0\r\n\r\n',
      status: 400,
      error: /^The request is not valid HTTP$/,
    },
    {
      what: 'a request line that is not HTTP',
      request: 'GET /home\x00 HTTP/1.1\r\n\r\n',
      status: 400,
      error: /^The request is not valid HTTP$/,
    },
    {
      what: 'no Host header',
      request: 'GET /home HTTP/1.1\r\nConnection: close\r\n\r\n',
      status: 400,
      error: /^A Host header naming this site is required$/,
    },
    {
      what: 'headers of 70 KB',
      request: `GET /home HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'a'.repeat(70_000)}\r\n\r\n`,
      status: 431,
      error: /^The request headers are too large$/,
    },
    {
      what: 'an Expect other than 100-continue',
      request: 'GET /home HTTP/1.1\r\nHost: localhost\r\nExpect: foo\r\n\r\n',
      status: 417,
      error: /^Only "Expect: 100-continue" is understood here$/,
    },
    {
      what: 'headers that never finish',
      request: 'GET /home HTTP/1.1\r\nHost: localhost\r\n',
      status: 408,
      error: /^The request did not arrive in time$/,
    },
  ];

  for (const { what, request, status, error } of cases) {
    test(`${what}: ${status} with every security header and words`, async () => {
      const answer = await sendRaw(port, request);
      assert.equal(answer.status, status, `${what}: ${JSON.stringify([...answer.headers])} ${answer.body}`);
      for (const name of [
        'content-security-policy',
        'x-content-type-options',
        'x-frame-options',
        'referrer-policy',
        'permissions-policy',
        'cross-origin-resource-policy',
      ]) {
        assert.ok(
          answer.headers.has(name),
          `${what}: ${name} is missing from ${JSON.stringify([...answer.headers.keys()])}`,
        );
      }
      assert.equal(answer.headers.get('x-content-type-options'), 'nosniff');
      assert.match(String(answer.headers.get('content-type')), /^application\/json/);
      assert.match((JSON.parse(answer.body) as { error: string }).error, error);
    });
  }

  test('a normal answer still gets the same security headers (the bare ones are helmet’s, a stricter CSP aside)', async () => {
    const res = await app.inject({ method: 'GET', url: '/no-such-page' });
    for (const [name, value] of Object.entries(BARE_ANSWER_HEADERS)) {
      if (name === 'content-security-policy') continue;
      assert.equal(res.headers[name], value, `${name} as helmet sends it`);
    }
    // an HTTP/1.0 client without Host is still served, as Node serves it
    const old = await sendRaw(port, 'GET /healthz HTTP/1.0\r\n\r\n');
    assert.notEqual(old.status, 400);
  });
});
