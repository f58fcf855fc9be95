import { describe, expect, it } from 'vitest';
import type { ParsedMessage } from '../mail/mime/message';
import { authservId, replyToTrusted } from './reply-to-trust';

const message = (replyTo: string[], results: string[] = []): Pick<ParsedMessage, 'from' | 'replyTo' | 'headers'> => ({
  from: { name: 'Paul', address: 'paul@client.example' },
  replyTo: replyTo.map((address) => ({ name: '', address })),
  headers: results.length ? { 'authentication-results': results } : {},
});
const GMAIL = ['mx.google.com'];

describe('replyToTrusted', () => {
  it('trusts no Reply-To, or one in the From domain or a subdomain of it', () => {
    expect(replyToTrusted(message([]), [])).toBe(true);
    expect(replyToTrusted(message(['orders@client.example']), [])).toBe(true);
    expect(replyToTrusted(message(['paul@mail.client.example']), [])).toBe(true);
  });

  it('distrusts a foreign Reply-To unless the provider itself says DMARC or DKIM passed for the From domain', () => {
    expect(replyToTrusted(message(['x@elsewhere.example']), GMAIL)).toBe(false);
    expect(
      replyToTrusted(
        message(
          ['x@elsewhere.example'],
          ['mx.google.com; dkim=pass header.i=@client.example; dmarc=pass (p=NONE) header.from=client.example'],
        ),
        GMAIL,
      ),
    ).toBe(true);
    expect(replyToTrusted(message(['x@elsewhere.example'], ['mx.google.com; dkim=pass header.d=client.example']), GMAIL)).toBe(
      true,
    );
  });

  it('ignores a pass for another domain, from another authserv-id, or below the provider’s own header', () => {
    expect(replyToTrusted(message(['x@elsewhere.example'], ['mx.google.com; dkim=pass header.d=elsewhere.example']), GMAIL)).toBe(
      false,
    );
    // Written by the sender: its authserv-id is not the provider's.
    expect(
      replyToTrusted(message(['x@elsewhere.example'], ['mx.client.example; dmarc=pass header.from=client.example']), GMAIL),
    ).toBe(false);
    // The provider's own (topmost) header says fail: a forged pass further down counts for nothing.
    expect(
      replyToTrusted(
        message(
          ['x@elsewhere.example'],
          ['mx.google.com; dmarc=fail header.from=client.example', 'mx.google.com; dmarc=pass header.from=client.example'],
        ),
        GMAIL,
      ),
    ).toBe(false);
    // A provider whose authserv-id is not known: never trusted.
    expect(replyToTrusted(message(['x@elsewhere.example'], ['mx.google.com; dmarc=pass header.from=client.example']), [])).toBe(
      false,
    );
  });

  it('reads the authserv-id before the results, version and comments dropped', () => {
    expect(authservId('MX.Google.com 1 (comment); spf=pass')).toBe('mx.google.com');
    expect(authservId('spf=pass (sender IP is 1.2.3.4) smtp.mailfrom=a.example')).toBe('spf=pass');
  });
});
