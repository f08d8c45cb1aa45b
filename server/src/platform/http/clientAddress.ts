// The address a client is known by, for the limits that count clients (the reviews per product, the staff sign-in
// lockout).
import { isIPv4, isIPv6 } from 'node:net';

/**
 * The address a client is known by: an IPv4 address as it is (an IPv4-mapped IPv6 one too), an IPv6 address by its
 * /64 (one connection gets a whole /64, and its other addresses cost nothing).
 */
export function clientAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped !== null) return mapped[1]!;
  if (isIPv4(ip) || !isIPv6(ip.split('%')[0]!)) return ip;
  const groups = expandIPv6(ip.split('%')[0]!);
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, each as lower-case hex without leading zeros. */
function expandIPv6(address: string): string[] {
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
  return [...headGroups, ...zeros, ...tailGroups].map((group) => Number.parseInt(group, 16).toString(16));
}
