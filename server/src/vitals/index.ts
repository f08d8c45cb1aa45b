// The field vitals feature's public face: what app.ts and the other features of the server use of it (eslint.config.mjs
// keeps them to this file). The releases feature is given `vitalsVerdict` by app.ts (features.ts), not an import.
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../platform/db/index.js';
import { HOLD_ALPHA, readVerdict, type HoldPolicy, type LiveVersionsReader, type Verdict } from './canaryHold.js';

export { type VitalsPluginOptions, vitalsPlugin } from './plugin.js';
export { HOLD_ALPHA, HOLD_WINDOW_HOURS, type HoldPolicy, type Verdict } from './canaryHold.js';

/** The canary-hold rule's verdict on a remote, through a given database handle (a promote's transaction's). */
export type VitalsVerdict = (db: Kysely<DatabaseSchema>, remote: string) => Promise<Verdict>;

/**
 * `vitalsVerdict(db, remote)`: whether `remote`'s live canary is held by its field vitals, and a sentence with both
 * sides' figures. `liveVersions` is the releases feature's reading of the registry; `now` the window's end (tests).
 */
export function createVitalsVerdict(liveVersions: LiveVersionsReader, policy: HoldPolicy, now: () => Date = () => new Date()): VitalsVerdict {
  const withAlpha = { alpha: HOLD_ALPHA, ...policy };
  return (db, remote) => readVerdict(db, remote, liveVersions, withAlpha, now());
}
