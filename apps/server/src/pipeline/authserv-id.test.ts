import { describe, expect, it } from 'vitest';
import type { MailAccountRow } from './ingest.repository';
import { learnableAuthservId, trustedAuthservIds } from './authserv-id';

const imap = (authservId: string | null = null) =>
  ({
    provider: 'smtp',
    username: 'shop@bakery.example',
    authservId,
    connection: {
      kind: 'smtp',
      name: 'Shop',
      host: 'smtp.mail.ovh.net',
      port: 465,
      secure: true,
      user: 'shop@bakery.example',
      imapHost: 'ssl0.ovh.net',
      imapPort: 993,
      imapSecure: true,
      imapUser: 'shop@bakery.example',
    },
  }) satisfies Pick<MailAccountRow, 'provider' | 'connection' | 'username' | 'authservId'>;
const results = (...values: string[]) => ({ 'authentication-results': values });

describe('authserv-ids of a mailbox', () => {
  it('trusts the provider’s known ids and the one set or learned', () => {
    expect(trustedAuthservIds({ ...imap(), provider: 'gmail', connection: { kind: 'oauth' } })).toEqual(['mx.google.com']);
    expect(trustedAuthservIds(imap())).toEqual([]);
    expect(trustedAuthservIds(imap('mx.ovh.net'))).toEqual(['mx.ovh.net']);
  });

  it('learns the topmost header’s id when it is in the domain of the IMAP or SMTP host or of the address', () => {
    expect(learnableAuthservId(results('mx3.mail.ovh.net; dmarc=pass header.from=client.example'), imap())).toBe(
      'mx3.mail.ovh.net',
    );
    expect(learnableAuthservId(results('mail.bakery.example; spf=pass'), imap())).toBe('mail.bakery.example');
    // Below the receiving server's own header: not looked at.
    expect(learnableAuthservId(results('mx.elsewhere.example; dmarc=pass', 'mx.ovh.net; spf=pass'), imap())).toBeNull();
  });

  it('learns nothing from a stranger’s id, a bare token, a mailbox that knows its id, or an OAuth mailbox', () => {
    expect(learnableAuthservId(results('mx.forger.example; dmarc=pass header.from=client.example'), imap())).toBeNull();
    expect(learnableAuthservId(results('spf=pass smtp.mailfrom=client.example'), imap())).toBeNull();
    expect(learnableAuthservId(results('mx.ovh.net; spf=pass'), imap('auth.ovh.net'))).toBeNull();
    expect(
      learnableAuthservId(results('mx.google.com; spf=pass'), { ...imap(), provider: 'gmail', connection: { kind: 'oauth' } }),
    ).toBeNull();
    expect(learnableAuthservId({}, imap())).toBeNull();
  });
});
