import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  MANIFEST_FILE,
  RELEASED_REMOTES,
  REMOTE_NAMES,
  type ReleasedRemote,
  type RemoteName,
} from '@site/contracts/federation';
import { STAFF_REMOTE } from '@site/contracts/staff-api';
import { STOCK_DISPLAYS } from '@site/contracts/stock-api';
import { isProxyAddress, trustProxyTooWide } from './http/trustProxy.js';

export { RELEASED_REMOTES, REMOTE_NAMES, type ReleasedRemote, type RemoteName };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The model used when GEMINI_MODEL is not set. */
export const DEFAULT_GEMINI_MODEL = 'gemini-2.0-flash';

/** Default of QUOTE_CONFIRMATIONS_PER_HOUR: an hour's confirmations to every address together (a busy day's requests fit). */
export const QUOTE_CONFIRMATIONS_PER_HOUR_DEFAULT = 60;
/** Default of QUOTATION_VALID_DAYS: how long a new quotation is valid, from the day it is prepared. */
export const QUOTATION_VALID_DAYS_DEFAULT = 30;

/**
 * The automatic rollback's settings (RELEASE_ROLLBACK_*), in one place: a canary goes when, among the visitors who
 * loaded it in the last 10 minutes (at most the latest 50), at least 3 did and 20 % or more of them failed, from at
 * least 3 networks in 3 wide networks; one network (an IPv4 address, an IPv6 /64) counts as at most 3 visitors, one
 * wide network (an IPv4 /24, an IPv6 /48) as 6 (releases/rollbackJudgement.ts).
 *
 * The figures are for low traffic too: a site of 10 visitors a minute with a canary at 10 % sends it 1 visitor a
 * minute, so 3 failing visitors take about 3 minutes; the window holds 10 (a minute's window held 1, and the canary was
 * never judged). At high traffic the latest 50 visitors are the last minute or less.
 */
export const RELEASE_SAFETY_DEFAULTS = {
  rollbackWindow: 50,
  rollbackWindowSeconds: 600,
  rollbackMinLoads: 3,
  rollbackFailurePercent: 20,
  rollbackMinFailingAddresses: 3,
  /** Not a variable: a forged stream is judged by what one network may weigh, whatever the site's traffic. */
  countedPerAddress: 3,
  alertEmail: undefined,
  reportsPerMinute: 60,
} as const;

/** The canary-hold rule's settings (RELEASE_VITALS_*: vitals/canaryHold.ts), and the vitals beacons' rate limit. */
// minNetworks 20: vitals/canaryHold.ts' MIN_NETWORKS_DEFAULT (1 / the share one network may weigh)
export const RELEASE_VITALS_DEFAULTS = {
  tolerancePercent: 10,
  minSessions: 200,
  minNetworks: 20,
  rollback: false,
} as const;
export const VITALS_DEFAULTS = { beaconsPerMinute: 30, samplePercent: 100 } as const;
/** Where METRICS_PORT listens unless METRICS_HOST says otherwise: this machine only. */
export const METRICS_HOST_DEFAULT = '127.0.0.1';

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

export const remoteEnvVar = (name: ReleasedRemote): string => `REMOTE_${name.toUpperCase()}_URL`;

/** The canary variables of a remote (REMOTE_CATALOGUE_CANARY_URL...). */
export const canaryEnvVars = (name: ReleasedRemote) => {
  const prefix = `REMOTE_${name.toUpperCase()}_CANARY`;
  return { url: `${prefix}_URL`, percent: `${prefix}_PERCENT`, dir: `${prefix}_DIR` } as const;
};

/** Where this server serves a remote's build (its dist folder), and a canary build from REMOTE_<NAME>_CANARY_DIR. */
export const remoteServedPath = (name: string): string => `/remotes/${name}/`;
export const canaryServedPath = (name: string): string => `/remotes/${name}/canary/`;

/** Environment variables by name, as process.env holds them. */
export type Env = Record<string, string | undefined>;

/** `(got "…")`: the value as it was given, in a message. */
const got = (issue: { input?: unknown }) => `(got "${String(issue.input)}")`;

// ---- the kinds of value (each message follows the variable's name: "PORT must be ...") ----

/** A whole number of 0 or more. */
const wholeNumber = (fallback: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, { error: (issue) => `must be a whole number of 0 or more ${got(issue)}` })
    .transform(Number)
    .default(fallback);

/** A whole number of 1 or more of some unit ('minutes', 'hours'). */
const countOf = (unit: string, fallback: number) =>
  z
    .string()
    .refine((raw) => /^\d{1,6}$/.test(raw) && Number(raw) >= 1, {
      error: (issue) => `must be a whole number of ${unit}, 1 or more ${got(issue)}`,
    })
    .transform(Number)
    .default(fallback);

/** A positive number of seconds (decimals allowed, e.g. 0.5), in milliseconds. */
const seconds = (fallbackSeconds: number) =>
  z
    .string()
    .refine((raw) => /^\d{1,7}(\.\d{1,3})?$/.test(raw) && Number(raw) > 0, {
      error: (issue) => `must be a number of seconds above 0, e.g. 30 or 0.5 ${got(issue)}`,
    })
    .transform((raw) => Math.round(Number(raw) * 1000))
    .default(fallbackSeconds * 1000);

/** A key that seals the staff's TOTP secrets at rest (staff/totpSecrets.ts). */
export interface TotpKey {
  /** Names the key in each sealed value, so the right one opens it after a rotation. */
  id: string;
  /** 32 bytes. */
  key: Buffer;
}

