import { existsSync, readFileSync, statSync } from 'node:fs';
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
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

export const remoteEnvVar = (name: RemoteName): string => `REMOTE_${name.toUpperCase()}_URL`;

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
      entry: raw ?? `/remotes/${name}/mf-manifest.json`,
      distDir: path.join(repoRoot, `mfe-${name}`, 'dist'),
    };
  });

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
  };
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
