import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningSite {
  /** The public site's origin. */
  url: string;
  /** The staff app's origin (its own port: the staff pages and API answer only there). */
  staffUrl: string;
  /** The buyer's account's origin (its own port: the account's pages answer only there). */
  accountUrl: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

export interface SiteOptions {
  /**
   * Use this data folder instead of a fresh one (e.g. to restart a server on the data of a killed one).
   * The caller owns it: stop() leaves it in place.
   */
  dataDir?: string;
  /** The checkout whose built server runs (the benchmark's reference build); this repository by default. */
  root?: string;
  /** The port to listen on (a spec that names the address in PUBLIC_SITE_URL before the start); a free one by default. */
  port?: number;
}

/**
 * The environment variable naming a data folder whose embedded database this build's server has created and migrated
 * (makeDataTemplate, at the run's start): a fresh folder starts as its copy. Creating the database (initdb in
 * WebAssembly) and migrating it took two thirds of a server's start, 6 of 9.5 s on a busy machine, more than 60 s on a
 * loaded one, and the suites start dozens of servers. The database is the same as a fresh one's.
 */
export const DATA_TEMPLATE_ENV = 'SITE_E2E_DATA_TEMPLATE';

/** Servers still running: a hook that timed out never calls stop(), so they go with the test process. */
const serversOfThisProcess = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of serversOfThisProcess) child.kill('SIGKILL');
});

/** Starts this build's server once on a new folder and stops it cleanly: the folder is the fresh servers' template. */
export async function makeDataTemplate(): Promise<string | undefined> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'site-e2e-template-'));
  let running: RunningSite;
  try {
    running = await startSite({}, { dataDir });
  } catch (error) {
    // without a template each server makes its own database, as before: slower, never wrong
    console.warn(
      `No template database for the test servers: ${error instanceof Error ? error.message : String(error)}`,
    );
    rmSync(dataDir, { recursive: true, force: true });
    return undefined;
  }
  const exited = new Promise((resolve) => running.process.once('exit', resolve));
  running.process.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 60_000))]);
  // a database closed cleanly leaves no lock; otherwise each server makes its own, as without a template
  if (running.process.exitCode === null || existsSync(path.join(dataDir, 'pglite.lock'))) {
    running.process.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    return undefined;
  }
  return dataDir;
}

/** The per-address limits every server the suite starts is given (see startSite). */
const ONE_ADDRESS_LIMITS = {
  RELEASE_REPORTS_PER_MINUTE: '100000',
  VITALS_BEACONS_PER_MINUTE: '100000',
  CHAT_RATE_LIMIT_MAX: '100000',
};

/**
 * Starts the real built server (server/dist/main.js) on a free port with a fresh data folder.
 * `env` adds configuration (e.g. a remote URL, DATABASE_URL or REPO_ROOT).
 */
export async function startSite(env: Record<string, string> = {}, options: SiteOptions = {}): Promise<RunningSite> {
  const port = options.port ?? (await freePort());
  // the staff app's own origin: a port of its own, as `npm start` has it (PORT + 1 there)
  const staffPort = env.STAFF_PORT ?? String(await freePort());
  // the buyer's account's too (PORT + 2 there): a port beside another worker's server's may be taken
  const accountPort = env.ACCOUNT_PORT ?? String(await freePort());
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'site-e2e-'));
  const template = process.env[DATA_TEMPLATE_ENV];
  // this build's server on a fresh folder: a copy of the one made at the run's start, created and migrated already
  if (ownsDataDir && options.root === undefined && template !== undefined && existsSync(template))
    cpSync(template, dataDir, { recursive: true });
  let output = '';
  const root = options.root ?? REPO_ROOT;
  const child = spawn(process.execPath, [path.join(root, 'server', 'dist', 'main.js')], {
    cwd: root,
    // Every test reaches the server from 127.0.0.1: limits per client address meant for one visitor would trip the
    // suites (on a quick machine two workers load ~40 pages a minute, each reporting its remotes' loads and sending a
    // vitals beacon; past 30 beacons a minute the 429 was a console error a test saw). The limiters stay in the path;
    // the server tests try each limit, and a spec that tests one sets its own.
    env: {
      ...process.env,
      PORT: String(port),
      STAFF_PORT: staffPort,
      ACCOUNT_PORT: accountPort,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...ONE_ADDRESS_LIMITS,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  serversOfThisProcess.add(child);
  child.once('exit', () => serversOfThisProcess.delete(child));
  const url = `http://127.0.0.1:${port}`;
  const staffUrl = `http://127.0.0.1:${staffPort}`;
  const accountUrl = `http://127.0.0.1:${accountPort}`;

  // Generous: on a loaded 2-core CI machine a cold start (PGlite, migrations) can take half a minute.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The site server exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The site server did not become healthy in 90 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url,
    staffUrl,
    accountUrl,
    dataDir,
    process: child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (ownsDataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
