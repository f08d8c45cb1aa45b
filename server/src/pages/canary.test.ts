import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import Fastify from 'fastify';
import {
  CanaryAssignment,
  COHORT_MAX_AGE_SECONDS,
  parseCohort,
  parseFailedCanaries,
  STABLE_VISITOR,
  variantOf,
  type CanaryRemote,
  type Visitor,
} from './canary.js';
import { readCookie } from '../platform/http/cookies.js';

const REMOTES = (cataloguePercent: number, chatPercent?: number): CanaryRemote[] => [
  { name: 'catalogue', canary: { percent: cataloguePercent } },
  { name: 'company', canary: undefined },
  { name: 'contact' },
  { name: 'chat', canary: chatPercent === undefined ? undefined : { percent: chatPercent } },
];

const request = (cookie?: string, protocol = 'http') => ({ headers: cookie === undefined ? {} : { cookie }, protocol });

/** An assignment whose new cohorts come from `draws`, in order (and counts how many were drawn). */
function assignment(remotes: CanaryRemote[], ...draws: number[]) {
  const drawn: number[] = [];
  const canaries = new CanaryAssignment(remotes, {
    drawCohort: () => {
      const next = draws.shift();
      assert.ok(next !== undefined, 'no more cohorts to draw');
      drawn.push(next);
      return next;
    },
  });
  return { canaries, drawn };
}

const cohortOf = (visitor: Visitor): string | undefined => /^site_cohort=(\d+);/.exec(visitor.setCookie ?? '')?.[1];

