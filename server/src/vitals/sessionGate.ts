// Which beacons are counted, so that forged ones cannot dominate the histograms: within an hour, one client address (an
// IPv6 one's /64) counts at most SESSIONS_PER_ADDRESS distinct sessions, and one session at most VIEWS_PER_SESSION page
// views; a session is new for a remote's release the first time it is seen with it in the hour. Counted in the shared
// Redis (every process agrees), else in this process's memory. Only hashes are kept, each salted with its hour (a
// session's id cannot be followed from one hour to the next), and they expire after two hours.
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** Sessions one client address may add in an hour: an office behind one address is a handful of visitors, not hundreds. */
export const SESSIONS_PER_ADDRESS = 10;
/** Page views of one session counted in an hour: more than a person reads. */
export const VIEWS_PER_SESSION = 60;
/** How long the hashes are kept, in seconds: the hour, and the next one's start. */
const KEPT_SECONDS = 2 * 3600;
/** The most sessions this process keeps in memory for an hour (without Redis); past it nothing more is counted. */
const MEMORY_SESSIONS_MAX = 200_000;

export interface Admission {
  counted: boolean;
  /** For each release key given, whether the session is new for it this hour (counted among its sessions). */
  newSession: boolean[];
}

export interface SessionGate {
  /** Counts one beacon of `session` from `address` in `hour` (an ISO hour), for the release keys named. */
  admit(hour: string, address: string, session: string, releaseKeys: readonly string[]): Promise<Admission>;
}

const hashed = (hour: string, value: string): string => createHash('sha256').update(`${hour}\n${value}`).digest('base64url').slice(0, 22);

// One round trip, atomic: the address's set of sessions, then the session's views and the releases it was seen with.
const ADMIT_SCRIPT = `
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 0 then
  if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[2]) then return {0} end
  redis.call('SADD', KEYS[1], ARGV[1])
  redis.call('EXPIRE', KEYS[1], ARGV[4])
end
local views = redis.call('HINCRBY', KEYS[2], '#views', 1)
redis.call('EXPIRE', KEYS[2], ARGV[4])
if views > tonumber(ARGV[3]) then return {0} end
local result = {1}
for i = 5, #ARGV do result[#result + 1] = redis.call('HSETNX', KEYS[2], ARGV[i], 1) end
return result
`;

/** The gate over the shared Redis; when Redis fails, `fallback` counts (this process only) and `warn` is told. */
export function redisSessionGate(redis: Redis, namespace: string, fallback: SessionGate, warn: (error: unknown) => void): SessionGate {
  return {
    async admit(hour, address, session, releaseKeys) {
      const sessionHash = hashed(hour, session);
      try {
        const keys = [`${namespace}a:${hour}:${hashed(hour, address)}`, `${namespace}s:${hour}:${sessionHash}`];
        const result = (await redis.eval(ADMIT_SCRIPT, 2, ...keys, sessionHash, SESSIONS_PER_ADDRESS, VIEWS_PER_SESSION, KEPT_SECONDS, ...releaseKeys)) as number[];
        return { counted: result[0] === 1, newSession: releaseKeys.map((_, index) => result[index + 1] === 1) };
      } catch (error) {
        warn(error);
        return fallback.admit(hour, address, session, releaseKeys);
      }
    },
  };
}

/** The gate in this process's memory: the current hour's and the one before it's counts. */
export function memorySessionGate(): SessionGate {
  const hours = new Map<string, { addresses: Map<string, Set<string>>; sessions: Map<string, { views: number; releases: Set<string> }> }>();
  return {
    async admit(hour, address, session, releaseKeys) {
      let counts = hours.get(hour);
      if (counts === undefined) {
        counts = { addresses: new Map(), sessions: new Map() };
        hours.set(hour, counts);
        // only this hour and the one before it are kept (ISO hours sort as text)
        for (const kept of [...hours.keys()].sort().slice(0, -2)) hours.delete(kept);
      }
      const sessionHash = hashed(hour, session);
      const addressHash = hashed(hour, address);
      const refused: Admission = { counted: false, newSession: releaseKeys.map(() => false) };
      let sessions = counts.addresses.get(addressHash);
      if (sessions?.has(sessionHash) !== true) {
        if ((sessions?.size ?? 0) >= SESSIONS_PER_ADDRESS || counts.sessions.size >= MEMORY_SESSIONS_MAX) return refused;
        sessions ??= new Set();
        sessions.add(sessionHash);
        counts.addresses.set(addressHash, sessions);
      }
      let seen = counts.sessions.get(sessionHash);
      if (seen === undefined) {
        seen = { views: 0, releases: new Set() };
        counts.sessions.set(sessionHash, seen);
      }
      seen.views += 1;
      if (seen.views > VIEWS_PER_SESSION) return refused;
      const newSession = releaseKeys.map((key) => {
        if (seen.releases.has(key)) return false;
        seen.releases.add(key);
        return true;
      });
      return { counted: true, newSession };
    },
  };
}
