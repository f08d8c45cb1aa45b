// `npm run staff`, as people run it: its commands (staffCli, the code server/scripts/staff.ts runs) with the password
// given as piped standard input would give it, against an embedded database in a temp folder and a fresh PostgreSQL
// schema; one test runs the script itself as a child process, to prove the program starts, reads a piped password and
// exits with the codes. What it writes is then used through the app: the accounts sign in, disable and reset-password
// end their sessions, the audit log has each line.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, type TestContext } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { STAFF_API, type StaffSession } from '@site/contracts/staff-api';
import { buildApp } from '../app.js';
import { openDatabase, type Database } from '../platform/db/index.js';
import { emptySchemaOrSkip, placeMigratedDatabase } from '../test-support/databases.js';
import { createFixture, type Fixture } from '../test-support/fixture.js';
import { onStaffOrigin } from '../test-support/staffSignIn.js';
import { staffCli } from './cli.js';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PASSWORD = 'amber falcon quietly 71';
const NEW_PASSWORD = 'copper kettle singing 4';

interface CliResult {
  code: number | null;
  out: string;
  err: string;
}

/** Where the CLI's database lives, and how the test opens it (PGlite: only while no CLI runs). */
interface Place {
  env: Record<string, string>;
  open(): Promise<Database>;
  cleanup(): Promise<void>;
}

/** A command in this process: what server/scripts/staff.ts does with piped standard input (its first line). */
async function runCli(place: Place, args: string[], stdin = ''): Promise<CliResult> {
  let out = '';
  let err = '';
  const code = await staffCli(
    args,
    { ...place.env },
    {
      out: (text) => (out += text),
      err: (text) => (err += text),
      readPassword: async () => stdin.split(/\r?\n/)[0] ?? '',
    },
  );
  return { code, out, err };
}

/** The script itself, as `npm run staff` starts it: a child process with the password piped in. */
function runCliProcess(place: Place, args: string[], stdin = ''): Promise<CliResult> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATABASE_URL: undefined,
    DATA_DIR: undefined,
    LOG_LEVEL: undefined,
    ...place.env,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/staff.ts', ...args], {
      cwd: SERVER_DIR,
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
    child.stdin.end(stdin);
  });
}

/**
 * `refusals`: whether to try the table of refused commands here. They are decided by the same code on either database
 * (an embedded one costs seconds to open per command), so one database's suite tries them.
 */
