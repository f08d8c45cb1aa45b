// The staff app's settings, built from the variables ../platform/config.ts parses: its sessions (./sessions.ts), the
// keys of the TOTP secrets (./totpSecrets.ts) and a new quotation's validity.
import path from 'node:path';
import type { Vars } from '../platform/config.js';

export function staffConfigOf(vars: Vars, dataDir: string) {
  return {
    /** A session unused for this long ends. */
    sessionIdleMinutes: vars.STAFF_SESSION_IDLE_MINUTES,
    /** A session ends this long after sign-in, however much it is used. */
    sessionMaxHours: vars.STAFF_SESSION_MAX_HOURS,
    /** The keys sealing TOTP secrets at rest, the current one first; undefined: totpKeyFile's. */
    totpKeys: vars.STAFF_TOTP_KEYS,
    /** The key made and kept in DATA_DIR when STAFF_TOTP_KEYS is not set. */
    totpKeyFile: path.join(dataDir, 'staff-totp.key'),
    /** Days a new quotation is valid, from the day staff prepare it (they may change its date). */
    quotationValidDays: vars.QUOTATION_VALID_DAYS,
    /** How often each process looks for catalogue drafts due to be published on schedule. */
    catalogueSchedulePollMs: vars.CATALOGUE_SCHEDULE_POLL_SECONDS,
    /** How often each process looks for sent quotations about to expire, to remind their salespeople. */
    quotationReminderPollMs: vars.QUOTATION_REMINDER_POLL_SECONDS,
  };
}

export type StaffConfig = ReturnType<typeof staffConfigOf>;
