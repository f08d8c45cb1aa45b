// A QA deployment of this checkout's build on this machine, to run the suites pinned to a registered catalogue canary
// against (docs/releases.md, "Test the canary before promoting it"): two server processes on one PostgreSQL schema
// and Redis behind a round-robin balancer on loopback, configured as a QA site, with a copy of the built catalogue
// registered through the release API (`npm run remotes -- register`) and put in front of 50 % of the visitors, so its
// pages are served from /remotes/catalogue/builds/<sha-256>/.
//
//   npx tsx tests/scripts/qa-deployment.ts                       # start it, print its address, stop on Ctrl-C
//   npx tsx tests/scripts/qa-deployment.ts --canary catalogue --grep @catalogue --workers=1
//                                                                # start it, run `npm run test:e2e -- --site <it> …`, stop
//
// Needs the build (`npm run build`), PostgreSQL (TEST_DATABASE_URL, else the server tests' default) and Redis
// (TEST_REDIS_URL, else redis://127.0.0.1:6379). Everything it makes (the schema, the folders) goes when it stops.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request as playwrightRequest } from '@playwright/test';
import type { CreatedReleaseToken } from '@site/contracts/releases-api';
import { CSRF_HEADER, STAFF_API } from '@site/contracts/staff-api';
import { copyCatalogueWithMessages } from '../support/release';
import { findPostgres, findRedis, freshSchema } from '../support/services';
import { freePort, REPO_ROOT, startSite, type RunningSite } from '../support/site-server';
import { addStaffAccount, ADMIN, firstAdminSignIn } from '../support/staff';

/** The release registered as the canary, and the folder the pipeline put its build in (REMOTE_CATALOGUE_CANARY_DIR). */
const CANARY_VERSION = 'qa-canary.1';
const CANARY_FOLDER_ENTRY = '/remotes/catalogue/canary/mf-manifest.json';

/** A QA site's limits (docs/testing-a-deployed-site.md): a run's posts, reviews and load reports from one address. */
const QA_SITE = { SUBMIT_RATE_LIMIT_MAX: '10000', REVIEWS_PER_PRODUCT_MAX: '0', RELEASE_REPORTS_PER_MINUTE: '0' };

/** A balancer on loopback that hands each request to the next process in turn, saying whom it came from. */
function balancer(port: number, targets: RunningSite[]): Promise<Server> {
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const target = new URL(targets[next++ % targets.length]!.url);
    const forwarded = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: {
          ...incoming.headers,
          'x-forwarded-for': incoming.socket.remoteAddress ?? '127.0.0.1',
          'x-forwarded-proto': 'http',
        },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', (error) => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end(`balancer: ${error.message}`);
    });
    incoming.pipe(forwarded);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** The admin signs in (password, then the second factor's set-up) and makes a release token for the catalogue. */
async function catalogueReleaseToken(site: string): Promise<string> {
  const staff = await playwrightRequest.newContext({ baseURL: site });
  try {
    const session = await firstAdminSignIn(staff);
    const made = await staff.post(STAFF_API.releaseTokens, {
      headers: { [CSRF_HEADER]: session.csrfToken },
      data: { name: 'QA pipeline', remotes: ['catalogue'], expiresInDays: 1 },
    });
    if (made.status() !== 201) throw new Error(`the release token answered ${made.status()}: ${await made.text()}`);
    return ((await made.json()) as CreatedReleaseToken).token;
  } finally {
    await staff.dispose();
  }
}

/** Runs `npm run <script> -- <args>` in the repository; its exit code. */
function npmRun(script: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
}

async function main(): Promise<number> {
  const postgres = await findPostgres();
  const redis = await findRedis();
  if ('reason' in postgres) throw new Error(postgres.reason);
  if ('reason' in redis) throw new Error(redis.reason);

  const work = mkdtempSync(path.join(tmpdir(), 'site-qa-deployment-'));
  const schema = await freshSchema(postgres.url, 'qa');
  const sites: RunningSite[] = [];
  let front: Server | undefined;
  try {
    const canaryFolder = path.join(work, 'mfe-catalogue');
    copyCatalogueWithMessages(canaryFolder, []); // the build as it is: the suites expect this repository's texts
    const port = await freePort();
    const site = `http://127.0.0.1:${port}`;
    const env = {
      ...QA_SITE,
      PUBLIC_SITE_URL: site,
      ALLOWED_HOSTS: '127.0.0.1',
      TRUST_PROXY: 'loopback',
      DATABASE_URL: schema.url,
      REDIS_URL: redis.url,
      REMOTE_CATALOGUE_CANARY_DIR: canaryFolder,
      REMOTE_BUILDS_DIR: path.join(work, 'remote-builds'),
    };
    // one after the other: both run the migrations on the same schema; the second finds them applied
    sites.push(await startSite(env));
    sites.push(await startSite(env));
    front = await balancer(port, sites);
    await addStaffAccount(sites[0]!.dataDir, ADMIN, schema.url);
    // one process: the second factor's set-up waits for its code in the process that began it
    const token = await catalogueReleaseToken(sites[0]!.url);
    const release = { SITE_RELEASE_TOKEN: token };
    if (
      (await npmRun(
        'remotes',
        ['register', 'catalogue', CANARY_VERSION, CANARY_FOLDER_ENTRY, '--site', site],
        release,
      )) !== 0
    )
      return 1;
    if (
      (await npmRun(
        'remotes',
        ['canary', 'catalogue', '--percent', '50', '--release', CANARY_VERSION, '--site', site],
        release,
      )) !== 0
    )
      return 1;
    console.log(
      `QA deployment at ${site}: two processes (${sites.map(({ url }) => url).join(', ')}), the catalogue's canary ${CANARY_VERSION} at 50 %`,
    );

    const e2eArgs = process.argv.slice(2);
    if (e2eArgs.length > 0) return await npmRun('test:e2e', ['--site', site, ...e2eArgs]);
    console.log('Ctrl-C stops it.');
    await new Promise((resolve) => process.once('SIGINT', resolve));
    return 0;
  } finally {
    front?.close();
    await Promise.all(sites.map((running) => running.stop()));
    await schema.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