async function cliSuite(t: TestContext, place: Place, { refusals: tryRefusals }: { refusals: boolean }): Promise<void> {
  let fixture: Fixture;
  t.before(async () => {
    fixture = await createFixture({ env: { SUBMIT_RATE_LIMIT_MAX: '0' } });
  });
  t.after(async () => {
    await fixture?.cleanup();
    await place.cleanup();
  });
  const cli = (args: string[], stdin = '') => runCli(place, args, stdin);
  /** The app on the CLI's database for a while (an embedded database takes one process at a time). */
  const withApp = async (use: (app: FastifyInstance, db: Database) => Promise<void>) => {
    const db = await place.open();
    const app = await buildApp(fixture.config, db);
    try {
      await use(app, db);
    } finally {
      await app.close();
      await db.close();
    }
  };
  let address = 0;
  const signIn = (app: FastifyInstance, email: string, password: string) =>
    app.inject({
      method: 'POST',
      url: STAFF_API.signIn,
      remoteAddress: `198.19.0.${++address}`,
      headers: { ...onStaffOrigin(app), 'content-type': 'application/json' },
      payload: JSON.stringify({ email, password }),
    });
  let generated = '';

  await t.test('add: admins and branch staff, the password piped in or generated; clear refusals', async () => {
    let res = await cli(['add', 'Admin@Crescent.example', '--role', 'admin'], `${PASSWORD}\n`);
    assert.equal(res.code, 0, res.err);
    assert.match(
      res.out,
      /^Added admin admin@crescent\.example \(account \d+\)\.\nAt their first sign-in they set up an authenticator app/,
    );
    res = await cli(['add', 'dubai.staff@crescent.example', '--role', 'branch', '--branch', 'Saudi'], `${PASSWORD}\n`);
    assert.equal(res.code, 0, res.err);
    assert.match(res.out, /^Added branch staff \(Saudi Arabia\) dubai\.staff@crescent\.example/);
    res = await cli([
      'add',
      'oman.staff@crescent.example',
      '--role',
      'branch',
      '--branch',
      'oman',
      '--generate-password',
    ]);
    assert.equal(res.code, 0, res.err);
    generated = /^Password \(shown once; hand it over by a safe channel\): (\S+)$/m.exec(res.out)?.[1] ?? '';
    assert.ok(generated.length >= 20, res.out);
    res = await cli(['add', 'catalogue.editor@crescent.example', '--role', 'catalogue'], `${PASSWORD}\n`);
    assert.equal(res.code, 0, res.err);
    assert.match(
      res.out,
      /^Added catalogue editor catalogue\.editor@crescent\.example \(account \d+\)\.\nAt their first sign-in they set up an authenticator app/,
    );
    res = await cli(
      ['add', 'release.team@crescent.example', '--role', 'release', '--remotes', 'Chat, catalogue'],
      `${PASSWORD}\n`,
    );
    assert.equal(res.code, 0, res.err);
    assert.match(
      res.out,
      /^Added release staff \(catalogue, chat\) release\.team@crescent\.example \(account \d+\)\.\nAt their first sign-in they set up an authenticator app/,
    );

    const refusals: [string[], string, number, RegExp][] = [
      [
        ['add', 'admin@crescent.example', '--role', 'admin'],
        PASSWORD,
        1,
        /^An account for admin@crescent\.example already exists\.\n$/,
      ],
      [['add', 'ADMIN@crescent.example', '--role', 'admin'], PASSWORD, 1, /already exists/],
      [['add', 'weak@crescent.example', '--role', 'admin'], 'Password2024!\n', 1, /one of the most common passwords/],
      [['add', 'weak@crescent.example', '--role', 'admin'], 'short\n', 1, /at least 12 characters/],
      [['add', 'weak@crescent.example', '--role', 'admin'], '', 1, /No password given/],
      [
        ['add', 'x@crescent.example', '--role', 'branch'],
        PASSWORD,
        2,
        /Branch staff need --branch Dubai, Oman, Bahrain or Saudi/,
      ],
      [
        ['add', 'x@crescent.example', '--role', 'admin', '--branch', 'Dubai'],
        PASSWORD,
        2,
        /Admins see every branch: leave out --branch/,
      ],
      [['add', 'x@crescent.example', '--role', 'branch', '--branch', 'Qatar'], PASSWORD, 2, /Unknown branch "Qatar"/],
      [
        ['add', 'x@crescent.example', '--role', 'owner'],
        PASSWORD,
        2,
        /--role admin, --role branch, --role catalogue or --role release/,
      ],
      [
        ['add', 'x@crescent.example', '--role', 'release'],
        PASSWORD,
        2,
        /The release role needs --remotes with one or more of catalogue, company, contact, chat/,
      ],
      [
        ['add', 'x@crescent.example', '--role', 'release', '--remotes', 'catalogue,shop'],
        PASSWORD,
        2,
        /Unknown remote "shop"/,
      ],
      [
        ['add', 'x@crescent.example', '--role', 'release', '--remotes', ' , '],
        PASSWORD,
        2,
        /--remotes must name one or more of/,
      ],
      [
        ['add', 'x@crescent.example', '--role', 'release', '--remotes', 'chat', '--branch', 'Oman'],
        PASSWORD,
        2,
        /The release role belongs to no branch/,
      ],
      [
        ['add', 'x@crescent.example', '--role', 'catalogue', '--remotes', 'chat'],
        PASSWORD,
        2,
        /Only the release role has --remotes/,
      ],
      [
        ['add', 'x@crescent.example', '--role', 'catalogue', '--branch', 'Dubai'],
        PASSWORD,
        2,
        /The catalogue role belongs to no branch: leave out --branch/,
      ],
      [['add', 'not-an-address', '--role', 'admin'], PASSWORD, 2, /is not an e-mail address/],
      [['disable', 'admin@crescent.example', '--role', 'admin'], '', 2, /disable does not take --role/],
      [['frobnicate'], '', 2, /Unknown command "frobnicate"/],
      [[], '', 2, /Name a command/],
      [['add', 'x@crescent.example', '--bogus'], '', 2, /Unknown option '--bogus'/],
      [
        ['reset-password', 'nobody@crescent.example'],
        PASSWORD,
        1,
        /^There is no account for nobody@crescent\.example\.\n$/,
      ],
    ];
    for (const [args, stdin, code, error] of tryRefusals ? refusals : []) {
      res = await cli(args, stdin);
      assert.equal(res.code, code, `${args.join(' ')}: ${res.err}`);
      assert.match(res.err, error, args.join(' '));
    }
    const usage = await cli(['--help']);
    assert.equal(usage.code, 0);
    assert.match(usage.out, /^Usage: npm run staff -- <command>/);
  });

  await t.test('list shows every account; the accounts sign in with their passwords', async () => {
    const res = await cli(['list']);
    assert.equal(res.code, 0, res.err);
    const lines = res.out.trimEnd().split('\n');
    assert.match(lines[0]!, /^id\s+e-mail\s+role\s+branch\s+state\s+TOTP\s+last sign-in$/);
    assert.equal(lines.length, 6);
    assert.match(res.out, /release\.team@crescent\.example\s+release \(catalogue, chat\)\s+-\s+enabled/);
    assert.match(res.out, /admin@crescent\.example\s+admin\s+all\s+enabled\s+no\s+-/);
    assert.match(res.out, /catalogue\.editor@crescent\.example\s+catalogue\s+-\s+enabled\s+no\s+-/);
    assert.match(res.out, /dubai\.staff@crescent\.example\s+branch\s+Saudi Arabia\s+enabled\s+no/);
    assert.match(res.out, /oman\.staff@crescent\.example\s+branch\s+Oman\s+enabled/);

    await withApp(async (app, db) => {
      const branch = await signIn(app, 'Dubai.Staff@crescent.example', PASSWORD);
      assert.equal(branch.statusCode, 200, branch.body);
      assert.deepEqual(branch.json<StaffSession>().account, {
        id: branch.json<StaffSession>().account.id,
        email: 'dubai.staff@crescent.example',
        role: 'branch',
        branch: 'Saudi Arabia',
      });
      assert.equal(
        (await signIn(app, 'oman.staff@crescent.example', generated)).statusCode,
        200,
        'the generated password',
      );
      const release = await signIn(app, 'release.team@crescent.example', PASSWORD);
      assert.deepEqual(release.json<StaffSession>().account, {
        id: release.json<StaffSession>().account.id,
        email: 'release.team@crescent.example',
        role: 'release',
        branch: null,
        remotes: ['catalogue', 'chat'],
      });
      assert.equal(
        release.json<StaffSession>().state,
        'totp-setup',
        'the release role sets up its second factor first',
      );
      assert.equal(
        (await signIn(app, 'catalogue.editor@crescent.example', PASSWORD)).json<StaffSession>().state,
        'totp-setup',
      );
      assert.equal((await signIn(app, 'admin@crescent.example', PASSWORD)).json<StaffSession>().state, 'totp-setup');
      // pretend the admin set up TOTP, for reset-password --reset-totp below
      await db.query(
        `update staff_accounts set totp_secret = 'JBSWY3DPEHPK3PXP', totp_enabled_at = now() where email = 'admin@crescent.example'`,
      );
      const [stored] = await db.query<{ password_hash: string }>(
        `select password_hash from staff_accounts where email = 'dubai.staff@crescent.example'`,
      );
      assert.match(stored!.password_hash, /^\$argon2id\$/);
    });
  });

  await t.test(
    'disable and reset-password end the account’s sessions; --reset-totp clears the second factor; all audited',
    async () => {
      let res = await cli(['disable', 'dubai.staff@crescent.example']);
      assert.equal(res.code, 0, res.err);
      assert.equal(res.out, 'Disabled dubai.staff@crescent.example; 1 session ended.\n');
      res = await cli(['reset-password', 'oman.staff@crescent.example'], `${NEW_PASSWORD}\n`);
      assert.equal(res.code, 0, res.err);
      assert.equal(res.out, 'New password set for oman.staff@crescent.example; 1 session ended.\n');
      res = await cli(['reset-password', 'admin@crescent.example', '--reset-totp'], 'password\n');
      assert.equal(res.code, 1, 'a weak new password is refused');
      res = await cli(['reset-password', 'admin@crescent.example', '--reset-totp', '--generate-password']);
      assert.equal(res.code, 0, res.err);
      const adminPassword = /: (\S+)$/m.exec(res.out)?.[1] ?? '';
      assert.match(res.out, /Their second factor and recovery codes are cleared/);
      res = await cli(['list']);
      assert.match(res.out, /dubai\.staff@crescent\.example\s+branch\s+Saudi Arabia\s+disabled/);

      await withApp(async (app, db) => {
        assert.equal((await signIn(app, 'dubai.staff@crescent.example', PASSWORD)).statusCode, 401, 'disabled');
        assert.equal((await signIn(app, 'oman.staff@crescent.example', generated)).statusCode, 401, 'the old password');
        assert.equal((await signIn(app, 'oman.staff@crescent.example', NEW_PASSWORD)).statusCode, 200, 'the new one');
        const admin = await signIn(app, 'admin@crescent.example', adminPassword);
        assert.equal(admin.json<StaffSession>().state, 'totp-setup', 'TOTP to be set up again');
        const audit = await db.query<{ actor_id: number | null; action: string; target: string; detail: string }>(
          `select actor_id, action, target, detail from staff_audit_log where detail like 'cli%' order by id`,
        );
        assert.deepEqual(
          audit.map((row) => row.action),
          [
            'account added',
            'account added',
            'account added',
            'account added',
            'account added',
            'account disabled',
            'password reset',
            'password reset',
          ],
        );
        assert.ok(audit.every((row) => row.actor_id === null && /^account:\d+$/.test(row.target)));
        assert.match(audit[1]!.detail, /^cli; dubai\.staff@crescent\.example, branch, Saudi Arabia$/);
        assert.match(audit[4]!.detail, /^cli; release\.team@crescent\.example, release, catalogue chat$/);
        assert.match(audit[7]!.detail, /^cli; second factor reset; \d+ sessions ended$/);
      });
      res = await cli(['enable', 'dubai.staff@crescent.example']);
      assert.equal(res.code, 0, res.err);
      await withApp(async (app) => {
        assert.equal((await signIn(app, 'dubai.staff@crescent.example', PASSWORD)).statusCode, 200, 'enabled again');
      });
    },
  );

  await t.test(
    'profile and branch-details: the salesperson’s name and phone, a branch’s seller; refused in words',
    async () => {
      let res = await cli([
        'profile',
        'dubai.staff@crescent.example',
        '--name',
        ' Layla Haddad ',
        '--phone',
        '+971 4 347 1123',
      ]);
      assert.equal(res.code, 0, res.err);
      assert.equal(
        res.out,
        'Quotations dubai.staff@crescent.example sends name Layla Haddad (+971 4 347 1123) as their salesperson.\n',
      );
      res = await cli(['profile', 'dubai.staff@crescent.example', '--name', 'Layla Haddad', '--phone', 'call me']);
      assert.equal(res.code, 1);
      assert.match(res.err, /The phone "call me" is not a phone number/);
      res = await cli(['profile', 'dubai.staff@crescent.example', '--name', 'Layla\u202eHaddad']);
      assert.equal(res.code, 1);
      assert.match(res.err, /The name contains characters that are not allowed/);
      res = await cli(['profile', 'dubai.staff@crescent.example']);
      assert.equal(res.code, 2);
      assert.match(res.err, /profile needs --name/);
      res = await cli([
        'branch-details',
        'Saudi',
        '--legal-name',
        'Crescent Associated Trading Co.',
        '--tax-number',
        '300012345600004',
        '--commercial-registration',
        '2050012345',
      ]);
      assert.equal(res.code, 1);
      assert.match(res.err, /A Saudi VAT number is 15 digits that begin and end with 3/);
      res = await cli([
        'branch-details',
        'Saudi',
        '--legal-name',
        'Crescent Associated Trading Co.',
        '--tax-number',
        '3000 1234 5600 003',
        '--commercial-registration',
        '2050012345',
      ]);
      assert.equal(res.code, 0, res.err);
      assert.equal(res.out, 'Quotations of Saudi Arabia name Crescent Associated Trading Co. as the seller.\n');
      const db = await place.open();
      try {
        assert.deepEqual(await db.query(`select tax_number, commercial_registration from quotation_branch_settings`), [
          { tax_number: '300012345600003', commercial_registration: '2050012345' },
        ]);
        const rows = await db.query<{ display_name: string; direct_phone: string }>(
          "select display_name, direct_phone from staff_accounts where email = 'dubai.staff@crescent.example'",
        );
        assert.deepEqual(rows, [{ display_name: 'Layla Haddad', direct_phone: '+971 4 347 1123' }]);
      } finally {
        await db.close();
      }
    },
  );
}

