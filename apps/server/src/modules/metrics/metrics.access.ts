import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export type MetricsAccess = 'allowed' | 'unauthorized' | 'hidden';

const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * Who may read the metrics. With `METRICS_TOKEN`: whoever sends `Authorization: Bearer <token>`.
 * Without: only a scraper on this host, connected straight to us. The socket's address decides,
 * never `X-Forwarded-For` (a client can write it); and a request that came through a proxy is not
 * local even when the proxy runs on this host, or the internet would reach it as 127.0.0.1.
 */
export function metricsAccess(
  token: string | undefined,
  request: { headers: IncomingHttpHeaders; remoteAddress: string | undefined },
): MetricsAccess {
  if (token) return bearerMatches(request.headers.authorization, token) ? 'allowed' : 'unauthorized';
  const proxied = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  return !proxied && isLoopback(request.remoteAddress) ? 'allowed' : 'hidden';
}

function bearerMatches(authorization: string | undefined, token: string) {
  const given = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? '';
  // Digests of equal length, so the comparison takes the same time whatever was sent.
  return timingSafeEqual(sha256(given), sha256(token));
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

export function isLoopback(address: string | undefined) {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}
