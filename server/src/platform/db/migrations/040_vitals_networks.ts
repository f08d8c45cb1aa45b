import type { Migration } from './types.js';

/**
 * The distinct networks behind a release's sessions (vitals/sessionGate.ts, canaryHold.ts): each wide network (an IPv6
 * /48, an IPv4 /24) adds 1 to `networks` of the row its first counted session of the day for the release went to. A
 * count only: no network is kept.
 */
export const migration040VitalsNetworks: Migration = {
  version: '040',
  name: 'vitals_networks',
  sql: /* sql */ `
alter table vitals_sessions add column networks bigint not null default 0;
`,
};
