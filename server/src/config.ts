import { existsSync, readFileSync, statSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The four remotes, in the order the shell lists them. */
export const REMOTE_NAMES = ['catalogue', 'company', 'contact', 'chat'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface RemoteConfig {
  name: RemoteName;
  /** What the shell registers: a manifest (`.json`) or remoteEntry.js URL, absolute or origin-relative. */
  entry: string;
  /** The remote's build output, served under /remotes/<name>/. */
  distDir: string;
  /** A second build in front of a share of visitors (http/canary.ts); undefined when none is configured. */
  canary: CanaryConfig | undefined;
}

/** A remote's canary release: REMOTE_<NAME>_CANARY_URL, _CANARY_PERCENT and _CANARY_DIR. */
export interface CanaryConfig {
  /** What the shell registers for visitors on the canary (as RemoteConfig.entry). */
  entry: string;
  /** Visitors whose cohort (0–99) is below this get the canary: 0 is nobody (the rollback), 100 everybody. */
  percent: number;
  /** The canary's build output on this disk, served under /remotes/<name>/canary/ (undefined: it is elsewhere). */
  distDir: string | undefined;
}

export interface Config {
  port: number;
  host: string;
  /** Fastify's logger is off when this is undefined. */
  logLevel: LogLevel | undefined;
  repoRoot: string;
  /** Where the embedded database (and any other server state) lives. */
  dataDir: string;
  /** PostgreSQL connection string; when undefined the embedded PGlite database is used. */
  databaseUrl: string | undefined;
  shellDist: string;
  content: {
    /** Committed static files: images/, uploads/, the brochure PDF... served at the site root. */
    publicDir: string;
    /** Committed data files served under /data/. */
    dataDir: string;
    /** Generated files (gitignored, may not exist): served at the root, and its data/ under /data/. */
    generatedDir: string;
  };
  remotes: RemoteConfig[];
  submissions: SubmissionsConfig;
  mail: MailConfig;
  assistant: AssistantConfig;
  http: HttpConfig;
}

/** How the server sees itself from outside: its public address and the proxies in front of it. */
export interface HttpConfig {
  /**
   * PUBLIC_SITE_URL, e.g. https://www.crescent-electrical.example (origin only, no trailing slash): the base of
   * canonical URLs, Open Graph URLs, JSON-LD and the sitemap. Never taken from a request (its Host is the visitor's
   * to choose): when undefined, http/siteOrigin.ts derives it from HOST and the listening port (local runs).
   */
  publicSiteUrl: string | undefined;
  /**
   * ALLOWED_HOSTS: the host names this server answers for (lower case, no port), plus PUBLIC_SITE_URL's; any other
   * Host gets 421 (http/allowedHosts.ts). Undefined: every Host is served (the pages never depend on it).
   */
  allowedHosts: readonly string[] | undefined;
  /** How long a client may take over each part of a connection (http/timeouts.ts). */
  timeouts: HttpTimeouts;
  /**
   * TRUST_PROXY, passed to Fastify's `trustProxy`: false (default: X-Forwarded-* are ignored), true (trust every
   * hop), a hop count, or comma-separated proxy addresses/CIDRs. It decides request.protocol (HSTS is sent only over
   * https), request.hostname (the name ALLOWED_HOSTS checks) and request.ip (rate limits); never the site's origin.
   */
  trustProxy: boolean | number | string;
  /**
   * SERVER_RENDERING: `on` (default) sends pages with their first view rendered on the server where the page's
   * remote allows it (http/ssr/firstView.ts); `off` sends every page for the browser to draw.
   */
  serverRendering: boolean;
}

/**
 * The server's socket timeouts, in milliseconds (HTTP_*_TIMEOUT_SECONDS). Without them a client that sends a
 * Content-Length and then stops holds its connection (and its memory) for ever.
 */
export interface HttpTimeouts {
  /** The request line and headers must have arrived within this (Node's headersTimeout). */
  headersMs: number;
  /** The whole request, body included, must have arrived within this (Node's requestTimeout). */
  requestMs: number;
  /** An idle keep-alive connection between two requests is closed after this. */
  keepAliveMs: number;
  /**
   * A socket with no traffic either way for this long is closed (Fastify's connectionTimeout): the backstop for a
   * client that stops reading its answer. Longer than any wait of a handler (the assistant's provider timeout).
   */
  idleMs: number;
}

/** The chat assistant (/api/chat): the AI provider it calls, and its own per-client rate limit. */
export interface AssistantConfig {
  /** Google Generative AI key (GEMINI_API_KEY). Server-side only; without it every answer comes from the knowledge base. */
  apiKey: string | undefined;
  /** A flash-class model name (GEMINI_MODEL). */
  model: string;
  /** The provider's address (GEMINI_BASE_URL), for tests and proxies; the SDK's default when undefined. */
  baseUrl: string | undefined;
  /** Longest wait for the provider before answering from the knowledge base. */
  timeoutMs: number;
  /** Questions per client IP in one window; 0 turns the limit off (load tests only). */
  rateLimitMax: number;
  rateLimitWindowMs: number;
}

/** The model used when GEMINI_MODEL is not set. */
export const DEFAULT_GEMINI_MODEL = 'gemini-2.0-flash';

/** The visitor POSTs (forms /api/send-*, reviews): per-client rate limits, shared through Redis when REDIS_URL is set. */
export interface SubmissionsConfig {
  /** Requests per client IP per endpoint in one window; 0 turns the limit off (load tests only). */
  rateLimitMax: number;
  rateLimitWindowMs: number;
  /** redis:// or rediss:// URL of the rate-limit store; in-memory (per process) when undefined. */
  redisUrl: string | undefined;
  /**
   * Reviews of one product from one client address (an IPv6 one's /64) within reviewsPerProductWindowMs, counted in
   * the database (every process, across restarts: reviews/reviewLimit.ts); 0 turns the limit off.
   */
  reviewsPerProductMax: number;
  reviewsPerProductWindowMs: number;
}

/** E-mail delivery of the outbox (contact messages and enquiries to the chosen branch). */
export interface MailConfig {
  /** smtp:// or smtps:// URL; when undefined nothing is sent and the outbox keeps the mail pending. */
  smtpUrl: string | undefined;
  /** The From address, e.g. "Crescent Electrical website <website@example.com>"; required with SMTP_URL. */
  from: string | undefined;
  /** First retry delay after a failed send; it doubles on every further failure, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How often the worker looks for due mail (it also wakes at once when a form is submitted). */
  pollMs: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

export const remoteEnvVar = (name: RemoteName): string => `REMOTE_${name.toUpperCase()}_URL`;

/** The canary variables of a remote (REMOTE_CATALOGUE_CANARY_URL...). */
export const canaryEnvVars = (name: RemoteName) => {
  const prefix = `REMOTE_${name.toUpperCase()}_CANARY`;
  return { url: `${prefix}_URL`, percent: `${prefix}_PERCENT`, dir: `${prefix}_DIR` } as const;
};

/** Where this server serves a remote's build (its dist folder), and a canary build from REMOTE_<NAME>_CANARY_DIR. */
export const remoteServedPath = (name: string): string => `/remotes/${name}/`;
export const canaryServedPath = (name: string): string => `/remotes/${name}/canary/`;

/**
 * Reads the configuration from environment variables (empty values count as unset).
 * Throws a ConfigError listing every invalid value.
 */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const get = (key: string): string | undefined => {
    const value = env[key]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };

  const port = parsePort(get('PORT'), problems);
  const host = get('HOST') ?? '0.0.0.0';

  const logLevelRaw = get('LOG_LEVEL');
  let logLevel: LogLevel | undefined;
  if (logLevelRaw !== undefined) {
    if ((LOG_LEVELS as readonly string[]).includes(logLevelRaw)) logLevel = logLevelRaw as LogLevel;
    else problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevelRaw}")`);
  }

  let repoRoot = findRepoRoot();
  const repoRootRaw = get('REPO_ROOT');
  if (repoRootRaw !== undefined) {
    repoRoot = path.resolve(repoRootRaw);
    if (!isDirectory(repoRoot)) problems.push(`REPO_ROOT must be an existing folder (got "${repoRootRaw}")`);
  }

  const dataDirRaw = get('DATA_DIR');
  const dataDir = dataDirRaw === undefined ? path.join(repoRoot, '.data') : path.resolve(dataDirRaw);

  const databaseUrl = get('DATABASE_URL');
  if (databaseUrl !== undefined) {
    const parsed = tryUrl(databaseUrl);
    if (parsed === undefined || !['postgres:', 'postgresql:'].includes(parsed.protocol)) {
      problems.push(
        'DATABASE_URL must be a PostgreSQL connection string such as postgres://user:password@host:5432/dbname ' +
          '(leave it unset to use the embedded database)',
      );
    }
  }

  const remotes = REMOTE_NAMES.map((name): RemoteConfig => {
    const key = remoteEnvVar(name);
    const raw = get(key);
    if (raw !== undefined && !isValidEntryUrl(raw)) {
      problems.push(
        `${key} must be an absolute http(s) URL or a path starting with "/", ` +
          `e.g. https://cdn.example.com/${name}/mf-manifest.json (got "${raw}")`,
      );
    }
    return {
      name,
      entry: raw ?? `${remoteServedPath(name)}mf-manifest.json`,
      distDir: path.join(repoRoot, `mfe-${name}`, 'dist'),
      canary: loadCanaryConfig(name, get, problems),
    };
  });

  const submissions = loadSubmissionsConfig(get, problems);
  const mail = loadMailConfig(get, problems);
  const assistant = loadAssistantConfig(get, problems);
  const http = loadHttpConfig(get, problems, assistant.timeoutMs);

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port,
    host,
    logLevel,
    repoRoot,
    dataDir,
    databaseUrl,
    shellDist: path.join(repoRoot, 'shell', 'dist'),
    content: {
      publicDir: path.join(repoRoot, 'content', 'public'),
      dataDir: path.join(repoRoot, 'content', 'data'),
      generatedDir: path.join(repoRoot, 'content', 'generated'),
    },
    remotes,
    submissions,
    mail,
    assistant,
    http,
  };
}

