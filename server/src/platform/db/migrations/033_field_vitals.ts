import type { Migration } from './types.js';

/**
 * The field Core Web Vitals (vitals/): histograms only, never a beacon, an address, a cookie or a user agent.
 * - vitals_histograms: page views by bucket (vitals/buckets.ts: fixed log-spaced buckets by index) per hour, route
 *   pattern, edition, device class, remote and release the page loaded, and metric;
 * - vitals_sessions: the page views and distinct sessions (each hour's: a session is counted once an hour per remote
 *   and release) of the same keys, by effective connection type.
 * Both are read by remote and release first (the canary-hold rule), then by hour.
 */
export const migration033FieldVitals: Migration = {
  version: '033',
  name: 'field_vitals',
  sql: /* sql */ `
create table vitals_histograms (
  remote text not null,
  release text not null,
  hour timestamptz not null,
  metric text not null,
  route text not null,
  edition text not null,
  device text not null,
  bucket smallint not null,
  samples bigint not null default 0,
  primary key (remote, release, hour, metric, route, edition, device, bucket)
);
create table vitals_sessions (
  remote text not null,
  release text not null,
  hour timestamptz not null,
  route text not null,
  edition text not null,
  device text not null,
  connection text not null,
  views bigint not null default 0,
  sessions bigint not null default 0,
  primary key (remote, release, hour, route, edition, device, connection)
);
`,
};