export const TOTP_KEY_BYTES = 32;
export const TOTP_KEY_ID_PATTERN = /^[a-z0-9-]{1,32}$/;
/** `id:base64` keys of 32 bytes, comma-separated, ids unique (no value echoed: they are secrets). */
const totpKeys = z
  .string()
  .transform((raw, ctx): readonly TotpKey[] => {
    const keys = raw.split(',').map((entry) => {
      const [id = '', encoded = ''] = entry.trim().split(':');
      return { id, key: Buffer.from(encoded, 'base64') };
    });
    const bad = keys.findIndex(({ id, key }) => !TOTP_KEY_ID_PATTERN.test(id) || key.length !== TOTP_KEY_BYTES);
    if (bad !== -1 || new Set(keys.map(({ id }) => id)).size !== keys.length) {
      ctx.addIssue({
        code: 'custom',
        message: `must be id:key pairs separated by commas, each id unique (a-z, 0-9, -) and each key ${TOTP_KEY_BYTES} random bytes in base64 (\`openssl rand -base64 32\`); ${bad === -1 ? 'an id is given twice' : `entry ${bad + 1} is not`}`,
      });
      return z.NEVER;
    }
    return keys;
  })
  .optional();

/** A URL whose scheme is one of `protocols` (no value echoed: it may hold a password). */
const urlOf = (protocols: readonly string[], message: string) =>
  z
    .string()
    .refine((raw) => protocols.includes(tryUrl(raw)?.protocol ?? ''), { error: message })
    .optional();

/** What the shell registers for a remote: an absolute http(s) URL, or a path on this server. */
const entryUrl = (example: string) =>
  z
    .string()
    .refine(isValidEntryUrl, {
      error: (issue) => `must be an absolute http(s) URL or a path starting with "/", e.g. ${example} ${got(issue)}`,
    })
    .optional();

/** An existing folder, as an absolute path. */
const existingFolder = (what: (issue: { input?: unknown }) => string) =>
  z
    .string()
    .transform((raw) => path.resolve(raw))
    .refine(isDirectory, { error: what })
    .optional();

// ---- the variables ----

const remoteVariables = (name: ReleasedRemote) =>
  z
    .object({
      entry: entryUrl(`https://cdn.example.com/${name}/${MANIFEST_FILE}`),
      canaryUrl: entryUrl(
        `https://cdn.example.com/${name}/2025-06-01/${MANIFEST_FILE} or ${canaryServedPath(name)}${MANIFEST_FILE}`,
      ),
      canaryPercent: z
        .string()
        .refine((raw) => /^\d{1,3}$/.test(raw) && Number(raw) <= 100, {
          error: (issue) => `must be a whole number from 0 to 100, the share of visitors on the canary ${got(issue)}`,
        })
        .transform(Number)
        .default(0),
      canaryDir: existingFolder(
        (issue) =>
          `must be an existing folder holding a build of the ${name} remote (its dist contents; got "${String(issue.input)}")`,
      ),
    })
    .superRefine((vars, ctx) => {
      // Nothing would answer there: every canary visitor would fall back to the stable build.
      if (
        typeof vars.canaryUrl === 'string' &&
        vars.canaryUrl.startsWith(canaryServedPath(name)) &&
        vars.canaryDir === undefined
      ) {
        const keys = canaryEnvVars(name);
        ctx.addIssue({
          code: 'custom',
          path: ['canaryUrl'],
          message: `points at ${canaryServedPath(name)}, which this server serves from ${keys.dir}: set that too`,
        });
      }
    });

/** Each remote's variables under the names remoteVariables reads them by. */
function remoteVariableNames(name: ReleasedRemote) {
  const canary = canaryEnvVars(name);
  return {
    entry: remoteEnvVar(name),
    canaryUrl: canary.url,
    canaryPercent: canary.percent,
    canaryDir: canary.dir,
  } as const;
}

/** Defaults: seconds, not minutes, yet a request body at its route's limit still arrives over a slow mobile link. */
const TIMEOUT_DEFAULTS = { headers: 10, request: 15, keepAlive: 5, idle: 30 } as const;

/** A host name (letters, digits, hyphens, dots), an IPv4 address or a bracketed IPv6 address; no port. */
const HOST_NAME =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])$/;

/** ALLOWED_HOSTS's names: lower case, without a final dot. */
const hostList = (raw: string) =>
  raw
    .split(',')
    .map((item) => item.trim().toLowerCase().replace(/\.$/, ''))
    .filter((item) => item !== '');

/** REMOTE_ORIGINS's items. */
const originList = (raw: string) =>
  raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/** An http(s) origin, with no path, query or credentials. */
function isSiteOrigin(raw: string): boolean {
  const url = tryUrl(raw);
  return (
    url !== undefined &&
    ['http:', 'https:'].includes(url.protocol) &&
    url.pathname === '/' &&
    url.search === '' &&
    url.hash === '' &&
    url.username === '' &&
    url.password === ''
  );
}