/**
 * A remote's canary, or undefined when neither its URL nor its folder is set. A percent without either is accepted
 * (no canary): removing the URL is a rollback, and must not stop the server from starting.
 */
function loadCanaryConfig(name: RemoteName, get: Getter, problems: string[]): CanaryConfig | undefined {
  const keys = canaryEnvVars(name);
  const percentRaw = get(keys.percent);
  let percent = 0;
  if (percentRaw !== undefined) {
    if (/^\d{1,3}$/.test(percentRaw) && Number(percentRaw) <= 100) percent = Number(percentRaw);
    else problems.push(`${keys.percent} must be a whole number from 0 to 100, the share of visitors on the canary (got "${percentRaw}")`);
  }

  const dirRaw = get(keys.dir);
  let distDir: string | undefined;
  if (dirRaw !== undefined) {
    distDir = path.resolve(dirRaw);
    if (!isDirectory(distDir)) {
      problems.push(`${keys.dir} must be an existing folder holding a build of the ${name} remote (its dist contents; got "${dirRaw}")`);
    }
  }

  const servedHere = `${canaryServedPath(name)}mf-manifest.json`;
  const urlRaw = get(keys.url);
  if (urlRaw !== undefined && !isValidEntryUrl(urlRaw)) {
    problems.push(
      `${keys.url} must be an absolute http(s) URL or a path starting with "/", ` +
        `e.g. https://cdn.example.com/${name}/2025-06-01/mf-manifest.json or ${servedHere} (got "${urlRaw}")`,
    );
  } else if (urlRaw !== undefined && distDir === undefined && urlRaw.startsWith(canaryServedPath(name))) {
    // Nothing would answer there: every canary visitor would fall back to the stable build.
    problems.push(`${keys.url} points at ${canaryServedPath(name)}, which this server serves from ${keys.dir}: set that too`);
  }

  if (urlRaw === undefined && distDir === undefined) return undefined;
  return { entry: urlRaw ?? servedHere, percent, distDir };
}

