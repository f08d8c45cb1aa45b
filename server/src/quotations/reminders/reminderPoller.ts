// Each server process looks for quotations about to expire every pollMs (QUOTATION_REMINDER_POLL_SECONDS) and mails
// their salespeople (expiring.ts reminds a quotation once, whichever process gets there first), as the scheduled
// publish's poller does (catalogue/staff/schedule/schedulePublisher.ts). A process that was down reminds at its first
// poll what came within the window meanwhile.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { describeError, type DatabaseSchema } from '../../platform/db/index.js';
import { Poller } from '../../platform/poller.js';
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

/** Polls for quotations about to expire and mails their reminders (start() on ready, close() on close). */
export function reminderPoller(options: ReminderPollerOptions): Poller {
  const { db, record, log, now, onOutboxWrite } = options;
  return new Poller({
    everyMs: options.pollMs ?? REMINDER_POLL_MS,
    poll: async () => {
      const count = await remindExpiringQuotations(db, record, now(), options);
      if (count === 0) return;
      log.info(`mailed ${count} reminder(s) of quotations about to expire`);
      onOutboxWrite?.();
    },
    // nothing of a failed reminder was stored: the next poll tries again
    failed: (error) =>
      log.error({ err: error }, `could not mail the reminders of quotations about to expire: ${describeError(error)}`),
  });
}
