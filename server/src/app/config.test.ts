import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { ConfigError, redactUrl, REMOTE_NAMES } from '../platform/config.js';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  test('defaults', () => {
    const config = loadConfig({});
    assert.equal(config.port, 8080);
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.logLevel, undefined);
    assert.equal(config.databaseUrl, undefined);
    // the repo root is found from this file's location: the folder whose package.json has workspaces
    const pkg: unknown = JSON.parse(readFileSync(path.join(config.repoRoot, 'package.json'), 'utf8'));
    assert.ok(typeof pkg === 'object' && pkg !== null && 'workspaces' in pkg);
    assert.ok(existsSync(path.join(config.repoRoot, 'server', 'src', 'platform', 'config.ts')));
    assert.equal(config.dataDir, path.join(config.repoRoot, '.data'));
    assert.equal(config.shellDist, path.join(config.repoRoot, 'shell', 'dist'));
    assert.equal(config.content.dataDir, path.join(config.repoRoot, 'content', 'data'));
    assert.deepEqual(
      config.remotes.map(({ name, entry, distDir }) => ({ name, entry, distDir })),
      REMOTE_NAMES.map((name) => ({
        name,
        entry: `/remotes/${name}/mf-manifest.json`,
        distDir: path.join(config.repoRoot, `mfe-${name}`, 'dist'),
      })),
    );
    assert.ok(
      config.remotes.every((remote) => remote.canary === undefined),
      'no canary unless configured',
    );
  });

  test('environment overrides', () => {
    const config = loadConfig({
      PORT: '3000',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATA_DIR: 'relative/data',
      DATABASE_URL: 'postgres://app:secret@db.internal:5432/site',
      REMOTE_CATALOGUE_URL: 'https://catalogue.example.com/mf-manifest.json',
      REMOTE_CHAT_URL: '/elsewhere/chat/remoteEntry.js',
      REMOTE_COMPANY_URL: '', // empty counts as unset
    });
    assert.equal(config.port, 3000);
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.logLevel, 'warn');
    assert.equal(config.dataDir, path.resolve('relative/data'));
    assert.equal(config.databaseUrl, 'postgres://app:secret@db.internal:5432/site');
    const entries = Object.fromEntries(config.remotes.map((remote) => [remote.name, remote.entry]));
    assert.deepEqual(entries, {
      catalogue: 'https://catalogue.example.com/mf-manifest.json',
      company: '/remotes/company/mf-manifest.json',
      contact: '/remotes/contact/mf-manifest.json',
      chat: '/elsewhere/chat/remoteEntry.js',
    });
  });

  test('PORT 0 (any free port) is allowed', () => {
    assert.equal(loadConfig({ PORT: '0' }).port, 0);
  });

  for (const bad of ['abc', '-1', '65536', '80.5', '8080x']) {
    test(`bad PORT "${bad}" throws a clear message`, () => {
      assert.throws(
        () => loadConfig({ PORT: bad }),
        (error: unknown) =>
          error instanceof ConfigError &&
          error.message.includes(`PORT must be a whole number from 0 to 65535 (got "${bad}")`),
      );
    });
  }

  test('every problem is listed at once', () => {
    assert.throws(
      () =>
        loadConfig({
          PORT: 'x',
          LOG_LEVEL: 'loud',
          DATABASE_URL: 'mysql://nope',
          REMOTE_CONTACT_URL: 'contact.js',
          REMOTE_CHAT_URL: '//cdn.example.com/chat.json',
          REPO_ROOT: '/definitely/not/here',
        }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.equal(error.problems.length, 6, error.message);
        assert.match(error.message, /LOG_LEVEL must be one of/);
        assert.match(error.message, /DATABASE_URL must be a PostgreSQL connection string/);
        assert.match(
          error.message,
          /REMOTE_CONTACT_URL must be an absolute http\(s\) URL or a path starting with "\/"/,
        );
        assert.match(error.message, /REMOTE_CHAT_URL/);
        assert.match(error.message, /REPO_ROOT must be an existing folder/);
        return true;
      },
    );
  });

  test('redactUrl hides the password', () => {
    assert.equal(redactUrl('postgres://app:secret@db:5432/site'), 'postgres://app:***@db:5432/site');
    assert.equal(redactUrl('postgres://db/site'), 'postgres://db/site');
  });
});

