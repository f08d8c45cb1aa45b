import assert from 'node:assert/strict';
import { test } from 'node:test';
import { retryDelayMs } from './outboxWorker.js';

test('retry delays double from the base up to the maximum', () => {
  assert.deepEqual(
    [1, 2, 3, 4, 5, 6, 7, 8].map((attempts) => retryDelayMs(attempts, 30_000, 3_600_000)),
    [30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000],
  );
  assert.equal(retryDelayMs(500, 30_000, 3_600_000), 3_600_000, 'no overflow after many attempts');
});
