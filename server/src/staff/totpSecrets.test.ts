// TOTP secrets at rest, attacked: what the database holds after a set-up makes no codes; a sealed secret moved onto
// another account (an attacker who can write rows but not read the key) does not open there; rotation to a new key
// re-seals on start and keeps everyone signing in; a secret sealed before each use had a sub-key of its own still
// opens and is re-sealed; a TOTP secret and a quotation link sealed with the same keys do not open as each other; a
// dropped key no longer opens; a site with no key set gets one of its own in DATA_DIR, kept across starts. On both
// databases.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test, type TestContext } from 'node:test';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { CSRF_HEADER, STAFF_API, type StaffSession, type TotpSetup } from '@site/contracts/staff-api';
import { loadConfig } from '../app/config.js';
import { onPostgres, pgliteTarget, type DatabaseTarget } from '../test-support/databases.js';
import { clearOfStepEdge, codeAt, currentStep, sessionCookieOf } from '../test-support/staffSignIn.js';
import { hashPassword } from './passwords.js';
import { staffRoutes } from './staffRoutes.js';
import { LINK_SEAL_PURPOSE } from '../quotations/index.js';
import { sealAsBefore } from '../test-support/legacySeal.js';
import { accountBinding, localTotpKey, TotpSecretBox, type TotpKey } from './totpSecrets.js';

const PASSWORD = 'amber falcon quietly 71';
const key = (id: string): TotpKey => ({ id, key: randomBytes(32) });

