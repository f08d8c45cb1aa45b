// Which beacons are counted, so that forged ones cannot dominate the histograms, nor the canary-hold rule that reads
// them (canaryHold.ts). A client is counted by its network (an IPv6 address's /64, an IPv4 address itself) and its wide
// network (an IPv6 /48, an IPv4 /24: what one holder draws other addresses from freely; platform/http/clientAddress.ts).
// - Within an hour, one network adds at most SESSIONS_PER_NETWORK distinct sessions, one wide network at most
//   SESSIONS_PER_WIDE_NETWORK, one session at most VIEWS_PER_SESSION page views.
// - Within a UTC day, one wide network's sessions and page views counted toward a release are at most NETWORK_SHARE of
//   the release's own that day (at least its first NETWORK_FIRST_SESSIONS and NETWORK_FIRST_VIEWS): a network newly
//   arrived, however many addresses and sessions it invents, weighs no more than that share of what many networks
//   sent. The gate also says when a wide network is new for a release that day (the rule's floor of networks).
// A session is new for a release the first time it is seen with it in the hour. Counted in the shared Redis (every
// process agrees), else in this process's memory. Only hashes are kept, each salted with its hour or day (nothing can
// be followed from one to the next), and they expire after two hours (the hour's) or two days (the day's).
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** Sessions one network may add in an hour: an office behind one address is a handful of visitors, not hundreds. */
export const SESSIONS_PER_NETWORK = 10;
/** Sessions one wide network (/48, IPv4 /24) may add in an hour, whatever addresses in it they come from. */
export const SESSIONS_PER_WIDE_NETWORK = 30;
/** Page views of one session counted in an hour: more than a person reads. */
export const VIEWS_PER_SESSION = 60;
/**
 * The most of a release's sessions and page views of a day one wide network counts for: 5 %. A burst from one network
 * moves a p75 by at most the width of 5 % of the samples (from the 75th to about the 79th or 71st percentile of the
 * others'), which a difference past the rule's tolerance outlasts.
 */
export const NETWORK_SHARE = 0.05;
/** What a wide network counts for in a release's day before the share allows more: its first visitor or two. */
export const NETWORK_FIRST_SESSIONS = 2;
export const NETWORK_FIRST_VIEWS = 4;
/** How long the hour's hashes are kept, in seconds: the hour, and the next one's start. */
const HOUR_KEPT_SECONDS = 2 * 3600;
/** How long the day's counts are kept, in seconds: the day, and the next one. */
const DAY_KEPT_SECONDS = 2 * 86_400;
/** The most sessions (and release networks) this process keeps in memory for an hour (a day); past it nothing more is counted. */
const MEMORY_SESSIONS_MAX = 200_000;

/** The networks a client is counted by (platform/http/clientAddress.ts' ClientNetworks). */
export interface CountedClient {
  network: string;
  wideNetwork: string;
}

export interface ReleaseAdmission {
  /** Whether the page view counts for the release (within its wide network's share). */
  counted: boolean;
  /** Whether the session is new for the release this hour (counted among its sessions). */
  newSession: boolean;
  /** Whether the wide network is new for the release this day (counted among its networks). */
  newNetwork: boolean;
}

export interface Admission {
  /** Whether the page view counts for any release named. */
  counted: boolean;
  /** For each release key given, in order. */
  releases: ReleaseAdmission[];
}

export interface SessionGate {
  /** Counts one beacon of `session` from `client` in `hour` (an ISO hour), for the release keys named. */
  admit(hour: string, client: CountedClient, session: string, releaseKeys: readonly string[]): Promise<Admission>;
}

const hashed = (salt: string, value: string): string =>
  createHash('sha256').update(`${salt}\n${value}`).digest('base64url').slice(0, 22);
const dayOf = (hour: string): string => hour.slice(0, 10);
/** What a wide network may count for in a release whose day holds `total` (its own included). */
const allowance = (first: number, total: number): number => Math.max(first, Math.floor(NETWORK_SHARE * total));
const refusedAll = (releaseKeys: readonly string[]): Admission => ({
  counted: false,
  releases: releaseKeys.map(() => ({ counted: false, newSession: false, newNetwork: false })),
});