const ServerVariables = z
  .object({
    PORT: z
      .string()
      .refine((raw) => /^\d{1,5}$/.test(raw) && Number(raw) <= 65535, {
        error: (issue) => `must be a whole number from 0 to 65535 ${got(issue)}`,
      })
      .transform(Number)
      .default(8080),
    HOST: z.string().default('0.0.0.0'),
    // The staff app's own origin (http/staffSurface.ts): every team's remote runs with the public origin's rights, so
    // the staff pages and their API answer only there. Production: a host of its own (https://staff.example.com);
    // unset: the public host at STAFF_PORT.
    STAFF_ORIGIN: z
      .string()
      .refine(isSiteOrigin, {
        error: (issue) =>
          `must be the staff app's origin, such as https://staff.example.com (no path, query or credentials; got "${String(issue.input)}")`,
      })
      .transform((raw) => new URL(raw).origin)
      .optional(),
    // The staff app's listener: PORT + 1 by default (0 with PORT=0: one picked at start), `off` for none (a balancer
    // that sends STAFF_ORIGIN's host to PORT).
    STAFF_PORT: z
      .string()
      .refine((raw) => raw.trim().toLowerCase() === 'off' || (/^\d{1,5}$/.test(raw) && Number(raw) <= 65535), {
        error: (issue) => `must be off or a whole number from 0 to 65535 ${got(issue)}`,
      })
      .transform((raw) => (raw.trim().toLowerCase() === 'off' ? ('off' as const) : Number(raw)))
      .optional(),
    // The buyer's account's own origin (http/accountSurface.ts), for the reason the staff app has one: a buyer's
    // records and session are out of every public remote's reach. Production: a host of its own
    // (https://account.example.com); unset: the public host at ACCOUNT_PORT.
    ACCOUNT_ORIGIN: z
      .string()
      .refine(isSiteOrigin, {
        error: (issue) =>
          `must be the buyer's account's origin, such as https://account.example.com (no path, query or credentials; got "${String(issue.input)}")`,
      })
      .transform((raw) => new URL(raw).origin)
      .optional(),
    // The account's listener: PORT + 2 by default (0 with PORT=0: one picked at start), `off` for none (a balancer
    // that sends ACCOUNT_ORIGIN's host to PORT).
    ACCOUNT_PORT: z
      .string()
      .refine((raw) => raw.trim().toLowerCase() === 'off' || (/^\d{1,5}$/.test(raw) && Number(raw) <= 65535), {
        error: (issue) => `must be off or a whole number from 0 to 65535 ${got(issue)}`,
      })
      .transform((raw) => (raw.trim().toLowerCase() === 'off' ? ('off' as const) : Number(raw)))
      .optional(),
    LOG_LEVEL: z
      .enum(LOG_LEVELS, { error: (issue) => `must be one of ${LOG_LEVELS.join(', ')} ${got(issue)}` })
      .optional(),
    REPO_ROOT: existingFolder((issue) => `must be an existing folder ${got(issue)}`),
    DATA_DIR: z
      .string()
      .transform((raw) => path.resolve(raw))
      .optional(),
    // Registered builds copied from this site's folders, served and rendered by every process: shared storage when the
    // processes run on several machines (releases/buildContent.ts). Default: DATA_DIR/remote-builds.
    REMOTE_BUILDS_DIR: z
      .string()
      .transform((raw) => path.resolve(raw))
      .optional(),
    // Each process's own cache of registered builds' server-render modules (http/ssr/buildCache.ts). Default:
    // DATA_DIR/remote-build-cache.
    REMOTE_BUILD_CACHE_DIR: z
      .string()
      .transform((raw) => path.resolve(raw))
      .optional(),
    DATABASE_URL: urlOf(
      ['postgres:', 'postgresql:'],
      'must be a PostgreSQL connection string such as postgres://user:password@host:5432/dbname (leave it unset to use the embedded database)',
    ),

    PUBLIC_SITE_URL: z
      .string()
      .refine(isSiteOrigin, {
        error: (issue) =>
          `must be the site's origin, such as https://www.example.com (no path, query or credentials; got "${String(issue.input)}")`,
      })
      .transform((raw) => new URL(raw).origin)
      .optional(),
    ALLOWED_HOSTS: z
      .string()
      .refine((raw) => hostList(raw).length > 0 && hostList(raw).every((host) => HOST_NAME.test(host)), {
        error: (issue) =>
          `must be comma-separated host names without port or scheme, such as www.example.com,example.com ${got(issue)}`,
      })
      .transform(hostList)
      .optional(),
    // `true` is refused: it believes every X-Forwarded-For, so a client that writes its own header chooses the address
    // its rate limits and staff lockouts count (one invented address per try). A hop count or the proxies' own
    // addresses take only what our proxies appended.
    TRUST_PROXY: z
      .union(
        [
          z
            .string()
            .regex(/^false$/i)
            .transform(() => false as const),
          z
            .string()
            .regex(/^\d{1,3}$/)
            .transform(Number),
          z
            .string()
            .transform((raw) => raw.split(',').map((item) => item.trim()))
            .refine((items) => items.every(isProxyAddress))
            .transform((items) => items.join(',')),
        ],
        {
          error: (issue) =>
            /^\s*true\s*$/i.test(String(issue.input))
              ? 'must not be true: it would believe any X-Forwarded-For a client writes (its rate limits and sign-in lockouts could be dodged with invented addresses). Give the number of proxies in front of the server (1 behind one load balancer, 2 behind a CDN and a balancer) or their addresses/CIDRs such as 10.0.0.0/8'
              : `must be false, a number of proxy hops or comma-separated proxy IP addresses/CIDRs (or loopback, linklocal, uniquelocal) such as 10.0.0.0/8 ${got(issue)}`,
        },
      )
      .default(false),
    // Says the operator means a TRUST_PROXY the start would otherwise refuse as too wide (see the rules below).
    TRUST_PROXY_WIDE: z
      .stringbool({
        truthy: ['1', 'true', 'yes', 'on'],
        falsy: ['0', 'false', 'no', 'off'],
        case: 'insensitive',
        error: (issue) => `must be 1 or 0 ${got(issue)}`,
      })
      .default(false),
    // On for every remote unless turned off explicitly (0): a canary whose QA run failed must not be promoted by default.
    RELEASE_REQUIRE_PASSED_RUN: z
      .string()
      .transform((raw) => {
        const value = raw.trim().toLowerCase();
        if (value === '0') return [];
        return value === 'all' ? [...RELEASED_REMOTES] : raw.split(',').map((name) => name.trim());
      })
      .refine((names) => names.every((name) => (RELEASED_REMOTES as readonly string[]).includes(name)), {
        error: (issue) =>
          `must be all, 0 (no remote) or comma-separated remote names (${RELEASED_REMOTES.join(', ')}) ${got(issue)}`,
      })
      .transform((names): readonly ReleasedRemote[] => [...new Set(names)] as ReleasedRemote[])
      .default([...RELEASED_REMOTES]),
    // The origins remote builds may be registered and served from, besides this site and the configured remotes' own
    // (releases/allowedOrigins.ts): what an admin allows, so a pipeline token cannot bring in a host of its own.
    REMOTE_ORIGINS: z
      .string()
      .refine((raw) => originList(raw).length > 0 && originList(raw).every(isSiteOrigin), {
        error: (issue) =>
          `must be comma-separated origins such as https://cdn.example.com,https://static.example.com (no path, query or credentials) ${got(issue)}`,
      })
      .transform((raw): readonly string[] => [...new Set(originList(raw).map((item) => new URL(item).origin))])
      .default([]),
    SERVER_RENDERING: z
      .stringbool({
        truthy: ['on'],
        falsy: ['off'],
        case: 'insensitive',
        error: (issue) => `must be on or off ${got(issue)}`,
      })
      .default(true),
    HTTP_HEADERS_TIMEOUT_SECONDS: seconds(TIMEOUT_DEFAULTS.headers),
    HTTP_REQUEST_TIMEOUT_SECONDS: seconds(TIMEOUT_DEFAULTS.request),
    HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: seconds(TIMEOUT_DEFAULTS.keepAlive),
    HTTP_IDLE_TIMEOUT_SECONDS: seconds(TIMEOUT_DEFAULTS.idle),

    SUBMIT_RATE_LIMIT_MAX: wholeNumber(10),
    SUBMIT_RATE_LIMIT_WINDOW_SECONDS: seconds(60),
    REDIS_URL: urlOf(
      ['redis:', 'rediss:'],
      'must be a Redis URL such as redis://127.0.0.1:6379 (leave it unset to keep rate limits in memory)',
    ),
    REVIEWS_PER_PRODUCT_MAX: wholeNumber(1),
    REVIEWS_PER_PRODUCT_WINDOW_SECONDS: seconds(86_400),
    QUOTE_CONFIRMATIONS_PER_HOUR: wholeNumber(QUOTE_CONFIRMATIONS_PER_HOUR_DEFAULT),

    SMTP_URL: urlOf(
      ['smtp:', 'smtps:'],
      'must be an SMTP URL such as smtp://user:password@mail.example.com:587 or smtps://...:465',
    ),
    MAIL_FROM: z
      .string()
      .refine((raw) => !/[\r\n]/.test(raw) && raw.includes('@'), {
        error: 'must be one e-mail address, optionally with a name: "Website <website@example.com>"',
      })
      .optional(),
    MAIL_RETRY_BASE_SECONDS: seconds(30),
    MAIL_RETRY_MAX_SECONDS: seconds(3600),
    MAIL_POLL_SECONDS: seconds(10),
    /** How often each process looks for catalogue drafts due to be published on schedule. */
    CATALOGUE_SCHEDULE_POLL_SECONDS: seconds(15),
    /** How often each process looks for sent quotations about to expire (their salespeople are reminded once). */
    QUOTATION_REMINDER_POLL_SECONDS: seconds(300),

    GEMINI_API_KEY: z
      .string()
      .refine((raw) => !/\s/.test(raw), { error: 'must not contain spaces or line breaks' })
      .optional(),
    GEMINI_MODEL: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{0,99}$/i, {
        error: (issue) => `must be a model name such as ${DEFAULT_GEMINI_MODEL} ${got(issue)}`,
      })
      .default(DEFAULT_GEMINI_MODEL),
    GEMINI_BASE_URL: urlOf(
      ['http:', 'https:'],
      "must be an http(s) URL such as http://127.0.0.1:9090 (leave it unset for Google's own address)",
    ).transform((raw) => raw?.replace(/\/+$/, '')),
    GEMINI_TIMEOUT_SECONDS: seconds(8),
    CHAT_RATE_LIMIT_MAX: wholeNumber(20),
    CHAT_RATE_LIMIT_WINDOW_SECONDS: seconds(60),
    STAFF_SESSION_IDLE_MINUTES: countOf('minutes', 30),
    STAFF_SESSION_MAX_HOURS: countOf('hours', 12),
    QUOTATION_VALID_DAYS: countOf('days', QUOTATION_VALID_DAYS_DEFAULT),
    STAFF_TOTP_KEYS: totpKeys,
    RELEASE_ROLLBACK_WINDOW: countOf('loads', RELEASE_SAFETY_DEFAULTS.rollbackWindow),
    RELEASE_ROLLBACK_WINDOW_SECONDS: countOf('seconds', RELEASE_SAFETY_DEFAULTS.rollbackWindowSeconds),
    RELEASE_ROLLBACK_MIN_LOADS: countOf('loads', RELEASE_SAFETY_DEFAULTS.rollbackMinLoads),
    RELEASE_ROLLBACK_MIN_ADDRESSES: countOf('addresses', RELEASE_SAFETY_DEFAULTS.rollbackMinFailingAddresses),
    RELEASE_ROLLBACK_FAILURE_PERCENT: z
      .string()
      .refine((raw) => /^\d{1,3}$/.test(raw) && Number(raw) <= 100, {
        error: (issue) => `must be a whole percent from 0 to 100 ${got(issue)}`,
      })
      .transform(Number)
      .default(RELEASE_SAFETY_DEFAULTS.rollbackFailurePercent),
    RELEASE_ALERT_EMAIL: z
      .string()
      .regex(/^[^\s@<>,;]{1,64}@[^\s@<>,;]{1,190}$/, {
        error: 'must be one e-mail address such as web-team@example.com',
      })
      .optional(),
    RELEASE_REPORTS_PER_MINUTE: wholeNumber(RELEASE_SAFETY_DEFAULTS.reportsPerMinute),
    RELEASE_VITALS_TOLERANCE_PERCENT: z
      .string()
      .refine((raw) => /^\d{1,4}$/.test(raw) && Number(raw) <= 1000, {
        error: (issue) => `must be a whole percent from 0 to 1000 ${got(issue)}`,
      })
      .transform(Number)
      .default(RELEASE_VITALS_DEFAULTS.tolerancePercent),
    RELEASE_VITALS_MIN_SAMPLES: countOf('sessions', RELEASE_VITALS_DEFAULTS.minSessions),
    RELEASE_VITALS_MIN_NETWORKS: countOf('networks', RELEASE_VITALS_DEFAULTS.minNetworks),
    RELEASE_VITALS_ROLLBACK: z
      .stringbool({
        truthy: ['1', 'true', 'yes', 'on'],
        falsy: ['0', 'false', 'no', 'off'],
        case: 'insensitive',
        error: (issue) => `must be 1 or 0 ${got(issue)}`,
      })
      .default(RELEASE_VITALS_DEFAULTS.rollback),
    VITALS_BEACONS_PER_MINUTE: wholeNumber(VITALS_DEFAULTS.beaconsPerMinute),
    VITALS_SAMPLE_PERCENT: z
      .string()
      .refine((raw) => /^\d{1,3}(\.\d{1,2})?$/.test(raw) && Number(raw) <= 100, {
        error: (issue) => `must be a percent from 0 to 100, at most 2 decimals ${got(issue)}`,
      })
      .transform(Number)
      .default(VITALS_DEFAULTS.samplePercent),
    // The operator's metrics: their own port (loopback unless METRICS_HOST says otherwise), or the public one behind a
    // bearer token; neither set: not served.
    METRICS_PORT: z
      .string()
      .refine((raw) => /^\d{1,5}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 65535, {
        error: (issue) => `must be a port from 1 to 65535 ${got(issue)}`,
      })
      .transform(Number)
      .optional(),
    METRICS_HOST: z.string().default(METRICS_HOST_DEFAULT),
    // no value echoed: it is a secret
    METRICS_TOKEN: z
      .string()
      .refine((raw) => /^[A-Za-z0-9._~+/=-]{32,200}$/.test(raw), {
        error: 'must be at least 32 characters of letters, digits and ._~+/=- (e.g. `openssl rand -hex 32`)',
      })
      .optional(),
    STOCK_FEED_STALE_MINUTES: countOf('minutes', 120),
    STOCK_DISPLAY: z
      .enum(STOCK_DISPLAYS, { error: (issue) => `must be exact or bands ${got(issue)}` })
      .default('exact'),
  })
  // Rules between variables. They also run when some value is invalid (then not a number, and skipped): every
  // problem is listed at once.
  .superRefine((vars, ctx) => {
    const problem = (variable: string, message: string) => ctx.addIssue({ code: 'custom', path: [variable], message });
    const number = (value: unknown) => (typeof value === 'number' ? value : undefined);
    const [headers, request] = [number(vars.HTTP_HEADERS_TIMEOUT_SECONDS), number(vars.HTTP_REQUEST_TIMEOUT_SECONDS)];
    // Node refuses a headers timeout above the request timeout: the headers are part of the request.
    if (headers !== undefined && request !== undefined && headers > request) {
      problem('HTTP_HEADERS_TIMEOUT_SECONDS', 'must not be more than HTTP_REQUEST_TIMEOUT_SECONDS');
    }
    // /api/chat waits up to the provider's timeout without a byte on the socket: a shorter idle timeout would cut it.
    const [idle, provider] = [number(vars.HTTP_IDLE_TIMEOUT_SECONDS), number(vars.GEMINI_TIMEOUT_SECONDS)];
    if (idle !== undefined && provider !== undefined && idle <= provider) {
      problem(
        'HTTP_IDLE_TIMEOUT_SECONDS',
        'must be more than GEMINI_TIMEOUT_SECONDS (the chat waits that long for its provider)',
      );
    }
    const [idleMinutes, maxHours] = [number(vars.STAFF_SESSION_IDLE_MINUTES), number(vars.STAFF_SESSION_MAX_HOURS)];
    if (idleMinutes !== undefined && maxHours !== undefined && idleMinutes > maxHours * 60) {
      problem('STAFF_SESSION_IDLE_MINUTES', 'must not be more than STAFF_SESSION_MAX_HOURS in minutes');
    }
    const staffPort = number(vars.STAFF_PORT);
    if (staffPort !== undefined && staffPort !== 0 && (staffPort === vars.PORT || staffPort === vars.METRICS_PORT)) {
      problem('STAFF_PORT', 'must not be PORT or METRICS_PORT: the staff app has an origin of its own');
    }
    if (vars.STAFF_PORT === 'off' && vars.STAFF_ORIGIN === undefined) {
      problem(
        'STAFF_PORT',
        'may be off only with STAFF_ORIGIN set (the staff app is then reached by its host name on PORT)',
      );
    }
    if (
      vars.STAFF_ORIGIN !== undefined &&
      vars.PUBLIC_SITE_URL !== undefined &&
      new URL(vars.STAFF_ORIGIN).host === new URL(vars.PUBLIC_SITE_URL).host
    ) {
      problem('STAFF_ORIGIN', 'must not be PUBLIC_SITE_URL: the staff app needs an origin no public remote runs on');
    }
    const accountPort = number(vars.ACCOUNT_PORT);
    if (
      accountPort !== undefined &&
      accountPort !== 0 &&
      [vars.PORT, vars.METRICS_PORT, staffPort ?? (vars.PORT === 0 ? undefined : vars.PORT + 1)].includes(accountPort)
    ) {
      problem('ACCOUNT_PORT', 'must not be PORT, STAFF_PORT or METRICS_PORT: the account has an origin of its own');
    }
    if (vars.ACCOUNT_PORT === 'off' && vars.ACCOUNT_ORIGIN === undefined) {
      problem(
        'ACCOUNT_PORT',
        'may be off only with ACCOUNT_ORIGIN set (the account is then reached by its host name on PORT)',
      );
    }
    if (
      vars.ACCOUNT_ORIGIN !== undefined &&
      [vars.PUBLIC_SITE_URL, vars.STAFF_ORIGIN].some(
        (other) => other !== undefined && new URL(other).host === new URL(vars.ACCOUNT_ORIGIN!).host,
      )
    ) {
      problem(
        'ACCOUNT_ORIGIN',
        'must not be PUBLIC_SITE_URL or STAFF_ORIGIN: the account needs an origin of its own, where no remote runs',
      );
    }
    if (typeof vars.METRICS_PORT === 'number' && vars.METRICS_PORT === vars.PORT) {
      problem(
        'METRICS_PORT',
        'must not be PORT: the metrics are kept off the public port (set METRICS_TOKEN to serve them there behind a token)',
      );
    }
    if (vars.SMTP_URL !== undefined && vars.MAIL_FROM === undefined) {
      problem('MAIL_FROM', 'must be set when SMTP_URL is set, e.g. "Website <website@example.com>"');
    }
    // A hop count or range so large that it is `true` by another name: every X-Forwarded-For believed.
    if (vars.TRUST_PROXY_WIDE !== true) {
      const tooWide = trustProxyTooWide(vars.TRUST_PROXY);
      if (tooWide !== undefined)
        problem(
          'TRUST_PROXY',
          `${tooWide}, or set TRUST_PROXY_WIDE=1 if you really mean it (see docs/configuration.md)`,
        );
    }
    const [retryBase, retryMax] = [number(vars.MAIL_RETRY_BASE_SECONDS), number(vars.MAIL_RETRY_MAX_SECONDS)];
    if (retryBase !== undefined && retryMax !== undefined && retryMax < retryBase) {
      problem('MAIL_RETRY_MAX_SECONDS', 'must not be less than MAIL_RETRY_BASE_SECONDS');
    }
  });

