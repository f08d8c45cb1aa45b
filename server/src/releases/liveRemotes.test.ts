// The live remotes when the registry cannot be read: the configured remotes, and a warning; never a failed start.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createFixture, stubDatabase } from '../test-support/fixture.js';
import { startLiveRemotes } from './liveRemotes.js';

test('a database that fails every query leaves the configured remotes in use, with a warning', async () => {
  const fixture = await createFixture({
    env: { REMOTE_CATALOGUE_URL: 'https://cdn.example.com/catalogue/mf-manifest.json' },
  });
  try {
    const warnings: string[] = [];
    const live = await startLiveRemotes(stubDatabase(new Error('connection refused')), fixture.config.remotes, {
      warn: (message) => warnings.push(message),
    });
    assert.deepEqual(live.current().remotes, fixture.config.remotes);
    assert.equal(live.current().generation, 0);
    assert.equal(
      live.current().maps.for({ canaries: new Set(), key: '' }).body.remotes[0]?.entry,
      'https://cdn.example.com/catalogue/mf-manifest.json',
    );
    assert.ok(
      warnings.some((message) => /seed/.test(message)) && warnings.some((message) => /read/.test(message)),
      warnings.join('; '),
    );
    await live.refresh();
    assert.equal(live.current().generation, 0, 'nothing swapped');
    await live.stop();
  } finally {
    await fixture.cleanup();
  }
});

test('an empty registry (a database with no rows) is the configured remotes too', async () => {
  const fixture = await createFixture();
  try {
    const live = await startLiveRemotes(stubDatabase(), fixture.config.remotes);
    assert.deepEqual(live.current().remotes, fixture.config.remotes);
    await live.stop();
  } finally {
    await fixture.cleanup();
  }
});
