// The staff app's work calls (inbox, moderation, settings, export): registered by staffRoutes.ts inside the
// signed-in scope, so every handler here runs with `request.staff` set and the CSRF check already passed.
// Each change writes its audit line (../audit.ts) in its own transaction.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/index.js';

export interface StaffWorkOptions {
  db: Database;
  /** Wakes the outbox worker after a mail was queued again (re-send). */
  onOutboxWrite?: () => void;
}

export async function staffWorkRoutes(_app: FastifyInstance, _options: StaffWorkOptions): Promise<void> {
  // filled in by the inbox/moderation work (issue 20)
}