// ---- the configuration: its types are inferred from these mappings, so each setting is written once ----

/** A remote the registry releases, as configured (a public one, or the staff remote): its stable build and maybe a canary. */
function remoteConfigOf<Name extends ReleasedRemote>(
  name: Name,
  vars: z.output<ReturnType<typeof remoteVariables>>,
  repoRoot: string,
) {
  const { entry, canaryUrl, canaryPercent, canaryDir } = vars;
  return {
    name,
    /** What the shell registers: a manifest (`.json`) or remoteEntry.js URL, absolute or origin-relative. */
    entry: entry ?? `${remoteServedPath(name)}${MANIFEST_FILE}`,
    /** The remote's build output, served under /remotes/<name>/. */
    distDir: path.join(repoRoot, `mfe-${name}`, 'dist'),
    /**
     * A second build in front of a share of visitors (pages/canary.ts); undefined when none is configured. A percent
     * without a URL or folder is accepted (no canary): removing the URL is a rollback, and must not stop the server.
     */
    canary:
      canaryUrl === undefined && canaryDir === undefined
        ? undefined
        : {
            /** What the shell registers for visitors on the canary (as the remote's entry). */
            entry: canaryUrl ?? `${canaryServedPath(name)}${MANIFEST_FILE}`,
            /** Visitors whose cohort (0–99) is below this get the canary: 0 is nobody (the rollback), 100 everybody. */
            percent: canaryPercent,
            /** The canary's build output on this disk, served under /remotes/<name>/canary/ (undefined: it is elsewhere). */
            distDir: canaryDir,
          },
  };
}