describe('canary assignment', () => {
  test('no canary, or every canary at 0 %: not active; everyone stable, no cohort drawn, no cookie', () => {
    for (const remotes of [REMOTES(0), [{ name: 'catalogue' }], REMOTES(0, 0)]) {
      const { canaries, drawn } = assignment(remotes);
      assert.equal(canaries.active, false);
      const visitor = canaries.visitor(request());
      assert.equal(visitor, STABLE_VISITOR);
      assert.equal(variantOf(visitor, 'catalogue'), 'stable');
      // a cohort already given out changes nothing at 0 % (the rollback)
      assert.equal(canaries.visitor(request('site_cohort=0')).key, '');
      assert.deepEqual(drawn, []);
    }
  });

  test('a new visitor: a cohort is drawn once, used for this answer and sent in the cookie', () => {
    const { canaries, drawn } = assignment(REMOTES(50), 7);
    const visitor = canaries.visitor(request());
    assert.deepEqual(drawn, [7]);
    assert.equal(cohortOf(visitor), '7');
    assert.equal(visitor.setCookie, `site_cohort=7; Path=/; Max-Age=${COHORT_MAX_AGE_SECONDS}; SameSite=Lax; HttpOnly`);
    assert.equal(COHORT_MAX_AGE_SECONDS, 90 * 24 * 3600);
    assert.equal(variantOf(visitor, 'catalogue'), 'canary', 'cohort 7 < 50');
    assert.equal(visitor.key, 'catalogue');
  });

  test('over https the cookie is Secure', () => {
    const { canaries } = assignment(REMOTES(50), 60);
    assert.match(canaries.visitor(request(undefined, 'https')).setCookie ?? '', /; HttpOnly; Secure$/);
  });

  test('a visitor with a cohort keeps it: nothing drawn, no cookie sent', () => {
    const { canaries, drawn } = assignment(REMOTES(50));
    for (const [cookie, variant] of [
      ['site_cohort=10', 'canary'],
      ['site_cohort=49', 'canary'],
      ['site_cohort=50', 'stable'],
      ['site_cohort=99', 'stable'],
      ['theme=dark; site_cohort=0; other=1', 'canary'],
      ['site_cohort="90"', 'stable'],
    ] as const) {
      const visitor = canaries.visitor(request(cookie));
      assert.equal(visitor.setCookie, undefined, cookie);
      assert.equal(variantOf(visitor, 'catalogue'), variant, cookie);
    }
    assert.deepEqual(drawn, []);
  });

  for (const bad of ['', 'abc', '100', '-1', '07', '1e1', '5.5', ' 5x']) {
    test(`an invalid cohort cookie ("${bad}") is replaced by a newly drawn one`, () => {
      const { canaries, drawn } = assignment(REMOTES(50), 80);
      const visitor = canaries.visitor(request(`site_cohort=${bad}`));
      assert.deepEqual(drawn, [80]);
      assert.equal(cohortOf(visitor), '80');
      assert.equal(variantOf(visitor, 'catalogue'), 'stable');
    });
  }

  test('100 %: every cohort on the canary; 1 %: cohort 0 only', () => {
    const all = assignment(REMOTES(100)).canaries;
    const one = assignment(REMOTES(1)).canaries;
    for (let cohort = 0; cohort < 100; cohort += 1) {
      assert.equal(variantOf(all.visitor(request(`site_cohort=${cohort}`)), 'catalogue'), 'canary', String(cohort));
      assert.equal(
        variantOf(one.visitor(request(`site_cohort=${cohort}`)), 'catalogue'),
        cohort === 0 ? 'canary' : 'stable',
        String(cohort),
      );
    }
  });

  test('each remote has its own percent; the key names the canaries a visitor is on, sorted', () => {
    const { canaries } = assignment(REMOTES(30, 60));
    assert.equal(canaries.visitor(request('site_cohort=10')).key, 'catalogue,chat');
    assert.equal(canaries.visitor(request('site_cohort=40')).key, 'chat');
    assert.equal(canaries.visitor(request('site_cohort=70')).key, '');
    assert.equal(variantOf(canaries.visitor(request('site_cohort=10')), 'company'), 'stable', 'no canary configured');
  });

  test("the browser's failed-canary cookie sends that remote's visitors to stable; others and garbage are ignored", () => {
    const { canaries } = assignment(REMOTES(100, 100));
    const on = (failed: string) => canaries.visitor(request(`site_cohort=5; site_canary_failed=${failed}`)).key;
    assert.equal(on('catalogue'), 'chat');
    assert.equal(on('catalogue%2Cchat'), '', 'as the shell writes it (encodeURIComponent)');
    assert.equal(on('chat,catalogue'), '');
    assert.equal(on('company'), 'catalogue,chat', 'a remote without a canary: nothing changes');
    assert.equal(on('nonsense%ZZ,<script>'), 'catalogue,chat', 'garbage is no remote');
    assert.equal(on(''), 'catalogue,chat');
    // and it does not need a cohort of its own: a new visitor's drawn cohort still applies to the other remotes
    const fresh = assignment(REMOTES(100, 100), 3).canaries.visitor(request('site_canary_failed=catalogue'));
    assert.equal(fresh.key, 'chat');
    assert.equal(cohortOf(fresh), '3');
  });

  test('sendHeaders: while a canary is live, private + Vary: Cookie (+ the cookie when drawn); otherwise plain no-cache', async () => {
    const app = Fastify();
    const live = assignment(REMOTES(50), 20).canaries;
    const off = assignment(REMOTES(0)).canaries;
    app.get('/live', async (req, reply) => {
      reply.header('vary', 'Accept-Language');
      live.sendHeaders(reply, live.visitor(req));
      return 'x';
    });
    app.get('/off', async (req, reply) => {
      off.sendHeaders(reply, off.visitor(req));
      return 'x';
    });
    try {
      const fresh = await app.inject({ method: 'GET', url: '/live' });
      assert.equal(fresh.headers['cache-control'], 'private, no-cache');
      assert.equal(fresh.headers.vary, 'Accept-Language, Cookie');
      assert.match(String(fresh.headers['set-cookie']), /^site_cohort=20; Path=\/;/);
      const known = await app.inject({ method: 'GET', url: '/live', headers: { cookie: 'site_cohort=20' } });
      assert.equal(known.headers['cache-control'], 'private, no-cache');
      assert.equal(known.headers['set-cookie'], undefined);
      const plain = await app.inject({ method: 'GET', url: '/off' });
      assert.equal(plain.headers['cache-control'], 'no-cache');
      assert.equal(plain.headers.vary, undefined);
      assert.equal(plain.headers['set-cookie'], undefined);
    } finally {
      await app.close();
    }
  });

  test('the random draw gives cohorts 0–99 and both sides of 50 %', () => {
    const canaries = new CanaryAssignment(REMOTES(50));
    const cohorts = Array.from({ length: 400 }, () => Number(cohortOf(canaries.visitor(request()))));
    assert.ok(cohorts.every((cohort) => Number.isInteger(cohort) && cohort >= 0 && cohort <= 99));
    assert.ok(cohorts.some((cohort) => cohort < 50) && cohorts.some((cohort) => cohort >= 50));
  });
});

describe('cookie reading', () => {
  test('readCookie', () => {
    assert.equal(readCookie(undefined, 'a'), undefined);
    assert.equal(readCookie('a=1; b=2', 'b'), '2');
    assert.equal(readCookie('ab=1; a=2', 'a'), '2', 'not a prefix match');
    assert.equal(readCookie('a=1; a=2', 'a'), '1', 'the first (most specific path) wins');
    assert.equal(readCookie('a="x y"', 'a'), 'x y');
    assert.equal(readCookie('flag; a=', 'a'), '');
  });

  test('parseCohort and parseFailedCanaries', () => {
    assert.equal(parseCohort('0'), 0);
    assert.equal(parseCohort('99'), 99);
    assert.equal(parseCohort(undefined), undefined);
    assert.equal(parseCohort('100'), undefined);
    const known = new Set(['catalogue', 'chat']);
    assert.deepEqual([...parseFailedCanaries('catalogue%2C%20chat', known)], ['catalogue', 'chat']);
    assert.deepEqual([...parseFailedCanaries('%E0%A4%A', known)], []);
    assert.deepEqual([...parseFailedCanaries(undefined, known)], []);
  });
});