function loadHttpConfig(get: Getter, problems: string[], assistantTimeoutMs: number): HttpConfig {
  let publicSiteUrl: string | undefined;
  const siteRaw = get('PUBLIC_SITE_URL');
  if (siteRaw !== undefined) {
    const parsed = tryUrl(siteRaw);
    if (parsed === undefined || !['http:', 'https:'].includes(parsed.protocol) || parsed.pathname !== '/' || parsed.search !== '' || parsed.hash !== '' || parsed.username !== '' || parsed.password !== '') {
      problems.push(`PUBLIC_SITE_URL must be the site's origin, such as https://www.example.com (no path, query or credentials; got "${siteRaw}")`);
    } else {
      publicSiteUrl = parsed.origin;
    }
  }
  let trustProxy: boolean | number | string = false;
  const trustRaw = get('TRUST_PROXY');
  if (trustRaw !== undefined) {
    if (/^(true|false)$/i.test(trustRaw)) trustProxy = trustRaw.toLowerCase() === 'true';
    else if (/^\d{1,3}$/.test(trustRaw)) trustProxy = Number(trustRaw);
    else if (trustRaw.split(',').every((item) => isProxyAddress(item.trim()))) trustProxy = trustRaw.split(',').map((item) => item.trim()).join(',');
    else {
      problems.push(
        `TRUST_PROXY must be true, false, a number of proxy hops or comma-separated proxy IP addresses/CIDRs (or loopback, linklocal, uniquelocal) such as 10.0.0.0/8 (got "${trustRaw}")`,
      );
    }
  }
  let serverRendering = true;
  const renderingRaw = get('SERVER_RENDERING');
  if (renderingRaw !== undefined) {
    if (/^(on|off)$/i.test(renderingRaw)) serverRendering = renderingRaw.toLowerCase() === 'on';
    else problems.push(`SERVER_RENDERING must be on or off (got "${renderingRaw}")`);
  }
  return {
    publicSiteUrl,
    allowedHosts: loadAllowedHosts(get('ALLOWED_HOSTS'), publicSiteUrl, problems),
    trustProxy,
    serverRendering,
    timeouts: loadHttpTimeouts(get, problems, assistantTimeoutMs),
  };
}

