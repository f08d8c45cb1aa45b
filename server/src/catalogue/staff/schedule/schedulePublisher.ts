// Each server process looks for due publish schedules every pollMs (CATALOGUE_SCHEDULE_POLL_SECONDS) and publishes
// them (duePublish.ts makes a schedule publish once, whichever process gets there first). A price list scheduled for
// midnight goes live within a poll of midnight with nobody awake; a process that was down publishes what fell due
// meanwhile at its first poll.
import type { FastifyBaseLogger } from 'fastify';
import { describeError, type Database } from '../../../platform/db/index.js';
import { Poller } from '../../../platform/poller.js';
import type { RecordStaffAction } from '../editorCalls.js';
import { publishDueSchedules } from './duePublish.js';

export const SCHEDULE_POLL_MS = 15_000;

export interface SchedulePublisherOptions {
  db: Database;
  audit: RecordStaffAction;
  log: FastifyBaseLogger;
  pollMs?: number | undefined;
}

/** Polls for due publish schedules and publishes them (start() on ready, close() on close). */
export function schedulePublisher(options: SchedulePublisherOptions): Poller {
  const { db, audit, log } = options;
  return new Poller({
    everyMs: options.pollMs ?? SCHEDULE_POLL_MS,
    poll: async () => {
      const count = await publishDueSchedules(db, audit);
      if (count > 0) log.info(`published ${count} scheduled catalogue draft(s)`);
    },
    // the schedule stays pending: the next poll tries again
    failed: (error) =>
      log.error({ err: error }, `could not publish the due catalogue schedules: ${describeError(error)}`),
  });
}
