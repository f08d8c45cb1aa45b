// The API tests' reading of an answer: its JSON when it has the status expected (the body shown when not), or the
// sentence of a refusal ({error}, or Fastify's own {message} from a bare scope).
import assert from 'node:assert/strict';
import type { LightMyRequestResponse } from 'fastify';

export function answerOf<T>(res: LightMyRequestResponse, status = 200): T {
  assert.equal(res.statusCode, status, res.body);
  return res.json<T>();
}

export function refusalOf(res: LightMyRequestResponse, status: number): string {
  assert.equal(res.statusCode, status, res.body);
  const body = res.json<{ error?: string; message?: string }>();
  return body.error ?? body.message ?? '';
}
