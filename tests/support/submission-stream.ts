// A stream of submissions (contact forms, or requests for quotation) against a running server, recording what each
// request was answered, for the crash-durability specs: which submissions were acknowledged before the server died,
// and what the database holds after it (read with the staff tool, `npm run submissions -- --json`).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT, startSite, type RunningSite } from './site-server';

export interface Outcome {
  name: string;
  /** acked: 200 with the submission's id (a form) or reference (a request for quotation); refused: another HTTP answer; lost: no answer (connection reset or refused). */
  fate: 'acked' | 'refused' | 'lost';
  id?: number;
  reference?: string;
  /** Where its sender downloads a request for quotation's PDF. */
  pdfUrl?: string;
  status?: number;
  error?: string;
}

/** What a stream posts, and what in the answer acknowledges it. */
export interface SubmissionKind {
  path: string;
  /** The body of the submission named `name` (each one distinct by its name). */
  body(name: string): Record<string, unknown>;
  /** The id or reference a 200 answer acknowledged it with; undefined when the answer is no acknowledgement. */
  acknowledged(answer: Record<string, unknown>): Pick<Outcome, 'id' | 'reference' | 'pdfUrl'> | undefined;
}

export function contactForm(name: string): Record<string, unknown> {
  return {
    name,
    email: 'crash.test@example.com',
    message: `Crash durability probe from ${name}: please send a quote for 200 m of 4 core armoured cable.`,
  };
}

export const CONTACT_FORMS: SubmissionKind = {
  path: '/api/send-contact-form',
  body: contactForm,
  acknowledged: (answer) => (answer.ok === true && typeof answer.id === 'number' ? { id: answer.id } : undefined),
};

/** The lines of every request for quotation of a stream: three products in three units. */
export const QUOTE_LINES = [
  { productId: 'oc_cu_xlpe_swa_pvc_cable', quantity: 212.5 },
  { productId: 'hex_cw_brass_cable_gland', quantity: 40 },
  { productId: 'elite_pre_insulated_ring_terminal', quantity: 3 },
];

/** The address every request of a stream is sent from: its confirmations are capped (3 a day). */
export const QUOTE_EMAIL = 'crash.buyer@example.com';

export const QUOTE_REQUESTS: SubmissionKind = {
  path: '/api/quote-requests',
  body: (name) => ({
    lines: QUOTE_LINES,
    companyName: 'Crash Test Contracting LLC',
    name,
    email: QUOTE_EMAIL,
    phone: '+971 50 000 0000',
    branch: 'Dubai',
    notes: `Crash durability probe from ${name}: طلب تجريبي.`,
    // from the Arabic site: its PDF is laid out right to left in the Arabic font
    language: 'ar',
  }),
  acknowledged: (answer) =>
    answer.ok === true && typeof answer.reference === 'string' && typeof answer.pdfUrl === 'string'
      ? { reference: answer.reference, pdfUrl: answer.pdfUrl }
      : undefined,
};

