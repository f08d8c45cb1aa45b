// What the buyer's account's suites run against: each suite once per database, the whole app over a fresh database
// with its account listener on loopback (the account's pages answer there only, as in production), and buyers signed
// in without the mail round trip (the sign-in has its own tests).
import { after, before, describe, test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { BUYER_SESSION_COOKIE } from '../accounts/accountHttp.js';
import { accountOfAddress, createBuyerSession } from '../accounts/buyerSessions.js';
import { buildApp, type BuildAppOptions } from '../app.js';
import { seedCatalogue } from '../catalogue/seed.js';
import type { Database } from '../platform/db/index.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from './databases.js';
import { createFixture, type Fixture } from './fixture.js';
import { listenAccountOnLoopback } from './ports.js';

/** One database's run of a suite. On a PostgreSQL that is not reachable its hooks do nothing and its tests skip. */
export interface DatabaseSuite {
  /** Before the suite's tests: `setUp` is given the database target to build on. */
  before(setUp: (target: DatabaseTarget) => Promise<void>): void;
  after(tearDown: () => Promise<void>): void;
  test(name: string, body: (t: TestContext) => Promise<void>): void;
}

/**
 * Declares '<title> on embedded PGlite' and '<title> on PostgreSQL', each with `body`. PostgreSQL is looked for when
 * its suite starts: unreachable, the reason is logged and each test marked skipped (an error with REQUIRE_POSTGRES=1).
 */
export function onBothDatabases(title: string, body: (suite: DatabaseSuite) => void): void {
  suiteOn(`${title} on embedded PGlite`, async () => pgliteTarget, body);
  suiteOn(`${title} on PostgreSQL`, postgresIfReachable, body);
}

async function postgresIfReachable(): Promise<DatabaseTarget | undefined> {
  let chosen: DatabaseTarget | undefined;
  // onPostgres logs why it is not reachable; the suite's tests skip themselves (a hook cannot mark them)
  await onPostgres({ skip: () => undefined }, async (target) => {
    chosen = target;
  });
  return chosen;
}

function suiteOn(
  name: string,
  targetOf: () => Promise<DatabaseTarget | undefined>,
  body: (suite: DatabaseSuite) => void,
): void {
  describe(name, () => {
    let target: DatabaseTarget | undefined;
    // registered first, so it runs before the body's own hooks
    before(async () => {
      target = await targetOf();
    });
    body({
      before: (setUp) => {
        before(async () => {
          if (target !== undefined) await setUp(target);
        });
      },
      after: (tearDown) => {
        after(async () => {
          if (target !== undefined) await tearDown();
        });
      },
      test: (testName, run) => {
        test(testName, async (t) => {
          if (target === undefined) {
            t.skip('PostgreSQL not reachable');
            return;
          }
          await run(t);
        });
      },
    });
  });
}

/** The whole app on a fresh database, its account listener on loopback. */
export interface AccountApp {
  fixture: Fixture;
  db: Database;
  app: FastifyInstance;
  /** The account listener's origin, http://127.0.0.1:<port>. */
  origin: string;
  /** Closes the app, then removes its database and fixture. */
  close(): Promise<void>;
}

export interface AccountAppOptions {
  /** Extra environment for the fixture's config. */
  env?: Record<string, string>;
  /** Writes the site's catalogue first, as the server's first start does. */
  seedCatalogue?: boolean;
  /** buildApp's options (the outbox's nudge, say). */
  appOptions?: BuildAppOptions;
}

export async function startAccountApp(
  target: DatabaseTarget,
  { env = {}, seedCatalogue: seeded = false, appOptions = {} }: AccountAppOptions = {},
): Promise<AccountApp> {
  const fixture = await createFixture({ env });
  const database = await target.fresh();
  const { db } = database;
  if (seeded) await seedCatalogue(db);
  const app = await buildApp(fixture.config, db, appOptions);
  const origin = await listenAccountOnLoopback(app);
  return {
    fixture,
    db,
    app,
    origin,
    async close() {
      await app.close();
      await database.cleanup();
      await fixture.cleanup();
    },
  };
}

/**
 * A buyer of `email` signed in on a device: the account (made as at a first sign-in) and the session's cookie, as the
 * account listener reads it over plain HTTP.
 */
export async function signedInBuyer(
  db: Pick<Database, 'kysely'>,
  email: string,
): Promise<{ accountId: number; cookie: string }> {
  const accountId = await accountOfAddress(db.kysely, email, Date.now());
  const token = await createBuyerSession(db.kysely, accountId, 'test', Date.now());
  return { accountId, cookie: `${BUYER_SESSION_COOKIE.http}=${token}` };
}

/** Two buyers of two companies: a suite's own buyer and the one who must see none of it. */
export const TWO_COMPANIES = { a: 'buyer@one-contracting.example', b: 'buyer@two-trading.example' } as const;

/** Each address of `emails` signed in (signedInBuyer), by the same keys. */
export async function signedInBuyers<Key extends string>(
  db: Pick<Database, 'kysely'>,
  emails: Readonly<Record<Key, string>>,
): Promise<Record<Key, { accountId: number; cookie: string }>> {
  const entries = Object.entries(emails) as [Key, string][];
  const signed = await Promise.all(entries.map(async ([key, email]) => [key, await signedInBuyer(db, email)] as const));
  return Object.fromEntries(signed) as Record<Key, { accountId: number; cookie: string }>;
}
