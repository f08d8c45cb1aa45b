// Each server process looks for quotations about to expire every pollMs (QUOTATION_REMINDER_POLL_SECONDS) and mails
// their salespeople (expiring.ts reminds a quotation once, whichever process gets there first), as the scheduled
// publish's poller does (catalogue/staff/schedule/schedulePublisher.ts). A process that was down reminds at its first
// poll what came within the window meanwhile.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { describeError, type DatabaseSchema } from '../../platform/db/index.js';
import type { RecordStaffAction } from '../staffSide.js';
import { remindExpiringQuotations, type ReminderSettings } from './expiring.js';

export const REMINDER_POLL_MS = 300_000;

export interface ReminderPollerOptions extends ReminderSettings {
  db: Kysely<DatabaseSchema>;
  record: RecordStaffAction;
  log: FastifyBaseLogger;
  now: () => Date;
  pollMs?: number | undefined;
  /** Wakes the outbox worker once a poll queued reminders. */
  onOutboxWrite?: (() => void) | undefined;
}

export class ReminderPoller {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closed = false;

  constructor(private readonly options: ReminderPollerOptions) {}

  start(): void {
    this.timer = setInterval(() => this.poll(), this.options.pollMs ?? REMINDER_POLL_MS);
    this.timer.unref();
    this.poll();
  }

  /** One look, unless the last one still runs. */
  private poll(): void {
    if (this.closed || this.running !== undefined) return;
    const { db, record, log, now, onOutboxWrite } = this.options;
    this.running = remindExpiringQuotations(db, record, now(), this.options)
      .then((count) => {
        if (count === 0) return;
        log.info(`mailed ${count} reminder(s) of quotations about to expire`);
        onOutboxWrite?.();
      })
      .catch((error: unknown) => {
        // nothing of a failed reminder was stored: the next poll tries again
        log.error(
          { err: error },
          `could not mail the reminders of quotations about to expire: ${describeError(error)}`,
        );
      })
      .finally(() => {
        this.running = undefined;
      });
  }

  /** Stops polling, once the reminders under way (a transaction each) are queued. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.running;
  }
}
