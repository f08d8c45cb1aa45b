// The releases' settings, built from the variables ../platform/config.ts parses: what browsers report of remote loads,
// and the automatic rollback of a failing canary (./releaseHealth.ts).
import { RELEASE_SAFETY_DEFAULTS, type Vars } from '../platform/config.js';

export function releaseSafetyConfigOf(vars: Vars) {
  return {
    /** The most visitors' loads of the canary looked at (the latest). */
    rollbackWindow: vars.RELEASE_ROLLBACK_WINDOW,
    /** Only loads reported this recently are looked at, in seconds. */
    rollbackWindowSeconds: vars.RELEASE_ROLLBACK_WINDOW_SECONDS,
    /** No canary is rolled back on fewer visitors' loads than this (in the window). */
    rollbackMinLoads: vars.RELEASE_ROLLBACK_MIN_LOADS,
    /** The share of those loads failing, in percent, at or above which the canary is taken out (0: never). */
    rollbackFailurePercent: vars.RELEASE_ROLLBACK_FAILURE_PERCENT,
    /** The failures must come from at least this many networks, and as many wide networks (rollbackJudgement.ts). */
    rollbackMinFailingAddresses: vars.RELEASE_ROLLBACK_MIN_ADDRESSES,
    /** One network (an IPv4 address, an IPv6 /64) counts as at most this many visitors in the window; a wide one twice that. */
    countedPerAddress: RELEASE_SAFETY_DEFAULTS.countedPerAddress as number,
    /** Who is mailed when a canary is taken out; undefined: the audit only. */
    alertEmail: vars.RELEASE_ALERT_EMAIL,
    /** Load reports per client IP per minute; 0 turns the limit off (load tests only). */
    reportsPerMinute: vars.RELEASE_REPORTS_PER_MINUTE,
  };
}

export type ReleaseSafetyConfig = ReturnType<typeof releaseSafetyConfigOf>;