/** The server's variables as parsed (their names say where each value of the configuration comes from). */
export type Vars = z.output<typeof ServerVariables>;

/** The variables as parsed, with the repository's root and each released remote as configured (the staff remote apart). */
export interface ParsedVariables {
  vars: Vars;
  repoRoot: string;
  remotes: RemoteConfig[];
  staffRemote: ReleasedRemoteConfig<typeof STAFF_REMOTE>;
}

/**
 * The platform's settings from the parsed variables: one section per concern, each mapped by a function of its own
 * below (the types, and the comments an editor shows on each setting, come from those mappings). Each feature maps
 * its own settings from the same variables (its settings.ts); app/config.ts puts them all together.
 */
export function platformConfigOf({ vars, repoRoot, remotes, staffRemote }: ParsedVariables) {
  const dataDir = vars.DATA_DIR ?? path.join(repoRoot, '.data');
  return {
    port: vars.PORT,
    host: vars.HOST,
    /** Fastify's logger is off when this is undefined. */
    logLevel: vars.LOG_LEVEL,
    repoRoot,
    /** Where the embedded database (and any other server state) lives. */
    dataDir,
    /** Registered builds, as registered (releases/buildContent.ts): what every process serves and renders them from. */
    remoteBuilds: remoteBuildsConfigOf(vars, dataDir),
    /** PostgreSQL connection string; when undefined the embedded PGlite database is used. */
    databaseUrl: vars.DATABASE_URL,
    ...siteBuildsOf(repoRoot, remotes, staffRemote),
    /** E-mail delivery of the outbox (contact messages and enquiries to the chosen branch). */
    mail: mailConfigOf(vars),
    /** Where the staff app answers: an origin of its own (http/staffSurface.ts). */
    staffSite: staffSiteOf(vars),
    /** Where the buyer's account answers: an origin of its own (http/accountSurface.ts). */
    accountSite: accountSiteOf(vars),
    /** The operator's metrics (platform/metrics.ts): off the public address unless behind a token. */
    metrics: {
      /** METRICS_PORT: a listener of their own; undefined: none. */
      port: vars.METRICS_PORT,
      /** METRICS_HOST: where that listener listens (loopback by default). */
      host: vars.METRICS_HOST,
      /** METRICS_TOKEN: /metrics on the public port too, for a request with "Authorization: Bearer <token>". */
      token: vars.METRICS_TOKEN,
    },
    /** How the server sees itself from outside: its public address and the proxies in front of it. */
    http: httpConfigOf(vars),
  };
}

