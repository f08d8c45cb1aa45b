// The bad bodies every JSON endpoint (platform/http/jsonEndpoint.ts) must refuse alike, for the endpoints' own corpora
// of bad input: each endpoint's test adds the cases of its fields.
import type { InjectOptions } from 'fastify';
import type { JsonEndpointOptions } from '../platform/http/jsonEndpoint.js';
import { escapeRegExp } from './regexp.js';

/** A request that must be refused with `status` and an `{ error }` matching `error`. */
export interface BadCase {
  what: string;
  request: Omit<InjectOptions, 'url'> & { url?: string };
  status: number;
  error: RegExp;
}

/** A POST of `body` as JSON (a string is sent as it is: malformed JSON). */
export const json = (body: unknown): Omit<InjectOptions, 'url'> => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  payload: typeof body === 'string' ? body : JSON.stringify(body),
});

/**
 * What an endpoint made with useJsonEndpoint(`options`) refuses whatever its fields: bodies that are no JSON object,
 * prototype pollution, other content types, a body past the limit; with the messages `options` word. `valid` is a
 * body the endpoint accepts.
 */
export function badJsonBodyCases(valid: object, { bodyLimit, what, emptyHint }: JsonEndpointOptions): BadCase[] {
  const notJson = new RegExp(`^Send ${escapeRegExp(what)} as JSON \\(Content-Type: application/json\\)$`);
  const validText = JSON.stringify(valid);
  const notAnObject = /^The request body must be a JSON object$/;
  return [
    {
      what: 'malformed JSON',
      request: json(`${validText.slice(0, -1)},`),
      status: 400,
      error: /^The request body is not valid JSON$/,
    },
    {
      what: 'JSON with a trailing comma',
      request: json('{"a":1,}'),
      status: 400,
      error: /^The request body is not valid JSON$/,
    },
    {
      what: 'an empty JSON body',
      request: json(''),
      status: 400,
      error: new RegExp(`^The request body is empty: ${escapeRegExp(emptyHint)}$`),
    },
    { what: 'a JSON array', request: json([valid]), status: 400, error: notAnObject },
    { what: 'JSON null', request: json('null'), status: 400, error: notAnObject },
    { what: 'a JSON string', request: json('"hello"'), status: 400, error: notAnObject },
    { what: 'a JSON number', request: json('42'), status: 400, error: notAnObject },
    {
      what: 'deeply nested JSON',
      request: json(`${'['.repeat(3000)}${']'.repeat(3000)}`),
      status: 400,
      error: notAnObject,
    },
    {
      what: '__proto__ pollution',
      request: json(`{"__proto__":{"admin":true},${validText.slice(1)}`),
      status: 400,
      error: /^The request body is not valid JSON$/,
    },
    {
      what: 'constructor.prototype pollution',
      request: json('{"constructor":{"prototype":{"admin":true}}}'),
      status: 400,
      error: /^The request body is not valid JSON$/,
    },
    {
      what: 'text/plain',
      request: { method: 'POST', headers: { 'content-type': 'text/plain' }, payload: validText },
      status: 415,
      error: notJson,
    },
    {
      what: 'a url-encoded form',
      request: { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'name=x' },
      status: 415,
      error: notJson,
    },
    {
      what: 'multipart',
      request: { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--' },
      status: 415,
      error: notJson,
    },
    { what: 'no content type and no body', request: { method: 'POST' }, status: 415, error: notJson },
    {
      what: 'a body over the limit',
      request: json({ ...valid, padding: 'x'.repeat(bodyLimit) }),
      status: 413,
      error: new RegExp(`^The request body is too large: the limit is ${bodyLimit / 1024} KB$`),
    },
  ];
}
