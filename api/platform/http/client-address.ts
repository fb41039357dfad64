/**
 * What a per-address quota counts against. One IPv6 subscriber is normally
 * given a whole /64 and may pick any address in it for each request, so an
 * IPv6 client is counted by its /64; an IPv4 client (also when it reaches a
 * dual-stack socket as ::ffff:a.b.c.d) by its address.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** `203.0.113.9` for IPv4 (mapped or not), `2001:db8:1:2::/64` for IPv6; anything else unchanged. */
export function quotaKeyOf(address: string): string {
  const bare = withoutPortOrBrackets(address.trim());
  if (isIPv4(bare)) return bare;
  const plain = bare.replace(/%.*$/, '');
  if (!isIPv6(plain)) return address;
  const groups = ipv6Groups(plain.toLowerCase());
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  // RFC 5952's text: lower-case hex without leading zeros, and the zeros the prefix ends with joined to the /64's as `::`.
  const prefix = groups.slice(0, 4);
  while (prefix.at(-1) === 0) prefix.pop();
  return `${prefix.map((group) => group.toString(16)).join(':')}::/64`;
}

/** What a proxy may have written: `[2001:db8::1]:443`, `[2001:db8::1]` or `203.0.113.9:443`. */
function withoutPortOrBrackets(address: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) return bracketed[1]!;
  const ipv4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(address);
  return ipv4WithPort ? ipv4WithPort[1]! : address;
}

/** The eight 16-bit groups of a valid IPv6 address, `::` expanded and a trailing dotted IPv4 read as two groups. */
function ipv6Groups(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  let hex = address;
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    hex = `${address.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = hex.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const first = parse(head);
  const last = tail === undefined ? [] : parse(tail);
  return [...first, ...new Array<number>(8 - first.length - last.length).fill(0), ...last];
}
