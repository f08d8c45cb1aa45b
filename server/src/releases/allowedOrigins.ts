// Where remote builds may come from: this site itself, the origins of the configured remotes (REMOTE_*_URL and
// REMOTE_*_CANARY_URL, the staff remote's included) and the origins an admin lists in REMOTE_ORIGINS. A release on any
// other origin is refused when it is registered (before its manifest is fetched), and one already in the registry is
// not served (the configured build stands in for it): a leaked pipeline token cannot put its own host's script into
// the site's pages or their CSP.
import type { RemotePointers } from '@site/contracts/releases-api';

/** The allowed origins, each as `new URL(...).origin` writes it (so 0x7f000001 and 127.0.0.1 compare equal). */
export type AllowedOrigins = ReadonlySet<string>;

/** A base no entry can have: an entry resolved against it that keeps it is a path on this site. */
const THIS_SITE = 'http://this-site.invalid';

/** The origin of an absolute http(s) entry; undefined for a path on this site (or what is not an address). */
export function entryOrigin(entry: string): string | undefined {
  if (!/^https?:\/\//i.test(entry)) return undefined;
  try {
    return new URL(entry).origin;
  } catch {
    return undefined;
  }
}

/** The allowed origins: those listed (REMOTE_ORIGINS) and those of the configured entries. */
export function allowedOriginsOf(listed: readonly string[], configuredEntries: readonly string[]): AllowedOrigins {
  const origins = [...listed, ...configuredEntries].flatMap((address) => entryOrigin(address) ?? []);
  return new Set(origins);
}

/**
 * Whether a build at `entry` may be registered or served: a path on this site (as a browser resolves it: '/\\host/…'
 * is another host to a browser), or an absolute address on an allowed origin.
 */
export function isAllowedEntry(entry: string, allowed: AllowedOrigins): boolean {
  const origin = entryOrigin(entry);
  if (origin !== undefined) return allowed.has(origin);
  if (!entry.startsWith('/')) return false;
  try {
    return new URL(entry, THIS_SITE).origin === THIS_SITE;
  } catch {
    return false;
  }
}

/** The refusal of a release at `entry` on an origin not allowed; undefined when it is allowed. */
export function originRefusal(entry: string, allowed: AllowedOrigins): string | undefined {
  if (isAllowedEntry(entry, allowed)) return undefined;
  const origin = entryOrigin(entry) ?? entry.slice(0, 100);
  return `Remote builds are loaded only from this site and the origins an administrator allows (REMOTE_ORIGINS): ${origin} is not one of them`;
}

/**
 * The registry's pointers with what may not be served taken out: a stable release on an origin not allowed drops the
 * remote's pointers (it is then served as configured), a canary there drops the canary. `dropped` hears of each.
 */
export function servablePointers(
  pointers: ReadonlyMap<string, RemotePointers>,
  allowed: AllowedOrigins,
  dropped: (remote: string, entry: string) => void = () => undefined,
): Map<string, RemotePointers> {
  const result = new Map<string, RemotePointers>();
  for (const [remote, state] of pointers) {
    if (!isAllowedEntry(state.stable.entry, allowed)) {
      dropped(remote, state.stable.entry);
      continue;
    }
    if (state.canary !== undefined && !isAllowedEntry(state.canary.entry, allowed)) {
      dropped(remote, state.canary.entry);
      result.set(remote, { ...state, canary: undefined, canaryPercent: 0 });
      continue;
    }
    result.set(remote, state);
  }
  return result;
}