/** A host name (letters, digits, hyphens, dots), an IPv4 address or a bracketed IPv6 address; no port. */
const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])$/;

function loadAllowedHosts(raw: string | undefined, publicSiteUrl: string | undefined, problems: string[]): string[] | undefined {
  if (raw === undefined) return undefined;
  const hosts = raw.split(',').map((item) => item.trim().toLowerCase().replace(/\.$/, '')).filter((item) => item !== '');
  const bad = hosts.filter((host) => !HOST_NAME.test(host));
  if (bad.length > 0 || hosts.length === 0) {
    problems.push(`ALLOWED_HOSTS must be comma-separated host names without port or scheme, such as www.example.com,example.com (got "${raw}")`);
    return undefined;
  }
  // The site's own public host always belongs: a list that forgot it would refuse every visitor.
  if (publicSiteUrl !== undefined) hosts.push(new URL(publicSiteUrl).hostname);
  return [...new Set(hosts)];
}

/** Defaults: seconds, not minutes, yet a request body at its route's limit still arrives over a slow mobile link. */
const TIMEOUT_DEFAULTS = { headers: 10, request: 15, keepAlive: 5, idle: 30 } as const;

function loadHttpTimeouts(get: Getter, problems: string[], assistantTimeoutMs: number): HttpTimeouts {
  const seconds = (key: string, fallback: number) => parseSeconds(get(key), key, fallback, problems);
  const timeouts: HttpTimeouts = {
    headersMs: seconds('HTTP_HEADERS_TIMEOUT_SECONDS', TIMEOUT_DEFAULTS.headers),
    requestMs: seconds('HTTP_REQUEST_TIMEOUT_SECONDS', TIMEOUT_DEFAULTS.request),
    keepAliveMs: seconds('HTTP_KEEP_ALIVE_TIMEOUT_SECONDS', TIMEOUT_DEFAULTS.keepAlive),
    idleMs: seconds('HTTP_IDLE_TIMEOUT_SECONDS', TIMEOUT_DEFAULTS.idle),
  };
  // Node refuses a headers timeout above the request timeout: the headers are part of the request.
  if (timeouts.headersMs > timeouts.requestMs) {
    problems.push('HTTP_HEADERS_TIMEOUT_SECONDS must not be more than HTTP_REQUEST_TIMEOUT_SECONDS');
  }
  // /api/chat waits up to the provider's timeout without a byte on the socket: a shorter idle timeout would cut it.
  if (timeouts.idleMs <= assistantTimeoutMs) {
    problems.push('HTTP_IDLE_TIMEOUT_SECONDS must be more than GEMINI_TIMEOUT_SECONDS (the chat waits that long for its provider)');
  }
  return timeouts;
}