test('npm run staff on embedded PGlite', async (t) => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-staff-cli-'));
  await placeMigratedDatabase(dataDir);
  await cliSuite(
    t,
    {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir, databaseUrl: undefined }),
      cleanup: () => rm(dataDir, { recursive: true, force: true }),
    },
    { refusals: false },
  );
});

test('npm run staff on PostgreSQL', async (t) => {
  const schema = await emptySchemaOrSkip(t);
  if (schema === undefined) return;
  await cliSuite(
    t,
    {
      env: { DATABASE_URL: schema.url },
      open: () => openDatabase({ databaseUrl: schema.url, dataDir: os.tmpdir() }),
      cleanup: () => schema.drop(),
    },
    { refusals: true },
  );
});

test('npm run staff as a program: a piped password is read, the exit codes say what happened', async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'site-staff-cli-process-'));
  await placeMigratedDatabase(dataDir);
  const place: Place = {
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir, databaseUrl: undefined }),
    cleanup: () => rm(dataDir, { recursive: true, force: true }),
  };
  try {
    const added = await runCliProcess(
      place,
      ['add', 'Piped@Crescent.example', '--role', 'admin'],
      `${PASSWORD}\nignored second line\n`,
    );
    assert.equal(added.code, 0, added.err);
    assert.match(added.out, /^Added admin piped@crescent\.example \(account \d+\)\./);
    const wrong = await runCliProcess(place, ['frobnicate']);
    assert.equal(wrong.code, 2);
    assert.match(wrong.err, /Unknown command "frobnicate"[\s\S]*Usage: npm run staff -- <command>/);
    const db = await place.open();
    try {
      const [stored] = await db.query<{ password_hash: string }>(
        `select password_hash from staff_accounts where email = 'piped@crescent.example'`,
      );
      assert.match(stored?.password_hash ?? '', /^\$argon2id\$/, 'the piped password was stored, hashed');
    } finally {
      await db.close();
    }
  } finally {
    await place.cleanup();
  }
});
