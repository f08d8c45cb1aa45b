// The staff app's cross-site guard. The attack: a state-changing staff request whose Origin matches the Host it also
// sends (a page on a name the attacker pointed at this server, or a client forging both), which the guard took for the
// site's own when it compared the Origin with the request's Host. With PUBLIC_SITE_URL set only that origin counts.
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { describe, test } from 'node:test';
import { STAFF_API } from '@site/contracts/staff-api';
import { buildApp } from '../../app.js';
import { createFixture, stubDatabase } from '../../test-support/fixture.js';
import { listenStaffOnLoopback } from '../../test-support/ports.js';
import { isCrossSite } from './crossSite.js';

const SITE = 'https://www.crescent-electrical.example';

/** A POST of a JSON body to 127.0.0.1:`port` with the headers given, Host included (fetch writes its own). */
function postOnLoopback(
  port: number,
  path: string,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

const request = (
  headers: Record<string, string>,
  host = 'www.crescent-electrical.example',
  protocol: 'http' | 'https' = 'https',
) => ({ headers, host, protocol });

describe('isCrossSite', () => {
  test('with PUBLIC_SITE_URL: only its origin is the site, whatever the Host says', () => {
    assert.equal(isCrossSite(request({ origin: SITE }), SITE), false);
    assert.equal(
      isCrossSite(request({}), SITE),
      false,
      'no Origin (a same-origin GET, curl): left to the token and SameSite',
    );
    assert.equal(
      isCrossSite(request({ origin: 'https://evil.example' }, 'evil.example'), SITE),
      true,
      'Origin and Host forged alike',
    );
    assert.equal(
      isCrossSite(
        request({ origin: 'http://www.crescent-electrical.example' }, 'www.crescent-electrical.example', 'http'),
        SITE,
      ),
      true,
      'plain http is another origin',
    );
    assert.equal(
      isCrossSite(request({ origin: 'http://10.0.0.5:8080' }, '10.0.0.5:8080', 'http'), SITE),
      true,
      "the process's own address is not the site",
    );
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
      const body = JSON.stringify({ email: 'fatima@example.com', password: 'not the password' });
      const signIn = (headers: Record<string, string>) =>
        app.inject({
          method: 'POST',
          url: STAFF_API.signIn,
          headers: { 'content-type': 'application/json', ...headers },
          payload: body,
        });
      // the attacker's name pointed at the staff listener: the staff routes answer there whatever the Host says
      await app.ready();
      const staffPort = Number(new URL(await listenStaffOnLoopback(app)).port);
      const forged = await postOnLoopback(
        staffPort,
        STAFF_API.signIn,
        { host: 'evil.example', origin: 'http://evil.example' },
        body,
      );
      assert.equal(forged.status, 403, forged.body);
      assert.deepEqual(JSON.parse(forged.body), { error: 'Staff requests from another site are refused.' });
      const own = await signIn({ host: new URL(app.staffSurface.origin()).host, origin: app.staffSurface.origin() });
      assert.equal(
        app.staffSurface.origin(),
        `https://www.crescent-electrical.example:${staffPort}`,
        "the staff origin is the site's name at the staff port",
      );
      assert.notEqual(own.statusCode, 403, `the staff origin passes the guard: ${own.body}`);
      assert.notEqual(own.statusCode, 404, `the staff origin answers the staff API: ${own.body}`);
    } finally {
      await app.close();
      await fixture.cleanup();
    }
  });
});
