// Answers Node's HTTP parser makes before Fastify routes a request, so before any hook can add a header: a request
// line or headers that are not HTTP (an unknown method, Transfer-Encoding with Content-Length), headers too large
// (431), headers or a body that never finish (408), an HTTP/1.1 request without a Host, and an Expect other than
// 100-continue (417). Fastify's own answers to the first ones, and Node's to the last two, carry no security header; a
// prober reads them as another server's. Here they carry the site's headers (BARE_ANSWER_HEADERS) and a line of JSON
// saying what was wrong.
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { BARE_ANSWER_HEADERS, HSTS_VALUE } from './securityHeaders.js';

/** What Node's parser reports, by the `code` of its error. */
function statusAndWords(code: string | undefined): [number, string] {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'The request did not arrive in time'];
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'The request headers are too large'];
  return [400, 'The request is not valid HTTP'];
}

/** The headers and body of a bare answer saying `words`; HSTS only on a TLS socket. */
function bareHeadersAndBody(words: string, overTls: boolean): { headers: Record<string, string>; body: string } {
  const body = JSON.stringify({ error: words });
  const headers: Record<string, string> = {
    ...BARE_ANSWER_HEADERS,
    ...(overTls ? { 'strict-transport-security': HSTS_VALUE } : {}),
    'cache-control': 'no-store',
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  return { headers, body };
}

/** The raw answer, headers and body, for a parser error of `code`; HSTS only on a TLS socket. */
export function bareAnswer(code: string | undefined, overTls: boolean): string {
  const [status, words] = statusAndWords(code);
  const { headers, body } = bareHeadersAndBody(words, overTls);
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/**
 * An `Expect` other than 100-continue: Node answers 417 itself, before any route or hook, unless the server has a
 * 'checkExpectation' listener. This is that listener: the same 417, with the site's headers, the request not served.
 */
export function registerExpectationFailed(app: FastifyInstance): void {
  app.server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
    const { headers, body } = bareHeadersAndBody(
      'Only "Expect: 100-continue" is understood here',
      'encrypted' in request.socket,
    );
    response.writeHead(417, headers).end(body);
  });
}

/** Fastify's clientErrorHandler option: as Fastify's own, with the site's headers and words. */
export function answerClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket): void {
  // a reset connection has nobody to answer
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.debug({ err: error }, 'request refused before routing');
  if (socket.writable) socket.write(bareAnswer(error.code, 'encrypted' in socket));
  socket.destroy(error);
}

/** The Host rule Node applies itself when requireHostHeader is on, moved here so that the answer has the site's headers. */
export function registerHostRequired(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.raw.httpVersion !== '1.1' || request.headers.host !== undefined) return;
    return reply
      .code(400)
      .header('cache-control', 'no-store')
      .header('connection', 'close')
      .send({ error: 'A Host header naming this site is required' });
  });
}
