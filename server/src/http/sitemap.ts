// /robots.txt and /sitemap.xml, generated from the route table and the catalogue (seo/pages.ts), with absolute URLs
// on the site's origin (PUBLIC_SITE_URL, else the request's; see siteOrigin).
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CACHE_REVALIDATE } from './caching.js';
import { escapeXml } from './seo/escape.js';
import { siteOrigin } from './seo/head.js';
import { siteSeo, type SeoSite } from './seo/pages.js';

export interface SitemapRoutesOptions {
  site?: SeoSite;
  publicSiteUrl?: string;
}

export function robotsTxt(origin: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`;
}

export function sitemapXml(site: SeoSite, origin: string): string {
  const urls = site.sitemap.map(
    ({ path, lastmod }) =>
      `  <url>\n    <loc>${escapeXml(`${origin}${path}`)}</loc>\n${lastmod ? `    <lastmod>${escapeXml(lastmod)}</lastmod>\n` : ''}  </url>\n`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('')}</urlset>\n`;
}

interface Generated {
  body: string;
  etag: string;
}

const MAX_CACHED = 200;

export async function sitemapRoutes(app: FastifyInstance, options: SitemapRoutesOptions): Promise<void> {
  const site = options.site ?? siteSeo();

  function serve(make: (origin: string) => string, contentType: string) {
    const cache = new Map<string, Generated>();
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const origin = siteOrigin(request, options.publicSiteUrl);
      let generated = cache.get(origin);
      if (generated === undefined) {
        const body = make(origin);
        generated = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
        if (cache.size >= MAX_CACHED) cache.clear();
        cache.set(origin, generated);
      }
      reply.header('cache-control', CACHE_REVALIDATE).header('etag', generated.etag);
      const ifNoneMatch = request.headers['if-none-match'];
      if (typeof ifNoneMatch === 'string' && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === generated.etag)) {
        return reply.code(304).send();
      }
      return reply.type(contentType).send(generated.body);
    };
  }

  app.get('/robots.txt', serve(robotsTxt, 'text/plain; charset=utf-8'));
  app.get('/sitemap.xml', serve((origin) => sitemapXml(site, origin), 'application/xml; charset=utf-8'));
}
