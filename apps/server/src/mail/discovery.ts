import { Resolver } from 'node:dns/promises';
import type { MailDiscovery } from '@app/shared/mail-discovery';
import { hostOfMx, isMicrosoftDomain, type MailPreset, type MailServerGuess, presetForDomain } from '@app/shared/mail-presets';

/** The two DNS questions discovery asks; tests give their own answers. */
export interface DnsLookup {
  resolveSrv(name: string): Promise<{ name: string; port: number; priority: number; weight: number }[]>;
  resolveMx(name: string): Promise<{ exchange: string; priority: number }[]>;
}

/** The system's resolver, one try per question and a short timeout: a guess is not worth a wait. */
export function systemDnsLookup(timeoutMs = 2000): DnsLookup {
  const resolver = new Resolver({ timeout: timeoutMs, tries: 1 });
  return { resolveSrv: (name) => resolver.resolveSrv(name), resolveMx: (name) => resolver.resolveMx(name) };
}

type SrvRecord = Awaited<ReturnType<DnsLookup['resolveSrv']>>[number];

const HOST_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * The server an SRV lookup points at, from the implicit-TLS service (`_imaps`, `_submissions`) and
 * the STARTTLS one (`_imap`, `_submission`) weighed together (RFC 6186; RFC 8314 adds
 * `_submissions` and prefers implicit TLS): the lowest priority first; at equal priority implicit
 * TLS first, then the highest weight, the record RFC 2782's weighted choice picks most often (a
 * guess should not change from one call to the next). A target of "." says the service is not
 * offered (RFC 2782); a port 0 or a target that is not a host name is no server either.
 */
export function pickSrv(implicitTls: readonly SrvRecord[], starttls: readonly SrvRecord[]): MailServerGuess | null {
  const candidates = [
    ...implicitTls.map((r) => ({ ...r, security: 'tls' as const })),
    ...starttls.map((r) => ({ ...r, security: 'starttls' as const })),
  ]
    .map((r) => ({ ...r, host: r.name.toLowerCase().replace(/\.$/, '') }))
    .filter((r) => r.port > 0 && r.port <= 65535 && HOST_NAME.test(r.host));
  candidates.sort(
    (a, b) => a.priority - b.priority || Number(b.security === 'tls') - Number(a.security === 'tls') || b.weight - a.weight,
  );
  const best = candidates[0];
  return best ? { host: best.host, port: best.port, security: best.security } : null;
}

/** Names that never have public DNS (RFC 6761, RFC 6762, RFC 8375, ICANN's .internal): not asked. */
const SPECIAL_USE = /(?:^|\.)(?:localhost|test|invalid|example|local|internal|home\.arpa)$/;

const empty = { preset: null, microsoft: false, imap: null, smtp: null };

export function fromPreset(preset: MailPreset, source: 'preset' | 'mx'): MailDiscovery {
  return { ...empty, source, preset: preset.id, imap: preset.imap, smtp: preset.smtp };
}

/**
 * The mail servers of a domain, best guess first: the bundled presets (Outlook.com's domains go to
 * the Outlook card), then the domain's MX hosts when they are Microsoft's (Microsoft 365), then its
 * SRV records, then a preset whose host its MX records name (a domain of one's own at IONOS, OVH,
 * Zoho, Google…). DNS failures and timeouts count as no answer; the whole lookup stops after
 * `deadlineMs`.
 */
export async function discoverMailServers(dns: DnsLookup, domain: string, deadlineMs = 3000): Promise<MailDiscovery> {
  const name = domain.toLowerCase();
  if (isMicrosoftDomain(name)) return { ...empty, source: 'preset', microsoft: true };
  const preset = presetForDomain(name);
  if (preset) return fromPreset(preset, 'preset');
  if (SPECIAL_USE.test(name)) return { ...empty, source: 'none' };

  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never[]>((resolve) => (timer = setTimeout(() => resolve([]), deadlineMs)));
  const ask = <T>(question: Promise<T[]>) => Promise.race([question.catch((): T[] => []), deadline]);
  try {
    const [imaps, imap, submissions, submission, mx] = await Promise.all([
      ask(dns.resolveSrv(`_imaps._tcp.${name}`)),
      ask(dns.resolveSrv(`_imap._tcp.${name}`)),
      ask(dns.resolveSrv(`_submissions._tcp.${name}`)),
      ask(dns.resolveSrv(`_submission._tcp.${name}`)),
      ask(dns.resolveMx(name)),
    ]);
    const byMx = hostOfMx(mx.map((r) => r.exchange));
    if (byMx && 'microsoft' in byMx) return { ...empty, source: 'mx', microsoft: true };
    const servers = { imap: pickSrv(imaps, imap), smtp: pickSrv(submissions, submission) };
    if (servers.imap || servers.smtp) return { ...empty, source: 'srv', ...servers };
    if (byMx) return fromPreset(byMx.preset, 'mx');
    return { ...empty, source: 'none' };
  } finally {
    clearTimeout(timer);
  }
}