function remoteBuildsConfigOf(vars: Vars, dataDir: string) {
  return {
    /** REMOTE_BUILDS_DIR: the builds registered from this site's folders, copied; shared by every process. */
    storeDir: vars.REMOTE_BUILDS_DIR ?? path.join(dataDir, 'remote-builds'),
    /** REMOTE_BUILD_CACHE_DIR: this process's copies of registered builds' server-render modules. */
    cacheDir: vars.REMOTE_BUILD_CACHE_DIR ?? path.join(dataDir, 'remote-build-cache'),
  };
}

/** What the server serves from the repository's folders: the shell's build, the content, the remotes and the staff pages. */
function siteBuildsOf(
  repoRoot: string,
  remotes: RemoteConfig[],
  staffRemote: ReleasedRemoteConfig<typeof STAFF_REMOTE>,
) {
  return {
    shellDist: path.join(repoRoot, 'shell', 'dist'),
    content: {
      /** Committed static files: images/, uploads/, the brochure PDF... served at the site root. */
      publicDir: path.join(repoRoot, 'content', 'public'),
      /** Committed data files served under /data/. */
      dataDir: path.join(repoRoot, 'content', 'data'),
      /** Generated files (gitignored, may not exist): served at the root, and its data/ under /data/. */
      generatedDir: path.join(repoRoot, 'content', 'generated'),
    },
    remotes,
    /**
     * The staff pages: their host page's build and the staff remote (http/staffPage.ts), apart from `remotes` so that
     * no public page's map ever names the staff remote. Its variables are a public remote's (REMOTE_STAFF_URL,
     * REMOTE_STAFF_CANARY_URL/_PERCENT/_DIR) and the registry releases it like them; `entry` and `distDir` are mfe-staff's.
     */
    staffPages: {
      ...staffRemote,
      /** staff-host's build output: the page's index.html, and its files served under /staff/assets/. */
      hostDist: path.join(repoRoot, 'staff-host', 'dist'),
    },
  };
}

