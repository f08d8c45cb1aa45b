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
  return new OutboxSender(options);
}

/** A claimed mail: its row, and how many attempts it has had, this one included. */
type ClaimedMail = OutboxRow & { attempts: number };

/** The worker: a loop that drains the due mail, then sleeps until its next poll or a nudge. */
class OutboxSender implements OutboxWorker {
  private readonly leaseMs: number;
  private readonly log: Pick<Console, 'info' | 'warn' | 'error'>;
  private running = false;
  private stopping = false;
  private loopDone: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  /** Set by nudge(): a mail was queued while the loop was busy, so look again before sleeping. */
  private nudged = false;

  constructor(private readonly options: OutboxWorkerOptions) {
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.log = options.log ?? console;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopping = false;
    this.loopDone = this.loop();
  }

  nudge(): void {
    this.nudged = true;
    this.wake?.();
  }

  async drain(): Promise<DrainResult> {
    const result: DrainResult = { sent: 0, failed: 0 };
    // Each row is claimed once per drain at most: a failed one is pushed into the future by its backoff.
    while (!this.stopping) {
      const row = await claimDueMail(this.options.db, this.leaseMs);
      if (row === undefined) break;
      if (await this.deliver(row)) result.sent += 1;
      else result.failed += 1;
    }
    return result;
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.loopDone;
    this.running = false;
    this.options.transport.close();
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      this.nudged = false;
      try {
        await this.drain();
      } catch (error) {
        this.log.error(
          `Outbox worker: ${describeError(error)} (trying again in ${Math.round(this.options.pollMs / 1000)} s)`,
        );
      }
      if (this.stopping) break;
      if (this.nudged) continue;
      await this.sleep();
    }
  }

  /** Until the next poll, or until nudge() or stop() wakes the loop. */
  private async sleep(): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, this.options.pollMs);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.wake = undefined;
  }

  /** Sends one claimed mail and marks it sent, or failed with its next attempt after the backoff. */
  private async deliver(row: ClaimedMail): Promise<boolean> {
    const { db, transport, composers, from, retryBaseMs, retryMaxMs } = this.options;
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
      this.log.warn(
        `Mail ${row.id} (${row.kind} to ${row.recipient}) failed, attempt ${row.attempts}: ${reason}; next try in ${Math.round(delay / 1000)} s`,
      );
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
}

/** now() plus `ms`: the interval made by the database from a number of seconds, never from text. */
const fromNow = (ms: number) => sql<Date>`now() + make_interval(secs => ${ms}::float8 / 1000)`;

/** The next due mail, claimed: its attempt counted and its next one pushed a lease ahead, so no other worker takes it. */
async function claimDueMail(db: Database, leaseMs: number): Promise<ClaimedMail | undefined> {
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