// One round trip, atomic. KEYS: the network's and the wide network's sets of the hour's sessions, the session's hash
// (its views, and the releases it was counted for), then per release its day's totals and the wide network's counts
// in it. ARGV: the session's hash, the caps, then the release keys.
const ADMIT_SCRIPT = `
local session = ARGV[1]
local inNetwork = redis.call('SISMEMBER', KEYS[1], session) == 1
local inWide = redis.call('SISMEMBER', KEYS[2], session) == 1
if not inNetwork and redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[2]) then return {0} end
if not inWide and redis.call('SCARD', KEYS[2]) >= tonumber(ARGV[3]) then return {0} end
if not inNetwork then redis.call('SADD', KEYS[1], session) end
if not inWide then redis.call('SADD', KEYS[2], session) end
redis.call('EXPIRE', KEYS[1], ARGV[5])
redis.call('EXPIRE', KEYS[2], ARGV[5])
local views = redis.call('HINCRBY', KEYS[3], '#views', 1)
redis.call('EXPIRE', KEYS[3], ARGV[5])
if views > tonumber(ARGV[4]) then return {0} end
local share, firstSessions, firstViews, dayKept = tonumber(ARGV[6]), tonumber(ARGV[7]), tonumber(ARGV[8]), ARGV[9]
local result = {1}
for i = 10, #ARGV do
  local totals, own = KEYS[4 + (i - 10) * 2], KEYS[5 + (i - 10) * 2]
  local newSession = redis.call('HEXISTS', KEYS[3], ARGV[i]) == 0
  local totalSessions = tonumber(redis.call('HGET', totals, 's') or '0')
  local totalViews = tonumber(redis.call('HGET', totals, 'v') or '0')
  local ownSessions = tonumber(redis.call('HGET', own, 's') or '0')
  local ownViews = tonumber(redis.call('HGET', own, 'v') or '0')
  local counted = ownViews < math.max(firstViews, math.floor(share * (totalViews + 1)))
  if newSession and ownSessions >= math.max(firstSessions, math.floor(share * (totalSessions + 1))) then counted = false end
  if counted then
    if newSession then
      redis.call('HSET', KEYS[3], ARGV[i], 1)
      redis.call('HINCRBY', totals, 's', 1)
      redis.call('HINCRBY', own, 's', 1)
    end
    redis.call('HINCRBY', totals, 'v', 1)
    redis.call('HINCRBY', own, 'v', 1)
    redis.call('EXPIRE', totals, dayKept)
    redis.call('EXPIRE', own, dayKept)
    result[#result + 1] = 1
    result[#result + 1] = newSession and 1 or 0
    result[#result + 1] = (newSession and ownSessions == 0) and 1 or 0
  else
    result[#result + 1] = 0
    result[#result + 1] = 0
    result[#result + 1] = 0
  end
end
return result
`;

/** The gate over the shared Redis; when Redis fails, `fallback` counts (this process only) and `warn` is told. */
export function redisSessionGate(
  redis: Redis,
  namespace: string,
  fallback: SessionGate,
  warn: (error: unknown) => void,
): SessionGate {
  return {
    async admit(hour, client, session, releaseKeys) {
      const sessionHash = hashed(hour, session);
      const day = dayOf(hour);
      const wide = hashed(day, client.wideNetwork);
      try {
        const keys = [
          `${namespace}a:${hour}:${hashed(hour, client.network)}`,
          `${namespace}w:${hour}:${hashed(hour, client.wideNetwork)}`,
          `${namespace}s:${hour}:${sessionHash}`,
          ...releaseKeys.flatMap((key) => [
            `${namespace}r:${day}:${hashed(day, key)}`,
            `${namespace}n:${day}:${hashed(day, `${key}\n${wide}`)}`,
          ]),
        ];
        const caps = [
          SESSIONS_PER_NETWORK,
          SESSIONS_PER_WIDE_NETWORK,
          VIEWS_PER_SESSION,
          HOUR_KEPT_SECONDS,
          NETWORK_SHARE,
          NETWORK_FIRST_SESSIONS,
          NETWORK_FIRST_VIEWS,
          DAY_KEPT_SECONDS,
        ];
        const result = (await redis.eval(
          ADMIT_SCRIPT,
          keys.length,
          ...keys,
          sessionHash,
          ...caps,
          ...releaseKeys,
        )) as number[];
        if (result[0] !== 1) return refusedAll(releaseKeys);
        const releases = releaseKeys.map((_, index) => ({
          counted: result[1 + index * 3] === 1,
          newSession: result[2 + index * 3] === 1,
          newNetwork: result[3 + index * 3] === 1,
        }));
        return { counted: releases.some(({ counted }) => counted), releases };
      } catch (error) {
        warn(error);
        return fallback.admit(hour, client, session, releaseKeys);
      }
    },
  };
}

