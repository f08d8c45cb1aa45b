import type { SideListener } from './platform/http/sideListener.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { MANIFEST_FILE } from '@site/contracts/federation';
import { buildApp } from './app.js';
import { fillMissingFilterValues, seedCatalogue } from './catalogue/index.js';
import { loadConfig, type Config } from './app/config.js';
import { ConfigError, redactUrl } from './platform/config.js';
import { describeError, openDatabase, runMigrations, type Database } from './platform/db/index.js';
import { createOutboxWorker, type OutboxWorker } from './platform/mail/outboxWorker.js';
import { siteMailComposers } from './outboxMail.js';
import { LINK_SEAL_PURPOSE } from './quotations/index.js';
import { totpSecretBoxOf } from './staff/index.js';
import { ACCOUNT_LINK_SEAL_PURPOSE } from './accounts/index.js';
import { createSmtpTransport } from './platform/mail/transport.js';
import { readyAddress } from './platform/readyAddress.js';
import { startMetricsListener, type MetricsListener } from './platform/http/metricsRoutes.js';

async function main(): Promise<void> {
  const config = configOrExit();
  warnAboutMissingBuilds(config);
  let db: Database;
  try {
    db = await openDatabase(config);
  } catch (error) {
    fail(describeError(error));
  }
  const outbox = await outboxOf(config, db);
  const running: Running = { db, outbox };
  stopOnSignals(running);
  const app = await startSite(config, running);
  sayHowItRuns(config, app, db);
}

/** What a stop closes, in this order: the metrics' listener and the app (once started), the outbox worker, the database. */
interface Running {
  app?: FastifyInstance;
  metrics?: MetricsListener;
  outbox: OutboxWorker | undefined;
  db: Database;
}

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

/** Mail delivery runs only with SMTP configured; without it submissions wait in the outbox. */
async function outboxOf(config: Config, db: Database): Promise<OutboxWorker | undefined> {
  const { smtpUrl, from } = config.mail;
  if (smtpUrl === undefined || from === undefined) return undefined;
  // the quotation and sign-in links in the outbox are sealed with sub-keys of the staff's TOTP keys
  // (quotations/link/linkSeal.ts, accounts/signInMail.ts)
  const keys = await totpSecretBoxOf(config.staff.totpKeys, config.staff.totpKeyFile);
  return createOutboxWorker({
    ...config.mail,
    db,
    transport: createSmtpTransport(smtpUrl),
    composers: siteMailComposers(keys.forPurpose(LINK_SEAL_PURPOSE), db, keys.forPurpose(ACCOUNT_LINK_SEAL_PURPOSE)),
    from,
  });
}

/** SIGINT and SIGTERM close what runs and exit; a second signal, or a stop over 10 s, exits at once. */
function stopOnSignals(running: Running): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    if (stopping) {
      console.error(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    const force = setTimeout(() => {
      console.error('Shutdown took longer than 10 s: exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await running.metrics?.close();
      await running.app?.close();
      await running.outbox?.stop();
      await running.db.close();
      process.exit(0);
    } catch (error) {
      console.error(`Error while shutting down: ${describeError(error)}`);
      process.exit(1);
    }
  };
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));
}

/** Brings the database up to date, then listens and starts the outbox; a failure closes what was opened and exits. */
async function startSite(config: Config, running: Running): Promise<FastifyInstance> {
  const { db, outbox } = running;
  try {
    await runMigrations(db);
    if (await seedCatalogue(db)) console.log('Catalogue: the first start wrote content/data into the database');
    const filled = await fillMissingFilterValues(db);
    if (filled > 0) console.log(`Catalogue: the specification filters read from the details of ${filled} products`);
    running.app = await buildApp(config, db, { onOutboxWrite: () => outbox?.nudge() });
    await running.app.listen({ port: config.port, host: config.host });
    await listenBeside(running.app.staffListener, config.staffSite.port, config.host, {
      what: 'the staff app',
      variable: 'STAFF',
    });
    await listenBeside(running.app.accountListener, config.accountSite.port, config.host, {
      what: "the buyer's account",
      variable: 'ACCOUNT',
    });
    running.metrics = await startMetricsPort(config, running.app);
    outbox?.start();
    return running.app;
  } catch (error) {
    await running.metrics?.close().catch(() => undefined);
    await running.app?.close().catch(() => undefined);
    await db.close().catch(() => undefined);
    fail(startupMessage(error, config));
  }
}

/**
 * A side listener (the staff app's, STAFF_PORT; the buyer's account's, ACCOUNT_PORT) on `port`, unless it is off (its
 * origin's host then reaches PORT); a port it cannot have stops the start, naming the variables that move it.
 */
