// What every answer passes through before any route: the security headers (helmet: CSP, nosniff, referrer policy...;
// HSTS over https) and the refusals of requests for another host or without one. First, so that later hooks (CORS/CORP
// on /remotes/*) can override helmet's headers, and so that the refusals carry them too.
import type { FastifyInstance } from 'fastify';
import { registerHostCheck } from '../platform/http/allowedHosts.js';
import { registerRequestClient } from '../platform/http/requestClient.js';
import { registerExpectationFailed, registerHostRequired } from '../platform/http/bareAnswers.js';
import { followRemoteOrigins, registerSecurityHeaders } from '../platform/http/securityHeaders.js';
import { INLINE_SCRIPT_CSP_SOURCE } from '../pages/index.js';
import type { AppConfig } from './options.js';
import { entriesOf, type SiteRemotes } from './remotes.js';

/** `frameOrigins`: the origins the pages may frame (the map's, seo/). */
export async function registerGuards(
  app: FastifyInstance,
  config: AppConfig,
  live: SiteRemotes['live'],
  frameOrigins: readonly string[],
): Promise<void> {
  // the pages' one inline script, allowed by its hash
  const inlineScripts = [INLINE_SCRIPT_CSP_SOURCE];
  await registerSecurityHeaders(app, { remoteEntries: entriesOf(config.remotes), frameOrigins, inlineScripts });
  // A canary on another origin is allowed like a stable remote there; a release on a new origin adds it.
  followRemoteOrigins(app, {
    frameOrigins,
    inlineScripts,
    configured: entriesOf(config.remotes),
    current: currentEntries(live),
  });
  // No Host at all (HTTP/1.1) is a 400 whatever the list: Node's own check is off (timeouts.ts) for this one.
  registerHostRequired(app);
  registerExpectationFailed(app); // Expect: other than 100-continue: Node's 417, with the site's headers
  // ALLOWED_HOSTS: other Host names are refused (421), after helmet so that the refusal carries its headers too.
  registerHostCheck(app, config.http.allowedHosts);
  registerRequestClient(app); // request.client: the client's normalised address and networks, read once
}

/** The entries of the remotes as they are now, made once per state of the remotes, not per request. */
function currentEntries(live: SiteRemotes['live']): () => string[] {
  let made: { remotes: readonly AppConfig['remotes'][number][]; entries: string[] } | undefined;
  return () => {
    const { remotes } = live.current();
    if (made?.remotes !== remotes) made = { remotes, entries: entriesOf(remotes) };
    return made.entries;
  };
}