describe('loadConfig: submissions and mail', () => {
  test('defaults: 10 submissions per client a minute in memory, one review of a product a day; no mail', () => {
    const config = loadConfig({});
    assert.deepEqual(config.submissions, {
      rateLimitMax: 10,
      rateLimitWindowMs: 60_000,
      redisUrl: undefined,
      reviewsPerProductMax: 1,
      reviewsPerProductWindowMs: 86_400_000,
      quoteConfirmationsPerHour: 60,
    });
    assert.deepEqual(config.mail, {
      smtpUrl: undefined,
      from: undefined,
      retryBaseMs: 30_000,
      retryMaxMs: 3_600_000,
      pollMs: 10_000,
    });
  });

  test('environment overrides', () => {
    const config = loadConfig({
      SUBMIT_RATE_LIMIT_MAX: '0',
      SUBMIT_RATE_LIMIT_WINDOW_SECONDS: '300',
      REDIS_URL: 'redis://127.0.0.1:6379/2',
      REVIEWS_PER_PRODUCT_MAX: '3',
      REVIEWS_PER_PRODUCT_WINDOW_SECONDS: '3600',
      QUOTE_CONFIRMATIONS_PER_HOUR: '0',
      SMTP_URL: 'smtps://site:secret@mail.example.com:465',
      MAIL_FROM: 'Website <website@example.com>',
      MAIL_RETRY_BASE_SECONDS: '0.5',
      MAIL_RETRY_MAX_SECONDS: '60',
      MAIL_POLL_SECONDS: '2',
    });
    assert.deepEqual(config.submissions, {
      rateLimitMax: 0,
      rateLimitWindowMs: 300_000,
      redisUrl: 'redis://127.0.0.1:6379/2',
      reviewsPerProductMax: 3,
      reviewsPerProductWindowMs: 3_600_000,
      quoteConfirmationsPerHour: 0,
    });
    assert.deepEqual(config.mail, {
      smtpUrl: 'smtps://site:secret@mail.example.com:465',
      from: 'Website <website@example.com>',
      retryBaseMs: 500,
      retryMaxMs: 60_000,
      pollMs: 2_000,
    });
  });

  test('bad values are listed with what to write instead, without echoing secrets', () => {
    assert.throws(
      () =>
        loadConfig({
          SUBMIT_RATE_LIMIT_MAX: 'many',
          SUBMIT_RATE_LIMIT_WINDOW_SECONDS: '0',
          REVIEWS_PER_PRODUCT_MAX: '-1',
          REVIEWS_PER_PRODUCT_WINDOW_SECONDS: 'a day',
          REDIS_URL: 'http://user:redispass@cache:6379',
          SMTP_URL: 'mailto:user:smtppass@mail',
          MAIL_RETRY_BASE_SECONDS: '-1',
          MAIL_POLL_SECONDS: 'soon',
        }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.equal(error.problems.length, 9, error.message);
        assert.match(error.message, /SUBMIT_RATE_LIMIT_MAX must be a whole number of 0 or more \(got "many"\)/);
        assert.match(error.message, /SUBMIT_RATE_LIMIT_WINDOW_SECONDS must be a number of seconds above 0/);
        assert.match(error.message, /REVIEWS_PER_PRODUCT_MAX must be a whole number of 0 or more \(got "-1"\)/);
        assert.match(
          error.message,
          /REVIEWS_PER_PRODUCT_WINDOW_SECONDS must be a number of seconds above 0, e\.g\. 30 or 0\.5 \(got "a day"\)/,
        );
        assert.match(error.message, /REDIS_URL must be a Redis URL such as redis:\/\/127\.0\.0\.1:6379/);
        assert.match(error.message, /SMTP_URL must be an SMTP URL/);
        assert.match(error.message, /MAIL_FROM must be set when SMTP_URL is set/);
        assert.match(error.message, /MAIL_RETRY_BASE_SECONDS must be a number of seconds above 0/);
        assert.match(error.message, /MAIL_POLL_SECONDS/);
        assert.doesNotMatch(error.message, /redispass|smtppass/);
        return true;
      },
    );
  });

  test('MAIL_FROM must be one address; the retry maximum not below the base', () => {
    assert.throws(() => loadConfig({ MAIL_FROM: 'nobody' }), /MAIL_FROM must be one e-mail address/);
    assert.throws(
      () => loadConfig({ MAIL_RETRY_BASE_SECONDS: '60', MAIL_RETRY_MAX_SECONDS: '30' }),
      /MAIL_RETRY_MAX_SECONDS must not be less than MAIL_RETRY_BASE_SECONDS/,
    );
  });
});

