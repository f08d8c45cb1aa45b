// The staff app's cross-site guard. The attack: a state-changing staff request whose Origin matches the Host it also
// sends (a page on a name the attacker pointed at this server, or a client forging both), which the guard took for the
// site's own when it compared the Origin with the request's Host. With PUBLIC_SITE_URL set only that origin counts.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { STAFF_API } from '@site/contracts/staff-api';
import { buildApp } from '../../app.js';
import { createFixture, stubDatabase } from '../../test-support/fixture.js';
import { isCrossSite } from './crossSite.js';

const SITE = 'https://www.crescent-electrical.example';

const request = (headers: Record<string, string>, host = 'www.crescent-electrical.example', protocol: 'http' | 'https' = 'https') => ({ headers, host, protocol });

describe('isCrossSite', () => {
  test('with PUBLIC_SITE_URL: only its origin is the site, whatever the Host says', () => {
    assert.equal(isCrossSite(request({ origin: SITE }), SITE), false);
    assert.equal(isCrossSite(request({}), SITE), false, 'no Origin (a same-origin GET, curl): left to the token and SameSite');
    assert.equal(isCrossSite(request({ origin: 'https://evil.example' }, 'evil.example'), SITE), true, 'Origin and Host forged alike');
    assert.equal(isCrossSite(request({ origin: 'http://www.crescent-electrical.example' }, 'www.crescent-electrical.example', 'http'), SITE), true, 'plain http is another origin');
    assert.equal(isCrossSite(request({ origin: 'http://10.0.0.5:8080' }, '10.0.0.5:8080', 'http'), SITE), true, "the process's own address is not the site");
    assert.equal(isCrossSite(request({ origin: 'null' }), SITE), true);
  });

  test('without PUBLIC_SITE_URL (local runs): the request’s own origin', () => {
    assert.equal(isCrossSite(request({ origin: 'http://localhost:8080' }, 'localhost:8080', 'http'), undefined), false);
    assert.equal(isCrossSite(request({ origin: 'https://evil.example' }, 'localhost:8080', 'http'), undefined), true);
  });

  test('Sec-Fetch-Site from another site or a sibling subdomain is refused, with any Origin', () => {
    for (const fetchSite of ['cross-site', 'same-site']) {
      assert.equal(isCrossSite(request({ origin: SITE, 'sec-fetch-site': fetchSite }), SITE), true, fetchSite);
    }
    assert.equal(isCrossSite(request({ origin: SITE, 'sec-fetch-site': 'same-origin' }), SITE), false);
  });
});

describe('the staff sign-in behind PUBLIC_SITE_URL', () => {
  test('a sign-in whose Origin names the Host it sends, not the site, is refused as cross-site (403)', async () => {
    const fixture = await createFixture({ env: { PUBLIC_SITE_URL: SITE } });
    const app = await buildApp(fixture.config, stubDatabase(), { catalogue: 'files' });
    try {
      const signIn = (headers: Record<string, string>) =>
        app.inject({ method: 'POST', url: STAFF_API.signIn, headers: { 'content-type': 'application/json', ...headers }, payload: { email: 'fatima@example.com', password: 'not the password' } });
      const forged = await signIn({ host: 'evil.example', origin: 'http://evil.example' });
      assert.equal(forged.statusCode, 403, forged.body);
      assert.deepEqual(forged.json(), { error: 'Staff requests from another site are refused.' });
      const own = await signIn({ host: 'www.crescent-electrical.example', origin: SITE });
      assert.notEqual(own.statusCode, 403, `the site's own origin passes the guard: ${own.body}`);
    } finally {
      await app.close();
      await fixture.cleanup();
    }
  });
});