test('a sealed secret opens only for its own row, with a key it was sealed by, untampered', () => {
  const [first, second] = [key('first'), key('second')];
  const box = new TotpSecretBox([first]);
  const sealed = box.seal('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', accountBinding(7));
  assert.doesNotMatch(sealed, /JBSWY3DP/);
  assert.match(sealed, /^v2\.first\./);
  assert.equal(box.open(sealed, accountBinding(7)), 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
  assert.equal(box.open(sealed, accountBinding(8)), undefined, 'moved to another account');
  const flipped = sealed.slice(0, -3) + (sealed.at(-3) === 'A' ? 'B' : 'A') + sealed.slice(-2);
  assert.equal(box.open(flipped, accountBinding(7)), undefined, 'tampered');
  assert.equal(new TotpSecretBox([second]).open(sealed, accountBinding(7)), undefined, 'a key it was not sealed by');
  const rotated = new TotpSecretBox([second, first]);
  assert.equal(rotated.open(sealed, accountBinding(7)), 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'an older key still opens');
  assert.equal(rotated.isCurrent(sealed), false);
  assert.equal(rotated.isCurrent(rotated.seal('X', accountBinding(7))), true);
  assert.notEqual(box.seal('SAME', accountBinding(7)), box.seal('SAME', accountBinding(7)), 'a fresh IV each time');
});

test('each use has a sub-key of its own: a TOTP secret opens no link and a link no TOTP secret; values sealed before sub-keys still open', () => {
  const shared = key('site');
  const totp = new TotpSecretBox([shared]);
  const links = totp.forPurpose(LINK_SEAL_PURPOSE);
  // the same row binding on both sides, so only the sub-key tells them apart
  const binding = 'row:7';
  const secret = totp.seal('JBSWY3DPEHPK3PXP', binding);
  const link = links.seal('https://www.crescent.example/quotation/abc', binding);
  assert.equal(totp.open(secret, binding), 'JBSWY3DPEHPK3PXP');
  assert.equal(links.open(link, binding), 'https://www.crescent.example/quotation/abc');
  assert.equal(links.open(secret, binding), undefined, 'a TOTP secret is no link');
  assert.equal(totp.open(link, binding), undefined, 'a link is no TOTP secret');
  assert.equal(
    new TotpSecretBox([shared], LINK_SEAL_PURPOSE).open(link, binding),
    'https://www.crescent.example/quotation/abc',
    'the purpose, not the box, makes the sub-key',
  );

  // sealed under the key itself, as before sub-keys: still opened by either use (bound to its row as ever), and
  // re-sealed at the next start (not current)
  const before = sealAsBefore(shared, 'JBSWY3DPEHPK3PXP', accountBinding(7));
  assert.equal(totp.open(before, accountBinding(7)), 'JBSWY3DPEHPK3PXP');
  assert.equal(totp.isCurrent(before), false);
  assert.equal(
    links.open(sealAsBefore(shared, 'https://x.example/quotation/t', 'quotation-link:3'), 'quotation-link:3'),
    'https://x.example/quotation/t',
  );
  assert.equal(totp.open(before, accountBinding(8)), undefined, 'moved to another row');
  assert.equal(
    new TotpSecretBox([key('site')]).open(before, accountBinding(7)),
    undefined,
    'another key of the same id',
  );
  // a plain secret from before sealing is a TOTP secret's only
  assert.equal(totp.open('JBSWY3DPEHPK3PXP', binding), 'JBSWY3DPEHPK3PXP');
  assert.equal(links.open('JBSWY3DPEHPK3PXP', binding), undefined);
});

test('STAFF_TOTP_KEYS: id:key pairs of 32 bytes, refused otherwise without echoing a key', () => {
  const good = randomBytes(32).toString('base64');
  const config = loadConfig({ STAFF_TOTP_KEYS: `new:${good}, old:${randomBytes(32).toString('base64')}` });
  assert.deepEqual(
    config.staff.totpKeys?.map(({ id }) => id),
    ['new', 'old'],
  );
  assert.equal(loadConfig({}).staff.totpKeys, undefined);
  const short = randomBytes(16).toString('base64');
  for (const value of [`k:${short}`, good, `UPPER:${good}`, `k:${good},k:${good}`]) {
    assert.throws(
      () => loadConfig({ STAFF_TOTP_KEYS: value }),
      (error: Error) =>
        /STAFF_TOTP_KEYS must be id:key pairs/.test(error.message) &&
        !error.message.includes(good) &&
        !error.message.includes(short),
      value,
    );
  }
});

test('without STAFF_TOTP_KEYS a key is made once in DATA_DIR, readable by its owner only, and kept', async (t) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'totp-key-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'nested', 'staff-totp.key');
  const [made, again] = [await localTotpKey(file), await localTotpKey(file)];
  assert.deepEqual(again.key, made.key);
  assert.equal((await stat(file)).mode & 0o777, 0o600);
  assert.equal(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64').length, 32);
});

async function totpAtRestSuite(t: TestContext, target: DatabaseTarget): Promise<void> {
  const database = await target.fresh();
  t.after(() => database.cleanup());
  const { db } = database;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'totp-rest-'));
  t.after(() => rm(dataDir, { recursive: true, force: true }));

  let app: FastifyInstance | undefined;
  /** The staff routes as a server started with `keys` (undefined: the DATA_DIR key). */
  async function start(keys: readonly TotpKey[] | undefined): Promise<void> {
    await app?.close();
    app = Fastify();
    await app.register(staffRoutes, {
      db,
      sessionIdleMinutes: 30,
      sessionMaxHours: 12,
      totpKeys: keys,
      totpKeyFile: path.join(dataDir, 'staff-totp.key'),
    });
    await app.ready();
  }
  t.after(() => app?.close());
  const call = (
    method: InjectOptions['method'],
    url: string,
    options: { cookie?: string; csrf?: string; body?: unknown } = {},
  ) =>
    app!.inject({
      method,
      url,
      headers: {
        ...(options.cookie === undefined ? {} : { cookie: options.cookie }),
        ...(options.csrf === undefined ? {} : { [CSRF_HEADER]: options.csrf }),
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
    });
  const addAdmin = async (email: string) =>
    (
      await db.query<{ id: number }>(
        `insert into staff_accounts (email, password_hash, role) values ($1, $2, 'admin') returning id`,
        [email, await hashPassword(PASSWORD)],
      )
    )[0]!.id;
  const storedSecret = async (id: number) =>
    (await db.query<{ totp_secret: string | null }>('select totp_secret from staff_accounts where id = $1', [id]))[0]!
      .totp_secret;
  /** Password then a code of `secret` (this step, or a later one: each code works once). */
  async function signInWith(email: string, secret: string, step: number): Promise<number> {
    const first = await call('POST', STAFF_API.signIn, { body: { email, password: PASSWORD } });
    assert.equal(first.json<StaffSession>().state, 'second-factor', first.body);
    return (
      await call('POST', STAFF_API.secondFactor, {
        cookie: sessionCookieOf(first),
        body: { code: codeAt(secret, step) },
      })
    ).statusCode;
  }
  /** An admin's first sign-in: the set-up of the authenticator; returns its secret as the QR code gives it. */
  async function setUp(email: string): Promise<string> {
    const first = await call('POST', STAFF_API.signIn, { body: { email, password: PASSWORD } });
    const session = first.json<StaffSession>();
    assert.equal(session.state, 'totp-setup');
    const cookie = sessionCookieOf(first);
    const setup = (await call('POST', STAFF_API.totpSetup, { cookie, csrf: session.csrfToken })).json<TotpSetup>();
    const pending = await db.query<{ pending_totp_secret: string | null }>(
      'select pending_totp_secret from staff_sessions where pending_totp_secret is not null',
    );
    assert.ok(
      pending.length > 0 && pending.every((row) => !row.pending_totp_secret!.includes(setup.secret)),
      'the set-up in progress is sealed too',
    );
    // the step before this one, so the owner's sign-in below can use this one; never the step before as it ends
    await clearOfStepEdge();
    const confirmed = await call('POST', STAFF_API.totpConfirm, {
      cookie,
      csrf: session.csrfToken,
      body: { code: codeAt(setup.secret, currentStep() - 1) },
    });
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    return setup.secret;
  }

  const [k1, k2] = [key('k1'), key('k2')];
  await start([k1]);
  const victim = await addAdmin('victim@crescent.example');
  const attacker = await addAdmin('attacker@crescent.example');
  const victimSecret = await setUp('victim@crescent.example');
  const attackerSecret = await setUp('attacker@crescent.example');

  // a copy of the database: no secret in it, so no code can be made from it
  const sealed = await storedSecret(victim);
  assert.ok(sealed !== null && !sealed.includes(victimSecret), 'the stored value is not the secret');
  assert.match(sealed, /^v2\.k1\./);
  assert.equal(await signInWith('victim@crescent.example', victimSecret, currentStep()), 200, 'the owner signs in');

  // an attacker who can write rows copies their own sealed secret onto the victim's account: it does not open there
  await db.query('update staff_accounts set totp_secret = $1, totp_last_step = null where id = $2', [
    await storedSecret(attacker),
    victim,
  ]);
  assert.equal(
    await signInWith('victim@crescent.example', attackerSecret, currentStep() + 1),
    401,
    "the attacker's authenticator is refused for the victim",
  );
  await db.query('update staff_accounts set totp_secret = $1, totp_last_step = null where id = $2', [sealed, victim]);

  // rotation: k2 first, k1 kept for reading; the start re-seals every secret under k2
  await start([k2, k1]);
  assert.match((await storedSecret(victim)) ?? '', /^v2\.k2\./);
  assert.match((await storedSecret(attacker)) ?? '', /^v2\.k2\./);
  // then k1 can go
  await start([k2]);
  assert.equal(
    await signInWith('victim@crescent.example', victimSecret, currentStep() + 1),
    200,
    'signs in after the rotation',
  );
  // a secret sealed as before each use had its sub-key (under k2 itself) still opens, and the next start re-seals it
  await db.query('update staff_accounts set totp_secret = $1, totp_last_step = null where id = $2', [
    sealAsBefore(k2, victimSecret, accountBinding(victim)),
    victim,
  ]);
  await start([k2]);
  assert.match((await storedSecret(victim)) ?? '', /^v2\.k2\./);
  assert.equal(
    await signInWith('victim@crescent.example', victimSecret, currentStep()),
    200,
    'signs in with the secret sealed before sub-keys',
  );
  // a server given only the dropped key opens nothing
  await start([k1]);
  assert.equal(
    await signInWith('attacker@crescent.example', attackerSecret, currentStep()),
    401,
    'the old key alone opens nothing',
  );

  // a secret stored before sealing (plain base32) is sealed by the next start, here with the DATA_DIR key
  await db.query('update staff_accounts set totp_secret = $1, totp_last_step = null where id = $2', [
    victimSecret,
    victim,
  ]);
  await start(undefined);
  assert.match((await storedSecret(victim)) ?? '', /^v2\.local\./);
  assert.equal(
    await signInWith('victim@crescent.example', victimSecret, currentStep()),
    200,
    'signs in with the re-sealed secret',
  );
}

test('TOTP secrets at rest on embedded PGlite', async (t) => {
  await totpAtRestSuite(t, pgliteTarget);
});

test('TOTP secrets at rest on PostgreSQL', async (t) => {
  await onPostgres(t, (target) => totpAtRestSuite(t, target));
});
