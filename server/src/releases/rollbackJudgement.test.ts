// The automatic rollback's judgement of a canary's recent loads: visitors, not reports; a few visitors per network and
// per wide network; failures from several of both.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { clientNetworks } from '../platform/http/clientAddress.js';
import { judgeCanary, type JudgementPolicy, type LoadOutcome } from './rollbackJudgement.js';

const POLICY: JudgementPolicy = {
  window: 50,
  minLoads: 5,
  failurePercent: 20,
  minFailingNetworks: 3,
  countedPerNetwork: 3,
  countedPerWideNetwork: 6,
};
let id = 0;
/** A report from the client at `address`, counted by its networks as the app counts them. */
const outcome = (address: string, session: string | null, failed: boolean): LoadOutcome => {
  const { network, wideNetwork } = clientNetworks(address);
  return { id: (id += 1), network, wideNetwork, session, failed };
};
/** `count` visitors whose loads worked, each on a /24 and session of their own. */
const loads = (count: number) => Array.from({ length: count }, (_, i) => outcome(`10.${i}.0.1`, `ok-${i}`, false));

describe('judgeCanary', () => {
  test('a visitor counts once however many pages they opened, failed when any of their loads failed', () => {
    const visitor = [
      outcome('10.1.0.1', 'abc12345', false),
      outcome('10.1.0.1', 'abc12345', true),
      outcome('10.1.0.1', 'abc12345', false),
    ];
    assert.deepEqual(judgeCanary([...visitor, ...loads(4)], POLICY), {
      rollBack: false,
      visitors: 5,
      failed: 1,
      failingNetworks: 1,
      failingWideNetworks: 1,
    });
  });

  test('one network weighs as 3 visitors at most, whatever sessions it sends; reports without one are each a visitor', () => {
    const forged = Array.from({ length: 10 }, (_, i) =>
      outcome('203.0.113.7', i % 2 === 0 ? `forged-${i}` : null, true),
    );
    assert.deepEqual(judgeCanary([...forged, ...loads(40)], POLICY), {
      rollBack: false,
      visitors: 43,
      failed: 3,
      failingNetworks: 1,
      failingWideNetworks: 1,
    });
  });

  test('the addresses of one IPv6 /64 are one network; the /64s of one /48 are one wide network, 6 visitors at most', () => {
    const oneSlash64 = Array.from({ length: 50 }, (_, i) =>
      outcome(`2001:db8:1:1::${(i + 1).toString(16)}`, `s64-${i}`, true),
    );
    assert.deepEqual(judgeCanary(oneSlash64, POLICY), {
      rollBack: false,
      visitors: 3,
      failed: 3,
      failingNetworks: 1,
      failingWideNetworks: 1,
    });
    const oneSlash48 = Array.from({ length: 50 }, (_, i) =>
      outcome(`2001:db8:1:${(i + 1).toString(16)}::1`, `s48-${i}`, true),
    );
    assert.deepEqual(judgeCanary(oneSlash48, POLICY), {
      rollBack: false,
      visitors: 6,
      failed: 6,
      failingNetworks: 6,
      failingWideNetworks: 1,
    });
    const oneSlash24 = Array.from({ length: 50 }, (_, i) => outcome(`198.51.100.${i + 1}`, `s24-${i}`, true));
    assert.equal(judgeCanary(oneSlash24, POLICY).rollBack, false, 'the addresses of one IPv4 /24');
    const threeSlash48s = Array.from({ length: 6 }, (_, i) =>
      outcome(`2001:db8:${(i % 3) + 1}:${i + 1}::1`, `w-${i}`, true),
    );
    assert.equal(judgeCanary(threeSlash48s, POLICY).rollBack, true, 'three /48s');
  });

  test('rolled back at 5 visitors and 20 % failing from 3 networks in 3 wide networks; not with fewer of any', () => {
    const failing = (networks: number, each = 1) =>
      Array.from({ length: networks * each }, (_, i) => outcome(`192.0.${i % networks}.1`, `failing-${i}`, true));
    assert.equal(judgeCanary(failing(3), POLICY).rollBack, false, '3 visitors: fewer than 5');
    assert.equal(judgeCanary([...failing(3), ...loads(2)], POLICY).rollBack, true, '3 of 5 from 3 networks');
    assert.equal(judgeCanary([...failing(2, 3), ...loads(10)], POLICY).rollBack, false, '6 of 16 but from 2 networks');
    assert.equal(judgeCanary([...failing(3), ...loads(13)], POLICY).rollBack, false, '3 of 16: under 20 %');
    assert.equal(judgeCanary([...failing(3), ...loads(12)], POLICY).rollBack, true, '3 of 15: 20 %');
    assert.equal(judgeCanary([...failing(5), ...loads(80)], POLICY).visitors, 50, 'the latest 50 visitors');
    assert.equal(judgeCanary([...failing(5)], { ...POLICY, failurePercent: 0 }).rollBack, false, '0 %: never');
    const threeInOneSlash24 = ['192.0.2.1', '192.0.2.2', '192.0.2.3'].map((address, i) =>
      outcome(address, `same-24-${i}`, true),
    );
    assert.equal(
      judgeCanary([...threeInOneSlash24, ...loads(2)], POLICY).rollBack,
      false,
      '3 addresses of one /24: one wide network',
    );
  });
});
