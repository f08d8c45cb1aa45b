// A path with a broken percent escape (/our-products/%ZZ, or bytes that are not UTF-8 such as %C0%AF) cannot be decoded,
// and Fastify's router answers it itself with a JSON body naming its internals (FST_ERR_BAD_URL), outside every hook:
// no security headers, no site page. Read instead, such a path's "%" signs are literal text: the request then goes
// through the routes and hooks like any other, and names no page or file (the site's 404 page, or 404 JSON under /api).

/** The path part of a request URL (before any query or fragment). */
function pathEnd(url: string): number {
  const end = url.search(/[?#]/);
  return end === -1 ? url.length : end;
}

function decodes(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** `url` unchanged when its path decodes, else with every "%" of its path escaped as %25 (the query is left alone). */
export function withLiteralPercents(url: string): string {
  const end = pathEnd(url);
  const pathname = url.slice(0, end);
  // Nearly every request has no "%" in its path: one indexOf and done.
  if (!pathname.includes('%') || decodes(pathname)) return url;
  return pathname.replaceAll('%', '%25') + url.slice(end);
}

/** Fastify's rewriteUrl option: runs before routing, on every request. */
export function rewriteMalformedUrl(request: { url?: string | undefined }): string {
  return withLiteralPercents(request.url ?? '/');
}