interface HourCounts {
  networks: Map<string, Set<string>>;
  wideNetworks: Map<string, Set<string>>;
  sessions: Map<string, { views: number; releases: Set<string> }>;
}
interface DayCounts {
  /** Per release key: its totals, and per wide network its own. */
  releases: Map<
    string,
    { sessions: number; views: number; networks: Map<string, { sessions: number; views: number }> }
  >;
  networkCount: number;
}

/** Keeps the newest two periods of `periods` (ISO texts sort as time) once `period` is added. */
function periodOf<T>(periods: Map<string, T>, period: string, create: () => T): T {
  let counts = periods.get(period);
  if (counts === undefined) {
    counts = create();
    periods.set(period, counts);
    for (const kept of [...periods.keys()].sort().slice(0, -2)) periods.delete(kept);
  }
  return counts;
}

/** The gate in this process's memory: the current hour's and day's counts and the ones before them. */
export function memorySessionGate(): SessionGate {
  const hours = new Map<string, HourCounts>();
  const days = new Map<string, DayCounts>();
  return {
    async admit(hour, client, session, releaseKeys) {
      const counts = periodOf<HourCounts>(hours, hour, () => ({
        networks: new Map(),
        wideNetworks: new Map(),
        sessions: new Map(),
      }));
      const sessionHash = hashed(hour, session);
      const inNetwork = counts.networks.get(hashed(hour, client.network));
      const inWide = counts.wideNetworks.get(hashed(hour, client.wideNetwork));
      if (inNetwork?.has(sessionHash) !== true && (inNetwork?.size ?? 0) >= SESSIONS_PER_NETWORK)
        return refusedAll(releaseKeys);
      if (inWide?.has(sessionHash) !== true && (inWide?.size ?? 0) >= SESSIONS_PER_WIDE_NETWORK)
        return refusedAll(releaseKeys);
      let seen = counts.sessions.get(sessionHash);
      if (seen === undefined) {
        if (counts.sessions.size >= MEMORY_SESSIONS_MAX) return refusedAll(releaseKeys);
        seen = { views: 0, releases: new Set() };
        counts.sessions.set(sessionHash, seen);
      }
      for (const [sets, value] of [
        [counts.networks, client.network],
        [counts.wideNetworks, client.wideNetwork],
      ] as const) {
        const key = hashed(hour, value);
        sets.set(key, (sets.get(key) ?? new Set()).add(sessionHash));
      }
      seen.views += 1;
      if (seen.views > VIEWS_PER_SESSION) return refusedAll(releaseKeys);

      const day = dayOf(hour);
      const today = periodOf<DayCounts>(days, day, () => ({ releases: new Map(), networkCount: 0 }));
      const wide = hashed(day, client.wideNetwork);
      const releases = releaseKeys.map((key): ReleaseAdmission => {
        let release = today.releases.get(key);
        if (release === undefined) {
          release = { sessions: 0, views: 0, networks: new Map() };
          today.releases.set(key, release);
        }
        const own = release.networks.get(wide) ?? { sessions: 0, views: 0 };
        const newSession = !seen.releases.has(key);
        const withinViews = own.views < allowance(NETWORK_FIRST_VIEWS, release.views + 1);
        const withinSessions = !newSession || own.sessions < allowance(NETWORK_FIRST_SESSIONS, release.sessions + 1);
        const roomForNetwork = release.networks.has(wide) || today.networkCount < MEMORY_SESSIONS_MAX;
        if (!withinViews || !withinSessions || !roomForNetwork)
          return { counted: false, newSession: false, newNetwork: false };
        if (!release.networks.has(wide)) {
          release.networks.set(wide, own);
          today.networkCount += 1;
        }
        const newNetwork = newSession && own.sessions === 0;
        if (newSession) {
          seen.releases.add(key);
          release.sessions += 1;
          own.sessions += 1;
        }
        release.views += 1;
        own.views += 1;
        return { counted: true, newSession, newNetwork };
      });
      return { counted: releases.some(({ counted }) => counted), releases };
    },
  };
}