describe('loadConfig: canary release of a remote', () => {
  const canaryDir = mkdtempSync(path.join(os.tmpdir(), 'canary-build-'));
  after(() => rmSync(canaryDir, { recursive: true, force: true }));
  const canaryOf = (env: Record<string, string>, name = 'catalogue') =>
    loadConfig(env).remotes.find((remote) => remote.name === name)?.canary;

  test('a URL and a percent', () => {
    assert.deepEqual(
      canaryOf({
        REMOTE_CATALOGUE_CANARY_URL: 'https://cdn.example.com/catalogue/2026-12-01/mf-manifest.json',
        REMOTE_CATALOGUE_CANARY_PERCENT: '25',
      }),
      { entry: 'https://cdn.example.com/catalogue/2026-12-01/mf-manifest.json', percent: 25, distDir: undefined },
    );
    // a path on this site served by something else (a proxy) is fine too; the stable entry is unchanged
    const config = loadConfig({
      REMOTE_CHAT_CANARY_URL: '/next/chat/mf-manifest.json',
      REMOTE_CHAT_CANARY_PERCENT: '100',
    });
    const chat = config.remotes.find((remote) => remote.name === 'chat');
    assert.deepEqual(chat?.canary, { entry: '/next/chat/mf-manifest.json', percent: 100, distDir: undefined });
    assert.equal(chat?.entry, '/remotes/chat/mf-manifest.json');
  });

  test('a folder on this disk: served at /remotes/<name>/canary/, the URL defaults to its manifest there; percent defaults to 0', () => {
    assert.deepEqual(canaryOf({ REMOTE_CATALOGUE_CANARY_DIR: canaryDir }), {
      entry: '/remotes/catalogue/canary/mf-manifest.json',
      percent: 0,
      distDir: canaryDir,
    });
    assert.deepEqual(
      canaryOf(
        {
          REMOTE_COMPANY_CANARY_DIR: canaryDir,
          REMOTE_COMPANY_CANARY_PERCENT: '0',
          REMOTE_COMPANY_CANARY_URL: '/remotes/company/canary/remoteEntry.js',
        },
        'company',
      ),
      {
        entry: '/remotes/company/canary/remoteEntry.js',
        percent: 0,
        distDir: canaryDir,
      },
    );
  });

  test('a percent without a URL or folder is no canary (removing the URL is a rollback, not a failed start)', () => {
    assert.equal(canaryOf({ REMOTE_CATALOGUE_CANARY_PERCENT: '50' }), undefined);
    assert.equal(canaryOf({ REMOTE_CATALOGUE_CANARY_PERCENT: '50', REMOTE_CATALOGUE_CANARY_URL: '' }), undefined);
  });

  for (const bad of ['abc', '-1', '101', '50.5', '50%', '1e2']) {
    test(`bad REMOTE_CATALOGUE_CANARY_PERCENT "${bad}" throws a clear message`, () => {
      assert.throws(
        () => loadConfig({ REMOTE_CATALOGUE_CANARY_DIR: canaryDir, REMOTE_CATALOGUE_CANARY_PERCENT: bad }),
        (error: unknown) =>
          error instanceof ConfigError &&
          error.problems.length === 1 &&
          error.message.includes(
            `REMOTE_CATALOGUE_CANARY_PERCENT must be a whole number from 0 to 100, the share of visitors on the canary (got "${bad}")`,
          ),
      );
    });
  }

  test('a bad URL, a missing folder, and a URL under /remotes/<name>/canary/ without a folder are each listed', () => {
    assert.throws(
      () =>
        loadConfig({
          REMOTE_CATALOGUE_CANARY_URL: 'catalogue-next.json',
          REMOTE_COMPANY_CANARY_DIR: path.join(canaryDir, 'not-there'),
          REMOTE_CONTACT_CANARY_URL: '/remotes/contact/canary/mf-manifest.json',
          REMOTE_CHAT_CANARY_PERCENT: 'half',
        }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.equal(error.problems.length, 4, error.message);
        assert.match(
          error.message,
          /REMOTE_CATALOGUE_CANARY_URL must be an absolute http\(s\) URL or a path starting with "\/".*\(got "catalogue-next.json"\)/,
        );
        assert.match(
          error.message,
          /REMOTE_COMPANY_CANARY_DIR must be an existing folder holding a build of the company remote/,
        );
        assert.match(
          error.message,
          /REMOTE_CONTACT_CANARY_URL points at \/remotes\/contact\/canary\/, which this server serves from REMOTE_CONTACT_CANARY_DIR: set that too/,
        );
        assert.match(error.message, /REMOTE_CHAT_CANARY_PERCENT must be a whole number from 0 to 100/);
        return true;
      },
    );
  });
});

