// /robots.txt and /sitemap.xml, generated from the route table and the catalogue (seo/pages.ts), with absolute URLs
// on the site's configured origin (siteOrigin.ts), whatever Host the request names. The sitemap lists both editions
// (English, and Arabic under /ar), each URL with its hreflang alternates.
import { LOCALES } from '@site/contracts/locale';
import { STAFF_BASE } from '@site/contracts/staff-api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CACHE_REVALIDATE } from './caching.js';
import { contentEtag, isFresh } from './etag.js';
import { escapeXml } from './seo/escape.js';
import { fixedSite, siteSeo, type CurrentSeoSite, type SeoSite } from './seo/pages.js';
import type { SiteOrigin } from './siteOrigin.js';

export interface SitemapRoutesOptions {
  /** The pages, fixed or as they are now (spa.ts CurrentSeoSite); the site's committed content by default. */
  site?: SeoSite | CurrentSeoSite;
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
  site: SeoSite | undefined;
  body: string;
  etag: string;
}

export async function sitemapRoutes(app: FastifyInstance, options: SitemapRoutesOptions): Promise<void> {
  const given = options.site;
  const currentSite: CurrentSeoSite = typeof given === 'function' ? given : fixedSite(given ?? siteSeo());

  /** `make` of the origin, and of the site when it needs one (the sitemap, not robots.txt). */
  function serve(make: (origin: string, site: SeoSite) => string, contentType: string, needsSite: boolean) {
    // One body: the origin is the server's, fixed once it listens (made again only if it was read before that), and
    // the site one per catalogue version (made again when the version moved).
    let generated: Generated | undefined;
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const origin = options.origin();
      let site: SeoSite | undefined;
      try {
        site = needsSite ? await currentSite() : undefined;
      } catch (error) {
        request.log.error({ err: error }, 'could not read the catalogue for the sitemap');
        return reply.code(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('The catalogue could not be read right now.\n');
      }
      if (generated?.origin !== origin || generated.site !== site) {
        const body = make(origin, site as SeoSite);
        generated = { origin, site, body, etag: contentEtag(body) };
      }
      const etag = generated.etag;
      reply.header('cache-control', CACHE_REVALIDATE).header('etag', etag);
      if (isFresh(request, etag)) return reply.code(304).send();
      return reply.type(contentType).send(generated.body);
    };
  }

  app.get('/robots.txt', serve(robotsTxt, 'text/plain; charset=utf-8', false));
  app.get('/sitemap.xml', serve((origin, site) => sitemapXml(site, origin), 'application/xml; charset=utf-8', true));
}
