// /robots.txt and /sitemap.xml, generated from the route table and the catalogue (seo/pages.ts), with absolute URLs
// on the site's configured origin (siteOrigin.ts), whatever Host the request names. The sitemap lists both editions
// (English, and Arabic under /ar), each URL with its hreflang alternates. A catalogue with more pages than one file
// should hold (the protocol allows 50,000 URLs and 50 MB; we keep files far smaller) makes /sitemap.xml an index of
// /sitemap-1.xml, /sitemap-2.xml…, each a slice of the pages in the same order. A sitemap file is written as its
// entries are read (a run at a time over the database), never held whole.
import { Readable } from 'node:stream';
import { LOCALES } from '@site/contracts/locale';
import { STAFF_BASE } from '@site/contracts/staff-api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CACHE_REVALIDATE } from '../platform/http/caching.js';
import { contentEtag, isFresh } from '../platform/http/etag.js';
import { escapeXml } from '../platform/http/escape.js';
import {
  currentPages,
  type CurrentSeoPages,
  type SeoPages,
  type SeoSite,
  type SitemapEntry,
  type SitemapSource,
} from './pages.js';
import type { SiteOrigin } from '../platform/http/siteOrigin.js';

export interface SitemapRoutesOptions {
  /** The pages, fixed or as they are now (seo/pages.ts CurrentSeoPages); the site's committed content by default. */
  site?: SeoSite | SeoPages | CurrentSeoPages;
  /** The site's origin (createSiteOrigin). */
  origin: SiteOrigin;
  /** Pages a sitemap file lists at most (SITEMAP_URLS_MAX). */
  urlsPerFile?: number;
}

/** Pages a sitemap file lists at most: about 5 MB of XML with their alternates, quick for a crawler to fetch. */
export const SITEMAP_URLS_MAX = 10_000;

/** The files `count` pages need: 1 while they fit in one. */
const fileCount = (count: number, urlsPerFile: number): number => Math.max(1, Math.ceil(count / urlsPerFile));

/** The files the site's pages need: 1 while they fit in one. */
export const sitemapFileCount = (site: Pick<SeoSite, 'sitemap'>, urlsPerFile: number): number =>
  fileCount(site.sitemap.length, urlsPerFile);

/**
 * Everything but the staff pages, which also say noindex themselves (http/staffPage.ts). The Disallow line
 * comes first: crawlers that take the first matching line, rather than the longest, read it too.
 */
export function robotsTxt(origin: string): string {
  return `User-agent: *\nDisallow: ${STAFF_BASE}/\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
}

const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
const URLSET_CLOSE = '</urlset>\n';

/**
 * One page's <url>, listed with its twin as `xhtml:link` alternates (itself included, and x-default: the English
 * page), as search engines read hreflang from a sitemap.
 */
function urlXml({ path, lastmod, alternates }: SitemapEntry, origin: string): string {
  const link = (hreflang: string, href: string): string =>
    `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(`${origin}${href}`)}"/>\n`;
  return (
    `  <url>\n    <loc>${escapeXml(`${origin}${path}`)}</loc>\n${lastmod ? `    <lastmod>${escapeXml(lastmod)}</lastmod>\n` : ''}` +
    `${LOCALES.map((locale) => link(locale, alternates[locale])).join('')}${link('x-default', alternates.en)}  </url>\n`
  );
}

/** Both editions' pages (or a file's slice of them), as one sitemap file. */
export function sitemapXml(
  site: Pick<SeoSite, 'sitemap'>,
  origin: string,
  slice?: { file: number; urlsPerFile: number },
): string {
  const first = slice === undefined ? 0 : (slice.file - 1) * slice.urlsPerFile;
  const pages = slice === undefined ? site.sitemap : site.sitemap.slice(first, first + slice.urlsPerFile);
  return `${URLSET_OPEN}${pages.map((page) => urlXml(page, origin)).join('')}${URLSET_CLOSE}`;
}

