import { describe, expect, it, vi } from 'vitest';
import { discoverMailServers, type DnsLookup, pickSrv } from './discovery';

/**
 * The address discovery with the DNS answers given here: the outside DNS cannot be reached from the
 * test machines, so what the system resolver returns for real domains is not tested (docs/decisions.md).
 */
const srv = (name: string, port: number, priority = 0, weight = 0) => ({ name, port, priority, weight });

/** A resolver answering from a table; a name it does not know fails as ENOTFOUND does. */
function dnsOf(table: { srv?: Record<string, ReturnType<typeof srv>[]>; mx?: Record<string, string[]> }) {
  const asked: string[] = [];
  const dns: DnsLookup = {
    resolveSrv: vi.fn(async (name: string) => {
      asked.push(name);
      const records = table.srv?.[name];
      if (!records) throw Object.assign(new Error(`querySrv ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
      return records;
    }),
    resolveMx: vi.fn(async (name: string) => {
      asked.push(`MX ${name}`);
      return (table.mx?.[name] ?? []).map((exchange, i) => ({ exchange, priority: i * 10 }));
    }),
  };
  return { dns, asked };
}

describe('pickSrv', () => {
  it('takes the lowest priority across both services, implicit TLS first when equal, then the highest weight', () => {
    expect(pickSrv([srv('imaps.example.org', 993, 10)], [srv('imap.example.org', 143, 0)])).toEqual({
      host: 'imap.example.org',
      port: 143,
      security: 'starttls',
    });
    expect(pickSrv([srv('imaps.example.org', 993, 5)], [srv('imap.example.org', 143, 5)])).toEqual({
      host: 'imaps.example.org',
      port: 993,
      security: 'tls',
    });
    expect(pickSrv([srv('light.example.org', 993, 1, 10), srv('heavy.example.org', 993, 1, 90)], [])).toMatchObject({
      host: 'heavy.example.org',
    });
  });

  it('ignores "." (service not offered), port 0 and targets that are not host names; lower-cases and drops the final dot', () => {
    expect(pickSrv([srv('', 0), srv('.', 993)], [srv('Mail.Example.ORG.', 587, 20)])).toEqual({
      host: 'mail.example.org',
      port: 587,
      security: 'starttls',
    });
    expect(pickSrv([srv('.', 0)], [srv('bad host!', 143), srv('localhost', 143)])).toBeNull();
    expect(pickSrv([], [])).toBeNull();
  });
});

describe('discoverMailServers', () => {
  it('answers bundled presets and Outlook.com domains without asking the DNS', async () => {
    const { dns, asked } = dnsOf({});
    expect(await discoverMailServers(dns, 'Gmail.com')).toEqual({
      source: 'preset',
      preset: 'gmail',
      microsoft: false,
      imap: { host: 'imap.gmail.com', port: 993, security: 'tls' },
      smtp: { host: 'smtp.gmail.com', port: 465, security: 'tls' },
    });
    expect(await discoverMailServers(dns, 'hotmail.fr')).toMatchObject({ source: 'preset', microsoft: true, imap: null });
    expect(await discoverMailServers(dns, 'corp.internal')).toMatchObject({ source: 'none', imap: null, smtp: null });
    expect(asked).toEqual([]);
  });

  it('reads the four SRV services of RFC 6186 and RFC 8314 for a domain it does not know', async () => {
    const { dns, asked } = dnsOf({
      srv: {
        '_imaps._tcp.shop.example.org': [srv('mail.host.example', 993, 1)],
        '_imap._tcp.shop.example.org': [srv('mail.host.example', 143, 0)],
        '_submissions._tcp.shop.example.org': [srv('.', 0)],
        '_submission._tcp.shop.example.org': [srv('smtp.host.example', 587, 0)],
      },
    });
    const found = await discoverMailServers(dns, 'shop.example.org');
    expect(found).toEqual({
      source: 'srv',
      preset: null,
      microsoft: false,
      imap: { host: 'mail.host.example', port: 143, security: 'starttls' },
      smtp: { host: 'smtp.host.example', port: 587, security: 'starttls' },
    });
    expect(asked.sort()).toEqual(
      [
        'MX shop.example.org',
        '_imap._tcp.shop.example.org',
        '_imaps._tcp.shop.example.org',
        '_submission._tcp.shop.example.org',
        '_submissions._tcp.shop.example.org',
      ].sort(),
    );
  });

  it('recognises Microsoft 365 and hosted domains by their MX hosts; SRV records win over a hosting preset', async () => {
    const { dns } = dnsOf({
      mx: {
        'm365.example.org': ['m365-example.mail.protection.outlook.com.'],
        'ionos.example.org': ['mx00.ionos.fr', 'mx01.ionos.fr'],
        'zoho.example.org': ['mx.zoho.eu'],
        'own.example.org': ['aspmx.l.google.com'],
      },
      srv: { '_imaps._tcp.own.example.org': [srv('imap.own.example.org', 993)] },
    });
    expect(await discoverMailServers(dns, 'm365.example.org')).toMatchObject({ source: 'mx', microsoft: true, imap: null });
    expect(await discoverMailServers(dns, 'ionos.example.org')).toMatchObject({
      source: 'mx',
      preset: 'ionos-fr',
      imap: { host: 'imap.ionos.fr', port: 993, security: 'tls' },
      smtp: { host: 'smtp.ionos.fr', port: 465, security: 'tls' },
    });
    expect(await discoverMailServers(dns, 'zoho.example.org')).toMatchObject({
      preset: 'zoho-pro-eu',
      imap: { host: 'imappro.zoho.eu' },
    });
    expect(await discoverMailServers(dns, 'own.example.org')).toMatchObject({
      source: 'srv',
      imap: { host: 'imap.own.example.org' },
      smtp: null,
    });
  });

  it('counts failures and a resolver that never answers as no answer, and stops at the deadline', async () => {
    const silent: DnsLookup = { resolveSrv: () => new Promise(() => {}), resolveMx: () => new Promise(() => {}) };
    const started = Date.now();
    expect(await discoverMailServers(silent, 'slow.example.org', 50)).toMatchObject({ source: 'none', imap: null, smtp: null });
    expect(Date.now() - started).toBeLessThan(2000);

    const failing: DnsLookup = {
      resolveSrv: () => Promise.reject(Object.assign(new Error('ETIMEOUT'), { code: 'ETIMEOUT' })),
      resolveMx: () => Promise.reject(new Error('ESERVFAIL')),
    };
    expect(await discoverMailServers(failing, 'broken.example.org')).toMatchObject({ source: 'none' });
  });
});
