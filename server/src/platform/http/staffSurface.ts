// The staff app lives on an origin of its own. Every team's remote runs on public pages with the public origin's rights:
// had the staff API answered there, a catalogue build (which a catalogue-scoped pipeline token may register and canary)
// could read a signed-in admin's CSRF token from /api/staff/session and act as them. So:
// - the public origin answers no /api/staff/* (404) and no staff page (/staff/* redirects to the staff origin);
// - the staff origin answers the staff pages and API, the files they load (remote bundles, media, the site's images and
//   styles for the draft preview), the public catalogue reads they make, /healthz, and nothing a public page is made
//   of: its pages are sent to the public origin, the rest of its /api answers 404.
// A request is the staff origin's when it came in through the staff listener (STAFF_PORT: sideListener.ts marks it), or
// names the staff origin's host (a balancer sending both names to PORT). Browsers write Host themselves, so a page's script
// cannot reach the staff routes through the public origin, and the staff cookie is host-only (staff/sessionGate.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REMOTE_LOAD_REPORT_PATH } from '@site/contracts/releases-api';
import { STAFF_BASE } from '@site/contracts/staff-api';
import type { SiteOrigin } from './siteOrigin.js';
import { hasFileExtension, isClientRoutePath } from './clientPaths.js';
import { sideOrigins, type SideSiteOptions } from './sideListener.js';

const STAFF_API_BASE = '/api/staff';

/**
 * What the staff origin serves apart from the staff pages and API: files only (never a page of the public site), each
 * answered with a sandboxing policy so that a file opened on its own (an SVG, say) runs nothing with the staff origin's
 * rights.
 */
const FILE_ANSWER_CSP = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";
const STAFF_ROBOTS_TXT = 'User-agent: *\nDisallow: /\n';
/** Public reads the staff pages make: the catalogue's data files and its search and lookup. */
const PUBLIC_READS = ['/data/', '/api/catalogue/search', '/api/catalogue/lookup'];
/** The remotes' bundles (manifests included) and the catalogue's media: whole folders of files. */
const FILE_FOLDERS = ['/remotes/', '/media/'];
/** Elsewhere, the kinds of file a page loads (scripts, styles, fonts, pictures): never a document of the site. */
const PAGE_ASSET = /\.(?:js|mjs|css|woff2?|ttf|otf|png|jpe?g|webp|avif|gif|svg|ico)(?:\.(?:br|gz))?$/i;

/** A file the staff pages may load from their own origin. */
export function isStaffOriginFile(pathname: string): boolean {
  return FILE_FOLDERS.some((folder) => pathname.startsWith(folder))
    ? hasFileExtension(pathname)
    : PAGE_ASSET.test(pathname);
}

export interface StaffSurface {
  /** The staff app's origin, e.g. https://staff.example.com or http://localhost:8081. */
  origin(): string;
  /**
   * The origin a staff page's Origin header must equal: STAFF_ORIGIN, or PUBLIC_SITE_URL's at the staff port; undefined
   * for a local run without either (the request's own origin then, as http/crossSite.ts takes it).
   */
  fixedOrigin(): string | undefined;
  /** Whether a request is for the staff origin. */
  isStaffRequest(request: Pick<FastifyRequest, 'raw' | 'host'>): boolean;
}

export function createStaffSurface(options: SideSiteOptions): StaffSurface {
  const { origin, fixedOrigin } = sideOrigins(options);
  let known: { origin: string; host: string } | undefined;
  const staffHost = (): string => {
    const now = origin();
    if (known?.origin !== now) known = { origin: now, host: new URL(now).host };
    return known.host;
  };
  return {
    origin,
    fixedOrigin,
    isStaffRequest: (request) => options.listener.received(request.raw) || request.host.toLowerCase() === staffHost(),
  };
}

/** /staff, /staff/…, /api/staff, /api/staff/…: the staff origin's own addresses. */
export function isStaffPath(pathname: string): boolean {
  return [STAFF_BASE, STAFF_API_BASE].some((base) => pathname === base || pathname.startsWith(`${base}/`));
}

const pathOf = (url: string): string => {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
};

/** Registers the split as the first onRequest hook after the host checks; `publicOrigin`: the public site's. */
export function registerStaffSurface(app: FastifyInstance, surface: StaffSurface, publicOrigin: SiteOrigin): void {
  app.addHook('onRequest', async (request, reply) => {
    const pathname = pathOf(request.url);
    if (surface.isStaffRequest(request)) return staffOriginAnswer(request, reply, pathname, publicOrigin);
    if (!isStaffPath(pathname)) return;
    reply.header('cache-control', 'no-store');
    // A bookmark of the staff app on the public origin: its page, on its own origin. The API: not here at all.
    if ((request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith(STAFF_API_BASE)) {
      return reply.redirect(`${surface.origin()}${request.url}`, 302);
    }
    return reply.code(404).send({ error: 'Not found' });
  });
}

async function staffOriginAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  pathname: string,
  publicOrigin: SiteOrigin,
): Promise<FastifyReply | undefined> {
  // the staff host reports how its remote loaded, as public pages do theirs: a staff canary is rolled back on them
  if (
    isStaffPath(pathname) ||
    pathname === '/healthz' ||
    (request.method === 'POST' && pathname === REMOTE_LOAD_REPORT_PATH)
  )
    return undefined;
  reply.header('cache-control', 'no-store');
  const navigation = request.method === 'GET' || request.method === 'HEAD';
  if (pathname === '/') return reply.redirect(STAFF_BASE, 302);
  // A public page (the editor's "Public page" link, a quotation's): drawn on the public origin, never here.
  if (navigation && isClientRoutePath(pathname)) return reply.redirect(`${publicOrigin()}${request.url}`, 302);
  if (pathname === '/robots.txt')
    return reply.header('content-type', 'text/plain; charset=utf-8').send(STAFF_ROBOTS_TXT);
  // The public catalogue's reads the staff pages make (the reviews' product picker, the editor's live preview): JSON,
  // no page, nothing a script runs.
  if (navigation && PUBLIC_READS.some((prefix) => pathname.startsWith(prefix))) return undefined;
  // Files: the staff remote's bundle and the catalogue's (the editor's live preview), media, the site's own styles,
  // fonts and images (the draft preview's). Never a page (no extension) nor an API of the public site.
  if (navigation && isStaffOriginFile(pathname)) {
    reply.removeHeader('cache-control');
    reply.header('content-security-policy', FILE_ANSWER_CSP);
    return undefined;
  }
  return reply.code(404).send({ error: 'Not found' });
}
