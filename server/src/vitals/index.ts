// The field vitals feature's public face: what app.ts and the other features of the server use of it (eslint.config.mjs
// keeps them to this file). The releases feature is given `vitalsVerdict` by app.ts (features.ts), not an import.
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../platform/db/index.js';
import type { RemoteVitalsReport, SiteVitalsReport } from '@site/contracts/vitals-api';
import {
  HOLD_ALPHA,
  HOLD_WINDOW_HOURS as WINDOW_HOURS,
  readVerdict,
  type HoldPolicy,
  type LiveVersionsReader,
  type Verdict,
} from './canaryHold.js';
import { readReleaseVitals, readSiteVitals } from './report.js';

export { type VitalsPluginOptions, vitalsPlugin } from './plugin.js';
export { HOLD_ALPHA, HOLD_WINDOW_HOURS, type HoldPolicy, type Verdict } from './canaryHold.js';
// its settings, built from the parsed variables (app/config.ts)
export {
  releaseVitalsConfigOf,
  vitalsConfigOf,
  type ReleaseVitalsConfig,
  type VitalsConfig,
} from './settings.js';

/** The canary-hold rule's verdict on a remote, through a given database handle (a promote's transaction's). */
export type VitalsVerdict = (db: Kysely<DatabaseSchema>, remote: string) => Promise<Verdict>;

/**
 * `vitalsVerdict(db, remote)`: whether `remote`'s live canary is held by its field vitals, and a sentence with both
 * sides' figures. `liveVersions` is the releases feature's reading of the registry; `now` the window's end (tests).
 */
export function createVitalsVerdict(
  liveVersions: LiveVersionsReader,
  policy: HoldPolicy,
  now: () => Date = () => new Date(),
): VitalsVerdict {
  const withAlpha = { alpha: HOLD_ALPHA, ...policy };
  return (db, remote) => readVerdict(db, remote, liveVersions, withAlpha, now());
}

/** The releases console's reads of the field vitals (a remote's releases side by side; the site's pages). */
export interface VitalsReports {
  remote: (db: Kysely<DatabaseSchema>, remote: string) => Promise<RemoteVitalsReport | undefined>;
  site: (db: Kysely<DatabaseSchema>) => Promise<SiteVitalsReport>;
}

/**
 * The console's reads: `remote` gives the stable release beside the live canary over the last HOLD_WINDOW_HOURS hours
 * (with a canary, those it had page views in: the hours the hold rule compares) with the rule's verdict; undefined
 * when the registry has no such remote.
 */
export function createVitalsReports(
  liveVersions: LiveVersionsReader,
  policy: HoldPolicy,
  now: () => Date = () => new Date(),
): VitalsReports {
  const verdictOf = createVitalsVerdict(liveVersions, policy, now);
  return {
    remote: async (db, remote) => {
      const live = await liveVersions(db, remote);
      if (live === undefined) return undefined;
      const until = now();
      const since = new Date(until.getTime() - WINDOW_HOURS * 3600_000);
      const versions = live.canary === undefined ? [live.stable] : [live.stable, live.canary];
      const [stable, canary] = await readReleaseVitals(db, remote, versions, since, live.canary);
      if (stable === undefined) return undefined;
      const verdict = live.canary === undefined ? null : await verdictOf(db, remote);
      return {
        remote,
        since: since.toISOString(),
        until: until.toISOString(),
        stable,
        canary: canary ?? null,
        hold: verdict === null ? null : { held: verdict.held, sentence: verdict.sentence },
      };
    },
    site: (db) => readSiteVitals(db, now()),
  };
}