/** Entries [from, from + count) of `sitemap` as one sitemap file, written a run of entries at a time. */
async function* sitemapXmlPieces(
  sitemap: SitemapSource,
  origin: string,
  from: number,
  count: number,
): AsyncGenerator<string> {
  yield URLSET_OPEN;
  for await (const entries of sitemap.entries(from, count))
    yield entries.map((entry) => urlXml(entry, origin)).join('');
  yield URLSET_CLOSE;
}

/** The index of the site's sitemap files (`count` of them, 2 or more). */
export function sitemapIndexXml(origin: string, count: number): string {
  const files = Array.from(
    { length: count },
    (_, index) => `  <sitemap>\n    <loc>${escapeXml(`${origin}/sitemap-${index + 1}.xml`)}</loc>\n  </sitemap>\n`,
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    `${files.join('')}</sitemapindex>\n`
  );
}

const XML = 'application/xml; charset=utf-8';
const UNREADABLE = 'The catalogue could not be read right now.\n';

/** A body the server makes whole (robots.txt, the sitemap's index): an ETag of its bytes, 304 when it matches. */
function sendWhole(request: FastifyRequest, reply: FastifyReply, body: string, contentType: string) {
  const etag = contentEtag(body);
  reply.header('cache-control', CACHE_REVALIDATE).header('etag', etag);
  if (isFresh(request, etag)) return reply.code(304).send();
  return reply.type(contentType).send(body);
}

/**
 * A sitemap file written as it is read: its ETag from what it is made of (the origin, the catalogue's version, the
 * file), so a crawler holding it is answered 304 without a row read.
 */
function sendStreamed(request: FastifyRequest, reply: FastifyReply, made: string, pieces: () => AsyncIterable<string>) {
  const etag = `W/${contentEtag(made)}`;
  reply.header('cache-control', CACHE_REVALIDATE).header('etag', etag);
  if (isFresh(request, etag)) return reply.code(304).send();
  reply.type(XML);
  if (request.method === 'HEAD') return reply.send();
  return reply.send(Readable.from(pieces(), { objectMode: false }));
}

export async function sitemapRoutes(app: FastifyInstance, options: SitemapRoutesOptions): Promise<void> {
  const urlsPerFile = options.urlsPerFile ?? SITEMAP_URLS_MAX;
  const currentSite = currentPages(options.site);

  /** The sitemap now and how many pages it lists; undefined when the catalogue cannot be read (503 sent). */
  const sitemapNow = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ sitemap: SitemapSource; count: number } | undefined> => {
    try {
      const { sitemap } = await currentSite();
      return { sitemap, count: await sitemap.count() };
    } catch (error) {
      request.log.error({ err: error }, 'could not read the catalogue for the sitemap');
      void reply.code(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(UNREADABLE);
      return undefined;
    }
  };

  app.get('/robots.txt', async (request, reply) =>
    sendWhole(request, reply, robotsTxt(options.origin()), 'text/plain; charset=utf-8'),
  );
  app.get('/sitemap.xml', async (request, reply) => {
    const now = await sitemapNow(request, reply);
    if (now === undefined) return reply;
    const { sitemap, count } = now;
    const origin = options.origin();
    const files = fileCount(count, urlsPerFile);
    if (files > 1) return sendWhole(request, reply, sitemapIndexXml(origin, files), XML);
    return sendStreamed(request, reply, `${origin} ${sitemap.tag} all`, () =>
      sitemapXmlPieces(sitemap, origin, 0, count),
    );
  });
  app.get('/sitemap-:file(^\\d{1,6}).xml', async (request: FastifyRequest<{ Params: { file: string } }>, reply) => {
    const now = await sitemapNow(request, reply);
    if (now === undefined) return reply;
    const { sitemap, count } = now;
    const origin = options.origin();
    const file = Number(request.params.file);
    const files = fileCount(count, urlsPerFile);
    if (files === 1 || file < 1 || file > files)
      return reply.code(404).type('text/plain; charset=utf-8').send('No such sitemap file.\n');
    return sendStreamed(request, reply, `${origin} ${sitemap.tag} ${file}/${urlsPerFile}`, () =>
      sitemapXmlPieces(sitemap, origin, (file - 1) * urlsPerFile, urlsPerFile),
    );
  });
}
