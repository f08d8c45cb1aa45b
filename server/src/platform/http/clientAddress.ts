// Who a client is, for everything that counts clients (rate limits, the staff sign-in lockout, the reviews per product,
// the vitals caps, the canary's rollback judgement): its address in one canonical text, and the networks it is counted
// by. A proxy (or a client, where TRUST_PROXY trusts too much) can write one address many ways; each way must not be a
// new client.
import { isIPv6 } from 'node:net';

/** The key of whatever is no address at all: junk shares one key, so it cannot mint new ones. */
export const UNKNOWN_CLIENT = 'unknown';

/** A client as counted: its address, and the networks one holder of it can draw other addresses from freely. */
export interface ClientNetworks {
  /** The address in canonical text: IPv4 dotted decimal, IPv6 RFC 5952 lower case; or UNKNOWN_CLIENT. */
  address: string;
  /** What one visitor is counted as: an IPv4 address itself, an IPv6 address its /64 ("2001:db8:a:b::/64"). */
  network: string;
  /**
   * What caps hold over as well: an IPv6 address's /48 (the usual allocation to one site or customer: its 65,536 /64s
   * cost their holder nothing), an IPv4 address's /24 (the smallest routed block; one host or NAT pool often has
   * several addresses in it).
   */
  wideNetwork: string;
}

/**
 * The canonical text of an address as a proxy (or X-Forwarded-For) wrote it: `:port`, `[…]:port` and `%zone` go; IPv4
 * in any inet_aton spelling (`0x09.9.9.9`, `011.9.9.9`, `151587081`, `9.592137`) becomes dotted decimal, and so does
 * IPv4-mapped IPv6 (`::ffff:909:909`, `::ffff:9.9.9.9`); IPv6 becomes RFC 5952's form. Anything else: UNKNOWN_CLIENT.
 */
export function normaliseAddress(raw: string): string {
  const parsed = parseAddress(raw);
  if (parsed === undefined) return UNKNOWN_CLIENT;
  return parsed.kind === 'v4' ? ipv4Text(parsed.value) : ipv6Text(parsed.groups);
}

/** The address and networks of a client at `raw` (as for normaliseAddress). */
export function clientNetworks(raw: string): ClientNetworks {
  const parsed = parseAddress(raw);
  if (parsed === undefined) return { address: UNKNOWN_CLIENT, network: UNKNOWN_CLIENT, wideNetwork: UNKNOWN_CLIENT };
  if (parsed.kind === 'v4') {
    const address = ipv4Text(parsed.value);
    return { address, network: address, wideNetwork: `${ipv4Text(parsed.value & 0xffffff00)}/24` };
  }
  const prefix = (groups: number) =>
    ipv6Text([...parsed.groups.slice(0, groups), ...Array<number>(8 - groups).fill(0)]);
  return { address: ipv6Text(parsed.groups), network: `${prefix(4)}/64`, wideNetwork: `${prefix(3)}/48` };
}

type Parsed = { kind: 'v4'; value: number } | { kind: 'v6'; groups: number[] };

function parseAddress(raw: string): Parsed | undefined {
  let text = raw.trim();
  // [v6], [v6]:port or v4:port
  const bracketed = /^\[([^\]]*)\](?::(\d{1,5}))?$/.exec(text);
  const portOnV4 = /^([^:]*):(\d{1,5})$/.exec(text);
  // v4:port: one colon only (a bare IPv6 address has at least two)
  const [host, port] =
    bracketed !== null
      ? [bracketed[1]!, bracketed[2]]
      : portOnV4 !== null
        ? [portOnV4[1]!, portOnV4[2]]
        : [text, undefined];
  if (port !== undefined && Number(port) > 65_535) return undefined;
  text = host;
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  const v4 = parseIPv4(text);
  if (v4 !== undefined) return { kind: 'v4', value: v4 };
  if (!isIPv6(text)) return undefined;
  const groups = ipv6Groups(text);
  const mapped = groups.slice(0, 6).every((group, i) => group === (i === 5 ? 0xffff : 0));
  if (mapped) return { kind: 'v4', value: ((groups[6]! << 16) | groups[7]!) >>> 0 };
  return { kind: 'v6', groups };
}

/**
 * An IPv4 address as inet_aton reads it: one to four parts, each decimal, octal (leading 0) or hex (0x); the last
 * part fills the bytes the others left. A leading-zero part with an 8 or 9 in it (`009`) is read as decimal: no
 * resolver takes it, so it can only be the same address written with padding.
 */
function parseIPv4(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length > 4) return undefined;
  const values: number[] = [];
  for (const part of parts) {
    let value: number;
    if (/^0x[0-9a-f]{1,8}$/i.test(part)) value = Number.parseInt(part.slice(2), 16);
    else if (/^0[0-7]{1,11}$/.test(part)) value = Number.parseInt(part, 8);
    else if (/^\d{1,10}$/.test(part)) value = Number.parseInt(part, 10);
    else return undefined;
    values.push(value);
  }
  const last = values.pop()!;
  if (values.some((value) => value > 255)) return undefined;
  const lastBits = 8 * (4 - values.length);
  if (last >= 2 ** lastBits) return undefined;
  const head = values.reduce((sum, value, i) => sum + value * 2 ** (24 - 8 * i), 0);
  return head + last;
}

function ipv4Text(value: number): string {
  const unsigned = value >>> 0;
  return [24, 16, 8, 0].map((shift) => (unsigned >>> shift) & 0xff).join('.');
}

/** The eight groups of a valid IPv6 address (net.isIPv6), an embedded dotted IPv4 tail read as its two groups. */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4 !== null) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? [] : Array.from({ length: 8 - headGroups.length - tailGroups.length }, () => '0');
  return [...headGroups, ...zeros, ...tailGroups].map((group) => Number.parseInt(group, 16));
}

/** RFC 5952: lower-case hex without leading zeros, the longest run of two or more zero groups (the first) as `::`. */
function ipv6Text(groups: readonly number[]): string {
  let best = { start: -1, length: 1 };
  for (let start = 0; start < 8; ) {
    if (groups[start] !== 0) {
      start += 1;
      continue;
    }
    let end = start;
    while (end < 8 && groups[end] === 0) end += 1;
    if (end - start > best.length) best = { start, length: end - start };
    start = end;
  }
  const hex = groups.map((group) => group.toString(16));
  if (best.start === -1) return hex.join(':');
  return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.length).join(':')}`;
}
