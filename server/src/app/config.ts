// The server's whole configuration: the platform's settings (../platform/config.ts, which parses and checks every
// variable) and each feature's, which the feature builds from the same parsed variables (its settings.ts). Here, and
// not in the platform, because the platform imports no feature.
import { parseVariables, platformConfigOf, type Env, type ParsedVariables } from '../platform/config.js';
import { assistantConfigOf } from '../assistant/index.js';
import { releaseSafetyConfigOf } from '../releases/index.js';
import { staffConfigOf } from '../staff/index.js';
import { stockConfigOf } from '../stock/index.js';
import { submissionsConfigOf } from '../submissions/index.js';
import { releaseVitalsConfigOf, vitalsConfigOf } from '../vitals/index.js';

/**
 * The server's configuration from its parsed variables: the platform's sections, and one section per feature, each
 * mapped by a function of its own (the types, and the comments an editor shows on each setting, come from those
 * mappings).
 */
function configOf(parsed: ParsedVariables) {
  const { vars } = parsed;
  const platform = platformConfigOf(parsed);
  return {
    ...platform,
    /** The visitor POSTs (forms /api/send-*, reviews): per-client rate limits, shared through Redis when REDIS_URL is set. */
    submissions: submissionsConfigOf(vars),
    /** The chat assistant (/api/chat): the AI provider it calls, and its own per-client rate limit. */
    assistant: assistantConfigOf(vars),
    /** The staff app's sessions (staff/sessions.ts). */
    staff: staffConfigOf(vars, platform.dataDir),
    /** The remotes whose canary is promoted only after a test run pinned to it has passed; every one by default. */
    requirePassedRun: vars.RELEASE_REQUIRE_PASSED_RUN,
    /**
     * Origins an admin allows remote builds from (REMOTE_ORIGINS), besides this site and the configured remotes' own
     * origins, which are always allowed (releases/allowedOrigins.ts). A release elsewhere is refused and never served.
     */
    remoteOrigins: vars.REMOTE_ORIGINS,
    /** What browsers report of remote loads, and the automatic rollback of a failing canary (releases/releaseHealth.ts). */
    releaseSafety: releaseSafetyConfigOf(vars),
    /** The canary-hold rule on the field vitals (vitals/canaryHold.ts): when a canary's pages are too slow to promote. */
    releaseVitals: releaseVitalsConfigOf(vars),
    /** The field vitals beacons (POST /api/vitals). */
    vitals: vitalsConfigOf(vars),
    /** The ERP's stock feed (stock/): no feed for longer than staleMinutes, and the staff home warns the admins. */
    stock: stockConfigOf(vars),
  };
}

export type Config = ReturnType<typeof configOf>;

/**
 * Reads the configuration from environment variables (surrounding spaces are dropped, and empty values count as
 * unset). Throws a ConfigError listing every invalid value.
 */
export function loadConfig(env: Env = process.env): Config {
  return configOf(parseVariables(env));
}