async function listenBeside(
  listener: SideListener,
  port: number | undefined,
  host: string,
  { what, variable }: { what: string; variable: 'STAFF' | 'ACCOUNT' },
): Promise<void> {
  if (port === undefined) return;
  try {
    await listener.listen(port, host);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    const why = code === 'EADDRINUSE' ? `port ${port} is already in use` : describeError(error);
    throw new Error(
      `Could not serve ${what} on port ${port} (${variable}_PORT; set another, or off with ${variable}_ORIGIN): ${why}`,
      { cause: error },
    );
  }
}

/** The metrics' own listener (METRICS_PORT), when set; a port it cannot have stops the start with the reason. */
async function startMetricsPort(config: Config, app: FastifyInstance): Promise<MetricsListener | undefined> {
  const { port, host } = config.metrics;
  if (port === undefined) return undefined;
  try {
    return await startMetricsListener(app.siteMetrics, { port, host }, (error) =>
      app.log.warn({ err: error }, 'metrics: a scrape failed'),
    );
  } catch (error) {
    throw new Error(
      `Could not serve the metrics on ${host}:${port} (METRICS_PORT, METRICS_HOST): ${describeError(error)}`,
      { cause: error },
    );
  }
}

/** Where the site answers and what it runs with, for its operator. */
function sayHowItRuns(config: Config, app: FastifyInstance, db: Database): void {
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const database = db.kind === 'embedded' ? `embedded PGlite in ${db.location}` : 'PostgreSQL';
  // the public address when set (this process's port too, for its operator), else one this process answers at
  const listening = config.http.publicSiteUrl === undefined ? '' : `listening on port ${port}, `;
  console.log(`Site ready at ${readyAddress(config.http, port)} (${listening}database: ${database})`);
  console.log(`Staff app at ${app.staffSurface.origin()}/staff`);
  console.log(`Buyer's account at ${app.accountSurface.origin()}/account`);
  const { smtpUrl } = config.mail;
  console.log(
    smtpUrl === undefined
      ? 'E-mail delivery is off (SMTP_URL not set): submissions are stored, see npm run submissions'
      : `E-mail delivery is on: the outbox is sent through ${redactUrl(smtpUrl)}`,
  );
  const { metrics } = config;
  if (metrics.port !== undefined)
    console.log(
      `Metrics: http://${metrics.host.includes(':') ? `[${metrics.host}]` : metrics.host}:${metrics.port}/metrics`,
    );
  if (metrics.token !== undefined)
    console.log('Metrics: /metrics on the public port for requests bearing METRICS_TOKEN');
  console.log(
    config.assistant.apiKey === undefined
      ? 'Chat assistant: GEMINI_API_KEY not set, answers come from the knowledge base'
      : `Chat assistant: ${config.assistant.model}, answers from the knowledge base when it fails or takes over ${config.assistant.timeoutMs / 1000} s`,
  );
  // Which build is in front of whom, so an operator sees a canary (or its rollback) took effect.
  for (const { name, canary } of config.remotes) {
    if (canary !== undefined) console.log(`Canary of ${name}: ${canary.percent} % of visitors on ${canary.entry}`);
  }
}

function startupMessage(error: unknown, config: Config): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE') return `Port ${config.port} is already in use: set PORT to another port`;
  if (code === 'EACCES') return `No permission to listen on port ${config.port}: set PORT to a port above 1023`;
  if (code === 'EADDRNOTAVAIL') return `Cannot listen on host ${config.host}: set HOST to an address of this machine`;
  return `Could not start the server: ${describeError(error)}`;
}

function warnAboutMissingBuilds(config: Config): void {
  if (!existsSync(path.join(config.shellDist, 'index.html'))) {
    console.warn(`The shell is not built (${config.shellDist} has no index.html): run npm run build`);
  }
  for (const remote of config.remotes) {
    if (remote.entry.startsWith('/remotes/') && !existsSync(remote.distDir)) {
      console.warn(`Remote ${remote.name} is not built (${remote.distDir} is missing): its pages will show an error`);
    }
    const canaryDir = remote.canary?.distDir;
    if (canaryDir !== undefined && !existsSync(path.join(canaryDir, MANIFEST_FILE))) {
      console.warn(
        `The ${remote.name} canary folder ${canaryDir} has no ${MANIFEST_FILE}: until it has, the visitors put on it fall back to the stable build in their browsers`,
      );
    }
  }
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

main().catch((error: unknown) => {
  console.error('Unexpected startup error:', error);
  process.exit(1);
});
