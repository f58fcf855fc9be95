import { lookup } from 'node:dns/promises';
import net from 'node:net';
import { connectFailure, MailError } from './errors';
import type { MailConnectStage } from '@app/shared/mail-settings';

/** Loopback, private, link-local, CGNAT, unspecified and other non-public ranges (IPv4 and IPv6). */
const internal = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  internal.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  internal.addSubnet(address, prefix, 'ipv6');
}

export function isInternalAddress(address: string) {
  const family = net.isIPv6(address) ? 'ipv6' : 'ipv4';
  const mapped = family === 'ipv6' && /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return internal.check(mapped, 'ipv4');
  return internal.check(address, family);
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
  if (addresses.some((a) => isInternalAddress(a.address))) throw connectFailure(stage, 'refused_host');
  return { address: addresses[0]!.address, servername: host };
}

export { MailError };
