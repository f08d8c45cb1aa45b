// Each server process looks for due publish schedules every pollMs (CATALOGUE_SCHEDULE_POLL_SECONDS) and publishes
// them (duePublish.ts makes a schedule publish once, whichever process gets there first). A price list scheduled for
// midnight goes live within a poll of midnight with nobody awake; a process that was down publishes what fell due
// meanwhile at its first poll.
import type { FastifyBaseLogger } from 'fastify';
import { describeError, type Database } from '../../../platform/db/index.js';
import type { RecordStaffAction } from '../editorCalls.js';
import { publishDueSchedules } from './duePublish.js';

export const SCHEDULE_POLL_MS = 15_000;

export interface SchedulePublisherOptions {
  db: Database;
  audit: RecordStaffAction;
  log: FastifyBaseLogger;
  pollMs?: number | undefined;
}

export class SchedulePublisher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closed = false;

  constructor(private readonly options: SchedulePublisherOptions) {}

  start(): void {
    this.timer = setInterval(() => this.poll(), this.options.pollMs ?? SCHEDULE_POLL_MS);
    this.timer.unref();
    this.poll();
  }

  /** One look, unless the last one still runs. */
  private poll(): void {
    if (this.closed || this.running !== undefined) return;
    const { db, audit, log } = this.options;
    this.running = publishDueSchedules(db, audit)
      .then((count) => {
        if (count > 0) log.info(`published ${count} scheduled catalogue draft(s)`);
      })
      .catch((error: unknown) => {
        // the schedule stays pending: the next poll tries again
        log.error({ err: error }, `could not publish the due catalogue schedules: ${describeError(error)}`);
      })
      .finally(() => {
        this.running = undefined;
      });
  }

  /** Stops polling, once the publish under way (one transaction) is over. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.running;
  }
}
