import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';

export type HttpError = Error & { statusCode: number };

/** An error the app's error handler answers with this status and `{ error: message }`. */
export const httpError = (statusCode: number, message: string): HttpError =>
  Object.assign(new Error(message), { statusCode });

/** The 400 of a body that is not UTF-8 (JSON must be). */
export const NOT_UTF8 = 'The request body is not valid UTF-8: send the JSON encoded as UTF-8';

export interface JsonEndpointOptions {
  /** The body limit of the routes, for the 413 message. */
  bodyLimit: number;
  /** What the visitor sends, as the messages name it: 'the form', 'the review', 'the question'. */
  what: string;
  /** How to fix an empty body, e.g. 'send the form as a JSON object'. */
  emptyHint: string;
}

/**
 * Makes the routes of a plugin scope JSON endpoints with clear answers to a bad body: Fastify's
 * own body errors (too large, not JSON, empty, bad length) become 413/415/400 with a sentence a
 * client can act on, and a body that is not valid UTF-8 is a 400 (NOT_UTF8). Returns a preHandler
 * that refuses any content type but JSON with 415.
 */
export function useJsonEndpoint(app: FastifyInstance, { bodyLimit, what, emptyHint }: JsonEndpointOptions) {
  const notJson = `Send ${what} as JSON (Content-Type: application/json)`;
  const bodyErrors: Record<string, { status: number; message: string }> = {
    FST_ERR_CTP_BODY_TOO_LARGE: {
      status: 413,
      message: `The request body is too large: the limit is ${bodyLimit / 1024} KB`,
    },
    FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: notJson },
    FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The request body is not valid JSON' },
    FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: `The request body is empty: ${emptyHint}` },
    FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: 'The request body does not match its Content-Length' },
  };

  addUtf8JsonParser(app, 'application/json', bodyLimit);

  app.setErrorHandler((error: FastifyError) => {
    const known = error.code === undefined ? undefined : bodyErrors[error.code];
    if (known !== undefined) throw httpError(known.status, known.message);
    throw error; // the app's handler: 4xx keep their message, 5xx become a generic one
  });

  return async function requireJson(request: FastifyRequest): Promise<void> {
    const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json') throw httpError(415, notJson);
  };
}

/**
 * Reads bodies of `contentType` as JSON, with Fastify's own parser (its prototype-poisoning checks). JSON is UTF-8
 * (RFC 8259): bytes that are not are a 400 (NOT_UTF8), where decoding them as a string would store U+FFFD.
 */
export function addUtf8JsonParser(app: FastifyInstance, contentType: string, bodyLimit: number): void {
  const parseJson = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  app.addContentTypeParser(contentType, { parseAs: 'buffer', bodyLimit }, (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      done(httpError(400, NOT_UTF8), undefined);
      return;
    }
    // Fastify's default JSON parser answers through `done`; it returns nothing to wait for.
    void parseJson(request, text, done);
  });
}