function mailConfigOf(vars: Vars) {
  return {
    /** When undefined nothing is sent and the outbox keeps the mail pending. */
    smtpUrl: vars.SMTP_URL,
    /** The From address, e.g. "Crescent Electrical website <website@example.com>"; required with SMTP_URL. */
    from: vars.MAIL_FROM,
    /** First retry delay after a failed send; it doubles on every further failure, up to retryMaxMs. */
    retryBaseMs: vars.MAIL_RETRY_BASE_SECONDS,
    retryMaxMs: vars.MAIL_RETRY_MAX_SECONDS,
    /** How often the worker looks for due mail (it also wakes at once when a form is submitted). */
    pollMs: vars.MAIL_POLL_SECONDS,
  };
}

function httpConfigOf(vars: Vars) {
  return {
    /**
     * The base of canonical URLs, Open Graph URLs, JSON-LD and the sitemap (origin only). Never taken from a request
     * (its Host is the visitor's to choose): when undefined, http/siteOrigin.ts derives it from HOST and the port.
     */
    publicSiteUrl: vars.PUBLIC_SITE_URL,
    /**
     * The host names this server answers for (lower case, no port), PUBLIC_SITE_URL's included; any other Host gets
     * 421 (http/allowedHosts.ts). Undefined: every Host is served (the pages never depend on it).
     */
    allowedHosts: allowedHostsOf(vars),
    /**
     * The server's socket timeouts, in milliseconds. Without them a client that sends a Content-Length and then stops
     * holds its connection (and its memory) for ever (http/timeouts.ts).
     */
    timeouts: {
      /** The request line and headers must have arrived within this (Node's headersTimeout). */
      headersMs: vars.HTTP_HEADERS_TIMEOUT_SECONDS,
      /** The whole request, body included, must have arrived within this (Node's requestTimeout). */
      requestMs: vars.HTTP_REQUEST_TIMEOUT_SECONDS,
      /** An idle keep-alive connection between two requests is closed after this. */
      keepAliveMs: vars.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS,
      /**
       * A socket with no traffic either way for this long is closed (Fastify's connectionTimeout): the backstop for a
       * client that stops reading its answer. Longer than any wait of a handler (the assistant's provider timeout).
       */
      idleMs: vars.HTTP_IDLE_TIMEOUT_SECONDS,
    },
    /**
     * Fastify's `trustProxy`: false (X-Forwarded-* are ignored), a hop count, or comma-separated proxy
     * addresses/CIDRs. It decides request.protocol (HSTS only over https), request.hostname (what allowedHosts
     * checks) and request.ip (rate limits); never the site's origin.
     */
    trustProxy: vars.TRUST_PROXY,
    /** True: pages are sent with their first view rendered on the server where the page's remote allows it (http/ssr/firstView.ts). */
    serverRendering: vars.SERVER_RENDERING,
  };
}

