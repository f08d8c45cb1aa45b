// The server's advisory locks: no two of one space share a key, and the values stay those released (a process of an
// earlier release beside this one takes the same locks).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LOCK_CLASS, SINGLE_KEY_LOCK } from './advisoryLocks.js';

test('no two single-key locks, and no two lock classes, share a key', () => {
  for (const space of [SINGLE_KEY_LOCK, LOCK_CLASS]) {
    const keys = Object.values(space);
    assert.equal(new Set(keys).size, keys.length, JSON.stringify(space));
  }
});

test('the keys are those released', () => {
  assert.deepEqual(SINGLE_KEY_LOCK, {
    migrationsOfDatabase: 480_215_378,
    quoteConfirmations: 731_904_221,
    stockFeeds: 318_604_527,
  });
  assert.deepEqual(LOCK_CLASS, {
    migrationsOfSchema: 480_215_377,
    reviewsOfClient: 480_215_378,
    staffSignIn: 602_117_935,
  });
});