describe('loadConfig: the automatic rollback', () => {
  test('a canary is judged on its last 10 minutes: 3 visitors at least, 20 % failing, from 3 networks; each setting its variable', () => {
    const defaults = loadConfig({}).releaseSafety;
    assert.deepEqual(
      { ...defaults },
      {
        rollbackWindow: 50,
        rollbackWindowSeconds: 600,
        rollbackMinLoads: 3,
        rollbackFailurePercent: 20,
        rollbackMinFailingAddresses: 3,
        countedPerAddress: 3,
        alertEmail: undefined,
        reportsPerMinute: 60,
      },
    );
    const set = loadConfig({
      RELEASE_ROLLBACK_WINDOW_SECONDS: '120',
      RELEASE_ROLLBACK_MIN_LOADS: '1',
      RELEASE_ROLLBACK_MIN_ADDRESSES: '1',
    }).releaseSafety;
    assert.deepEqual([set.rollbackWindowSeconds, set.rollbackMinLoads, set.rollbackMinFailingAddresses], [120, 1, 1]);
    assert.throws(
      () => loadConfig({ RELEASE_ROLLBACK_MIN_ADDRESSES: '0' }),
      /RELEASE_ROLLBACK_MIN_ADDRESSES must be a whole number of addresses, 1 or more/,
    );
  });
});

describe('loadConfig: the metrics, the vitals beacons and the canary-hold rule', () => {
  test('by default the metrics are served nowhere, beacons are limited to 30 a minute, a canary held past 10 % on 200 sessions', () => {
    const config = loadConfig({});
    assert.deepEqual(config.metrics, { port: undefined, host: '127.0.0.1', token: undefined });
    assert.deepEqual(config.vitals, { beaconsPerMinute: 30, samplePercent: 100 });
    assert.deepEqual(config.releaseVitals, {
      tolerancePercent: 10,
      minSessions: 200,
      minNetworks: 20,
      rollback: false,
    });
  });

  test('each setting its variable', () => {
    const token = 'f'.repeat(64);
    const config = loadConfig({
      METRICS_PORT: '9464',
      METRICS_HOST: '10.0.1.5',
      METRICS_TOKEN: token,
      VITALS_BEACONS_PER_MINUTE: '0',
      VITALS_SAMPLE_PERCENT: '12.5',
      RELEASE_VITALS_TOLERANCE_PERCENT: '25',
      RELEASE_VITALS_MIN_SAMPLES: '50',
      RELEASE_VITALS_MIN_NETWORKS: '7',
      RELEASE_VITALS_ROLLBACK: '1',
    });
    assert.deepEqual(config.metrics, { port: 9464, host: '10.0.1.5', token });
    assert.deepEqual(config.vitals, { beaconsPerMinute: 0, samplePercent: 12.5 });
    assert.deepEqual(config.releaseVitals, { tolerancePercent: 25, minSessions: 50, minNetworks: 7, rollback: true });
  });

  test('a short or spaced token is refused without echoing it; the metrics port is never the public one', () => {
    assert.throws(
      () => loadConfig({ METRICS_TOKEN: 'short-secret' }),
      (error: unknown) =>
        error instanceof ConfigError &&
        /METRICS_TOKEN must be at least 32 characters/.test(error.message) &&
        !error.message.includes('short-secret'),
    );
    assert.throws(() => loadConfig({ PORT: '9000', METRICS_PORT: '9000' }), /METRICS_PORT must not be PORT/);
    assert.throws(() => loadConfig({ METRICS_PORT: '0' }), /METRICS_PORT must be a port from 1 to 65535/);
    assert.throws(
      () => loadConfig({ RELEASE_VITALS_MIN_SAMPLES: '0' }),
      /RELEASE_VITALS_MIN_SAMPLES must be a whole number of sessions, 1 or more/,
    );
    assert.throws(() => loadConfig({ RELEASE_VITALS_ROLLBACK: 'maybe' }), /RELEASE_VITALS_ROLLBACK must be 1 or 0/);
    for (const bad of ['101', '-5', '50%', '0.125', 'all']) {
      assert.throws(
        () => loadConfig({ VITALS_SAMPLE_PERCENT: bad }),
        /VITALS_SAMPLE_PERCENT must be a percent from 0 to 100, at most 2 decimals/,
      );
    }
  });
});

