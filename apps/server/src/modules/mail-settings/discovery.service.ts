import type { MailDiscovery } from '@app/shared/mail-discovery';
import { emailDomain } from '@app/shared/mail-presets';
import type { Db } from '../../db/client';
import { countRequest } from '../../db/request-counter';
import { AppError, badRequest } from '../../errors';
import { discoverMailServers, type DnsLookup, systemDnsLookup } from '../../mail/discovery';

export type DiscoveryDeps = { db: Db; dns?: DnsLookup; discoveriesPerMinute?: number };

/** Lookups per user per minute (scaled by RATE_LIMIT_MULTIPLIER): the form asks once per address typed. */
export const DISCOVERIES_PER_MINUTE = 20;
const WINDOW_MS = 60_000;
let systemDns: DnsLookup | undefined;

/**
 * The mail servers guessed from an address (docs/decisions.md, "Connect any mailbox"): bundled
 * presets, then the domain's DNS. Each lookup asks up to five DNS questions, so it is rate-limited
 * per user like the assistant (429 with the seconds to wait).
 */
export async function discover(
  deps: DiscoveryDeps,
  caller: { id: string },
  email: string,
  now = Date.now(),
): Promise<MailDiscovery> {
  const domain = emailDomain(email);
  if (!domain) throw badRequest('mailSettings.validation.invalidUser');
  const limit = deps.discoveriesPerMinute ?? DISCOVERIES_PER_MINUTE;
  const { count, windowStartedAt } = await countRequest(deps.db, `mail-discovery:${caller.id}`, WINDOW_MS, now);
  if (count > limit) {
    const retryAfter = Math.max(1, Math.ceil((windowStartedAt + WINDOW_MS - now) / 1000));
    throw new AppError(429, 'RATE_LIMIT', `Too many lookups: please wait ${retryAfter} seconds and try again`, {
      retryAfter,
      limit,
    });
  }
  return discoverMailServers(deps.dns ?? (systemDns ??= systemDnsLookup()), domain);
}
