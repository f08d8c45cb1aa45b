// /robots.txt and /sitemap.xml, generated from the route table and the catalogue (seo/pages.ts), with absolute URLs
// on the site's configured origin (siteOrigin.ts), whatever Host the request names. The sitemap lists both editions
// (English, and Arabic under /ar), each URL with its hreflang alternates.
import { LOCALES } from '@site/contracts/locale';
import { STAFF_BASE } from '@site/contracts/staff-api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CACHE_REVALIDATE } from './caching.js';
import { contentEtag, isFresh } from './etag.js';
import { escapeXml } from './seo/escape.js';
import { siteSeo, type SeoSite } from './seo/pages.js';
import type { SiteOrigin } from './siteOrigin.js';

export interface SitemapRoutesOptions {
  site?: SeoSite;
  /** The site's origin (createSiteOrigin). */
  origin: SiteOrigin;
}

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
export function sitemapXml(site: SeoSite, origin: string): string {
  const link = (hreflang: string, path: string): string =>
    `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(`${origin}${path}`)}"/>\n`;
  const urls = site.sitemap.map(
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

interface Generated {
  origin: string;
  body: string;
  etag: string;
}

export async function sitemapRoutes(app: FastifyInstance, options: SitemapRoutesOptions): Promise<void> {
  const site = options.site ?? siteSeo();

  function serve(make: (origin: string) => string, contentType: string) {
    // One body: the origin is the server's, fixed once it listens (made again only if it was read before that).
    let generated: Generated | undefined;
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const origin = options.origin();
      if (generated?.origin !== origin) {
        const body = make(origin);
        generated = { origin, body, etag: contentEtag(body) };
      }
      const etag = generated.etag;
      reply.header('cache-control', CACHE_REVALIDATE).header('etag', etag);
      if (isFresh(request, etag)) return reply.code(304).send();
      return reply.type(contentType).send(generated.body);
    };
  }

  app.get('/robots.txt', serve(robotsTxt, 'text/plain; charset=utf-8'));
  app.get('/sitemap.xml', serve((origin) => sitemapXml(site, origin), 'application/xml; charset=utf-8'));
}
