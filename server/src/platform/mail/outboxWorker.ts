// Sends the outbox: every pending mail (contact messages, enquiries, requests for quotation) with retries and backoff.
// Several server processes may share one PostgreSQL database: a mail is claimed by one atomic
// UPDATE ... FOR UPDATE SKIP LOCKED that also pushes its next attempt a lease ahead, so no other
// worker takes it while it is being sent, and a worker that dies mid-send leaves it to be retried
// when the lease ends. Delivery is at least once: a crash between the SMTP answer and the
// "sent" mark sends that mail again. A claimed mail is pending again (its last error cleared until this attempt
// ends), so staff cannot queue it again while it is being sent (inboxActions.resendMail takes failed mail only).
import { sql } from 'kysely';
import { describeError, type Database } from '../db/index.js';
import type { OutboxRow } from './compose.js';
import type { MailComposers } from './composers.js';
import type { MailTransport } from './transport.js';

export interface OutboxWorkerOptions {
  db: Database;
  transport: MailTransport;
  /** The composers of every kind of row (outboxMail.ts beside app.ts: the site's). */
  composers: MailComposers;
  /** The From address (MAIL_FROM). */
  from: string;
  /** Delay after the first failed attempt; doubled after each further failure, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** How often to look for due mail when nothing woke the worker. */
  pollMs: number;
  /** How long a claimed mail is reserved for the worker sending it (longer than any send can take). */
  leaseMs?: number;
  log?: Pick<Console, 'info' | 'warn' | 'error'>;
}

export interface DrainResult {
  sent: number;
  failed: number;
}

export interface OutboxWorker {
  /** Starts the background loop (does nothing if it runs already). */
  start(): void;
  /** Wakes the loop now (a submission just queued a mail). */
  nudge(): void;
  /** Sends every mail that is due now, one at a time, and says how it went. Used by the loop and by tests. */
  drain(): Promise<DrainResult>;
  /** Stops the loop and waits for the mail being sent, if any. */
  stop(): Promise<void>;
}

/** Retry delay after `attempts` failed attempts: base, 2 × base, 4 × base... capped at max. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
}

const DEFAULT_LEASE_MS = 2 * 60_000;

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, transport, composers, from, retryBaseMs, retryMaxMs, pollMs } = options;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const log = options.log ?? console;

  let running = false;
  let stopping = false;
  let loopDone: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  /** Set by nudge(): a mail was queued while the loop was busy, so look again before sleeping. */
  let nudged = false;

  /** now() plus `ms`: the interval made by the database from a number of seconds, never from text. */
  const fromNow = (ms: number) => sql<Date>`now() + make_interval(secs => ${ms}::float8 / 1000)`;

  async function claim(): Promise<(OutboxRow & { attempts: number }) | undefined> {
    return db.kysely
      .updateTable('outbox')
      .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: fromNow(leaseMs), last_error: null }))
      .where('id', '=', (eb) =>
        eb
          .selectFrom('outbox')
          .select('id')
          .where('sent_at', 'is', null)
          .where('next_attempt_at', '<=', sql<Date>`now()`)
          .orderBy('next_attempt_at')
          .orderBy('id')
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .returning(['id', 'kind', 'ref_id', 'recipient', 'payload', 'attempts'])
      .executeTakeFirst();
  }

  async function deliver(row: OutboxRow & { attempts: number }): Promise<boolean> {
    try {
      await transport.sendMail(await composers.compose(row, from));
    } catch (error) {
      const delay = retryDelayMs(row.attempts, retryBaseMs, retryMaxMs);
      const reason = describeError(error).slice(0, 1000);
      await db.kysely
        .updateTable('outbox')
        .set({ last_error: reason, next_attempt_at: fromNow(delay) })
        .where('id', '=', row.id)
        .where('sent_at', 'is', null)
        .execute();
      log.warn(`Mail ${row.id} (${row.kind} to ${row.recipient}) failed, attempt ${row.attempts}: ${reason}; next try in ${Math.round(delay / 1000)} s`);
      return false;
    }
    await db.kysely
      .updateTable('outbox')
      .set({ sent_at: sql<Date>`now()`, last_error: null })
      .where('id', '=', row.id)
      .where('sent_at', 'is', null)
      .execute();
    return true;
  }

  async function drain(): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, failed: 0 };
    // Each row is claimed once per drain at most: a failed one is pushed into the future by its backoff.
    while (!stopping) {
      const row = await claim();
      if (row === undefined) break;
      if (await deliver(row)) result.sent += 1;
      else result.failed += 1;
    }
    return result;
  }

  async function loop(): Promise<void> {
    while (!stopping) {
      nudged = false;
      try {
        await drain();
      } catch (error) {
        log.error(`Outbox worker: ${describeError(error)} (trying again in ${Math.round(pollMs / 1000)} s)`);
      }
      if (stopping) break;
      if (nudged) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      stopping = false;
      loopDone = loop();
    },
    nudge() {
      nudged = true;
      wake?.();
    },
    drain,
    async stop() {
      stopping = true;
      wake?.();
      await loopDone;
      running = false;
      transport.close();
    },
  };
}
