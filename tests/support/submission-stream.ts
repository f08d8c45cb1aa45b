// A stream of contact-form submissions against a running server, recording what each request was answered,
// for the crash-durability spec: which submissions were acknowledged (200 {ok, id}) before the server died.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './site-server';

export interface Outcome {
  name: string;
  /** acked: 200 {ok:true,id}; refused: another HTTP answer; lost: no answer (connection reset or refused). */
  fate: 'acked' | 'refused' | 'lost';
  id?: number;
  status?: number;
  error?: string;
}

export function contactForm(name: string): Record<string, unknown> {
  return {
    name,
    email: 'crash.test@example.com',
    message: `Crash durability probe from ${name}: please send a quote for 200 m of 4 core armoured cable.`,
  };
}

export async function postContactForm(baseUrl: string, name: string): Promise<Outcome> {
  try {
    const response = await fetch(`${baseUrl}/api/send-contact-form`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(contactForm(name)),
      signal: AbortSignal.timeout(30_000),
    });
    const body = (await response.json().catch(() => ({}))) as { ok?: boolean; id?: number };
    if (response.status === 200 && body.ok === true && typeof body.id === 'number') return { name, fate: 'acked', id: body.id, status: 200 };
    return { name, fate: 'refused', status: response.status };
  } catch (error) {
    return { name, fate: 'lost', error: String((error as Error).cause ?? error) };
  }
}

/**
 * Posts distinct submissions (`<prefix>-<n>`) from `concurrency` parallel senders until each sender has seen
 * its first lost request (the server is gone). `onAcked` is told the running count of acknowledged ones
 * (the caller kills the server from there). Resolves to every outcome, in sending order.
 */
export async function streamUntilServerDies(
  baseUrl: string,
  prefix: string,
  onAcked: (ackedSoFar: number) => void,
  { concurrency = 4, maxRequests = 5_000 } = {},
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  let acked = 0;
  const sender = async () => {
    while (next < maxRequests) {
      const index = next++;
      const outcome = await postContactForm(baseUrl, `${prefix}-${String(index).padStart(5, '0')}`);
      outcomes[index] = outcome;
      if (outcome.fate === 'acked') onAcked(++acked);
      if (outcome.fate === 'lost') return;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, sender));
  return outcomes.filter(Boolean);
}

export interface StoredSubmission {
  id: number;
  name: string;
  /** An outbox row exists for it (its mail is queued or was sent). */
  queued: boolean;
}

/**
 * The contact messages in the embedded database of `dataDir`, read with the staff tool
 * (`npm run submissions -- --json`, server/scripts/submissions.ts). The server must be stopped (PGlite lock).
 */
export function readEmbeddedSubmissions(dataDir: string): StoredSubmission[] {
  const result = spawnSync(
    process.execPath,
    [path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), path.join('server', 'scripts', 'submissions.ts'), '--json', '--limit', '100000'],
    { cwd: REPO_ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8', timeout: 120_000 },
  );
  if (result.status !== 0) throw new Error(`npm run submissions failed (${result.status}):\n${result.stderr}\n${result.error ?? ''}`);
  const report = JSON.parse(result.stdout) as {
    sections: { title: string; total: number; entries: { id: number; name: string; mail: unknown }[] }[];
  };
  const contact = report.sections.find((section) => /contact/i.test(section.title));
  if (contact === undefined) throw new Error(`No contact section in the report: ${result.stdout.slice(0, 500)}`);
  if (contact.entries.length !== contact.total) throw new Error(`The report listed ${contact.entries.length} of ${contact.total} contact messages`);
  return contact.entries.map((entry) => ({ id: entry.id, name: entry.name, queued: entry.mail !== null }));
}
