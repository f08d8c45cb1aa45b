// The field vitals' settings, built from the variables ../platform/config.ts parses: the beacons (POST /api/vitals),
// and the canary-hold rule on them (./canaryHold.ts).
import type { Vars } from '../platform/config.js';

export function releaseVitalsConfigOf(vars: Vars) {
  return {
    /** How much worse (percent) the canary's p75 LCP or INP may be than stable's before it is held. */
    tolerancePercent: vars.RELEASE_VITALS_TOLERANCE_PERCENT,
    /** Sessions needed on each side before the rule judges. */
    minSessions: vars.RELEASE_VITALS_MIN_SAMPLES,
    // distinct wide networks (IPv6 /48, IPv4 /24) those sessions come from, on each side; optional in the type: a
    // config written in code without it gets the rule's default (MIN_NETWORKS_DEFAULT)
    ...({ minNetworks: vars.RELEASE_VITALS_MIN_NETWORKS } as { minNetworks?: number }),
    /** True: a held canary is also taken out (its share set to 0 %) when its promote is refused. */
    rollback: vars.RELEASE_VITALS_ROLLBACK,
  };
}

export function vitalsConfigOf(vars: Vars) {
  return {
    /** Beacons per client address per minute, shared through REDIS_URL; 0 turns the limit off (load tests only). */
    beaconsPerMinute: vars.VITALS_BEACONS_PER_MINUTE,
    /** The share of visitors' tabs whose page views send their vitals (a busy site needs no more than a sample). */
    samplePercent: vars.VITALS_SAMPLE_PERCENT,
  };
}

export type ReleaseVitalsConfig = ReturnType<typeof releaseVitalsConfigOf>;
export type VitalsConfig = ReturnType<typeof vitalsConfigOf>;
