// The ETag of a body the server holds (a page, a data file, the sitemap) and the conditional-request check, in one
// place. The check is jshttp's `fresh` (Express's): If-None-Match lists, weak tags, `*`, and Cache-Control: no-cache.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fresh from 'fresh';

/** A strong ETag of `body`: a SHA-256 prefix, quoted. */
export const contentEtag = (body: string | Buffer): string =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** Whether the client's cached copy of the resource tagged `etag` is current (answer 304). */
export const isFresh = (request: FastifyRequest, etag: string): boolean => fresh(request.headers, { etag });
