import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { ConfigError, loadConfig, redactUrl, REMOTE_NAMES } from './config.js';

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
    assert.ok(existsSync(path.join(config.repoRoot, 'server', 'src', 'config.ts')));
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
          error instanceof ConfigError && error.message.includes(`PORT must be a whole number from 0 to 65535 (got "${bad}")`),
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
        assert.match(error.message, /REMOTE_CONTACT_URL must be an absolute http\(s\) URL or a path starting with "\/"/);
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