describe("loadConfig: the staff app's origin", () => {
  test('by default a listener of its own at PORT + 1 (one picked at start with PORT=0), its origin derived', () => {
    assert.deepEqual(loadConfig({}).staffSite, { origin: undefined, port: 8081 });
    assert.deepEqual(loadConfig({ PORT: '9000' }).staffSite, { origin: undefined, port: 9001 });
    assert.deepEqual(loadConfig({ PORT: '0' }).staffSite, { origin: undefined, port: 0 });
  });

  test('STAFF_ORIGIN and STAFF_PORT, its host allowed with ALLOWED_HOSTS', () => {
    const config = loadConfig({
      STAFF_ORIGIN: 'https://Staff.Example.com/',
      STAFF_PORT: 'off',
      ALLOWED_HOSTS: 'www.example.com',
    });
    assert.deepEqual(config.staffSite, { origin: 'https://staff.example.com', port: undefined });
    assert.deepEqual(config.http.allowedHosts, ['www.example.com', 'staff.example.com']);
    assert.equal(loadConfig({ STAFF_PORT: '9100' }).staffSite.port, 9100);
  });

  test('refused: the public origin as the staff one, its port as PORT, no listener without STAFF_ORIGIN, a path', () => {
    assert.throws(
      () => loadConfig({ PUBLIC_SITE_URL: 'https://www.example.com', STAFF_ORIGIN: 'https://www.example.com' }),
      /STAFF_ORIGIN must not be PUBLIC_SITE_URL/,
    );
    assert.throws(
      () => loadConfig({ PORT: '9000', STAFF_PORT: '9000' }),
      /STAFF_PORT must not be PORT or METRICS_PORT/,
    );
    assert.throws(() => loadConfig({ STAFF_PORT: 'off' }), /STAFF_PORT may be off only with STAFF_ORIGIN set/);
    assert.throws(
      () => loadConfig({ STAFF_ORIGIN: 'https://staff.example.com/staff' }),
      /STAFF_ORIGIN must be the staff app's origin/,
    );
    assert.throws(() => loadConfig({ STAFF_PORT: 'soon' }), /STAFF_PORT must be off or a whole number/);
  });

  test("the buyer's account: PORT + 2 by default; ACCOUNT_ORIGIN allowed with ALLOWED_HOSTS; refused where another origin is", () => {
    assert.deepEqual(loadConfig({ PORT: '9000' }).accountSite, { origin: undefined, port: 9002 });
    assert.deepEqual(loadConfig({ PORT: '0' }).accountSite, { origin: undefined, port: 0 });
    const config = loadConfig({
      ACCOUNT_ORIGIN: 'https://Account.Example.com/',
      ACCOUNT_PORT: 'off',
      ALLOWED_HOSTS: 'www.example.com',
    });
    assert.deepEqual(config.accountSite, { origin: 'https://account.example.com', port: undefined });
    assert.deepEqual(config.http.allowedHosts, ['www.example.com', 'account.example.com']);
    for (const [vars, problem] of [
      [
        { PUBLIC_SITE_URL: 'https://www.example.com', ACCOUNT_ORIGIN: 'https://www.example.com' },
        /ACCOUNT_ORIGIN must not be PUBLIC_SITE_URL or STAFF_ORIGIN/,
      ],
      [
        { STAFF_ORIGIN: 'https://staff.example.com', ACCOUNT_ORIGIN: 'https://staff.example.com' },
        /ACCOUNT_ORIGIN must not be PUBLIC_SITE_URL or STAFF_ORIGIN/,
      ],
      [{ PORT: '9000', ACCOUNT_PORT: '9000' }, /ACCOUNT_PORT must not be PORT, STAFF_PORT or METRICS_PORT/],
      [{ PORT: '9000', ACCOUNT_PORT: '9001' }, /ACCOUNT_PORT must not be PORT, STAFF_PORT or METRICS_PORT/],
      [{ ACCOUNT_PORT: 'off' }, /ACCOUNT_PORT may be off only with ACCOUNT_ORIGIN set/],
      [
        { ACCOUNT_ORIGIN: 'https://account.example.com/account' },
        /ACCOUNT_ORIGIN must be the buyer's account's origin/,
      ],
    ] as const) {
      assert.throws(() => loadConfig(vars), problem, JSON.stringify(vars));
    }
  });
});

describe('loadConfig: stock', () => {
  test('STOCK_DISPLAY: exact by default, bands when said; anything else is refused by name', () => {
    assert.equal(loadConfig({}).stock.display, 'exact');
    assert.equal(loadConfig({ STOCK_DISPLAY: 'bands' }).stock.display, 'bands');
    assert.throws(
      () => loadConfig({ STOCK_DISPLAY: 'rounded' }),
      (error: unknown) =>
        error instanceof ConfigError && /STOCK_DISPLAY must be exact or bands \(got "rounded"\)/.test(error.message),
    );
  });
});
