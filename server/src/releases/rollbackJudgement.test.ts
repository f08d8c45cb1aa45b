// The automatic rollback's judgement of a canary's recent loads: visitors, not reports; a few visitors per address.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { judgeCanary, type LoadOutcome } from './rollbackJudgement.js';

const POLICY = { window: 50, minLoads: 5, failurePercent: 20, minFailingAddresses: 3, countedPerAddress: 3 };
let id = 0;
const outcome = (client: string, session: string | null, failed: boolean): LoadOutcome => ({ id: (id += 1), client, session, failed });
/** `count` visitors whose loads worked, each on an address and session of their own. */
const loads = (count: number) => Array.from({ length: count }, (_, i) => outcome(`10.0.0.${i}`, `ok-${i}`, false));

describe('judgeCanary', () => {
  test('a visitor counts once however many pages they opened, failed when any of their loads failed', () => {
    const visitor = [outcome('10.1.0.1', 'abc12345', false), outcome('10.1.0.1', 'abc12345', true), outcome('10.1.0.1', 'abc12345', false)];
    assert.deepEqual(judgeCanary([...visitor, ...loads(4)], POLICY), { rollBack: false, visitors: 5, failed: 1, failingAddresses: 1 });
  });

  test('one address weighs as 3 visitors at most, whatever sessions it sends; reports without one are each a visitor', () => {
    const forged = Array.from({ length: 10 }, (_, i) => outcome('203.0.113.7', i % 2 === 0 ? `forged-${i}` : null, true));
    assert.deepEqual(judgeCanary([...forged, ...loads(40)], POLICY), { rollBack: false, visitors: 43, failed: 3, failingAddresses: 1 });
  });

  test('rolled back at 5 visitors and 20 % failing from 3 addresses; not with fewer of any', () => {
    const failing = (addresses: number, each = 1) =>
      Array.from({ length: addresses * each }, (_, i) => outcome(`192.0.2.${i % addresses}`, `failing-${i}`, true));
    assert.equal(judgeCanary(failing(3), POLICY).rollBack, false, '3 visitors: fewer than 5');
    assert.equal(judgeCanary([...failing(3), ...loads(2)], POLICY).rollBack, true, '3 of 5 from 3 addresses');
    assert.equal(judgeCanary([...failing(2, 3), ...loads(10)], POLICY).rollBack, false, '6 of 16 but from 2 addresses');
    assert.equal(judgeCanary([...failing(3), ...loads(13)], POLICY).rollBack, false, '3 of 16: under 20 %');
    assert.equal(judgeCanary([...failing(3), ...loads(12)], POLICY).rollBack, true, '3 of 15: 20 %');
    assert.equal(judgeCanary([...failing(5), ...loads(80)], POLICY).visitors, 50, 'the latest 50 visitors');
    assert.equal(judgeCanary([...failing(5)], { ...POLICY, failurePercent: 0 }).rollBack, false, '0 %: never');
  });
});
