// /robots.txt and /sitemap.xml, generated from the route table and the catalogue (seo/pages.ts), with absolute URLs
// on the site's configured origin (siteOrigin.ts), whatever Host the request names. The sitemap lists both editions
// (English, and Arabic under /ar), each URL with its hreflang alternates. A catalogue with more pages than one file
// should hold (the protocol allows 50,000 URLs and 50 MB; we keep files far smaller) makes /sitemap.xml an index of
// /sitemap-1.xml, /sitemap-2.xml…, each a slice of the pages in the same order.
import { LOCALES } from '@site/contracts/locale';
import { STAFF_BASE } from '@site/contracts/staff-api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CACHE_REVALIDATE } from './caching.js';
import { contentEtag, isFresh } from './etag.js';
import { escapeXml } from './seo/escape.js';
import { currentPages, type CurrentSeoPages, type SeoPages, type SeoSite, type SitemapEntry } from './seo/pages.js';
import type { SiteOrigin } from './siteOrigin.js';

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

/** The files the site's pages need: 1 while they fit in one. */
export const sitemapFileCount = (site: Pick<SeoSite, 'sitemap'>, urlsPerFile: number): number => Math.max(1, Math.ceil(site.sitemap.length / urlsPerFile));

/**
 * Everything but the staff pages, which also say noindex themselves (http/staffPage.ts). The Disallow line
 * comes first: crawlers that take the first matching line, rather than the longest, read it too.
 */
export function robotsTxt(origin: string): string {
  return `User-agent: *\nDisallow: ${STAFF_BASE}/\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
}

/**
 * Both editions' pages, each listed with its twin as `xhtml:link` alternates (itself included, and x-default: the
 * English page), as search engines read hreflang from a sitemap.
 */
export function sitemapXml(site: Pick<SeoSite, 'sitemap'>, origin: string, slice?: { file: number; urlsPerFile: number }): string {
  const link = (hreflang: string, path: string): string =>
    `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(`${origin}${path}`)}"/>\n`;
  const first = slice === undefined ? 0 : (slice.file - 1) * slice.urlsPerFile;
  const pages = slice === undefined ? site.sitemap : site.sitemap.slice(first, first + slice.urlsPerFile);
  const urls = pages.map(
    ({ path, lastmod, alternates }) =>
      `  <url>\n    <loc>${escapeXml(`${origin}${path}`)}</loc>\n${lastmod ? `    <lastmod>${escapeXml(lastmod)}</lastmod>\n` : ''}` +
      `${LOCALES.map((locale) => link(locale, alternates[locale])).join('')}${link('x-default', alternates.en)}  </url>\n`,
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    `${urls.join('')}</urlset>\n`
  );
}

/** The index of the site's sitemap files (`count` of them, 2 or more). */
export function sitemapIndexXml(origin: string, count: number): string {
  const files = Array.from({ length: count }, (_, index) => `  <sitemap>\n    <loc>${escapeXml(`${origin}/sitemap-${index + 1}.xml`)}</loc>\n  </sitemap>\n`);
  return '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' + `${files.join('')}</sitemapindex>\n`;
}

/** The sitemap's entries of one catalogue version. */
type SitemapOf = Pick<SeoSite, 'sitemap'>;

interface Generated {
  origin: string;
  site: SeoPages | undefined;
  body: string;
  etag: string;
}

export async function sitemapRoutes(app: FastifyInstance, options: SitemapRoutesOptions): Promise<void> {
  const urlsPerFile = options.urlsPerFile ?? SITEMAP_URLS_MAX;
  const given = options.site;
  const currentSite = currentPages(given);

  /**
   * `make` of the origin, and of the site when it needs one (the sitemap, not robots.txt); undefined when the address
   * names nothing (a sitemap file past the last: 404).
   */
  function serve(make: (origin: string, site: SitemapOf, request: FastifyRequest) => string | undefined, contentType: string, needsSite: boolean) {
    // One body an address: the origin is the server's, fixed once it listens (made again only if it was read before
    // that), and the site one per catalogue version (made again when the version moved).
    const generatedFor = new Map<string, Generated>();
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const origin = options.origin();
      let site: SeoPages | undefined;
      let entries: readonly SitemapEntry[] = [];
      try {
        site = needsSite ? await currentSite() : undefined;
        // the pages keep their entries once made: asked again, they cost nothing
        entries = (await site?.sitemapEntries()) ?? [];
      } catch (error) {
        request.log.error({ err: error }, 'could not read the catalogue for the sitemap');
        return reply.code(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('The catalogue could not be read right now.\n');
      }
      // by the file it names, never by the address as sent: a query string must not make another body to keep
      const key = String(Number((request.params as { file?: string }).file ?? 0));
      let generated = generatedFor.get(key);
      if (generated?.origin !== origin || generated.site !== site) {
        const body = make(origin, { sitemap: entries }, request);
        if (body === undefined) return reply.code(404).type('text/plain; charset=utf-8').send('No such sitemap file.\n');
        // the bodies of one version only (a file of the last version is not kept beside the new one's)
        for (const [file, old] of generatedFor) if (old.site !== site) generatedFor.delete(file);
        generated = { origin, site, body, etag: contentEtag(body) };
        generatedFor.set(key, generated);
      }
      const etag = generated.etag;
      reply.header('cache-control', CACHE_REVALIDATE).header('etag', etag);
      if (isFresh(request, etag)) return reply.code(304).send();
      return reply.type(contentType).send(generated.body);
    };
  }

  app.get('/robots.txt', serve(robotsTxt, 'text/plain; charset=utf-8', false));
  const xml = 'application/xml; charset=utf-8';
  app.get(
    '/sitemap.xml',
    serve((origin, site) => {
      const count = sitemapFileCount(site, urlsPerFile);
      return count === 1 ? sitemapXml(site, origin) : sitemapIndexXml(origin, count);
    }, xml, true),
  );
  app.get(
    '/sitemap-:file(^\\d{1,6}).xml',
    serve((origin, site, request) => {
      const file = Number((request.params as { file: string }).file);
      const count = sitemapFileCount(site, urlsPerFile);
      return count > 1 && file >= 1 && file <= count ? sitemapXml(site, origin, { file, urlsPerFile }) : undefined;
    }, xml, true),
  );
}