/** ALLOWED_HOSTS, with the site's own public host and the staff app's: a list that forgot them would refuse everyone. */
function allowedHostsOf(vars: Vars): readonly string[] | undefined {
  if (vars.ALLOWED_HOSTS === undefined) return undefined;
  const allowedHosts = new Set(vars.ALLOWED_HOSTS);
  if (vars.PUBLIC_SITE_URL !== undefined) allowedHosts.add(new URL(vars.PUBLIC_SITE_URL).hostname);
  if (vars.STAFF_ORIGIN !== undefined) allowedHosts.add(new URL(vars.STAFF_ORIGIN).hostname);
  if (vars.ACCOUNT_ORIGIN !== undefined) allowedHosts.add(new URL(vars.ACCOUNT_ORIGIN).hostname);
  return [...allowedHosts];
}

function staffSiteOf(vars: Vars) {
  return {
    /** STAFF_ORIGIN; undefined: the public origin's host at the staff listener's port (http/staffSurface.ts). */
    origin: vars.STAFF_ORIGIN,
    /** The staff listener's port (0: one picked at start); undefined: no listener of its own (STAFF_PORT=off). */
    port: vars.STAFF_PORT === 'off' ? undefined : (vars.STAFF_PORT ?? (vars.PORT === 0 ? 0 : vars.PORT + 1)),
  };
}

function accountSiteOf(vars: Vars) {
  return {
    /** ACCOUNT_ORIGIN; undefined: the public origin's host at the account listener's port (http/accountSurface.ts). */
    origin: vars.ACCOUNT_ORIGIN,
    /** The account listener's port (0: one picked at start); undefined: no listener of its own (ACCOUNT_PORT=off). */
    port: vars.ACCOUNT_PORT === 'off' ? undefined : (vars.ACCOUNT_PORT ?? (vars.PORT === 0 ? 0 : vars.PORT + 2)),
  };
}

/** The platform's settings: app/config.ts adds each feature's to them to make the server's whole configuration. */
export type PlatformConfig = ReturnType<typeof platformConfigOf>;
/** A remote the registry releases, as configured; `Name` narrows it to one (the staff remote) or the public ones. */
export type ReleasedRemoteConfig<Name extends ReleasedRemote = ReleasedRemote> = ReturnType<
  typeof remoteConfigOf<Name>
>;
/** A public remote: in every page's remotes map. */
export type RemoteConfig = ReleasedRemoteConfig<RemoteName>;
export type CanaryConfig = NonNullable<RemoteConfig['canary']>;
export type StaffPagesConfig = PlatformConfig['staffPages'];
export type MailConfig = PlatformConfig['mail'];
export type MetricsConfig = PlatformConfig['metrics'];
export type HttpConfig = PlatformConfig['http'];
export type HttpTimeouts = HttpConfig['timeouts'];

/** "PORT must be ..." for each issue; `names` maps a schema's keys to the variables' (remoteVariableNames). */
function problemsOf(error: z.ZodError, names: Record<string, string> = {}): string[] {
  return error.issues.map((issue) => {
    const key = String(issue.path[0] ?? '');
    return `${names[key] ?? key} ${issue.message}`;
  });
}

/**
 * Reads the server's variables and each released remote's from the environment (surrounding spaces are dropped, and
 * empty values count as unset). Throws a ConfigError listing every invalid value.
 */
export function parseVariables(env: Env = process.env): ParsedVariables {
  const given: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    const trimmed = value?.trim();
    if (trimmed !== undefined && trimmed !== '') given[key] = trimmed;
  }
  const problems: string[] = [];

  const parsed = ServerVariables.safeParse(given);
  if (!parsed.success) problems.push(...problemsOf(parsed.error));
  const repoRoot = parsed.data?.REPO_ROOT ?? findRepoRoot();

  /** A remote's REMOTE_<NAME>_* variables (the staff remote's too), or undefined when they hold a problem (listed). */
  const remoteOf = <Name extends ReleasedRemote>(name: Name) => {
    const names = remoteVariableNames(name);
    const vars = remoteVariables(name).safeParse(
      Object.fromEntries(Object.entries(names).map(([key, variable]) => [key, given[variable]])),
    );
    if (vars.success) return remoteConfigOf(name, vars.data, repoRoot);
    problems.push(...problemsOf(vars.error, names));
    return undefined;
  };
  const remotes = REMOTE_NAMES.map((name) => remoteOf(name));
  const staffRemote = remoteOf(STAFF_REMOTE);

  if (!parsed.success || problems.length > 0 || staffRemote === undefined) throw new ConfigError(problems);
  return {
    vars: parsed.data,
    repoRoot,
    remotes: remotes.filter((remote) => remote !== undefined),
    staffRemote,
  };
}

/**
 * The platform's settings from the environment (the command-line tools open the database with them): every variable
 * is checked all the same, as loadConfig (app/config.ts) checks them. Throws a ConfigError listing every invalid value.
 */
export const loadPlatformConfig = (env: Env = process.env): PlatformConfig => platformConfigOf(parseVariables(env));

function tryUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

function isValidEntryUrl(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !/\s/.test(value);
  const url = tryUrl(value);
  return url !== undefined && (url.protocol === 'http:' || url.protocol === 'https:');
}

function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The repository root: the nearest folder above this file whose package.json declares workspaces.
 * Works from server/src (tsx) and from the server/dist bundle alike.
 */
function findRepoRoot(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  let dir = here;
  for (;;) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(pkg)) {
      try {
        const parsed: unknown = JSON.parse(readFileSync(pkg, 'utf8'));
        if (typeof parsed === 'object' && parsed !== null && 'workspaces' in parsed) return dir;
      } catch {
        // an unreadable package.json is not the root; keep walking up
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(here, '..', '..');
    dir = parent;
  }
}

/** A connection string with its password hidden, for messages and logs. */
export function redactUrl(url: string): string {
  const parsed = tryUrl(url);
  if (parsed === undefined) return '<invalid URL>';
  if (parsed.password !== '') parsed.password = '***';
  return parsed.toString();
}
