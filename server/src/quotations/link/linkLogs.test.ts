// Quotation link tokens never reach the logs: the token is the buyer's only key, and the
// info logs (every request's URL) are read by more people than the quotations are. Tried through the whole app (buildApp)
// at the info level, its log lines captured: the buyer's page in English and Arabic, every link call (view, PDF, accept
// refused and accepted, changes, a path under the token no route has), each with a real token. No line holds the
// token; the lines still name the routes.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { QUOTATION_LINK_API, quotationLinkApiPath, quotationLinkPath } from '@site/contracts/quotation-link-api';
import { buildApp } from '../../app.js';
import { pgliteTarget } from '../../test-support/databases.js';
import { createFixture, type Fixture } from '../../test-support/fixture.js';
import { buildQuotationTestSite, type QuotationTestSite } from '../../test-support/quotationSite.js';

const NOW = new Date('2026-11-28T10:00:00Z');

describe('quotation link tokens in the logs', () => {
  let fixture: Fixture;
  let s: QuotationTestSite;
  let app: FastifyInstance;
  const lines: string[] = [];

  before(async () => {
    fixture = await createFixture({ env: { LOG_LEVEL: 'info', SERVER_RENDERING: 'off' } });
    s = await buildQuotationTestSite(pgliteTarget, { now: () => NOW });
    app = await buildApp(fixture.config, s.db, {
      catalogue: 'files',
      logStream: { write: (line) => void lines.push(line) },
    });
    await app.ready();
  });
  after(async () => {
    await app?.close();
    await s?.close();
    await fixture?.cleanup();
  });

  test('the buyer’s page and every link call with a real token: the routes are logged, the token never', async () => {
    const { token } = await s.sendNew(s.dubai, 'Dubai');
    const json = { 'content-type': 'application/json' };
    const api = (pattern: string) => quotationLinkApiPath(pattern, token);
    const statuses = [];
    for (const url of [
      quotationLinkPath(token, 'en'),
      quotationLinkPath(token, 'ar'),
      `${quotationLinkPath(token, 'en')}?utm_source=mail`,
      api(QUOTATION_LINK_API.quotation),
      api(QUOTATION_LINK_API.pdf),
      `${api(QUOTATION_LINK_API.quotation)}/nothing-here`,
    ]) {
      statuses.push((await app.inject({ method: 'GET', url })).statusCode);
    }
    statuses.push(
      (await app.inject({ method: 'POST', url: api(QUOTATION_LINK_API.accept), headers: json, payload: '{"name":' }))
        .statusCode,
    );
    statuses.push(
      (
        await app.inject({
          method: 'POST',
          url: api(QUOTATION_LINK_API.accept),
          headers: json,
          payload: JSON.stringify({ name: '', position: 'Buyer' }),
        })
      ).statusCode,
    );
    statuses.push(
      (
        await app.inject({
          method: 'POST',
          url: api(QUOTATION_LINK_API.changes),
          headers: json,
          payload: JSON.stringify({ message: 'Two lots, please.' }),
        })
      ).statusCode,
    );
    statuses.push(
      (
        await app.inject({
          method: 'POST',
          url: api(QUOTATION_LINK_API.accept),
          headers: json,
          payload: JSON.stringify({ name: 'Karim Nasser', position: 'Buyer' }),
        })
      ).statusCode,
    );
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 404, 400, 400, 200, 200]);

    const logged = lines.join('');
    assert.ok(
      !logged.includes(token),
      `the token is in the log:\n${lines.filter((line) => line.includes(token)).join('')}`,
    );
    const urls = lines
      .map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url)
      .filter((url) => url !== undefined);
    for (const route of [
      '/quotation/[token]',
      '/ar/quotation/[token]',
      '/quotation/[token]?utm_source=mail',
      '/api/quotation-links/[token]',
      '/api/quotation-links/[token]/pdf',
      '/api/quotation-links/[token]/accept',
      '/api/quotation-links/[token]/changes',
      '/api/quotation-links/[token]/nothing-here',
    ]) {
      assert.ok(urls.includes(route), `${route} is logged (logged: ${urls.join(', ')})`);
    }
  });
});