function loadAssistantConfig(get: Getter, problems: string[]): AssistantConfig {
  const model = get('GEMINI_MODEL') ?? DEFAULT_GEMINI_MODEL;
  if (!/^[a-z0-9][a-z0-9.-]{0,99}$/i.test(model)) {
    problems.push(`GEMINI_MODEL must be a model name such as ${DEFAULT_GEMINI_MODEL} (got "${model}")`);
  }
  const baseUrl = get('GEMINI_BASE_URL');
  if (baseUrl !== undefined && !['http:', 'https:'].includes(tryUrl(baseUrl)?.protocol ?? '')) {
    problems.push('GEMINI_BASE_URL must be an http(s) URL such as http://127.0.0.1:9090 (leave it unset for Google\'s own address)');
  }
  const apiKey = get('GEMINI_API_KEY');
  if (apiKey !== undefined && /\s/.test(apiKey)) problems.push('GEMINI_API_KEY must not contain spaces or line breaks');
  return {
    apiKey,
    model,
    baseUrl: baseUrl?.replace(/\/+$/, ''),
    timeoutMs: parseSeconds(get('GEMINI_TIMEOUT_SECONDS'), 'GEMINI_TIMEOUT_SECONDS', 8, problems),
    rateLimitMax: parseWhole(get('CHAT_RATE_LIMIT_MAX'), 'CHAT_RATE_LIMIT_MAX', 20, problems),
    rateLimitWindowMs: parseSeconds(get('CHAT_RATE_LIMIT_WINDOW_SECONDS'), 'CHAT_RATE_LIMIT_WINDOW_SECONDS', 60, problems),
  };
}

type Getter = (key: string) => string | undefined;

