import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Which addresses the shop may connect to when a URL comes from outside: the import's picture
 * hosts (modules/admin/import/picture-fetch.ts) and the push services staff devices name
 * (modules/push/send.ts). A name is resolved first and refused when any answer is not public; the
 * connection then goes to the address checked, never through a second lookup.
 */

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['::', 96], // IPv4-compatible
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/**
 * Addresses no picture server has, refused even as an IP literal the owner allows: "this host"
 * (0.0.0.0 and :: reach the shop's own machine), link-local (the cloud's metadata service at
 * 169.254.169.254, fe80::), multicast and broadcast. Node checks an IPv4-mapped IPv6 address
 * (`::ffff:a9fe:a9fe`, in either writing) against the IPv4 rules.
 */
const never = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['169.254.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  never.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::', 96],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  never.addSubnet(net, bits, 'ipv6');
const loopback6 = new BlockList();
loopback6.addAddress('::1', 'ipv6');

/** Whether an IP literal may be fetched from when the owner names it (a LAN or loopback address may; see `never`). */
export function isLiteralAllowed(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !never.check(address, 'ipv4');
  // ::1 (loopback, as 127.0.0.1) lies in ::/96, the old IPv4-compatible addresses.
  if (family === 6) return loopback6.check(address, 'ipv6') || !never.check(address, 'ipv6');
  return false;
}

/** Whether an address is on the public internet (an IPv4-mapped IPv6 address is judged as its IPv4). */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return !blocked.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family === 6) return !blocked.check(address, 'ipv6');
  return false;
}

/** An address to connect to, as dns.lookup answers it. */
export interface CheckedAddress {
  address: string;
  family: number;
}

/**
 * The address to connect to for `host` (a URL's hostname, IPv6 in brackets or not), or null when
 * it is not on the public internet: an IP literal is judged as it is; a name is resolved (all its
 * answers) and refused when any of them is not public, so a name with one public and one private
 * answer cannot be used to reach the private one. `allowLoopback` (the API's own tests, where a
 * local server plays the outside service) lets 127.0.0.1, ::1 and localhost through.
 */
export async function resolvePublic(
  host: string,
  { allowLoopback = false }: { allowLoopback?: boolean } = {},
): Promise<CheckedAddress | null> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (allowLoopback && (bare === '127.0.0.1' || bare === '::1' || bare === 'localhost'))
    return { address: bare === '::1' ? '::1' : '127.0.0.1', family: bare === '::1' ? 6 : 4 };
  const family = isIP(bare);
  if (family) return isPublicAddress(bare) ? { address: bare, family } : null;
  let found: CheckedAddress[];
  try {
    found = await dnsLookup(bare, { all: true, verbatim: true });
  } catch {
    return null;
  }
  if (!found.length || found.some((a) => !isPublicAddress(a.address))) return null;
  return found[0]!;
}
