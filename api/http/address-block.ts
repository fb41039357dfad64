/**
 * The block a client address belongs to, for what is kept per address: an
 * IPv4 address is itself, an IPv6 address is its /64. One subscriber is
 * given a whole /64 and may use any of its addresses, so keying by the full
 * IPv6 address would give them 2^64 fresh keys. An IPv4 address written as
 * IPv6 (::ffff:203.0.113.7, as a dual-stack socket reports it) is the IPv4
 * address.
 */
import { isIPv4, isIPv6 } from 'node:net';

const MAPPED_IPV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

export function addressBlock(address: string): string {
  // A link-local address may name its interface after a '%'; the interface is no part of the address.
  const bare = address.split('%')[0]!;
  if (!isIPv6(bare)) return address;
  const mapped = MAPPED_IPV4.exec(bare)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  const prefix = groupsOf(bare).slice(0, 4).map((group) => parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, '::' expanded; a trailing dotted quad stands for the last two. */
function groupsOf(address: string): string[] {
  const [head, tail] = address.split('::');
  const groups = (text: string | undefined) => (text ? text.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : []);
  const front = groups(head);
  const back = groups(tail);
  const elided = tail === undefined ? 0 : 8 - front.length - back.length;
  return [...front, ...Array<string>(elided).fill('0'), ...back];
}