function loadSubmissionsConfig(get: Getter, problems: string[]): SubmissionsConfig {
  const redisUrl = get('REDIS_URL');
  if (redisUrl !== undefined && !['redis:', 'rediss:'].includes(tryUrl(redisUrl)?.protocol ?? '')) {
    problems.push('REDIS_URL must be a Redis URL such as redis://127.0.0.1:6379 (leave it unset to keep rate limits in memory)');
  }
  return {
    rateLimitMax: parseWhole(get('SUBMIT_RATE_LIMIT_MAX'), 'SUBMIT_RATE_LIMIT_MAX', 10, problems),
    rateLimitWindowMs: parseSeconds(get('SUBMIT_RATE_LIMIT_WINDOW_SECONDS'), 'SUBMIT_RATE_LIMIT_WINDOW_SECONDS', 60, problems),
    redisUrl,
    reviewsPerProductMax: parseWhole(get('REVIEWS_PER_PRODUCT_MAX'), 'REVIEWS_PER_PRODUCT_MAX', 1, problems),
    reviewsPerProductWindowMs: parseSeconds(get('REVIEWS_PER_PRODUCT_WINDOW_SECONDS'), 'REVIEWS_PER_PRODUCT_WINDOW_SECONDS', 86_400, problems),
  };
}

function loadMailConfig(get: Getter, problems: string[]): MailConfig {
  const smtpUrl = get('SMTP_URL');
  if (smtpUrl !== undefined && !['smtp:', 'smtps:'].includes(tryUrl(smtpUrl)?.protocol ?? '')) {
    problems.push('SMTP_URL must be an SMTP URL such as smtp://user:password@mail.example.com:587 or smtps://...:465');
  }
  const from = get('MAIL_FROM');
  if (smtpUrl !== undefined && from === undefined) {
    problems.push('MAIL_FROM must be set when SMTP_URL is set, e.g. "Website <website@example.com>"');
  }
  if (from !== undefined && (/[\r\n]/.test(from) || !/@/.test(from))) {
    problems.push('MAIL_FROM must be one e-mail address, optionally with a name: "Website <website@example.com>"');
  }
  const retryBaseMs = parseSeconds(get('MAIL_RETRY_BASE_SECONDS'), 'MAIL_RETRY_BASE_SECONDS', 30, problems);
  const retryMaxMs = parseSeconds(get('MAIL_RETRY_MAX_SECONDS'), 'MAIL_RETRY_MAX_SECONDS', 3600, problems);
  if (retryMaxMs < retryBaseMs) problems.push('MAIL_RETRY_MAX_SECONDS must not be less than MAIL_RETRY_BASE_SECONDS');
  return {
    smtpUrl,
    from,
    retryBaseMs,
    retryMaxMs,
    pollMs: parseSeconds(get('MAIL_POLL_SECONDS'), 'MAIL_POLL_SECONDS', 10, problems),
  };
}

function parseWhole(raw: string | undefined, key: string, fallback: number, problems: string[]): number {
  if (raw === undefined) return fallback;
  if (!/^\d{1,9}$/.test(raw)) {
    problems.push(`${key} must be a whole number of 0 or more (got "${raw}")`);
    return fallback;
  }
  return Number(raw);
}

/** A positive number of seconds (decimals allowed, e.g. 0.5), returned in milliseconds. */
function parseSeconds(raw: string | undefined, key: string, fallbackSeconds: number, problems: string[]): number {
  if (raw === undefined) return fallbackSeconds * 1000;
  const value = /^\d{1,7}(\.\d{1,3})?$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(value > 0)) {
    problems.push(`${key} must be a number of seconds above 0, e.g. 30 or 0.5 (got "${raw}")`);
    return fallbackSeconds * 1000;
  }
  return Math.round(value * 1000);
}

function parsePort(raw: string | undefined, problems: string[]): number {
  if (raw === undefined) return 8080;
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(value) || value < 0 || value > 65535) {
    problems.push(`PORT must be a whole number from 0 to 65535 (got "${raw}")`);
    return 8080;
  }
  return value;
}

function tryUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** An IP address or CIDR range, or one of proxy-addr's names (loopback, linklocal, uniquelocal). */
function isProxyAddress(value: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(value)) return true;
  const match = /^([^/]+)(?:\/(\d{1,3}))?$/.exec(value);
  if (match === null) return false;
  const version = isIP(match[1] as string);
  return version !== 0 && (match[2] === undefined || Number(match[2]) <= (version === 4 ? 32 : 128));
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
