// Security headers for every answer, through @fastify/helmet: a Content-Security-Policy that allows exactly the site
// itself, the configured remote origins and the map embeds; HSTS only over HTTPS; nosniff; a referrer policy; a
// Permissions-Policy that turns off the browser features the site never uses.
//
// /remotes/* keep `Cross-Origin-Resource-Policy: cross-origin` (set by app.ts after this plugin's hook runs), since
// a shell on another origin loads them; every other answer gets helmet's `same-origin`.
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export interface SecurityHeadersOptions {
  /** The remotes' entry URLs (REMOTE_*_URL): absolute ones add their origin to script-src, connect-src and img-src. */
  remoteEntries: readonly string[];
  /** Origins the site frames (the map embeds of content/data). */
  frameOrigins: readonly string[];
  /** The hashes ('sha256-…') of the inline scripts the pages carry: the pages feature's, given by app/guards.ts. */
  inlineScripts: readonly string[];
}

/** One year. No includeSubDomains or preload: other hosts of the domain are not ours to decide for. */
export const HSTS_VALUE = 'max-age=31536000';

/**
 * Browser features the site never uses, denied to its pages and every frame in them (the map embeds included): a
 * script that got in anyway, or a framed page, cannot ask the visitor for them. Only names the browser knows (an unknown
 * one is dropped with a warning; tests/specs/seo-security.spec.ts checks each in Chromium). Not listed, because the site
 * uses them: clipboard-write (Call Us copies the number), fullscreen and autoplay (left to the map embeds).
 */
export const DENIED_FEATURES = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
] as const;

export const PERMISSIONS_POLICY = DENIED_FEATURES.map((feature) => `${feature}=()`).join(', ');

/**
 * The buyer's account's pages (accounts/accountHttp.ts): the same, but passkeys, for the account origin itself only.
 * That origin runs no remote and no script but its own (its CSP), so allowing the ceremony there gives no team's code
 * a way to ask for a buyer's passkey.
 */
export const ACCOUNT_PERMISSIONS_POLICY = [
  ...DENIED_FEATURES.filter((feature) => feature !== 'publickey-credentials-get').map((feature) => `${feature}=()`),
  'publickey-credentials-get=(self)',
  'publickey-credentials-create=(self)',
].join(', ');

/**
 * The headers of an answer made before any route or hook runs (bareAnswers.ts): helmet's, as registered below, but a
 * CSP that allows nothing (the body is a line of JSON, never a page). securityHeaders.test.ts keeps them equal to what
 * helmet sends.
 */
export const BARE_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
  'permissions-policy': PERMISSIONS_POLICY,
};

/** The distinct origins of the absolute entry URLs ('/remotes/...' entries are 'self'). */
export function remoteOrigins(entries: readonly string[]): string[] {
  const origins = entries.flatMap((entry) => {
    if (!/^https?:\/\//i.test(entry)) return [];
    try {
      return [new URL(entry).origin];
    } catch {
      return [];
    }
  });
  return [...new Set(origins)];
}

export function contentSecurityPolicyDirectives(options: SecurityHeadersOptions): Record<string, string[]> {
  const remotes = remoteOrigins(options.remoteEntries);
  const frames = [...new Set(options.frameOrigins)];
  return {
    'default-src': ["'self'"],
    // No 'unsafe-eval' and no inline script but one: the shell's index.html only has <script src>, and the federation
    // runtime needs no eval as long as no remote uses getPublicPath. The one inline script is a constant, allowed by its hash
    // (that text and no other): it keeps a server-drawn page's early taps and starts its scripts after its first paint
    // (server/src/pages/ssr/inlineScript.ts). The JSON-LD
    // in the head is a data block (type="application/ld+json"), which browsers never run: no allowance needed.
    'script-src': ["'self'", ...remotes, ...options.inlineScripts],
    'script-src-attr': ["'none'"],
    // The remotes' manifests (mf-manifest.json) are fetched; their chunks may be too.
    'connect-src': ["'self'", ...remotes],
    'img-src': ["'self'", 'data:', ...remotes],
    'font-src': ["'self'", 'data:'],
    // styled-components injects <style> elements at run time and React writes style="" attributes (animation
    // delays, sizes): both need 'unsafe-inline'. A nonce would not cover the style attributes, and would make every
    // page unique (no ETag revalidation). Scripts stay strict, which is what matters against XSS.
    'style-src': ["'self'", "'unsafe-inline'"],
    'frame-src': frames.length > 0 ? frames : ["'none'"],
    'frame-ancestors': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
  };
}

/** The CSP header as helmet writes it (directive and values joined by spaces, directives by ';'). */
export function serializeDirectives(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');
}

export interface RemoteOriginsFollow {
  frameOrigins: readonly string[];
  inlineScripts: readonly string[];
  /** The entries helmet's CSP was made from. */
  configured: readonly string[];
  /**
   * The entries as they are now (the remotes registry may have moved a remote to another origin): the same array for
   * as long as they do not change, so a request costs one comparison.
   */
  current: () => readonly string[];
}

/**
 * Keeps the CSP's remote origins equal to the remotes' current entries: while they are the configured ones helmet's
 * header stands; once a release names other origins, this hook (after helmet's) writes the header for those. The header
 * is made once per set of entries.
 */
export function followRemoteOrigins(app: FastifyInstance, follow: RemoteOriginsFollow): void {
  const keyOf = (entries: readonly string[]) => remoteOrigins(entries).sort().join(' ');
  const configuredKey = keyOf(follow.configured);
  let made: { entries: readonly string[]; header: string | undefined } | undefined;
  app.addHook('onRequest', async (_request, reply) => {
    const entries = follow.current();
    if (made?.entries !== entries) {
      const header =
        keyOf(entries) === configuredKey
          ? undefined
          : serializeDirectives(
              contentSecurityPolicyDirectives({
                remoteEntries: entries,
                frameOrigins: follow.frameOrigins,
                inlineScripts: follow.inlineScripts,
              }),
            );
      made = { entries, header };
    }
    if (made.header !== undefined) reply.header('content-security-policy', made.header);
  });
}

/**
 * Registers helmet on the root instance (its hooks then cover every route, 404s included) and the HSTS hook.
 * Call it before any other onRequest hook that must override one of its headers (CORP on /remotes/*).
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives(options) },
    // Sent by the hook below, only when the request came over HTTPS.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // xContentTypeOptions (nosniff) is on by default.
    xFrameOptions: { action: 'sameorigin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // The map iframes are cross-origin documents without CORP/COEP headers of their own.
    crossOriginEmbedderPolicy: false,
  });
  // request.protocol is 'https' for a TLS socket, or for X-Forwarded-Proto: https from a proxy TRUST_PROXY trusts.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY); // helmet has no option for it
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
  });
}
