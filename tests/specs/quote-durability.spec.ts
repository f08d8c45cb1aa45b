// Crash durability of POST /api/quote-requests: SIGKILL in the middle of a burst of requests for quotation,
// on embedded PGlite and on PostgreSQL. No acknowledged request may be lost: each is stored under the reference it was
// answered with, with all its lines and its mail to the branch, and the buyer's confirmations stay capped (3 a day).
// The servers are the built ones (server/dist): the restarted one also serves a request's PDF.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect, localOnly } from '../support/fixtures';
import { findPostgres, freshSchema } from '../support/services';
import type { RunningSite } from '../support/site-server';
import {
  crashAndRestart,
  QUOTE_EMAIL,
  QUOTE_LINES,
  QUOTE_REQUESTS,
  readEmbeddedQuoteRequests,
  type CrashRun,
  type Outcome,
  type StoredQuoteRequest,
} from '../support/submission-stream';

localOnly('kills its own servers mid-burst and reads their database');

/** Acknowledged requests to wait for before the SIGKILL (the burst keeps coming while it lands). */
const ACKED_BEFORE_KILL = 30;

/**
 * The restarted (built) server gives the request acknowledged after the restart as a PDF to its key, with the Arabic
 * font in it (read from node_modules by the bundle), and to a wrong key a 404.
 */
async function downloadsItsPdf(site: RunningSite, afterRestart: Outcome): Promise<void> {
  expect(afterRestart.pdfUrl, 'the answer links its PDF').toMatch(
    /^\/api\/quote-requests\/RFQ-AE-\d{4}-\d{6}\.pdf\?key=[\w-]{43}$/,
  );
  const response = await fetch(`${site.url}${afterRestart.pdfUrl}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  const pdf = Buffer.from(await response.arrayBuffer());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.includes('NotoSansArabic'), 'the Arabic font is embedded').toBe(true);
  const wrongKey = await fetch(
    `${site.url}${afterRestart.pdfUrl!.slice(0, -1)}${afterRestart.pdfUrl!.endsWith('A') ? 'B' : 'A'}`,
  );
  expect(wrongKey.status).toBe(404);
}

function checkDurability(run: CrashRun, stored: StoredQuoteRequest[]): string {
  const { outcomes, afterRestart } = run;
  expect(run.killedBy, 'the first server died of SIGKILL').toBe('SIGKILL');
  expect(run.restartedExit, `the restarted server exits cleanly after SIGTERM:\n${run.restartedOutput}`).toBe(0);
  const acked = outcomes.filter((outcome) => outcome.fate === 'acked');
  const lost = outcomes.filter((outcome) => outcome.fate === 'lost');
  expect(
    outcomes.filter((outcome) => outcome.fate === 'refused'),
    'no valid request was refused before the kill',
  ).toEqual([]);
  expect(acked.length).toBeGreaterThanOrEqual(ACKED_BEFORE_KILL);
  expect(lost.length, 'requests were in flight or being sent when the server died').toBeGreaterThan(0);
  expect(afterRestart.fate, 'the restarted server stores requests').toBe('acked');

  const byName = new Map(stored.map((row) => [row.name, row]));
  expect(byName.size, 'no request stored twice').toBe(stored.length);
  expect(new Set(stored.map((row) => row.reference)).size, 'every reference is unique').toBe(stored.length);
  const missing = acked
    .filter((outcome) => byName.get(outcome.name)?.reference !== outcome.reference)
    .map((outcome) => outcome.name);
  expect(missing, 'every acknowledged request is stored under the reference it was answered with').toEqual([]);
  const sent = new Set([...outcomes.map((outcome) => outcome.name), afterRestart.name]);
  expect(
    stored.filter((row) => !sent.has(row.name)),
    'nothing stored that was not sent',
  ).toEqual([]);
  expect(
    stored.filter((row) => row.lines !== QUOTE_LINES.length).map((row) => row.name),
    'every stored request has all its lines',
  ).toEqual([]);
  expect(
    stored.filter((row) => !row.queued).map((row) => row.name),
    'every stored request has its mail to the branch',
  ).toEqual([]);
  expect(stored.filter((row) => row.confirmed).length, `at most 3 confirmations to ${QUOTE_EMAIL}, crash or not`).toBe(
    3,
  );
  expect(byName.get(afterRestart.name)?.reference).toBe(afterRestart.reference);

  const storedButUnanswered = lost.filter((outcome) => byName.has(outcome.name)).length;
  return (
    `${outcomes.length} sent, ${acked.length} acknowledged (all stored with their ${QUOTE_LINES.length} lines and their mail), ` +
    `${lost.length} unanswered at the kill (${storedButUnanswered} of them stored: committed before the reply was written)`
  );
}

test.describe('crash durability: SIGKILL in the middle of a burst of requests for quotation', {
  tag: ['@local', '@catalogue'],
}, () => {
  test.describe.configure({ timeout: 240_000 });

  test('embedded database (PGlite): every acknowledged request survives, with its lines and its mail queued', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'site-quote-crash-pglite-'));
    try {
      const run = await crashAndRestart(
        QUOTE_REQUESTS,
        { DATABASE_URL: '' },
        dataDir,
        `quote-crash-pglite-${Date.now()}`,
        ACKED_BEFORE_KILL,
        downloadsItsPdf,
      );
      const summary = checkDurability(run, readEmbeddedQuoteRequests(dataDir));
      test.info().annotations.push({ type: 'result', description: summary });
      console.log(`embedded: ${summary}`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('PostgreSQL (fresh schema): every acknowledged request survives, with its lines and its mail queued', async () => {
    const found = await findPostgres();
    test.skip('reason' in found, 'reason' in found ? `skipped: ${found.reason}` : '');
    if (!('url' in found)) return;
    const schema = await freshSchema(found.url, 'quotecrash');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'site-quote-crash-pg-'));
    try {
      const run = await crashAndRestart(
        QUOTE_REQUESTS,
        { DATABASE_URL: schema.url },
        dataDir,
        `quote-crash-pg-${Date.now()}`,
        ACKED_BEFORE_KILL,
        downloadsItsPdf,
      );
      const stored = await schema.query<{
        reference: string;
        name: string;
        lines: number;
        queued: boolean;
        confirmed: boolean;
      }>(
        `select q.reference, q.name,
                (select count(*)::int from quote_request_lines l where l.request_id = q.id) as lines,
                exists (select 1 from outbox o where o.kind = 'quote_request' and o.ref_id = q.id) as queued,
                exists (select 1 from outbox o where o.kind = 'quote_confirmation' and o.ref_id = q.id) as confirmed
           from quote_requests q order by q.id`,
      );
      const summary = checkDurability(run, stored);
      test.info().annotations.push({ type: 'result', description: summary });
      console.log(`PostgreSQL: ${summary}`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await schema.drop();
    }
  });
});
