import { lookup } from 'node:dns/promises';
import net from 'node:net';
import os from 'node:os';
import ipaddr from 'ipaddr.js';
import { connectFailure, MailError } from './errors';
import type { MailConnectStage } from '@app/shared/mail-settings';

/**
 * Every block the IANA IPv4 and IPv6 Special-Purpose Address Registries mark as not globally
 * reachable (documentation ranges included), with multicast and the reserved space. Teredo, 6to4,
 * NAT64 and IPv4-mapped addresses are judged by the IPv4 address they carry (`embeddedIpv4`).
 */
const internal = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (CGNAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link local
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation (TEST-NET-1)
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, limited broadcast
] as const) {
  internal.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 96], // unspecified, loopback and the deprecated IPv4-compatible addresses
  ['64:ff9b:1::', 48], // local-use IPv4/IPv6 translation
  ['100::', 64], // discard-only
  ['100:0:0:1::', 64], // dummy prefix
  // IETF protocol assignments (2001::/23) but Teredo (2001::/32), judged by what it carries
  ['2001:1::', 32],
  ['2001:2::', 31],
  ['2001:4::', 30],
  ['2001:8::', 29],
  ['2001:10::', 28],
  ['2001:20::', 27],
  ['2001:40::', 26],
  ['2001:80::', 25],
  ['2001:100::', 24],
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
  ['5f00::', 16], // segment routing (SRv6) SIDs
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link local
  ['fec0::', 10], // site local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  internal.addSubnet(address, prefix, 'ipv6');
}

const v4 = (b: number[], at: number) => b.slice(at, at + 4).join('.');

/**
 * The IPv4 addresses an IPv6 address carries: IPv4-mapped (::ffff:0:0/96) and NAT64 (64:ff9b::/96,
 * RFC 6052) in their last 32 bits, 6to4 (2002::/16) in bits 16 to 47, Teredo (2001::/32, RFC 4380)
 * its server in bits 32 to 63 and its client, inverted, in the last 32.
 */
function embeddedIpv4(address: string): string[] {
  const b = ipaddr.IPv6.parse(address).toByteArray();
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return [v4(b, 12)];
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) return [v4(b, 12)];
  if (b[0] === 0x20 && b[1] === 0x02) return [v4(b, 2)];
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0 && b[3] === 0)
    return [
      v4(b, 4),
      b
        .slice(12)
        .map((x) => x ^ 0xff)
        .join('.'),
    ];
  return [];
}

/** The addresses of this server's own network interfaces: a mail host there would be the server itself. */
export function ownAddresses(): string[] {
  return Object.values(os.networkInterfaces()).flatMap((list) => (list ?? []).map((i) => i.address.replace(/%.*$/, '')));
}

export function isInternalAddress(address: string, own: readonly string[] = ownAddresses()): boolean {
  if (!net.isIP(address)) return true;
  if (own.some((a) => net.isIP(a) && sameAddress(a, address))) return true;
  if (net.isIPv4(address)) return internal.check(address, 'ipv4');
  if (internal.check(address, 'ipv6')) return true;
  return embeddedIpv4(address).some((carried) => isInternalAddress(carried, own));
}

function sameAddress(a: string, b: string) {
  try {
    return ipaddr.process(a).toString() === ipaddr.process(b).toString();
  } catch {
    return false;
  }
}

export interface ResolvedHost {
  /** What to connect to: the checked IP address, so a second DNS answer cannot point elsewhere. */
  address: string;
  /** The name for TLS (SNI and certificate checks). */
  servername: string;
}

/**
 * Resolves a mail host and refuses internal addresses unless allowed (DESIGN §5), so a mail-server
 * field cannot probe the internal network. Every address the name resolves to must be public.
 */
export async function resolveMailHost(host: string, stage: MailConnectStage, allowPrivate: boolean): Promise<ResolvedHost> {
  if (allowPrivate) return { address: host, servername: host };
  const addresses = net.isIP(host)
    ? [{ address: host }]
    : await lookup(host, { all: true, verbatim: true }).catch((): { address: string }[] => {
        throw connectFailure(stage, 'unreachable');
      });
  if (addresses.length === 0) throw connectFailure(stage, 'unreachable');
  const own = ownAddresses();
  if (addresses.some((a) => isInternalAddress(a.address, own))) throw connectFailure(stage, 'refused_host');
  return { address: addresses[0]!.address, servername: host };
}

export { MailError };

/** Whether every address a host resolves to is internal (a private network); null when it does not resolve. */
export async function isPrivateHost(host: string): Promise<boolean | null> {
  const addresses = net.isIP(host)
    ? [host]
    : await lookup(host, { all: true, verbatim: true }).then(
        (list) => list.map((a) => a.address),
        (): string[] => [],
      );
  if (addresses.length === 0) return null;
  const own = ownAddresses();
  return addresses.every((address) => isInternalAddress(address, own));
}

/**
 * A connection without TLS carries the password as it is: only to a host on a private network, and
 * only where private hosts are allowed (DESIGN §5). Checked at every connection, so a stored plain
 * connection stops when the setting changes or the name starts pointing outside.
 */
export async function assertPlainAllowed(host: string, stage: MailConnectStage, allowPrivate: boolean) {
  if (!allowPrivate || (await isPrivateHost(host)) !== true) throw connectFailure(stage, 'refused_host');
}
