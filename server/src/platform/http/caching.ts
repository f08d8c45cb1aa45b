import path from 'node:path';

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'no-cache';
/** An answer that differs by visitor (a page while a canary is live: pages/canary.ts): never from a shared cache. */
export const CACHE_PER_VISITOR = 'private, no-cache';
/**
 * Images, fonts and PDFs whose names carry no hash: cached for a day. A page shows many of them, and
 * revalidating each one on every visit costs a round trip apiece (slower LCP); they change rarely, and
 * an image that is a day stale is harmless, unlike a stale manifest or remoteEntry.js, which would keep
 * an old remote release. Give a file a hashed name when it must be seen at once.
 */
export const CACHE_MEDIA = 'public, max-age=86400';

/** A dot-separated hex segment of 8+ characters before the extension: main.3f2a9c1b.js, 123.ab12cd34.js. */
const HASHED_NAME = /\.[0-9a-f]{8,}\./i;

const MEDIA_EXTENSIONS = new Set([
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
  '.avif',
  '.svg',
  '.ico',
  '.woff',
  '.woff2',
  '.ttf',
  '.otf',
  '.pdf',
  '.mp4',
  '.webm',
]);

export function isHashedFileName(filePath: string): boolean {
  return HASHED_NAME.test(path.basename(filePath));
}

/**
 * Cache-Control for a static file:
 * - a content-hashed name never changes content: cached for a year, immutable;
 * - media without a hash: one day (see CACHE_MEDIA);
 * - everything else (index.html, remoteEntry.js, mf-manifest.json, data json): `no-cache`, i.e. revalidated
 *   with its ETag on every use, so a re-released remote is picked up on the next page load.
 */
export function cacheControlFor(filePath: string): string {
  if (isHashedFileName(filePath)) return CACHE_IMMUTABLE;
  if (MEDIA_EXTENSIONS.has(path.extname(filePath).toLowerCase())) return CACHE_MEDIA;
  return CACHE_REVALIDATE;
}