export async function postSubmission(baseUrl: string, kind: SubmissionKind, name: string): Promise<Outcome> {
  try {
    const response = await fetch(`${baseUrl}${kind.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(kind.body(name)),
      signal: AbortSignal.timeout(30_000),
    });
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    const acknowledged = response.status === 200 ? kind.acknowledged(answer) : undefined;
    if (acknowledged !== undefined) return { name, fate: 'acked', status: 200, ...acknowledged };
    return { name, fate: 'refused', status: response.status };
  } catch (error) {
    return { name, fate: 'lost', error: String((error as Error).cause ?? error) };
  }
}

export function postContactForm(baseUrl: string, name: string): Promise<Outcome> {
  return postSubmission(baseUrl, CONTACT_FORMS, name);
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
  {
    concurrency = 4,
    maxRequests = 5_000,
    kind = CONTACT_FORMS,
  }: { concurrency?: number; maxRequests?: number; kind?: SubmissionKind } = {},
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let next = 0;
  let acked = 0;
  const sender = async () => {
    while (next < maxRequests) {
      const index = next++;
      const outcome = await postSubmission(baseUrl, kind, `${prefix}-${String(index).padStart(5, '0')}`);
      outcomes[index] = outcome;
      if (outcome.fate === 'acked') onAcked(++acked);
      if (outcome.fate === 'lost') return;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, sender));
  return outcomes.filter(Boolean);
}

export interface CrashRun {
  outcomes: Outcome[];
  /** A submission sent to the restarted server (proves the database opens and takes writes again). */
  afterRestart: Outcome;
  /** The first server's exit signal ('SIGKILL') and the restarted one's exit code after SIGTERM (0). */
  killedBy: NodeJS.Signals | null;
  restartedExit: number | null;
  restartedOutput: string;
}

/**
 * Streams submissions of `kind` at a server, SIGKILLs it once `ackedBeforeKill` are acknowledged (the stream keeps
 * sending while the signal lands), restarts it on the same data and sends one more (then `whileRestarted` may look at
 * it); then stops it (SIGTERM).
 */
export async function crashAndRestart(
  kind: SubmissionKind,
  env: Record<string, string>,
  dataDir: string,
  prefix: string,
  ackedBeforeKill: number,
  whileRestarted?: (site: RunningSite, afterRestart: Outcome) => Promise<void>,
): Promise<CrashRun> {
  const first = await startSite({ SUBMIT_RATE_LIMIT_MAX: '0', ...env }, { dataDir });
  let killed = false;
  const exited = new Promise<void>((resolve) => first.process.once('exit', () => resolve()));
  let outcomes: Outcome[];
  try {
    outcomes = await streamUntilServerDies(
      first.url,
      prefix,
      (acked) => {
        if (!killed && acked >= ackedBeforeKill) {
          killed = true;
          first.process.kill('SIGKILL');
        }
      },
      { kind },
    );
  } finally {
    if (!killed) first.process.kill('SIGKILL');
  }
  await exited;

  let second: RunningSite | undefined;
  try {
    second = await startSite({ SUBMIT_RATE_LIMIT_MAX: '0', ...env }, { dataDir });
    const afterRestart = await postSubmission(second.url, kind, `${prefix}-after-restart`);
    await whileRestarted?.(second, afterRestart);
    await second.stop(); // SIGTERM: closes the database (and releases the embedded database's lock)
    return {
      outcomes,
      afterRestart,
      killedBy: first.process.signalCode,
      restartedExit: second.process.exitCode,
      restartedOutput: second.output(),
    };
  } finally {
    await second?.stop();
  }
}

export interface StoredSubmission {
  id: number;
  name: string;
  /** An outbox row exists for it (its mail is queued or was sent). */
  queued: boolean;
}

/** What `npm run submissions -- --json` says of a database (the embedded one of `dataDir`: the server must be stopped). */
function embeddedReport(dataDir: string): unknown {
  const result = spawnSync(
    process.execPath,
    [
      path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
      path.join('server', 'scripts', 'submissions.ts'),
      '--json',
      '--limit',
      '100000',
    ],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  if (result.status !== 0)
    throw new Error(`npm run submissions failed (${result.status}):\n${result.stderr}\n${result.error ?? ''}`);
  return JSON.parse(result.stdout) as unknown;
}

/**
 * The contact messages in the embedded database of `dataDir`, read with the staff tool
 * (`npm run submissions -- --json`, server/scripts/submissions.ts). The server must be stopped (PGlite lock).
 */
export function readEmbeddedSubmissions(dataDir: string): StoredSubmission[] {
  const report = embeddedReport(dataDir) as {
    sections: { title: string; total: number; entries: { id: number; name: string; mail: unknown }[] }[];
  };
  const contact = report.sections.find((section) => /contact/i.test(section.title));
  if (contact === undefined)
    throw new Error(`No contact section in the report: ${JSON.stringify(report).slice(0, 500)}`);
  if (contact.entries.length !== contact.total)
    throw new Error(`The report listed ${contact.entries.length} of ${contact.total} contact messages`);
  return contact.entries.map((entry) => ({ id: entry.id, name: entry.name, queued: entry.mail !== null }));
}

export interface StoredQuoteRequest {
  reference: string;
  name: string;
  /** Its stored lines. */
  lines: number;
  /** Its mail to the branch is queued (or was sent). */
  queued: boolean;
  /** A confirmation to the buyer is queued (or was sent). */
  confirmed: boolean;
}

/** The requests for quotation in the embedded database of `dataDir`, read with the staff tool (the server stopped). */
export function readEmbeddedQuoteRequests(dataDir: string): StoredQuoteRequest[] {
  const { quoteRequests } = embeddedReport(dataDir) as {
    quoteRequests?: {
      total: number;
      entries: { reference: string; name: string; lines: unknown[]; branchMail: unknown; confirmation: unknown }[];
    };
  };
  if (quoteRequests === undefined)
    throw new Error('No requests for quotation in the report: is the server built from this tree?');
  if (quoteRequests.entries.length !== quoteRequests.total)
    throw new Error(`The report listed ${quoteRequests.entries.length} of ${quoteRequests.total} requests`);
  return quoteRequests.entries.map((entry) => ({
    reference: entry.reference,
    name: entry.name,
    lines: entry.lines.length,
    queued: entry.branchMail !== null,
    confirmed: entry.confirmation !== null,
  }));
}
